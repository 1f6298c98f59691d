"""Bots play whole games to the end, in process; one JSON line of totals comes out."""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

from app.bots.bot import Bot, seat_move
from app.bots.random_bot import RANDOM
from app.bots.registry import bots_for
from app.core import IllegalOptions, Rules, act, msg
from app.core.drafts import answerable


class UnknownBot(ValueError):
    """A bot name the game does not offer."""


def seat_bots(rules: Rules, players: int, names: list[str] | None) -> list[Bot]:
    """One bot per seat from `--bots` (one name: every seat; none: the random bot everywhere)."""
    if not names:
        return [RANDOM] * players
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise UnknownBot(f"--bots names {len(names)} bots for {players} seats")
    offered = bots_for(rules)
    unknown = [name for name in names if name not in offered]
    if unknown:
        raise UnknownBot(f"{rules.name} has no bot {unknown[0]!r} (it has: "
                         f"{', '.join(offered)})")
    return [offered[name] for name in names]


def play_one(rules: Rules, players: int, seed: int, max_actions: int = 100_000,
             options: dict[str, Any] | None = None, bots: list[Bot] | None = None
             ) -> dict[str, Any]:
    """One game, each seat played by its bot (the random bot by default). Which of several seats
    asked at once answers first is drawn from the game's seed, as arrival order would be."""
    names = [f"Bot {i + 1}" for i in range(players)]
    bots = bots or [RANDOM] * players
    options = rules.check_options(dict(options or {}), names)
    state = rules.new_game(options, names, seed)
    order = random.Random(seed)
    actions = 0
    while rules.result(state) is None and actions < max_actions:
        prompts = rules.prompts(state)
        if not prompts:
            raise RuntimeError(f"seed {seed}: the game waits on nobody but has not ended")
        open_ = answerable(prompts)  # a seat that is ready waits for the others
        seat = open_[order.randrange(len(open_))]["seat"]
        action = seat_move(rules, state, seat, bots[seat], seed, actions, prompts)
        state, _ = act(rules, state, seat, action, prompts)
        actions += 1
    return {"result": rules.result(state), "actions": actions}


def simulate(rules: Rules, players: int, games: int, seed: int,
             options: dict[str, Any] | None = None, bots: list[str] | None = None,
             rotate: bool = False) -> dict[str, Any]:
    """`options` as a game's creator sends them; the rules check them (and the player count)
    once before the first game. `bots`: a bot's name per seat (seat_bots). Game i is seeded
    `seed + i`; `seat_wins` counts, per seat, the games whose result lists it among `winners`,
    and `bot_wins`, per bot, the seats it won. `rotate`: game i seats the bots moved on by i
    seats (bot k plays seat (k + i) mod players), so that no bot always plays first."""
    if not rules.min_players <= players <= rules.max_players:
        raise IllegalOptions("core.error.player_count", game=msg(f"{rules.name}.title"),
                             min=rules.min_players, max=rules.max_players)
    rules.check_options(dict(options or {}), [f"Bot {i + 1}" for i in range(players)])
    seated = seat_bots(rules, players, bots)
    started = time.perf_counter()
    winners: Counter[str] = Counter()
    seat_wins = [0] * players
    bot_wins: Counter[str] = Counter({bot.name: 0 for bot in seated})
    finished = 0
    actions = 0
    for i in range(games):
        shift = i % players if rotate else 0
        table = seated[players - shift:] + seated[:players - shift]  # bot k at seat k + shift
        outcome = play_one(rules, players, seed + i, options=options, bots=table)
        actions += outcome["actions"]
        result = outcome["result"]
        if result is not None:
            finished += 1
            winners[str(result.get("winner", "unknown"))] += 1
            for seat in result.get("winners") or ():
                if isinstance(seat, int) and 0 <= seat < players:
                    seat_wins[seat] += 1
                    bot_wins[table[seat].name] += 1
    return {
        "game": rules.name,
        "players": players,
        "options": dict(options or {}),
        "bots": [bot.name for bot in seated],
        "games": games,
        "finished": finished,
        "winners": dict(winners),
        "seat_wins": seat_wins,
        "bot_wins": dict(bot_wins),
        "rotate": rotate,
        "actions": actions,
        "seconds": round(time.perf_counter() - started, 3),
    }
