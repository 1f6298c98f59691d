"""The server's work per action with many games side by side, as under load A, without sockets:
20 Battlestar Galactica games, each step a random one of them acting (a parsed copy of a random
offered option, as a client's arrives), the pushes to its five seats and the spectator, the
refusals of the other seats asked at the same version (409s), a commit every 12 actions, and the
server's collector settings with a freeze every 700 actions. CPU time of the process per action;
prints figures, asserts nothing.

    python -m bench.together [--games 20] [--actions 3000] [--seed 0] [--sockets]

`--sockets` takes the path of the server's game sockets instead: every act arrives as a client's
masked text frame at its seat's websocket protocol (app/web/wire.py's, made without uvicorn's
server), then its `Connection` (app/web/ws.py), whose answers and pushes go through the direct
door to a transport that only counts what it is given, in one write
per socket per pass of 12 actions (each pass ends as the event loop's does: the commit, then the
flushes). Five seats per game, no spectator, as in load A. It also prints a digest of every byte
written to every socket: the same digest is the same bytes.

Unlike `bench.serverpath`, which plays one game after the other, the caches here see what the
server's see: between two actions of a game the other games' work has passed through them.
Its figure swings with other load on the machine; under `valgrind --tool=cachegrind` it counts.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import random
import time
import zlib
from collections.abc import Callable
from typing import Any

import orjson
from websockets.frames import apply_mask
from websockets.server import ServerProtocol

from app.core.pick import random_answer
from app.store.broadcast import LocalBroadcaster
from app.store.errors import StaleVersion
from app.store.repository import Repository
from app.web.app import GC_THRESHOLDS
from app.web.service import GameService
from app.web.wire import Direct, DirectWebSocketProtocol, _Ordered
from app.web.ws import Connection, _error
from bench.games import temporary_repository

PLAYERS = 5


def _new_game(repo: Repository, seed: int) -> list[Any]:
    created = repo.create("bsg", [f"P{i + 1}" for i in range(PLAYERS)], seed=seed)
    live = repo.live(created.id)
    held = {s: repo.state_message(live, s)[0] for s in [*range(PLAYERS), None]}
    return [created.id, live, held, random.Random(seed)]


def run(games: int, actions: int, seed: int, per_commit: int = 12) -> dict[str, float]:
    gc.set_threshold(*GC_THRESHOLDS)
    pick = random.Random(seed)
    cpu = 0.0
    done = stale = 0
    with temporary_repository() as repo:
        repo.batch.start(lambda durable: None)  # committed below instead of by a loop
        table = [_new_game(repo, seed * 1000 + n) for n in range(games)]
        made = games
        gc.collect()
        gc.freeze()
        started = time.process_time()
        while done < actions:
            i = pick.randrange(games)
            game_id, live, held, bots = table[i]
            if live.head.status != "active":  # replaced, as load A does (not counted)
                cpu += time.process_time() - started
                table[i] = _new_game(repo, seed * 1000 + made)
                made += 1
                started = time.process_time()
                continue
            version, asked = live.version, live.head.prompts
            prompt = bots.choice(asked)
            action = orjson.loads(orjson.dumps(random_answer(prompt, bots)))
            repo.act(game_id, prompt["seat"], version, action, f"c{done}")
            if (done + 1) % per_commit == 0:
                repo.batch.durable()
            for s in held:
                held[s] = repo.push_bytes(live, s, held[s])[0]
            repo.pushed(game_id)
            for other in {p["seat"] for p in asked} - {prompt["seat"]}:
                try:
                    repo.act(game_id, other, version, action, f"s{done}-{other}")
                except StaleVersion as exc:
                    _error(409, exc.msg, version=exc.version, client_id=f"s{done}-{other}")
                    stale += 1
            done += 1
            if done % 700 == 0:
                gc.collect(1)
                gc.freeze()
        cpu += time.process_time() - started
        repo.batch.stop()
    return {"actions": done, "cpu_us": cpu / done * 1e6, "stale_per_action": stale / done}


class _Loop:
    """The event loop as the door and the batch see it: callbacks run at the end of the pass."""

    def __init__(self) -> None:
        self.ready: list[Callable[[], None]] = []

    def call_soon(self, callback: Callable[[], None]) -> None:
        self.ready.append(callback)

    def end_pass(self) -> None:
        ready, self.ready = self.ready, []
        for callback in ready:
            callback()


class _Transport:
    """Takes every write, keeping only a running digest of the bytes and their count."""

    def __init__(self) -> None:
        self.digest = 0
        self.writes = 0

    def write(self, data: bytes) -> None:
        self.digest = zlib.crc32(data, self.digest)
        self.writes += 1

    def is_closing(self) -> bool:
        return False

    def pause_reading(self) -> None:
        return None

    def resume_reading(self) -> None:
        return None


def _door(loop: _Loop) -> tuple[DirectWebSocketProtocol, _Transport]:
    """Our websocket protocol (app/web/wire.py) past its handshake, open and writable, with the
    door open: made without uvicorn's server, over a transport that counts what it is given."""
    conn = ServerProtocol(max_size=16 * 1024 * 1024)
    conn.receive_data(_HANDSHAKE)
    conn.send_response(conn.accept(conn.events_received()[0]))
    conn.data_to_send()
    transport = _Transport()
    protocol = DirectWebSocketProtocol.__new__(DirectWebSocketProtocol)
    protocol.__dict__.update(
        conn=conn, loop=loop, close_sent=False, disconnected=False, queue=asyncio.Queue(),
        frames=[], curr_msg_data_type="text", read_paused=False, direct_paused=False,
        raw_transport=transport, writable=asyncio.Event(), logger=logging.getLogger("uvicorn"))
    protocol.transport = _Ordered(transport, protocol)  # type: ignore[assignment]
    protocol.writable.set()
    protocol.direct = Direct(protocol)
    return protocol, transport


_HANDSHAKE = (b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
              b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
_MASK = b"\x5a\x17\xc3\x08"


def _client_frame(message: dict[str, Any]) -> bytes:
    """A message as a client's text frame (masked, with a fixed key: the same bytes each run)."""
    payload = orjson.dumps(message)
    n = len(payload)
    length = bytes((0x80 | n,)) if n < 126 else b"\xfe" + n.to_bytes(2, "big")
    return b"\x81" + length + _MASK + apply_mask(payload, _MASK)


def _connect(service: GameService, loop: _Loop, seed: int) -> list[Any]:
    created = service.repo.create("bsg", [f"P{i + 1}" for i in range(PLAYERS)], seed=seed)
    live = service.repo.live(created.id)
    sockets = []
    for seat in range(PLAYERS):
        protocol, transport = _door(loop)
        door = protocol.direct
        assert door is not None
        conn = Connection(None, door, service, created.id, seat, live.version)  # type: ignore[arg-type]
        door.on_text = conn.on_text
        door.before_write = service.repo.batch.durable
        service.broadcaster.subscribe(created.id, conn.notify)
        conn.pump()
        sockets.append((conn, transport, protocol))
    loop.end_pass()
    return [created.id, live, sockets, random.Random(seed)]


def _written(sockets: list[Any], digest: int, writes: int) -> tuple[int, int]:
    """The digest and count of writes so far, with those of these sockets."""
    for _, transport, _ in sockets:
        digest = zlib.crc32(transport.digest.to_bytes(4, "big"), digest)
        writes += transport.writes
    return digest, writes


def run_sockets(games: int, actions: int, seed: int, per_pass: int = 12) -> dict[str, float]:
    """`run` through the game sockets' handlers (see the module's docstring)."""
    gc.set_threshold(*GC_THRESHOLDS)
    pick = random.Random(seed)
    cpu = 0.0
    done = stale = 0
    digest = writes = 0
    loop = _Loop()
    with temporary_repository() as repo:
        service = GameService(repo, LocalBroadcaster())
        repo.batch.start(loop.call_soon)
        table = [_connect(service, loop, seed * 1000 + n) for n in range(games)]
        made = games
        gc.collect()
        gc.freeze()
        started = time.process_time()
        while done < actions:
            i = pick.randrange(games)
            game_id, live, sockets, bots = table[i]
            if live.head.status != "active":  # replaced, as load A does (not counted)
                cpu += time.process_time() - started
                loop.end_pass()
                for conn, _, _ in sockets:
                    service.broadcaster.unsubscribe(game_id, conn.notify)
                digest, writes = _written(sockets, digest, writes)
                table[i] = _connect(service, loop, seed * 1000 + made)
                made += 1
                started = time.process_time()
                continue
            version, asked = live.version, live.head.prompts
            prompt = bots.choice(asked)
            action = random_answer(prompt, bots)
            said = {"type": "act", "version": version, "action": action}
            sockets[prompt["seat"]][2].data_received(
                _client_frame({**said, "client_id": f"c{done}"}))
            for other in sorted({p["seat"] for p in asked} - {prompt["seat"]}):
                sockets[other][2].data_received(
                    _client_frame({**said, "client_id": f"s{done}-{other}"}))
                stale += 1
            done += 1
            if done % per_pass == 0:
                loop.end_pass()
            if done % 700 == 0:
                gc.collect(1)
                gc.freeze()
        loop.end_pass()
        cpu += time.process_time() - started
        for _, _, sockets, _ in table:
            digest, writes = _written(sockets, digest, writes)
        repo.batch.stop()
    return {"actions": done, "cpu_us": cpu / done * 1e6, "stale_per_action": stale / done,
            "digest": digest, "writes": writes}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--actions", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--sockets", action="store_true",
                        help="through the game sockets' handlers (see above)")
    args = parser.parse_args()
    if args.sockets:
        f = run_sockets(args.games, args.actions, args.seed)
        print(f"{f['actions']:,} actions in {args.games} games side by side, through their "
              f"sockets: {f['cpu_us']:.0f} µs of CPU per action ({f['stale_per_action']:.2f} "
              f"refused acts per action, {f['writes']:,} writes, digest {f['digest']:08x})")
        return
    f = run(args.games, args.actions, args.seed)
    print(f"{f['actions']:,} actions in {args.games} games side by side: {f['cpu_us']:.0f} µs of "
          f"CPU per action ({f['stale_per_action']:.2f} refused acts per action)")


if __name__ == "__main__":
    main()
