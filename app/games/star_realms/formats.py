"""Formats (SR-4, SR-11): who plays, how each seat starts, whose turn comes next, and whom a
seat may attack or target. Every rule that differs between formats is asked of this module."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from app.core import State

FORMATS: dict[str, dict[str, Any]] = {
    # SR-4.1, SR-4.7: 50 Authority each; the first player draws 3, the second 5
    "two_player": {"players": (2, 2), "authority": 50, "opening_hands": (3, 5)},
    # SR-11.1, SR-11.2: 3 / 4 / 5... cards by position, clockwise
    "free_for_all": {"players": (3, 6), "authority": 50, "opening_hands": (3, 4, 5)},
    "hunter": {"players": (3, 6), "authority": 50, "opening_hands": (3, 4, 5)},
    # SR-11.3: one Authority pool per team of 2 or 3
    "hydra_two_headed": {"players": (4, 4), "authority": 75, "teams": 2},
    "hydra_three_headed": {"players": (6, 6), "authority": 100, "teams": 2},
    # SR-11.5: Emperors 60, Admirals 50
    "emperor": {"players": (6, 6), "authority": 50},
    # SR-11.6: a Boss against 2 to 5 Raiders
    "raid": {"players": (3, 6), "authority": 50},
}
HYDRA = frozenset({"hydra_two_headed", "hydra_three_headed"})
HAND_SIZE = 5
"""Cards drawn in each draw phase (SR-8.1), but for Raid's Boss."""

BOSS = {2: (50, 7), 3: (70, 7), 4: (70, 8), 5: (90, 8)}
"""Raid (SR-11.6.4): Raiders → the Boss's starting Authority and hand size (the opening hand is
two cards fewer)."""
BOSS_SEAT = 0
"""Raid: the Boss is the first seat (the players choose the Boss by seating, DECISIONS.md)."""

EMPERORS = (1, 4)
"""Emperor (SR-11.5.2, the diagram): seats 0–2 are team A with its Emperor in the middle,
seats 3–5 team B; players 1..6 are seats 0..5 and take their turns in that order."""
FACING_ADMIRAL = {0: 5, 5: 0, 2: 3, 3: 2}
"""Emperor: the Admiral each Admiral plays against, as drawn (P1 ↔ P6, P3 ↔ P4, A12)."""
EMPEROR_AUTHORITY = 60


def sets(players: int) -> int:
    """Boxes whose starting cards and Explorers are used (SR-11.0.2, A7 in DECISIONS.md)."""
    return 1 if players <= 2 else 2 if players <= 4 else 3


def seat_facts(fmt: str, n: int, first: int) -> list[dict[str, Any]]:
    """Each seat's team (None: plays alone), role, starting Authority and opening hand."""
    facts = FORMATS[fmt]
    out = []
    for seat in range(n):
        team: int | None = None
        role: str | None = None
        authority = facts["authority"]
        if fmt in HYDRA:
            team = seat % 2  # teammates sit apart, the teams alternate around the table
            hand = 3 if team == first % 2 else 5  # SR-11.4.3
        elif fmt == "emperor":
            team = 0 if seat < 3 else 1
            role = "emperor" if seat in EMPERORS else "admiral"
            authority = EMPEROR_AUTHORITY if role == "emperor" else authority
            hand = 3 if team == 0 else 5  # SR-11.5.4
        elif fmt == "raid":
            team = 0 if seat == BOSS_SEAT else 1
            role = "boss" if seat == BOSS_SEAT else "raider"
            if role == "boss":
                authority, size = BOSS[n - 1]
                hand = size - 2  # SR-11.6.4
            else:
                hand = 5  # SR-11.6.3
        else:
            hands = facts["opening_hands"]
            hand = hands[min((seat - first) % n, len(hands) - 1)]
        out.append({"team": team, "role": role, "authority": authority, "opening": hand})
    return out


def chooses_first(fmt: str) -> bool:
    """Formats whose first player is drawn at random (A2); Emperor: player 1, Raid: the Boss."""
    return fmt not in ("emperor", "raid")


def hand_size(state: State, seat: int) -> int:
    """Cards drawn in the draw phase (SR-8.1; Raid's Boss: SR-11.6.4)."""
    if state["seats"][seat]["role"] == "boss":
        return BOSS[len(state["seats"]) - 1][1]
    return HAND_SIZE


def alive(state: State) -> list[int]:
    return [s for s, d in enumerate(state["seats"]) if not d["out"]]


def team_of(state: State, seat: int) -> int | None:
    return state["seats"][seat]["team"]


def teammates(state: State, seat: int) -> list[int]:
    """The other seats of `seat`'s team still in the game."""
    return list(sides(state).teammates[seat])


def _teammates(state: State, seat: int) -> list[int]:
    team = team_of(state, seat)
    if team is None:
        return []
    return [s for s in alive(state) if s != seat and team_of(state, s) == team]


def enemies(state: State, seat: int) -> list[int]:
    """Seats still in the game on another side."""
    team = team_of(state, seat)
    return [s for s in alive(state)
            if s != seat and (team is None or team_of(state, s) != team)]


def _clockwise(state: State, seat: int, step: int) -> int | None:
    n = len(state["seats"])
    for i in range(1, n):
        other = (seat + step * i) % n
        if not state["seats"][other]["out"]:
            return other if other != seat else None
    return None


def opponents(state: State, seat: int) -> tuple[int, ...]:
    """The players `seat` may attack or target as players (outposts aside)."""
    if state["format"] == "two_player":
        return _OTHER[seat]
    return sides(state).opponents[seat]


def _opponents(state: State, seat: int) -> tuple[int, ...]:
    fmt = state["format"]
    if fmt == "two_player":
        return _OTHER[seat]
    if fmt == "hunter":  # SR-11.2.2, SR-11.2.4, A15: the next surviving player clockwise
        left = _clockwise(state, seat, 1)
        return (left,) if left is not None else ()
    if fmt == "emperor" and state["seats"][seat]["role"] == "admiral":
        facing = FACING_ADMIRAL[seat]  # SR-11.5.6: the facing Admiral, then the Emperor
        if not state["seats"][facing]["out"]:
            return (facing,)
        return tuple(s for s in enemies(state, seat) if s in EMPERORS)
    return tuple(enemies(state, seat))


_OTHER = ((1,), (0,))


def base_owners(state: State, seat: int) -> tuple[int, ...]:
    """The players whose bases `seat` may attack or target (outposts aside)."""
    if state["format"] == "two_player":
        return _OTHER[seat]
    return sides(state).base_owners[seat]


def _base_owners(state: State, seat: int) -> tuple[int, ...]:
    if state["format"] == "hunter":  # SR-11.2.3: the bases of both neighbours
        both = {s for s in (_clockwise(state, seat, 1), _clockwise(state, seat, -1))
                if s is not None}
        return tuple(sorted(both))
    return _opponents(state, seat)


def shield_of(state: State, owner: int) -> list[int]:
    """Seats whose outposts shield `owner` (SR-6.8.1; Hydra: the whole team, SR-11.4.7)."""
    return list(sides(state).shield_of[owner])


def _shield_of(state: State, owner: int) -> list[int]:
    if state["format"] in HYDRA:
        return [owner] + _teammates(state, owner)
    return [owner]


class Sides(NamedTuple):
    """For each seat, whom the rules above let it attack or target, whose outposts shield it
    and its teammates: worked out once for each table of teams, roles and players out (which
    change only when a player is out) and kept, since every main phase's options ask."""

    opponents: tuple[tuple[int, ...], ...]
    base_owners: tuple[tuple[int, ...], ...]
    shield_of: tuple[tuple[int, ...], ...]
    teammates: tuple[tuple[int, ...], ...]


def sides(state: State) -> Sides:
    return _sides(state["format"],
                  tuple([(d["team"], d["role"], d["out"]) for d in state["seats"]]))


@lru_cache(maxsize=1024)
def _sides(fmt: str, table: tuple[tuple[Any, Any, bool], ...]) -> Sides:
    state = {"format": fmt, "seats": [{"team": t, "role": r, "out": o} for t, r, o in table]}
    seats = range(len(table))
    return Sides(tuple(_opponents(state, s) for s in seats),
                 tuple(_base_owners(state, s) for s in seats),
                 tuple(tuple(_shield_of(state, s)) for s in seats),
                 tuple(tuple(_teammates(state, s)) for s in seats))


def next_turn(state: State, ended: int) -> list[int]:
    """The seats whose main phase comes next: the next seat clockwise still in the game; in
    Hydra the other team, all its members at once (SR-11.4.5)."""
    if state["format"] in HYDRA:
        team = team_of(state, ended)
        return [s for s in alive(state) if team_of(state, s) != team]
    nxt = _clockwise(state, ended, 1)
    return [nxt if nxt is not None else ended]
