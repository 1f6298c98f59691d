"""The smart bot's strength over a smaller seeded match than the issue's 200 games (alternating
who starts): comfortably above its targets (beat random in ≥ 95%, greedy in ≥ 60%), and the
greedy bot above random. Seeded and deterministic: the same games every run."""

from __future__ import annotations

import pytest

from app.games.star_realms.rules import RULES
from app.simulate import simulate

GAMES = 40


@pytest.mark.parametrize(("bots", "at_least"), [
    (["smart", "random"], 0.975),
    (["smart", "greedy"], 0.70),
    (["greedy", "random"], 0.95),
])
def test_smart_wins_comfortably_above_its_targets(bots: list[str], at_least: float) -> None:
    totals = simulate(RULES, 2, GAMES, seed=1, bots=bots, rotate=True)
    assert totals["finished"] == GAMES
    assert totals["bot_wins"][bots[0]] >= at_least * GAMES, totals["bot_wins"]
