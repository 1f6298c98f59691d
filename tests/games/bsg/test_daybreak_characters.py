"""Daybreak's new human characters and alternate versions (rules digest DB-3.3, DB-4, DB-6.8,
DB-14, §17, B.8; Russian rulebook «Листы персонажей», «Альтернативные версии персонажей»,
«Новый порядок преемственности»): their sheets, each ability at its moment, choosing them
beside the base characters, and the updated lines of succession."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.bsg import catalog
from app.games.bsg.game import Game
from app.games.bsg.rules import RULES, checked_options
from app.games.bsg.setup import allowed_characters
from app.games.bsg.succession import rank
from tests.games.bsg.helpers import (
    ADAMA,
    APOLLO,
    BALTAR,
    BOOMER,
    HELO,
    KARA,
    ROSLIN,
    START,
    TIGH,
    TYROL,
    ZAREK,
    Scenario,
    action,
    finished,
    name,
    no_cards,
    run,
    stand,
)

BALTAR_ALT = "gaius_baltar_alt"


def daybreak(cast: list[str], humans: bool = True) -> Scenario:
    s = Scenario(cast, expansion="daybreak", humans=humans)
    no_cards(s)
    return s


def tokens(s: Scenario) -> list[int]:
    return [seat["miracles"] for seat in s.state["seats"]]


def set_tokens(s: Scenario, *counts: int) -> None:
    for seat, count in zip(s.state["seats"], counts, strict=True):
        seat["miracles"] = count
    s.state["miracle_supply"] = 10 - sum(counts)


def effects(*ops: dict[str, Any]) -> dict[str, Any]:
    return {"step": "effects", "ops": list(ops), "i": 0, "ctx": {}}


def label(character: str, key: str, cost: int = 1) -> str:
    ability = catalog.CHARACTERS[character][key]
    if key == "once_per_game":
        tokens_ = "1 token" if cost == 1 else f"{cost} tokens"
        return f"{ability['name']} (Miracle ability, discard {tokens_}): {ability['text']}"
    return f"{ability['name']}: {ability['text']}"


def skill_set(character: str) -> list[tuple[tuple[str, ...], int]]:
    return [(tuple(s["types"]), s["count"]) for s in catalog.CHARACTERS[character]["skills"]]


# ---- the sheets ----------------------------------------------------------------------------


@pytest.mark.parametrize(("character", "kind", "skills", "start", "ranks"), [
    (BALTAR_ALT, "support",
     [(("politics",), 2), (("leadership",), 2), (("engineering",), 1)],
     "admirals_quarters", {"admiral": 22, "president": 14}),
])
def test_a_sheet_has_its_type_skill_set_start_and_ranks(
        character: str, kind: str, skills: list[Any], start: str, ranks: dict[str, int]
) -> None:
    card = catalog.CHARACTERS[character]
    assert card["set"] == "daybreak"
    assert (card["type"], skill_set(character), card["start_location"]) == (kind, skills, start)
    assert card["succession"] == ranks
    s = daybreak([character, ADAMA, ROSLIN])
    assert s.state["seats"][0]["location"] == start


def test_only_daybreak_games_offer_the_daybreak_characters() -> None:
    assert all(catalog.CHARACTERS[c]["set"] == "base" for c in catalog.characters(("base",)))
    assert BALTAR_ALT in catalog.characters(("base", "daybreak"))


# ---- Gaius Baltar (alternate) --------------------------------------------------------------


def test_alternate_baltar_gets_1_loyalty_card_and_adds_none_to_the_deck() -> None:
    """DB-5.4/5.5: only the original Baltar adds a Not a Cylon card and is dealt 2."""
    for cast, dealt, deck_extra in (([BALTAR_ALT, ADAMA, ROSLIN], 1, 0),
                                    ([BALTAR, ADAMA, ROSLIN], 2, 1)):
        s = daybreak(cast, humans=False)
        assert len(s.state["seats"][0]["loyalty"]) == dealt
        in_game = len(s.state["decks"]["loyalty"]) + sum(
            len(seat["loyalty"]) for seat in s.state["seats"])
        assert in_game == 6 + deck_extra  # 3 players: 1 Cylon + 5 Not a Cylon, + Baltar's


@pytest.mark.parametrize(("before", "after"), [(0, 1), (2, 3), (3, 3)])
def test_alternate_baltar_may_hold_up_to_3_tokens(before: int, after: int) -> None:
    s = daybreak([BALTAR_ALT, ADAMA, ROSLIN])
    set_tokens(s, before, 1, 1)
    run(s, effects({"gain_miracle": {"who": "each"}}), current=0)
    assert tokens(s) == [after, 1, 1]


def test_alternate_baltar_below_3_may_be_chosen_to_gain_a_token() -> None:
    s = daybreak([ADAMA, BALTAR_ALT, ROSLIN])
    set_tokens(s, 1, 2, 1)
    choose = {"choose_character": {"who": "current", "among": ["can_gain_miracle"],
                                   "effects": [{"gain_miracle": {"who": "chosen"}}]}}
    run(s, effects(choose), current=0)
    assert tokens(s) == [1, 3, 1]  # the only one who may gain: taken without asking
    assert finished(s)


def test_cult_leader_gives_a_token_to_a_player_in_his_location() -> None:
    s = daybreak([BALTAR_ALT, ADAMA, ROSLIN])
    set_tokens(s, 2, 0, 1)
    stand(s, 1, "admirals_quarters")
    stand(s, 2, "admirals_quarters")
    action(s, 0)
    assert label(BALTAR_ALT, "ability") in s.labels()
    s.do("Cult Leader")
    # Adama has no token to take, Roslin may hold no second one
    assert s.labels() == [f"Give a Miracle token to {name(s, 1)}",
                          f"Take the Miracle token of {name(s, 2)}"]
    s.do("Give a Miracle token")
    assert tokens(s) == [1, 1, 1] and s.state["miracle_supply"] == 7
    assert f"{name(s, 0)} hands a Miracle token to {name(s, 1)}" in s.log()
    assert finished(s)


@pytest.mark.parametrize(("mine", "offered"), [(2, True), (3, False)])
def test_cult_leader_takes_a_token_up_to_3(mine: int, offered: bool) -> None:
    """At 3 tokens Baltar may take none, and Adama, holding his 1, may be given none: the
    action is not offered at all."""
    s = daybreak([BALTAR_ALT, ADAMA, ROSLIN])
    set_tokens(s, mine, 1, 1)
    stand(s, 1, "admirals_quarters")
    action(s, 0)
    assert (label(BALTAR_ALT, "ability") in s.labels()) == offered
    if offered:
        s.do("Cult Leader")  # the only trade: taken without asking
        assert tokens(s) == [3, 0, 1] and s.state["miracle_supply"] == 6
        assert finished(s)


def test_cult_leader_is_not_offered_with_nobody_to_trade_with() -> None:
    s = daybreak([BALTAR_ALT, ADAMA, ROSLIN])
    stand(s, 1, "command")  # nobody in Admiral's Quarters
    set_tokens(s, 1, 1, 1)
    action(s, 0)
    assert label(BALTAR_ALT, "ability") not in s.labels()
    s.do("Do nothing")
    stand(s, 1, "admirals_quarters")  # there, but neither may give nor take
    set_tokens(s, 0, 0, 1)
    action(s, 0)
    assert label(BALTAR_ALT, "ability") not in s.labels()


@pytest.mark.parametrize("held", [2, 3])
def test_broadcast_costs_3_tokens_and_raises_a_resource_by_2(held: int) -> None:
    s = daybreak([BALTAR_ALT, ADAMA, ROSLIN])
    set_tokens(s, held, 1, 1)
    stand(s, 0, "sickbay")  # no location action
    action(s, 0)
    broadcast = label(BALTAR_ALT, "once_per_game", cost=3)
    assert (broadcast in s.labels()) == (held == 3)
    if held < 3:
        return
    s.do("Broadcast")
    assert s.labels() == ["Fuel +2", "Food +2", "Morale +2", "Population +2"]
    s.do("Food +2")
    assert s.state["resources"] == {**START, "food": START["food"] + 2}
    assert tokens(s) == [0, 1, 1] and s.state["miracle_supply"] == 8
    assert f"{name(s, 0)} discards 3 Miracle tokens" in s.log()
    assert finished(s)


@pytest.mark.parametrize(("where", "offered"), [("command", False), ("brig", True)])
def test_spiritual_crisis_reveals_only_from_the_brig(where: str, offered: bool) -> None:
    s = daybreak([BALTAR_ALT, ADAMA, ROSLIN], humans=False)
    g = s.edit()
    cylon = next(u for u in catalog.uids("loyalty", g.sets) if catalog.card(u)["team"] == "cylon"
                 and u not in s.state["seats"][0]["loyalty"])
    for pile in (s.state["boxed"], s.state["decks"]["loyalty"],
                 *(seat["loyalty"] for seat in s.state["seats"])):
        if cylon in pile:
            pile.remove(cylon)
    s.state["seats"][0]["loyalty"].append(cylon)
    stand(s, 0, where)
    action(s, 0)
    assert any(lb.startswith("Reveal") for lb in s.labels()) == offered


# ---- choosing characters (DB-4.2, A-4) -----------------------------------------------------


def chooser(characters: list[str | None]) -> Game:
    names = [f"P{i}" for i in range(len(characters))]
    state = RULES.new_game(checked_options({"expansion": "daybreak"}, names), names, 1)
    for seat, character in zip(state["seats"], characters, strict=True):
        seat["character"] = character
    return Game(state)


@pytest.mark.parametrize(("taken", "other"), [(BALTAR, BALTAR_ALT), (BALTAR_ALT, BALTAR)])
def test_either_version_of_a_person_excludes_the_other(taken: str, other: str) -> None:
    assert other in allowed_characters(chooser([None, None, None]))
    assert other not in allowed_characters(chooser([taken, None, None]))


def test_the_unchosen_version_still_counts_in_its_type() -> None:
    """With the original Baltar (political) taken, his alternate version (support) is out;
    the types count as they would: political leaders left are Roslin, Zarek and the alternate
    Baltar does not count there (support is never counted)."""
    g = chooser([BALTAR, None, None])
    allowed = allowed_characters(g)
    assert BALTAR_ALT not in allowed
    assert TYROL in allowed  # support is always open


def test_a_base_game_offers_only_base_characters_by_the_base_rule() -> None:
    names = ["A", "B", "C"]
    state = RULES.new_game(checked_options({}, names), names, 1)
    offered = [o["action"]["character"] for o in state["asks"][0]["options"]]
    assert BALTAR_ALT not in offered


# ---- lines of succession (DB-14) -----------------------------------------------------------


def test_daybreak_games_rank_by_the_updated_lines_base_games_by_the_base_ones() -> None:
    base, dawn = chooser([ADAMA, None, None]), chooser([ADAMA, None, None])
    base.state["options"] = {"difficulty": "standard"}
    assert [rank(base, c, "admiral") for c in (ADAMA, TIGH, HELO, APOLLO, KARA)] == [1, 2, 3, 4, 5]
    assert [rank(dawn, c, "admiral") for c in (ADAMA, TIGH, HELO, APOLLO, KARA)] == [2, 3, 4, 8, 11]
    assert [rank(dawn, c, "president") for c in (ROSLIN, BALTAR, ZAREK, APOLLO, ADAMA)] == [
        1, 2, 4, 8, 11]
    assert rank(dawn, BOOMER, "president") == 21 and rank(dawn, BALTAR_ALT, "president") == 14


def test_titles_at_setup_follow_the_daybreak_lines() -> None:
    """Tyrol is 13th for President, the alternate Baltar 14th; for Admiral Tyrol 16th, the
    alternate Baltar 22nd."""
    s = daybreak([BALTAR_ALT, TYROL, KARA])
    assert (s.state["president"], s.state["admiral"]) == (1, 2)
    s = daybreak([BALTAR_ALT, TIGH, ROSLIN])
    assert (s.state["president"], s.state["admiral"]) == (2, 1)
