"""Star Realms on the home page: chosen in the form like any game, two name fields, its format
option in the reader's language, and a created game whose invite leads to a page that shows it
(the generic board until the game's own board comes)."""

from __future__ import annotations

import pytest

from tests.e2e.api import api_state, game_id_of, token_of
from tests.e2e.conftest import Pages
from tests.e2e.expecting import expect

pytestmark = pytest.mark.browser


def test_a_star_realms_game_is_made_on_the_home_form(live_server: str, pages: Pages) -> None:
    home = pages.open(f"{live_server}/")
    home.select_option("#game", "star_realms")
    expect(home.locator('input[name="player1"]')).to_be_visible()
    expect(home.locator('input[name="player2"]')).to_be_hidden()
    home.fill('input[name="player0"]', "Ann")
    home.fill('input[name="player1"]', "Bob")
    with home.expect_navigation():
        home.get_by_role("button", name="Create game").click()
    invites = home.locator("li.invite")
    expect(invites).to_have_count(2)
    urls = [field.input_value() for field in invites.locator("input.invite-url").all()]
    game_id = game_id_of(urls[0])
    state = api_state(live_server, game_id, token_of(urls[0]))
    assert state["game"] == "star_realms" and state["view"]["format"] == "two_player"
    page = pages.open(urls[0])
    expect(page.locator("#game")).to_have_attribute("data-version", "0")


@pytest.mark.parametrize("lang, name, facts", [
    ("ru", "Оракул", "Аванпост, оборона 5, стоимость 4"),
    ("pl", "Wyrocznia", "Placówka, obrona 5, koszt 4"),
])
def test_the_card_reference_in_the_readers_language(live_server: str, pages: Pages, lang: str,
                                                    name: str, facts: str) -> None:
    page = pages.open(f"{live_server}/rules/star_realms",
                      before=lambda p: p.add_init_script(
                          f"localStorage.setItem('quorum-lang', '{lang}')"))
    oracle = page.locator("#card-the_oracle")
    expect(oracle.locator("b")).to_have_text(name)
    expect(oracle.locator(".tag")).to_have_text(facts)
    expect(oracle.locator("p")).to_contain_text("Союзное" if lang == "ru" else "Sojusznicza")


def test_a_format_for_more_players_shows_as_many_name_fields(live_server: str,
                                                              pages: Pages) -> None:
    home = pages.open(f"{live_server}/")
    home.select_option("#game", "star_realms")
    home.select_option('select[name="option_format"]', "hydra_two_headed")
    expect(home.locator('input[name="player3"]')).to_be_visible()
    expect(home.locator('input[name="player4"]')).to_be_hidden()
    home.select_option('select[name="option_format"]', "emperor")
    expect(home.locator('input[name="player5"]')).to_be_visible()
