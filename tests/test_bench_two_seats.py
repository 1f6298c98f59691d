"""The load generator with two seats asked at once (BSG decisions made together): both act at
the version they see; the one the server answers 409 (stale) is counted as stale, not as an
error, and acts again when the next version reaches it."""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any

import orjson

from bench.load import DEFAULTS, Game, Run, Slot


class FakeSocket:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send(self, text: str) -> None:
        self.sent.append(orjson.loads(text))


def body(version: int, seat: int, asked: bool) -> dict[str, Any]:
    prompts = [{"seat": seat, "kind": "discard", "text": "", "msg": {},
                "options": [{"label": "Discard", "msg": {}, "action": {"type": "discard",
                                                                        "card": f"c{seat}"}}]}]
    return {"type": "state", "version": version, "status": "active", "result": None,
            "view": {}, "prompts": prompts if asked else [], "waiting": [], "log": []}


def test_two_seats_asked_at_once_both_act_and_a_stale_answer_is_not_an_error() -> None:
    async def scenario() -> tuple[Run, list[FakeSocket]]:
        cfg = replace(DEFAULTS["A"], games=1, seats=3)
        run = Run(cfg, sockets=3, http=None, ws_base="", deadline=1e18)  # type: ignore[arg-type]
        run.acting = True
        game = Game(run, Slot(), "g", ["t0", "t1", "t2"], random.Random(1))
        socks = [FakeSocket() for _ in range(3)]
        game.socks = socks  # type: ignore[assignment]
        for seat in range(3):  # version 5: seats 0 and 1 are asked at once
            await game.on_message(seat, orjson.dumps(body(5, seat, seat in (0, 1))), 0.0)
        assert [len(s.sent) for s in socks] == [1, 1, 0]
        assert [s.sent[0]["version"] for s in socks[:2]] == [5, 5]
        # seat 0's answer made version 6; seat 1's, sent for version 5, is stale
        stale = socks[1].sent[0]["client_id"]
        await game.on_message(1, orjson.dumps({"type": "error", "code": 409, "message": "",
                                               "client_id": stale}), 0.0)
        for seat in range(3):  # version 6: seat 1 is still asked, and answers again
            await game.on_message(seat, orjson.dumps(body(6, seat, seat == 1)), 0.0)
        return run, socks

    # a thread of its own: the browser tests' Playwright may hold this thread's loop
    with ThreadPoolExecutor(1) as pool:
        run, socks = pool.submit(asyncio.run, scenario()).result()
    assert run.stale == 1 and run.errors == 0
    assert [s["version"] for s in socks[1].sent] == [5, 6]
    assert [len(s.sent) for s in socks] == [1, 2, 0]
