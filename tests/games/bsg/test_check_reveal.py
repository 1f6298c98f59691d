"""A skill check's reveal adds up: the cards count at face value (plus when of the check's
skills, minus otherwise) and every power that changes how they count (Inspirational Leader,
Scientific Research, Blind Devotion) is a modifier of its own, a message and the difference it
makes, so that the cards and the modifiers always sum to the announced total. What a modifier
changes tells about the pool: it is shown only when the pool is. The powers that change the
difficulty instead (Declare Emergency, the location powers and kept Quorum cards) are named
changes of the difficulty, which add up with the difficulty the check had at first.

Rule sources: the check's total (shared/rules/bsg-base.md §5, step 5), the abilities in
app/games/bsg/cards/characters.yaml and skills.yaml."""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.core import act, english
from app.core.pick import random_answer
from app.games.bsg.rules import RULES
from tests.games.bsg.helpers import (
    ADAMA,
    TYROL,
    ZAREK,
    check_result,
    contribute,
    crisis_step,
    empty_space,
    finished,
    name,
    new,
    prompt_is,
    said_modifiers,
    set_destiny,
)
from tests.games.bsg.test_characters import cylon_hatred_position
from tests.games.bsg.test_skill_cards import only_windows


def counted(card: dict[str, Any], skills: list[str]) -> int:
    """A card's chip: its strength, plus when of the check's skills."""
    return card["strength"] if card["type"] in skills else -card["strength"]


def chips(check: dict[str, Any]) -> int:
    """The sum of the chips a view's check shows: one per card, one per modifier."""
    return (sum(counted(c, check["skills"]) for c in check["cards"])
            + sum(m["value"] for m in check["modifiers"]))


def logged_chips(data: dict[str, Any]) -> int:
    """The same for a logged check ("check_cards", "check_result")."""
    return (sum(c["strength"] if c["positive"] else -c["strength"] for c in data["cards"])
            + sum(m["value"] for m in data["modifiers"]))


def _totalled(state: dict[str, Any]) -> bool:
    return any(f["step"] == "skill_check" and f["total"] is not None for f in state["flow"])


def test_every_revealed_check_of_random_games_adds_up() -> None:
    """Random bots, many seeds: at every state whose check is totalled, and in every logged
    reveal, the chips sum to the total; before the reveal no modifier shows a value."""
    revealed = modified = 0
    for seed in range(40):
        names = [f"Bot {i}" for i in range(3 + seed % 4)]
        state = RULES.new_game(RULES.check_options({}, names), names, seed)
        bots = random.Random(seed)
        for _ in range(20_000):
            if state["result"] is not None:
                break
            prompt = RULES.prompts(state)[0]
            state, events = act(RULES, state, prompt["seat"],
                                random_answer(prompt, bots))
            for event in events:  # a check decided without playing it announces no total
                data = event.get("data") or {}
                if event["kind"] in ("check_cards", "check_result") and data["total"] is not None:
                    assert logged_chips(data) == data["total"], (seed, event)
            if not any(f["step"] == "skill_check" for f in state["flow"]):
                continue
            check = RULES.view(state, None)["check"]
            if check["total"] is not None:
                revealed += 1
                modified += any(m["value"] for m in check["modifiers"])
                assert chips(check) == check["total"], (seed, check)
            elif not check["face_up"]:
                assert all("value" not in m for m in check["modifiers"]), (seed, check)
    assert revealed > 50  # windows after a total open only when a card could change it
    assert modified > 10  # the modifiers were really met


def test_the_live_reveal_shows_each_power_as_its_own_chip() -> None:
    """Adama draws the Crisis (Inspirational Leader: strength 1 counts plus), Zarek plays
    Scientific Research (Engineering counts plus), Tyrol names Engineering (Blind Devotion):
    the cards at face value sum to −1, the three powers add +6, +4 and −3, the total is 6.
    Each power is credited with what it changed when it came: the strength-1 Engineering card
    turned plus by Inspirational Leader is no more Scientific Research's."""
    s = new([ADAMA, ZAREK, TYROL])
    s.want("Blind Devotion")
    empty_space(s)
    only_windows(s, "before_check_cards", "after_check_total")
    set_destiny(s, "repair_1", "consolidate_power_1")  # Engineering 1, Politics 1
    s.give_cards(0, "executive_order_2", "consolidate_power_2",  # Leadership 2, one kept
                 "declare_emergency_3")
    s.give_cards(1, "scientific_research_3", "evasive_maneuvers_1")  # Piloting 1
    s.give_cards(2, "launch_scout_2", "repair_2")  # Tactics 2, Engineering 2
    crisis_step(s, 0, "security_breach")  # 6, Leadership + Tactics
    s.do("Pass", seat=0)
    s.do("Play Scientific Research", seat=1)
    s.do("Pass", seat=2)
    for seat in (0, 1, 2):  # asked again: Investigative Committee could still change it
        s.do("Pass", seat=seat)
    contribute(s, {1: ["Evasive Maneuvers"], 2: ["Launch Scout", "Repair"],
                   0: ["Executive Order"]})
    s.do("Use Blind Devotion", seat=2)
    prompt_is(s, 2, "name_type")
    # face down: which powers are used is public, what they change is not
    for seat in (None, 0, 1, 2):
        check = RULES.view(s.state, seat)["check"]
        assert [english(m["msg"]) for m in check["modifiers"]] == [
            "Inspirational Leader: strength 1 cards count plus",
            "Scientific Research: Engineering cards count plus"]
        assert all("value" not in m for m in check["modifiers"])
        assert "cards" not in check
    # arranged: a check one harder than its total, so that the window after the total opens
    next(f for f in s.state["flow"] if f["step"] == "skill_check")["difficulty"] = 7
    s.do("Engineering")

    prompt_is(s, 0, "window")  # after the total: the live reveal
    check = RULES.view(s.state, None)["check"]
    assert check["stage"] == "total"
    assert sorted(counted(c, check["skills"]) for c in check["cards"]) == [-2, -1, -1, -1, 2, 2]
    assert [(english(m["msg"]), m["value"]) for m in check["modifiers"]] == [
        ("Inspirational Leader: strength 1 cards count plus", 6),
        ("Scientific Research: Engineering cards count plus", 4),
        ("Blind Devotion: Engineering counts 0", -3)]
    assert chips(check) == check["total"] == 6
    s.do("Play Declare Emergency", seat=0)

    data = check_result(s)
    assert (data["total"], data["outcome"]) == (6, "pass")
    assert said_modifiers(data) == [("Inspirational Leader: strength 1 cards count plus", 6),
                                    ("Scientific Research: Engineering cards count plus", 4),
                                    ("Blind Devotion: Engineering counts 0", -3)]
    assert logged_chips(data) == 6
    cards_line = next(line for line in s.log() if line.startswith("Security Breach: the cards"))
    assert cards_line.endswith("Inspirational Leader: strength 1 cards count plus +6, "
                               "Scientific Research: Engineering cards count plus +4, "
                               "Blind Devotion: Engineering counts 0 −3; total 6")
    assert finished(s)


def test_a_modifier_that_changes_nothing_shows_0() -> None:
    """Scientific Research in a check without an Engineering card changes nothing: its chip
    says +0, and the sum holds."""
    s = new([ADAMA, ZAREK, TYROL])
    empty_space(s)
    only_windows(s, "before_check_cards")
    set_destiny(s, "executive_order_1", "launch_scout_1")  # +1 +1
    s.give_cards(1, "scientific_research_3")
    crisis_step(s, 1, "security_breach")
    s.do("Play Scientific Research", seat=1)  # nobody else holds a card: no more asking
    data = check_result(s)
    assert said_modifiers(data) == [("Scientific Research: Engineering cards count plus", 0)]
    assert logged_chips(data) == data["total"] == 2
    assert finished(s)


# ---- the difficulty: what it was at first and each power that changed it ------------------


def said_changes(changes: list[dict[str, Any]], names: list[str] | None = None
                 ) -> list[tuple[str, int]]:
    """The changes of a check's difficulty in English, with their values."""
    return [(english(c["msg"], names), c["value"]) for c in changes]


@pytest.mark.parametrize(("difficulty", "change"), [(6, -2), (1, -1)])
def test_declare_emergency_is_a_named_change_of_the_difficulty(difficulty: int,
                                                               change: int) -> None:
    """Declare Emergency lowers the difficulty by 2, not below 0: the check keeps its name and
    the change it made, the total's chips are untouched."""
    s = new([ADAMA, ZAREK, TYROL])
    empty_space(s)
    only_windows(s, "after_check_total")
    s.give_cards(2, "declare_emergency_3")
    s.give_cards(0, "consolidate_power_2")  # kept: Adama is asked after Tyrol
    set_destiny(s, "executive_order_2", "launch_scout_2")  # 4
    crisis_step(s, 1, "security_breach")  # 6
    contribute(s, {})
    prompt_is(s, 2, "window")
    frame = next(f for f in s.state["flow"] if f["step"] == "skill_check")
    frame["difficulty"] = difficulty  # arranged: a check as easy as this
    s.do("Pass", seat=0)
    s.do("Play Declare Emergency", seat=2)  # the last answer: the card is played
    data = check_result(s)
    assert logged_chips(data) == data["total"] == 4
    assert said_changes(data["difficulty_changes"]) == [("Declare Emergency", change)]
    assert data["difficulty"] == difficulty + change
    assert finished(s)


def test_a_location_power_is_a_named_change_of_the_difficulty() -> None:
    """Cylon Hatred at Admiral's Quarters (7): its owner's named change of −3 and the
    difficulty at first add up to the 4 it is checked against."""
    s = cylon_hatred_position(0)
    s.do("Use Cylon Hatred", seat=0)
    data = check_result(s)
    assert said_changes(data["difficulty_changes"], s.edit().names()) == [
        (f"{name(s, 0)}'s Cylon Hatred", -3)]
    assert data["difficulty"] == 7 - 3 == 4
    assert finished(s)
