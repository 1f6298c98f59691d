"""Replay size: a finished game's `GET /api/games/{id}/replay` as the server builds it (the first
step's everything-view, then a patch per step) against the same replay with a whole view at every
step (the format before issue 11). Prints figures; asserts nothing.

    python -m bench.replay [--games 20] [--players 5] [--seed 1]
"""

from __future__ import annotations

import argparse
import statistics
import time

import orjson

from app.store.patch import apply
from bench.games import random_choices, temporary_repository


def run(games: int, players: int, seed: int) -> list[dict[str, float]]:
    rows = []
    with temporary_repository() as repo:
        for n in range(games):
            created = repo.create("bsg", [f"P{i + 1}" for i in range(players)], seed=seed + n)
            live = repo.live(created.id)
            for seat, action in random_choices(live, seed + n):
                repo.act(created.id, seat, live.version, action, None)
            started = time.perf_counter()
            patched = repo.replay_bytes(created.id)
            build_ms = (time.perf_counter() - started) * 1000
            replay = orjson.loads(patched)
            view = None
            for step in replay["steps"]:  # the same replay, a whole view at every step
                view = step["view"] if "view" in step else apply(view, step.pop("patch"))
                step["view"] = orjson.loads(orjson.dumps(view))
            whole = orjson.dumps(replay)
            rows.append({"steps": len(replay["steps"]), "whole_kb": len(whole) / 1024,
                         "patched_kb": len(patched) / 1024,
                         "ratio": len(whole) / len(patched), "build_ms": build_ms})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rows = run(args.games, args.players, args.seed)
    for key in ("steps", "whole_kb", "patched_kb", "ratio", "build_ms"):
        values = [r[key] for r in rows]
        print(f"{key:>11}: median {statistics.median(values):,.1f}  min {min(values):,.1f}  "
              f"max {max(values):,.1f}")
    total_whole = sum(r["whole_kb"] for r in rows)
    total_patched = sum(r["patched_kb"] for r in rows)
    print(f"{args.games} finished {args.players}-player games: {total_whole / 1024:,.1f} MB with a "
          f"view per step, {total_patched / 1024:,.2f} MB with patches "
          f"({total_whole / total_patched:.1f}× smaller; target ≥ 10×: "
          f"{'met' if total_whole / total_patched >= 10 else 'missed'})")


if __name__ == "__main__":
    main()
