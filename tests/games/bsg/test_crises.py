"""Scenario tests of crisis cards where the engine had to rule on what the card leaves open
(each ruling is in docs/rulings.md): whom Cylon Screenings lets the current player look at.

Positions are built with the shared helpers of helpers.py. Rule sources: the card data
(crises.yaml), the rulebook shared/seeds/bsg-base-rules.ru.txt, the digest
shared/rules/bsg-base.md §9.2.
"""

from __future__ import annotations

from app.core import visible_to
from tests.games.bsg.helpers import (
    ADAMA,
    TYROL,
    ZAREK,
    contribute,
    crisis_step,
    empty_space,
    finished,
    name,
    new,
    set_destiny,
)


def test_cylon_screenings_a_current_president_may_not_pick_himself() -> None:
    """Fail: the current player looks at 1 random loyalty card of the President or the
    Admiral. The current player is the President: only the Admiral may be picked, since no
    effect makes a player look at their own loyalty cards (digest §9.2)."""
    s = new([ZAREK, ADAMA, TYROL])
    empty_space(s)
    assert (s.state["president"], s.state["admiral"]) == (0, 1)
    set_destiny(s, "repair_1", "repair_2")  # Engineering counts against: the check fails
    crisis_step(s, 0, "cylon_screenings")
    s.do("Skill check (9")
    contribute(s, {})
    # only the Admiral may be picked: public, so the game picks him without asking
    seen_by_tyrol = [e["text"] for e in s.events if visible_to(e, 2)]
    assert f"{name(s, 0)} looked at 1 loyalty card of {name(s, 1)}" in seen_by_tyrol
    assert finished(s)
