"""The pushes alone: random 5-player Battlestar Galactica games are played first (as in
`bench.serverpath`), every version they reach is recorded, and then those versions are played
again into fresh games in memory, each followed by the message to every seat's socket
(`pushes.push_message`: views, shares, diffs, bodies, messages). No database, no rules' apply:
CPU time of the replay only. Prints figures and a digest of every message (the same digest
means the same bytes); asserts nothing.

    python -m bench.pushpath [--games 4] [--players 5] [--seed 0] [--spectator]

The states of every version are held until the end, so freeing them is not counted (in the
server `LiveGame.advance` frees the version before).
"""

from __future__ import annotations

import argparse
import hashlib
import time
from dataclasses import replace
from typing import Any

from app.store import pushes
from app.store.live import LiveGame, make_head
from bench.games import random_choices, temporary_repository

LOG_TAIL = 30  # the server's default


def record(games: int, players: int, seed: int) -> list[tuple[LiveGame, list[tuple[Any, ...]]]]:
    """Each game as it started (a fresh copy) and the arguments of its every advance."""
    played = []
    with temporary_repository() as repo:
        for n in range(games):
            created = repo.create("bsg", [f"P{i + 1}" for i in range(players)], seed=seed + n)
            live = repo.live(created.id)
            start = replace(live, log=list(live.log), tails={}, bodies={}, sent={}, sizes={},
                            pushes={}, diff_memo={}, client_ids={},
                            head=make_head(live.rules, live.version, live.head.state))
            steps: list[tuple[Any, ...]] = []
            advance = live.advance

            def recorded(seq: int, state: Any, events: Any, client_id: Any, head: Any = None,
                         advance: Any = advance, steps: Any = steps) -> None:
                steps.append((seq, state, events, client_id, head))
                advance(seq, state, events, client_id, head)

            live.advance = recorded  # type: ignore[method-assign]
            for seat, action in random_choices(live, seed + n):
                repo.act(created.id, seat, live.version, action, None)
            played.append((start, steps))
    return played


def run(games: int, players: int, seed: int, spectator: bool = False) -> dict[str, Any]:
    played = record(games, players, seed)
    seats: list[int | None] = [*range(players), *([None] if spectator else [])]
    digest = hashlib.sha1()
    actions = sent = 0
    started = time.thread_time()
    for live, steps in played:
        held = {s: pushes.state_message(live, s, LOG_TAIL)[0] for s in seats}
        for step in steps:
            live.advance(*step)
            for s in seats:
                held[s], message = pushes.push_message(live, s, held[s], LOG_TAIL)
                digest.update(message)
                sent += len(message)
            actions += 1
    cpu = time.thread_time() - started
    return {"actions": actions, "us": cpu / actions * 1e6, "seats": len(seats),
            "bytes": sent / actions / len(seats), "digest": digest.hexdigest()[:12]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--spectator", action="store_true", help="push to a spectator too")
    args = parser.parse_args()
    f = run(args.games, args.players, args.seed, args.spectator)
    print(f"{f['actions']:,} versions: pushes to {f['seats']} sockets {f['us']:.0f} µs of CPU "
          f"per version, {f['bytes']:,.0f} bytes per message; digest {f['digest']}")


if __name__ == "__main__":
    main()
