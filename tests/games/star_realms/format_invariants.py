"""The invariants the format simulation checks after every action (test_formats_simulation.py).
A module of its own, so that pytest does not rewrite its asserts: they run half a million times
per run of the simulation, and rewritten they cost about a tenth of its time."""

from __future__ import annotations

from typing import Any

from app.games.star_realms.formats import HYDRA


def zones(state: dict[str, Any]) -> list[str]:
    out = state["trade_deck"] + state["trade_row"] + state["explorers"] + \
        state["scrap_heap"] + state["removed"]
    for d in state["seats"]:
        out += d["deck"] + d["hand"] + d["discard"] + d["ships"] + d["bases"]
    return out


def check(state: dict[str, Any], every: set[str]) -> None:
    """`every`: the game's cards. As many cards placed as the game has, every one of them among
    them: each card in exactly one place."""
    placed = zones(state)
    assert len(placed) == len(every) and every.issubset(placed)
    seats = state["seats"]
    active = state["active"]
    for n, d in enumerate(seats):
        assert d["trade"] >= 0 and d["combat"] >= 0
        if n not in active:
            assert d["trade"] == d["combat"] == 0 and d["ships"] == []
        if d["out"]:
            assert not any(d[z] for z in ("deck", "hand", "discard", "ships", "bases")) \
                or state["result"] is not None or any(f["seat"] == n for f in state["stack"])
    if state["format"] in HYDRA:
        for team in (0, 1):
            assert len({d["authority"] for d in seats if d["team"] == team}) == 1
    result = state["result"]
    if result is None:
        assert all(d["authority"] > 0 for d in seats if not d["out"])
        assert all(not seats[s]["out"] for s in active)
        assert len(state["trade_row"]) == 5 or not state["trade_deck"]
        return
    winners = result["winners"]
    key = result["msg"]["key"].rsplit(".", 1)[1]
    if key == "last_standing":
        assert [n for n, d in enumerate(seats) if not d["out"]] == winners
    elif key == "team_won":
        teams = {seats[w]["team"] for w in winners}
        assert len(teams) == 1 and all(d["team"] in teams for d in seats
                                       if d["team"] in teams)
    elif key == "raiders_won":
        assert seats[0]["out"] and 0 not in winners
    elif key == "boss_won":
        assert winners == [0] and all(d["out"] for d in seats[1:])
    else:
        assert state["turn"] > 600
