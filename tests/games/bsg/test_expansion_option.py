"""The expansion option: which card sets a game plays with (a base game's options and cards
stay what they were), and options that cannot be played."""

from __future__ import annotations

import pytest

from app.core import IllegalOptions
from app.games.bsg import carddata, catalog
from app.games.bsg.rules import OFFERED, RULES, checked_options

FIVE = ["A", "B", "C", "D", "E"]


def test_a_base_games_options_are_unchanged_by_the_expansion_option() -> None:
    assert RULES.check_options({}, FIVE) == {"difficulty": "standard"}
    assert RULES.check_options({"expansion": "none"}, FIVE) == {"difficulty": "standard"}


def test_daybreak_is_kept_in_the_options() -> None:
    assert checked_options({"expansion": "daybreak"}, FIVE) == {
        "difficulty": "standard", "expansion": "daybreak"}


@pytest.mark.parametrize("bad", ["pegasus", "", 1, None])
def test_an_unknown_expansion_is_refused_with_the_choices(bad: object) -> None:
    with pytest.raises(IllegalOptions) as refused:
        RULES.check_options({"expansion": bad}, FIVE)
    assert refused.value.msg["key"] == "bsg.rules.expansion"
    assert refused.value.msg["params"]["expansion"] == list(OFFERED)


def test_an_expansion_is_offered_only_once_it_is_whole() -> None:
    offered = next(f for f in RULES.option_fields if f["name"] == "expansion")["choices"]
    assert offered == list(OFFERED) and offered[0] == "none"
    for expansion in OFFERED[1:]:
        for deck, size in carddata.EXPANSION_DECK_SIZES[expansion].items():
            assert sum(c["count"] for c in carddata.all_cards()
                       if c["set"] == expansion and c["deck"] == deck) == size, deck
    assert RULES.check_options({"expansion": "daybreak"}, FIVE)["expansion"] == "daybreak"


@pytest.mark.parametrize("expansion", ["none", "daybreak"])
def test_the_player_count_is_checked_at_its_bounds(expansion: str) -> None:
    most = 7 if expansion == "daybreak" else 6  # Daybreak's seventh player is a Cylon Leader
    checked_options({"expansion": expansion}, FIVE[:3])
    checked_options({"expansion": expansion}, [*FIVE, "F", "G"][:most])
    for players in (FIVE[:2], [*FIVE, "F", "G", "H"][:most + 1]):
        with pytest.raises(IllegalOptions) as refused:
            checked_options({"expansion": expansion}, players)
        assert refused.value.msg["key"] == "bsg.rules.players"


def test_every_card_names_its_set_and_the_base_ids_come_first() -> None:
    assert {c["set"] for c in carddata.all_cards()} <= set(carddata.SETS)
    for deck, uids in catalog.UIDS.items():
        sets = [catalog.SET_OF[u] for u in uids]
        assert sets == sorted(sets, key=carddata.SETS.index), deck
        assert catalog.uids(deck, ("base",)) == [u for u in uids if catalog.SET_OF[u] == "base"]


def test_a_base_game_holds_only_base_cards() -> None:
    state = RULES.new_game(RULES.check_options({}, FIVE), FIVE, 7)
    in_decks = [u for deck in state["decks"].values() for u in deck] + state["boxed"]
    assert in_decks and all(catalog.SET_OF[u] == "base" for u in in_decks)
    offered = state["asks"][0]["options"]
    assert {o["action"]["character"] for o in offered} <= set(catalog.characters(("base",)))


def test_a_daybreak_game_holds_every_card_of_both_sets() -> None:
    state = RULES.new_game(checked_options({"expansion": "daybreak"}, FIVE), FIVE, 7)
    for deck in ("crisis", "quorum", "super_crisis", "destination"):
        assert sorted(state["decks"][deck]) == sorted(catalog.uids(deck, ("base", "daybreak")))
    skills = [u for name, d in state["decks"].items() if name.startswith("skill:") for u in d]
    # the five colour decks and Daybreak's Treachery deck (DB-10.1)
    assert sorted(skills) == sorted(catalog.uids("skill", ("base", "daybreak")))
