"""The game is hosted like the others: listed with its option, player counts 2–5 at their
boundaries, reasons for bad options in every language."""

from __future__ import annotations

import pytest

import app.games  # noqa: F401
from app.core import IllegalOptions, get_rules
from app.core.messages import LANGUAGES, catalog
from app.games.roll_for_the_galaxy.rules import RULES
from tests.games.roll_for_the_galaxy.helpers import names


def test_registered_beside_star_realms_with_the_first_game_option() -> None:
    rules = get_rules("roll_for_the_galaxy")
    assert rules is RULES
    assert (RULES.min_players, RULES.max_players) == (2, 5)
    assert [o["name"] for o in RULES.option_fields] == ["first_game"]
    assert RULES.option_fields[0]["type"] == "bool"


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_two_to_five_players_start(n: int) -> None:
    assert RULES.check_options({}, names(n)) == {"first_game": False}


@pytest.mark.parametrize("players", [["A"], ["A", "B", "C", "D", "E", "F"]])
def test_one_or_six_players_are_refused_with_a_reason_in_every_language(
        players: list[str]) -> None:
    with pytest.raises(IllegalOptions) as refused:
        RULES.check_options({}, players)
    said = refused.value.msg
    assert said["key"] == "roll_for_the_galaxy.rules.players"
    words = {lang: catalog(lang).render(said) for lang in LANGUAGES}
    assert "2" in words["en"] and "5" in words["en"] and str(len(players)) in words["en"]
    assert len(set(words.values())) == 3


def test_unknown_and_malformed_options_are_refused() -> None:
    with pytest.raises(IllegalOptions) as unknown:
        RULES.check_options({"expansion": "x"}, names(2))
    assert unknown.value.msg["key"] == "roll_for_the_galaxy.rules.unknown_option"
    with pytest.raises(IllegalOptions) as bad:
        RULES.check_options({"first_game": "yes"}, names(2))
    assert bad.value.msg["key"] == "roll_for_the_galaxy.rules.first_game"


def test_the_card_reference_lists_every_side_in_every_language() -> None:
    from app.core.messages import in_language
    cards = RULES.cards()
    assert len(cards) == 55 * 2 + 9 * 2 + 9
    ru = {c["id"]: c for c in in_language(cards, "ru")}
    assert ru["doomed_world"]["name"] == "Обречённый мир"
    assert all(c["text"] and c["tags"][0]["text"] for c in cards)
