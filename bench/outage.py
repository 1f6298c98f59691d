"""Two server processes sharing games through Redis, and Redis stopped (or frozen) in the middle:
how many actions are answered in error, and what the other process's sockets receive while Redis
is away and after it is back. Prints figures; asserts nothing. Needs `redis-server` on PATH.

    python -m bench.outage [--actions 60] [--mode stop|freeze] [--pause 0.2]

Both servers run `python -m app serve` on loopback with one temporary SQLite file and a private
redis-server. A 5-player Battlestar Galactica game is created on the first; a spectator socket
listens on the second (the process that did not store the actions). Actions go to the first
(random offered options through `POST .../actions`): a third with Redis up, a third with it
stopped or frozen, a third after it is back, each `--pause` seconds after the one before (as
players think).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets

from app.core.pick import random_answer

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until(check: Any, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except (OSError, httpx.HTTPError):
            pass
        time.sleep(0.1)
    raise RuntimeError("gave up waiting")


def start_redis(port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1",
                             "--save", "", "--appendonly", "no"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_until(lambda: socket.create_connection(("127.0.0.1", port), 0.5).close() is None)
    return proc


def start_server(port: int, env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen([sys.executable, "-m", "app", "serve", "--port", str(port)],
                            cwd=ROOT, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT)
    wait_until(lambda: httpx.get(f"http://127.0.0.1:{port}/api/rules").status_code == 200)
    return proc


class Watcher:
    """A spectator socket on the other process: the versions it has seen, when."""

    def __init__(self) -> None:
        self.version = -1
        self.seen: list[tuple[float, int]] = []

    async def run(self, url: str) -> None:
        async with websockets.connect(url, compression=None, max_size=None) as ws:
            async for raw in ws:
                message = orjson.loads(raw)
                if message.get("type") in ("state", "patch"):
                    self.version = message["version"]
                    self.seen.append((time.monotonic(), self.version))


async def drive(base: str, other_ws: str, actions: int, pause: float,
                redis: dict[str, Any]) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        created = (await http.post("/api/games", json={
            "game": "bsg", "players": [f"P{i + 1}" for i in range(5)]})).json()
        game, tokens = created["id"], [s["token"] for s in created["seats"]]
        watcher = Watcher()
        listening = asyncio.create_task(watcher.run(f"{other_ws}/ws/games/{game}"))
        bots = random.Random(1)
        figures: dict[str, Any] = {"errors": {"before": 0, "during": 0, "after": 0},
                                   "answered": {"before": 0, "during": 0, "after": 0}}
        version, phase = 0, "before"
        outage_started = outage_ended = 0.0
        for n in range(actions):
            if n == actions // 3:
                phase, outage_started = "during", time.monotonic()
                redis["away"]()
            elif n == 2 * actions // 3:
                redis["back"]()
                phase, outage_ended = "after", time.monotonic()
                figures["seen_by_the_other_during"] = sum(
                    1 for t, _ in watcher.seen if outage_started <= t < outage_ended)
                figures["other_behind_when_back"] = version - watcher.version
                figures["version_when_back"] = version
            public = (await http.get(f"/api/games/{game}")).json()
            if public["status"] != "active":
                break
            seat = public["waiting"][0]["seat"]
            mine = (await http.get(f"/api/games/{game}",
                                   headers={"Authorization": f"Bearer {tokens[seat]}"})).json()
            answer = await http.post(f"/api/games/{game}/actions", json={
                "version": mine["version"], "action": random_answer(mine["prompts"][0], bots)},
                headers={"Authorization": f"Bearer {tokens[seat]}"})
            figures["answered"][phase] += 1
            if answer.status_code != 200:
                figures["errors"][phase] += 1
            else:
                version = answer.json()["version"]
            await asyncio.sleep(pause)
        deadline = time.monotonic() + 20
        while watcher.version < version and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        figures["final_version"] = version
        figures["other_reached"] = watcher.version
        caught = [t for t, v in watcher.seen if v >= figures.get("version_when_back", version)]
        figures["other_caught_up_s"] = round(max(0.0, caught[0] - outage_ended), 2) \
            if caught else None
        listening.cancel()
        return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--actions", type=int, default=60)
    parser.add_argument("--mode", choices=["stop", "freeze"], default="stop")
    parser.add_argument("--pause", type=float, default=0.2)
    args = parser.parse_args()
    redis_port, ports = free_port(), (free_port(), free_port())
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, DATABASE_URL=f"sqlite:///{Path(tmp) / 'outage.db'}",
                   REDIS_URL=f"redis://127.0.0.1:{redis_port}/0", PYTHONPATH=str(ROOT))
        redis_proc = [start_redis(redis_port)]
        servers = [start_server(p, env, Path(tmp) / f"server{i}.log")
                   for i, p in enumerate(ports)]

        def away() -> None:
            if args.mode == "stop":
                redis_proc[0].terminate()
                redis_proc[0].wait(10)
            else:
                redis_proc[0].send_signal(signal.SIGSTOP)

        def back() -> None:
            if args.mode == "stop":
                redis_proc[0] = start_redis(redis_port)
            else:
                redis_proc[0].send_signal(signal.SIGCONT)

        try:
            figures = asyncio.run(drive(f"http://127.0.0.1:{ports[0]}",
                                        f"ws://127.0.0.1:{ports[1]}", args.actions,
                                        args.pause, {"away": away, "back": back}))
        finally:
            for proc in servers:
                proc.send_signal(signal.SIGINT)
            for proc in servers:
                proc.wait(15)
            redis_proc[0].send_signal(signal.SIGCONT)
            redis_proc[0].terminate()
    print(f"redis {'stopped' if args.mode == 'stop' else 'frozen'} in the middle of "
          f"{args.actions} actions on process 1")
    for phase in ("before", "during", "after"):
        print(f"  {phase:6s} the outage: {figures['answered'][phase]} actions, "
              f"{figures['errors'][phase]} answered in error")
    print(f"  process 2's socket during the outage: {figures.get('seen_by_the_other_during')} "
          f"versions pushed (from the database); behind by "
          f"{figures.get('other_behind_when_back')} when Redis came back, and caught up "
          f"{figures['other_caught_up_s']} s later")
    print(f"  at the end: version {figures['final_version']}, process 2's socket at "
          f"{figures['other_reached']}")
    print(orjson.dumps(figures).decode())


if __name__ == "__main__":
    main()
