"""The English words of messages alone: plays some games, records every `english` call (the
messages and names as passed), then says them again with the memos emptied, in order, and
prints the cost per call. Prints figures; asserts nothing.

    python -m bench.english [--game bsg|daybreak|rftg] [--games 10] [--repeat 7]

The games call `english` by the name they imported, so it is wrapped here before any game is
imported. The engine never changes a message once made, so the recorded objects are the
messages as they were said.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import time
from typing import Any

import orjson

import app.core
import app.core.events
import app.core.messages as messages

_SAID: list[tuple[Any, Any]] = []
_english = messages.english


def _recording(m: Any, names: Any = None) -> str:
    _SAID.append((m, names))
    return _english(m, names)


messages.english = app.core.english = app.core.events.english = _recording  # type: ignore


def play(game: str, games: int) -> None:
    if game == "rftg":
        from bench import roll_for_the_galaxy

        roll_for_the_galaxy.run(games, 4, 1)
    else:
        from bench import bsg

        bsg.run(games, 5, 1, {"expansion": "daybreak"} if game == "daybreak" else {})


def replay(repeat: int) -> dict[str, Any]:
    said, best, words = _SAID, float("inf"), [""]
    for _ in range(repeat):
        messages._ENGLISH.clear()
        getattr(messages._merged("en"), "_inner", {}).clear()  # none before `english-speed`
        gc.collect()
        gc.disable()
        started = time.process_time()
        words = [_english(m, names) for m, names in said]
        best = min(best, time.process_time() - started)
        gc.enable()
    distinct = {(orjson.dumps(m), tuple(n) if n else None) for m, n in said}
    return {"calls": len(said), "distinct": len(distinct), "replay_ms": round(best * 1000, 1),
            "us_per_call": round(best / len(said) * 1e6, 2),
            "words_digest": hashlib.sha256("\0".join(words).encode()).hexdigest()[:16]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=("bsg", "daybreak", "rftg"), default="daybreak")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    play(args.game, args.games)
    for name, value in replay(args.repeat).items():
        print(f"{name:>14}: {value}")


if __name__ == "__main__":
    main()
