"""Load benchmark: a real server in a subprocess, many games, one websocket per seat.

    python -m bench.load [--scenario A|B|all] [--game bsg|secretcards] [--seconds N]
                         [--games N] [--seats N] [--seed N] [--database-url URL]
                         [--no-deflate] [--no-patches] [--no-pin] [--json] [--profile DIR]

Drives Battlestar Galactica by default (games end: each finished game is replaced by a new one).
Prints figures and compares them with the targets; it never asserts on time and always exits 0
once the run is done. All traffic goes to 127.0.0.1. On a machine with two CPUs or more the
server runs on one CPU and the generator on another (`--no-pin`: both wherever the system puts
them), so that the generator does not take the server's CPU and caches from under it, as it
would not on a real host. See bench/README.md.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Iterable
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from app.core.pick import random_answer
from app.store import patch
from bench import pyspy

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"
GAME = "bsg"
ROUNDS = 100_000


@dataclass(frozen=True)
class GameSpec:
    modules: str | None  # QUORUM_GAME_MODULES the server needs for it (None: a built-in game)
    options: dict[str, Any]
    min_seats: int
    max_seats: int


GAMES = {
    "bsg": GameSpec(None, {}, 3, 6),
    # the test game: never ends with 100,000 rounds
    "secretcards": GameSpec("tests.secretcards", {"rounds": ROUNDS}, 2, 6),
}

TARGET_A_ACTIONS_PER_S = 1500.0
TARGET_B_P99_MS = 50.0
TARGET_PUSH_BYTES = 1024.0  # median size of a push after a socket's first state
TARGET_KB_PER_SOCKET = 64.0

# Hard bounds so that no loop can run away, whatever the server does.
MAX_MESSAGES_PER_SOCKET = 2_000_000
MAX_ACTS_PER_GAME = 1_000_000
HTTP_CONCURRENCY = 16
CONNECT_CONCURRENCY = 64
PHASE_TIMEOUT = 120.0  # creating, loading, connecting: each phase at most this long
DRAIN_SECONDS = 5.0  # after the window, wait at most this long for the last states
FREEZE_EVERY = 0.5  # seconds between the generator's gc.freeze() calls while it drives


@dataclass(frozen=True)
class ScenarioConfig:
    name: str
    title: str
    games: int
    seats: int
    seconds: float
    interval: float | None  # None: act as soon as asked; else each game acts once per interval
    warmup: float
    deflate: bool = True  # offer permessage-deflate, as browsers do
    game: str = GAME
    patches: bool = True  # the server's default; False connects with ?patches=0 (full states)
    seed: int = 1  # the bots' choices: the n-th game a run creates draws from its own Random


DEFAULTS = {
    "A": ScenarioConfig("A", "throughput", games=20, seats=5, seconds=20.0, interval=None,
                        warmup=3.0),
    "B": ScenarioConfig("B", "latency at steady load", games=300, seats=6, seconds=30.0,
                        interval=2.0, warmup=2.0),
}


# ---- the server under test -------------------------------------------------------------------


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def read_rss_kb(pid: int) -> int:
    """VmRSS of a process in KB (Linux /proc)."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for pid {pid}")


def machine_busy_seconds() -> float:
    """CPU seconds the whole machine has been busy (all cores, Linux /proc/stat)."""
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def write_calls(pid: int) -> int | None:
    """How many write system calls a process made so far (`syscw` of /proc/<pid>/io: every
    socket write, SQLite's too); None where the kernel does not tell."""
    try:
        with open(f"/proc/{pid}/io") as f:
            for line in f:
                if line.startswith("syscw:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


class Server:
    """`python -m app serve` on a free loopback port, with a fresh SQLite file unless a
    database URL is given, offering `game` (the test game needs its module loaded). Use as a
    context manager; it is always stopped at the end. `log_problems` then holds the log's lines
    that tell of an error (tracebacks, ERROR records)."""

    def __init__(self, database_url: str | None = None, startup_timeout: float = 60.0,
                 game: str = GAME, cpu: int | None = None) -> None:
        self.given_url = database_url
        self.cpu = cpu  # the one CPU the server may run on (None: any)
        self.startup_timeout = startup_timeout
        self.game = game
        self.log_problems: list[str] = []
        self.tmp = ""
        self.database_url = ""
        self.port = 0
        self.proc: subprocess.Popen[bytes] | None = None
        self._log: Any = None

    @property
    def base_url(self) -> str:
        return f"http://{HOST}:{self.port}"

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def __enter__(self) -> Server:
        self.tmp = tempfile.mkdtemp(prefix="quorum-bench-")
        self.database_url = self.given_url or f"sqlite:///{self.tmp}/bench.db"
        self.port = free_port()
        env = dict(os.environ)
        env["DATABASE_URL"] = self.database_url
        modules = GAMES[self.game].modules
        if modules:
            env["QUORUM_GAME_MODULES"] = modules
        else:
            env.pop("QUORUM_GAME_MODULES", None)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
        self._log = open(Path(self.tmp) / "server.log", "wb")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "app", "serve", "--host", HOST, "--port", str(self.port)],
            cwd=ROOT, env=env, stdout=self._log, stderr=subprocess.STDOUT,
        )
        if self.cpu is not None:
            os.sched_setaffinity(self.proc.pid, {self.cpu})
        try:
            self._wait_ready()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _wait_ready(self) -> None:
        assert self.proc is not None
        deadline = time.monotonic() + self.startup_timeout
        with httpx.Client(base_url=self.base_url, timeout=2.0, trust_env=False) as client:
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"the server exited with {self.proc.returncode}:\n"
                                       f"{self.log_tail()}")
                with contextlib.suppress(httpx.HTTPError):
                    r = client.get("/api/rules")
                    if r.status_code == 200:
                        if self.game not in {g["name"] for g in r.json()}:
                            raise RuntimeError(f"the server does not offer {self.game!r}")
                        return
                time.sleep(0.1)
        raise RuntimeError(f"the server did not answer within {self.startup_timeout:.0f} s:\n"
                           f"{self.log_tail()}")

    def log_tail(self, lines: int = 30) -> str:
        try:
            text = (Path(self.tmp) / "server.log").read_text(errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    def _read_problems(self) -> list[str]:
        """The log's lines about errors: each traceback's last line, ERROR/CRITICAL records."""
        try:
            lines = (Path(self.tmp) / "server.log").read_text(errors="replace").splitlines()
        except OSError:
            return []
        out: list[str] = []
        in_traceback = False
        for line in lines:
            if line.startswith("Traceback"):
                in_traceback = True
            elif in_traceback and line and not line[0].isspace():
                out.append(line)  # the exception line that ends a traceback
                in_traceback = False
            elif line.startswith(("ERROR", "CRITICAL")):
                out.append(line)
        return out

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            # uvicorn shuts down gracefully on SIGINT; escalate only if it does not.
            for sig, wait in ((signal.SIGINT, 15.0), (signal.SIGTERM, 5.0), (signal.SIGKILL, 5.0)):
                proc.send_signal(sig)
                try:
                    proc.wait(wait)
                    break
                except subprocess.TimeoutExpired:
                    continue
        if self._log is not None:
            self._log.close()
            self._log = None
        if self.tmp:
            self.log_problems = self._read_problems()
            shutil.rmtree(self.tmp, ignore_errors=True)
            self.tmp = ""


# ---- the load generator ----------------------------------------------------------------------


class Run:
    """What one scenario run records, and what it shares: the HTTP client that creates games,
    the socket opener. Kept flat and cheap: one process drives every socket."""

    def __init__(self, cfg: ScenarioConfig, sockets: int, http: httpx.AsyncClient, ws_base: str,
                 deadline: float) -> None:
        self.cfg = cfg
        self.http = http
        self.ws_base = ws_base
        self.deadline = deadline  # readers stop after this, whatever happens
        self.immediate = cfg.interval is None
        self.acting = False  # A: seats act when asked (from the start of the warm-up to the end)
        self.measuring = False  # inside the measured window: pushes and games are counted
        self.stopping = False  # after the window: finished games are not replaced any more
        self.sockets = sockets
        self.ready = 0
        self.all_ready = asyncio.Event()
        self.created = 0  # games created so far: the n-th draws from its own seeded Random
        self.games: set[Game] = set()  # every game whose sockets are open
        self.readers: list[asyncio.Task[None]] = []
        self.replacing: set[asyncio.Task[None]] = set()
        self.sent: list[float] = []  # send time of every act
        self.done: list[tuple[float, float]] = []  # (send time, latency) of every completed act
        self.stale_sent: list[float] = []  # send time of every act answered 409 (stale version)
        self.failed_sent: list[float] = []  # send time of every act answered another error
        self.dropped_sent: list[float] = []  # send time of acts in flight when their game ended
        self.acks = 0
        self.errors = 0  # error answers other than 409, and anything the generator failed at
        self.stale = 0  # 409 answers: expected when two seats are asked at once
        self.resyncs = 0  # patches that did not fit the body held: {"type":"sync"} sent
        self.last_error: Any = None
        self.push_bytes: list[int] = []  # in the window: size of every push after a first state
        self.push_states = 0  # ... of which whole states
        self.push_patches = 0  # ... and patches
        self.games_finished = 0  # in the window
        self.games_started = 0  # in the window: new games that replaced finished ones
        self.tick_late: list[float] = []  # how late each interval tick fired (generator lag)
        self.missed_ticks = 0

    def first_state(self) -> None:
        self.ready += 1
        if self.ready >= self.sockets:
            self.all_ready.set()

    def new_game(self, slot: Slot, game_id: str, tokens: list[str]) -> Game:
        rng = random.Random(self.cfg.seed * 1_000_003 + self.created)
        self.created += 1
        game = Game(self, slot, game_id, tokens, rng)
        self.games.add(game)
        return game

    async def open_seat(self, game: Game, seat: int) -> None:
        url = f"{self.ws_base}/ws/games/{game.id}?token={game.tokens[seat]}"
        if not self.cfg.patches:
            url += "&patches=0"
        ws = await connect(
            url, compression="deflate" if self.cfg.deflate else None, proxy=None,
            ping_interval=None, open_timeout=30, close_timeout=2, max_size=2**24,
        )
        if game.closed:  # the run ended while this one was connecting
            await ws.close()
            return
        game.socks[seat] = ws
        self.readers.append(asyncio.create_task(_read(game, seat, ws, self.deadline)))

    def on_finished(self, game: Game) -> None:
        """A seat saw `game` finish: count it, and put a new game in its place."""
        if self.measuring:
            self.games_finished += 1
        if self.stopping:
            return
        task = asyncio.create_task(self._replace(game))
        self.replacing.add(task)
        task.add_done_callback(self.replacing.discard)

    async def _replace(self, old: Game) -> None:
        """Create a game like the finished one, open its seats' sockets, close the old ones; the
        slot (and so scenario B's ticker) goes on with the new game."""
        try:
            game_id, tokens = await _create(self.http, self.cfg)
            new = self.new_game(old.slot, game_id, tokens)
            await asyncio.wait_for(
                asyncio.gather(*(self.open_seat(new, s) for s in range(len(tokens)))),
                PHASE_TIMEOUT)
            old.slot.game = new
            if self.measuring:
                self.games_started += 1
        except Exception as exc:  # counted, and the slot keeps its finished game
            self.errors += 1
            self.last_error = f"replacing finished game {old.id}: {exc!r}"
        finally:
            await old.close()

    async def close_all(self) -> None:
        self.stopping = True
        for task in list(self.replacing):
            task.cancel()
        await asyncio.gather(*self.replacing, return_exceptions=True)
        await _bounded((g.close() for g in list(self.games)), 64, 60.0)
        for t in self.readers:
            t.cancel()
        await asyncio.gather(*self.readers, return_exceptions=True)


class Slot:
    """A place for one game: when its game finishes, the next one takes the place (and its
    scenario B schedule)."""

    def __init__(self) -> None:
        self.game: Game | None = None


class Game:
    """One game: its seats' sockets, the body each seat holds (kept up to date by applying the
    patches), and the acts whose states have not yet reached every seat."""

    def __init__(self, run: Run, slot: Slot, game_id: str, tokens: list[str],
                 rng: random.Random) -> None:
        n = len(tokens)
        self.run = run
        self.slot = slot
        self.id = game_id
        self.tokens = tokens
        self.rng = rng
        self.socks: list[ClientConnection | None] = [None] * n
        self.bodies: list[dict[str, Any] | None] = [None] * n
        self.seen = [-1] * n  # the version of the body each seat holds
        self.syncing = [False] * n  # a sync was asked for: ignore patches until the state comes
        self.acted = [-1] * n  # the version each seat last acted at
        self.min_seen = -1
        self.ready_seats = 0
        self.ready = False  # every seat has its first state
        self.finished = False
        self.closed = False
        # client_id -> [version awaited, send time, latency once every seat has it, acked]
        self.pending: dict[str, list[Any]] = {}
        self.acts = 0

    async def on_message(self, seat: int, raw: bytes, now: float) -> None:
        if self.closed:
            return
        msg = orjson.loads(raw)
        kind = msg.get("type")
        run = self.run
        if kind == "patch":
            if run.measuring:
                run.push_bytes.append(len(raw))
                run.push_patches += 1
            if self.syncing[seat]:
                return
            body = self.bodies[seat]
            if body is None or msg.get("from") != self.seen[seat]:
                await self.resync(seat)
                return
            try:
                body = patch.apply(body, msg["ops"])
                ok = type(body) is dict and body.get("version") == msg["version"]
            except (KeyError, IndexError, TypeError, ValueError):
                ok = False
            if not ok:
                await self.resync(seat)
                return
            self.bodies[seat] = body
            await self.on_body(seat, body, now)
        elif kind == "state":
            if self.seen[seat] >= 0 and run.measuring:
                run.push_bytes.append(len(raw))
                run.push_states += 1
            del msg["type"]
            self.syncing[seat] = False
            self.bodies[seat] = msg
            await self.on_body(seat, msg, now)
        elif kind == "ack":
            run.acks += 1
            entry = self.pending.get(msg.get("client_id"))
            if entry is not None:
                entry[3] = True
                if entry[2] is not None:
                    del self.pending[msg["client_id"]]
                    run.done.append((entry[1], entry[2]))
        elif kind == "error":
            entry = self.pending.pop(msg.get("client_id"), None)
            if msg.get("code") == 409:
                run.stale += 1
                if entry is not None:
                    run.stale_sent.append(entry[1])
            else:
                run.errors += 1
                run.last_error = msg
                if entry is not None:
                    run.failed_sent.append(entry[1])

    async def resync(self, seat: int) -> None:
        """The patch does not fit the body held: ask for the whole state."""
        self.run.resyncs += 1
        self.syncing[seat] = True
        self.bodies[seat] = None
        ws = self.socks[seat]
        if ws is not None:
            await ws.send('{"type":"sync"}')

    async def on_body(self, seat: int, body: dict[str, Any], now: float) -> None:
        run = self.run
        version = body["version"]
        seen = self.seen
        became_ready = False
        if version > seen[seat]:
            if seen[seat] < 0:
                run.first_state()
                self.ready_seats += 1
                became_ready = self.ready_seats == len(seen)
                self.ready = self.ready or became_ready
            seen[seat] = version
            low = min(seen)
            if low > self.min_seen:
                self.min_seen = low
                if self.pending:
                    self._complete(low, now)
        if body["status"] == "finished":
            if not self.finished:
                self.finished = True
                run.on_finished(self)
            return
        if run.immediate and run.acting and self.ready:
            if became_ready:  # a new game's last seat is in: everyone asked acts
                await self.kick()
            elif body["prompts"] and version > self.acted[seat]:
                await self.act(seat)

    def _complete(self, low: int, now: float) -> None:
        done = self.run.done
        for cid, entry in list(self.pending.items()):
            if entry[0] <= low and entry[2] is None:
                entry[2] = now - entry[1]
                if entry[3]:
                    del self.pending[cid]
                    done.append((entry[1], entry[2]))

    def asked(self, seat: int) -> bool:
        body = self.bodies[seat]
        return (body is not None and not self.syncing[seat] and bool(body["prompts"])
                and self.seen[seat] > self.acted[seat] and body["status"] != "finished")

    async def kick(self) -> None:
        """A: every seat asked now acts now."""
        for seat in range(len(self.seen)):
            if self.asked(seat):
                await self.act(seat)

    async def tick(self) -> bool:
        """B: one of the seats asked now acts; False if none can."""
        if not self.ready or self.finished or self.closed:
            return False
        asked = [s for s in range(len(self.seen)) if self.asked(s)]
        if not asked:
            return False
        return await self.act(asked[0] if len(asked) == 1 else self.rng.choice(asked))

    async def act(self, seat: int) -> bool:
        body = self.bodies[seat]
        ws = self.socks[seat]
        if body is None or ws is None or self.closed or self.acts >= MAX_ACTS_PER_GAME:
            return False
        prompts = body["prompts"]
        if not prompts or not prompts[0]["options"]:
            return False
        action = random_answer(self.rng.choice(prompts), self.rng)
        version = self.seen[seat]
        self.acted[seat] = version
        self.acts += 1
        client_id = f"{self.id}:{version}:{seat}"
        text = orjson.dumps({"type": "act", "version": version, "action": action,
                             "client_id": client_id}).decode()
        t0 = time.perf_counter()
        self.run.sent.append(t0)
        self.pending[client_id] = [version + 1, t0, None, False]
        await ws.send(text)
        return True

    async def close(self) -> None:
        """Stop following this game: acts still in flight are dropped, sockets closed."""
        if self.closed:
            return
        self.closed = True
        self.run.games.discard(self)
        self.run.dropped_sent.extend(entry[1] for entry in self.pending.values())
        self.pending.clear()
        self.bodies = [None] * len(self.bodies)
        socks = [ws for ws in self.socks if ws is not None]
        await asyncio.gather(*(ws.close() for ws in socks), return_exceptions=True)


async def _read(game: Game, seat: int, ws: ClientConnection, deadline: float) -> None:
    """Reads one socket until it closes, the deadline passes or the message cap is reached."""
    recv, perf = ws.recv, time.perf_counter
    try:
        for _ in range(MAX_MESSAGES_PER_SOCKET):
            raw = await recv(decode=False)  # bytes: the size of the push as sent, no decoding
            now = perf()
            try:
                await game.on_message(seat, raw, now)
            except ConnectionClosed:
                raise
            except Exception as exc:  # a message the generator could not handle: count it
                game.run.errors += 1
                game.run.last_error = f"game {game.id} seat {seat}: {exc!r}"
            if now > deadline:
                return
    except ConnectionClosed:
        return


async def _bounded(coros: Iterable[Awaitable[Any]], limit: int, timeout: float) -> list[Any]:
    sem = asyncio.Semaphore(limit)

    async def one(c: Awaitable[Any]) -> Any:
        async with sem:
            return await c

    return await asyncio.wait_for(asyncio.gather(*(one(c) for c in coros)), timeout)


async def _create(http: httpx.AsyncClient, cfg: ScenarioConfig) -> tuple[str, list[str]]:
    players = [f"P{i + 1}" for i in range(cfg.seats)]
    r = await http.post("/api/games", json={"game": cfg.game, "players": players,
                                            "options": GAMES[cfg.game].options})
    r.raise_for_status()
    body = r.json()
    return body["id"], [s["token"] for s in body["seats"]]


async def _load(http: httpx.AsyncClient, game_id: str, token: str) -> None:
    r = await http.get(f"/api/games/{game_id}", headers={"Authorization": f"Bearer {token}"})
    r.raise_for_status()


async def _ticker(slot: Slot, run: Run, start: float, period: float, end: float) -> None:
    """Scenario B: one of the slot's game's asked seats acts once per period, on a fixed
    schedule; the slot's next game goes on with it when one finishes."""
    perf = time.perf_counter
    for k in range(int((end - start) / period) + 1):
        target = start + k * period
        if target >= end:
            return
        delay = target - perf()
        if delay > 0:
            await asyncio.sleep(delay)
        run.tick_late.append(perf() - target)
        game = slot.game
        if game is None or not await game.tick():
            run.missed_ticks += 1


async def _keep_frozen() -> None:
    while True:
        await asyncio.sleep(FREEZE_EVERY)
        gc.freeze()


def _pct(sorted_values: list[Any], q: float) -> Any:
    if not sorted_values:
        return None
    i = min(len(sorted_values) - 1, max(0, round(q / 100 * len(sorted_values) + 0.5) - 1))
    return sorted_values[i]


def _ms(v: float | None) -> float | None:
    return None if v is None else round(v * 1000, 2)


def _in(times: list[float], start: float, end: float) -> int:
    return sum(1 for t in times if start <= t < end)


async def run_scenario(
    base_url: str, server_pid: int, cfg: ScenarioConfig, profile_dir: str | None = None
) -> dict[str, Any]:
    """Create and load the games, connect every seat, drive the load, return the figures.
    With `profile_dir`, py-spy records the server during the measured window."""
    ws_base = "ws://" + base_url.split("://", 1)[1]
    limits = httpx.Limits(max_connections=HTTP_CONCURRENCY)
    async with httpx.AsyncClient(base_url=base_url, timeout=30.0, limits=limits,
                                 trust_env=False) as http:
        return await _drive(http, ws_base, server_pid, cfg, profile_dir)


async def _drive(http: httpx.AsyncClient, ws_base: str, server_pid: int, cfg: ScenarioConfig,
                 profile_dir: str | None) -> dict[str, Any]:
    created = await _bounded((_create(http, cfg) for _ in range(cfg.games)),
                             HTTP_CONCURRENCY, PHASE_TIMEOUT)
    await _bounded((_load(http, gid, tokens[0]) for gid, tokens in created),
                   HTTP_CONCURRENCY, PHASE_TIMEOUT)
    await asyncio.sleep(0.5)
    rss_before = read_rss_kb(server_pid)

    sockets = cfg.games * cfg.seats
    hard_deadline = time.perf_counter() + PHASE_TIMEOUT + cfg.warmup + cfg.seconds + 60
    run = Run(cfg, sockets, http, ws_base, hard_deadline)
    slots = [Slot() for _ in created]
    games = []
    for slot, (gid, tokens) in zip(slots, created, strict=True):
        slot.game = run.new_game(slot, gid, tokens)
        games.append(slot.game)

    t_connect = time.perf_counter()
    freezer: asyncio.Task[None] | None = None
    try:
        await _bounded((run.open_seat(g, s) for g in games for s in range(cfg.seats)),
                       CONNECT_CONCURRENCY, PHASE_TIMEOUT)
        await asyncio.wait_for(run.all_ready.wait(), PHASE_TIMEOUT)
        connect_seconds = time.perf_counter() - t_connect
        await asyncio.sleep(0.2)
        rss_after = read_rss_kb(server_pid)
        # Keep the generator's own garbage collector from stalling its event loop (and so
        # inflating the latencies it measures): freeze everything built so far, and again
        # every FREEZE_EVERY seconds. The patches keep adding objects to the bodies held; left
        # to pile up they made full collections of ~100 ms after 20 s of B. gc.freeze() is
        # O(1), and reference counting still frees what it froze.
        gc.collect()
        gc.freeze()
        freezer = asyncio.create_task(_keep_frozen())

        # ---- drive the load ----
        loop_start = time.perf_counter() + 0.05
        window_start = loop_start + cfg.warmup
        window_end = window_start + cfg.seconds
        cpu: dict[str, float] = {}
        writes: list[int | None] = [None, None]
        spies: list[Any] = []

        async def sample_cpu() -> None:
            await asyncio.sleep(max(0.0, window_start - time.perf_counter()))
            run.measuring = True
            cpu["server0"], cpu["client0"] = cpu_seconds(server_pid), time.process_time()
            cpu["machine0"] = machine_busy_seconds()
            writes[0] = write_calls(server_pid)
            if profile_dir:
                spies.extend(pyspy.start(server_pid, cfg.seconds, profile_dir, cfg.name))
            await asyncio.sleep(max(0.0, window_end - time.perf_counter()))
            cpu["server1"], cpu["client1"] = cpu_seconds(server_pid), time.process_time()
            cpu["machine1"] = machine_busy_seconds()
            writes[1] = write_calls(server_pid)
            run.measuring = False

        sampler = asyncio.create_task(sample_cpu())
        if cfg.interval is None:
            await asyncio.sleep(max(0.0, loop_start - time.perf_counter()))
            run.acting = True
            for g in games:
                await g.kick()
            await asyncio.sleep(max(0.0, window_end - time.perf_counter()))
            run.acting = False
        else:
            period = cfg.interval
            await asyncio.gather(*(
                _ticker(slot, run, loop_start + i * period / len(slots), period, window_end)
                for i, slot in enumerate(slots)
            ))
        await sampler
        run.stopping = True
        if spies:
            await asyncio.to_thread(pyspy.wait, spies, 30.0)
        drain_until = time.perf_counter() + DRAIN_SECONDS
        while (any(g.pending for g in run.games) or run.replacing) \
                and time.perf_counter() < drain_until:
            await asyncio.sleep(0.05)
    finally:
        if freezer is not None:
            freezer.cancel()
        await run.close_all()
        gc.unfreeze()

    in_window = sorted(lat for t0, lat in run.done if window_start <= t0 < window_end)
    sent_in_window = _in(run.sent, window_start, window_end)
    stale_in_window = _in(run.stale_sent, window_start, window_end)
    failed_in_window = _in(run.failed_sent, window_start, window_end)
    dropped_in_window = _in(run.dropped_sent, window_start, window_end)
    lateness = sorted(run.tick_late)
    pushes = sorted(run.push_bytes)
    return {
        "scenario": cfg.name,
        "title": cfg.title,
        "game": cfg.game,
        "games": cfg.games,
        "seats": cfg.seats,
        "sockets": sockets,
        "seconds": cfg.seconds,
        "warmup_seconds": cfg.warmup,
        "interval_seconds": cfg.interval,
        "deflate": cfg.deflate,
        "patches": cfg.patches,
        "seed": cfg.seed,
        "actions": len(in_window),
        "actions_per_s": round(len(in_window) / cfg.seconds, 1),
        "sent_in_window": sent_in_window,
        # sent, neither seen by every seat nor answered stale/error, nor dropped with its game
        "incomplete": (sent_in_window - len(in_window) - stale_in_window - failed_in_window
                       - dropped_in_window),
        "p50_ms": _ms(_pct(in_window, 50)),
        "p90_ms": _ms(_pct(in_window, 90)),
        "p99_ms": _ms(_pct(in_window, 99)),
        "max_ms": _ms(in_window[-1] if in_window else None),
        "mean_ms": _ms(sum(in_window) / len(in_window) if in_window else None),
        "acks": run.acks,
        "errors": run.errors,
        "last_error": run.last_error,
        "stale": run.stale,
        "stale_in_window": stale_in_window,
        "failed_in_window": failed_in_window,
        "dropped_in_window": dropped_in_window,
        "resyncs": run.resyncs,
        "games_finished": run.games_finished,
        "games_started": run.games_started,
        "pushes": len(pushes),
        "push_states": run.push_states,
        "push_patches": run.push_patches,
        "push_bytes_p50": _pct(pushes, 50),
        "push_bytes_p90": _pct(pushes, 90),
        "push_bytes_mean": round(sum(pushes) / len(pushes), 1) if pushes else None,
        "push_bytes_max": pushes[-1] if pushes else None,
        "missed_ticks": run.missed_ticks,
        "tick_late_p99_ms": _ms(_pct(lateness, 99)),
        "server_cpu_pct": round(100 * (cpu["server1"] - cpu["server0"]) / cfg.seconds, 1),
        "client_cpu_pct": round(100 * (cpu["client1"] - cpu["client0"]) / cfg.seconds, 1),
        # everything else on the machine (other programs, py-spy, the kernel), in % of one core
        "other_cpu_pct": round(100 * ((cpu["machine1"] - cpu["machine0"])
                                      - (cpu["server1"] - cpu["server0"])
                                      - (cpu["client1"] - cpu["client0"])) / cfg.seconds, 1),
        # server CPU per action: the efficiency figure least disturbed by other load
        "server_cpu_ms_per_action": (
            round(1000 * (cpu["server1"] - cpu["server0"]) / len(in_window), 2)
            if in_window else None
        ),
        # write system calls of the server per action (socket writes and SQLite's)
        "server_writes_per_action": (
            round((writes[1] - writes[0]) / len(in_window), 2)
            if in_window and writes[0] is not None and writes[1] is not None else None
        ),
        "connect_seconds": round(connect_seconds, 2),
        "rss_before_kb": rss_before,
        "rss_after_kb": rss_after,
        "kb_per_socket": round((rss_after - rss_before) / sockets, 1),
    }


# ---- reporting -------------------------------------------------------------------------------


def targets(results: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []

    def add(name: str, value: float | None, op: str, target: float, unit: str) -> None:
        met = value is not None and (value >= target if op == ">=" else value <= target)
        out.append({"name": name, "value": value, "op": op, "target": target, "unit": unit,
                    "met": met})

    if "A" in results:
        add("A throughput", results["A"]["actions_per_s"], ">=", TARGET_A_ACTIONS_PER_S,
            "actions/s")
    if "B" in results:
        add("B p99 latency", results["B"]["p99_ms"], "<=", TARGET_B_P99_MS, "ms")
    for name, r in results.items():
        add(f"{name} median push", r["push_bytes_p50"], "<=", TARGET_PUSH_BYTES, "bytes")
    mem = results.get("B") or results.get("A")
    if mem is not None:
        add(f"memory per socket ({mem['scenario']})", mem["kb_per_socket"], "<=",
            TARGET_KB_PER_SOCKET, "KB")
    return out


def _f(v: Any, width: int) -> str:
    if v is None:
        return "-".rjust(width)
    if isinstance(v, float):
        return f"{v:,.1f}".rjust(width)
    return f"{v:,}".rjust(width) if isinstance(v, int) else str(v).rjust(width)


def pinned_cpus(wanted: bool) -> tuple[int, int] | None:
    """The CPUs for the server and the generator, if they are to be pinned and can be."""
    if not wanted or not hasattr(os, "sched_setaffinity"):
        return None
    allowed = sorted(os.sched_getaffinity(0))
    return (allowed[0], allowed[1]) if len(allowed) >= 2 else None


def print_table(results: dict[str, dict[str, Any]], database: str,
                pins: tuple[int, int] | None = None) -> None:
    first = next(iter(results.values()), {})
    where = (f"server on CPU {pins[0]}, generator on CPU {pins[1]} (pinned)" if pins
             else f"{os.cpu_count()} CPUs shared")
    print(f"Quorum load benchmark — game {first.get('game')}; "
          f"{'patches' if first.get('patches', True) else 'full states (?patches=0)'}, "
          f"{'permessage-deflate offered' if first.get('deflate', True) else 'no deflate'}; "
          f"server: python -m app serve, database {database}; "
          f"generator: 1 asyncio process; {where}")
    cols = [("scenario", "scenario", 8), ("games", "games", 5), ("seats", "seats", 5),
            ("sockets", "sockets", 7), ("seconds", "secs", 5), ("actions", "actions", 8),
            ("actions_per_s", "actions/s", 9), ("p50_ms", "p50 ms", 7), ("p90_ms", "p90 ms", 7),
            ("p99_ms", "p99 ms", 7), ("max_ms", "max ms", 7), ("errors", "errors", 6),
            ("stale", "stale", 5), ("push_bytes_p50", "push p50 B", 10),
            ("server_cpu_pct", "srv cpu%", 8),
            ("server_cpu_ms_per_action", "srv ms/act", 10),
            ("server_writes_per_action", "srv wr/act", 10), ("client_cpu_pct", "gen cpu%", 8),
            ("other_cpu_pct", "other cpu%", 10)]
    print("  ".join(h.rjust(w) for _, h, w in cols))
    for r in results.values():
        print("  ".join(_f(r[k], w) for k, _, w in cols))
    for r in results.values():
        extra = ""
        if r["interval_seconds"]:
            extra = (f"; generator tick lateness p99 {_f(r['tick_late_p99_ms'], 0)} ms, "
                     f"missed ticks {r['missed_ticks']}")
        print(f"{r['scenario']} ({r['title']}): server RSS {r['rss_before_kb'] / 1024:,.1f} MB "
              f"before sockets, {r['rss_after_kb'] / 1024:,.1f} MB with {r['sockets']:,} "
              f"sockets → {r['kb_per_socket']:,.1f} KB/socket; connected in "
              f"{r['connect_seconds']} s; incomplete {r['incomplete']}{extra}")
        print(f"  pushes after the first state: {r['pushes']:,} ({r['push_patches']:,} patches, "
              f"{r['push_states']:,} whole states), bytes median {_f(r['push_bytes_p50'], 0)}, "
              f"p90 {_f(r['push_bytes_p90'], 0)}, mean {_f(r['push_bytes_mean'], 0)}, "
              f"max {_f(r['push_bytes_max'], 0)}; resyncs {r['resyncs']}; stale acts "
              f"{r['stale']} ({r['stale_in_window']} in the window); games finished "
              f"{r['games_finished']}, started {r['games_started']}; acts dropped with their "
              f"game {r['dropped_in_window']}")
        if r["errors"]:
            print(f"  last error: {r['last_error']}")
        problems = r.get("server_log_problems") or []
        if problems:
            print(f"  server log: {len(problems)} error lines, first: {problems[0]}")
        if r["other_cpu_pct"] > 25:
            print(f"  warning: other programs kept {r['other_cpu_pct']:.0f}% of a core busy during "
                  f"the window; these figures are pessimistic")
    print()
    print("targets")
    for t in targets(results):
        print(f"  {t['name']:<28} {_f(t['value'], 9)} {t['unit']:<10} target {t['op']} "
              f"{t['target']:,.0f} {t['unit']:<10} {'met' if t['met'] else 'missed'}")


# ---- command line ----------------------------------------------------------------------------


def _positive(kind: type, low: float, high: float) -> Any:
    def parse(text: str) -> Any:
        value = kind(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low} to {high}")
        return value
    return parse


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scenario", choices=["A", "B", "all"], default="all")
    parser.add_argument("--game", choices=sorted(GAMES), default=GAME,
                        help="the game to drive (default bsg; secretcards: the never-ending "
                             "test game)")
    parser.add_argument("--seconds", type=_positive(float, 0.5, 3600),
                        help="measured seconds (default A 20, B 30)")
    parser.add_argument("--games", type=_positive(int, 1, 5000), help="default A 20, B 300")
    parser.add_argument("--seats", type=_positive(int, 2, 6), help="default A 5, B 6")
    parser.add_argument("--database-url",
                        help="database for the server (default: a fresh SQLite file)")
    parser.add_argument("--no-deflate", action="store_true",
                        help="do not offer permessage-deflate (browsers do offer it)")
    parser.add_argument("--no-patches", action="store_true",
                        help="connect with ?patches=0: the server sends whole states")
    parser.add_argument("--seed", type=_positive(int, 0, 2**31), default=1,
                        help="seed of the bots' random choices (default 1)")
    parser.add_argument("--no-pin", action="store_true",
                        help="do not pin the server and the generator to a CPU each")
    parser.add_argument("--json", action="store_true", help="also print one JSON line")
    parser.add_argument("--profile", metavar="DIR",
                        help="record the server with py-spy during each window into DIR")
    args = parser.parse_args(argv)
    if args.profile and not pyspy.available():
        parser.error("--profile needs py-spy on PATH (pip install py-spy)")
    spec = GAMES[args.game]
    if args.seats and not spec.min_seats <= args.seats <= spec.max_seats:
        parser.error(f"--seats: {args.game} takes {spec.min_seats} to {spec.max_seats} players")

    names = ["A", "B"] if args.scenario == "all" else [args.scenario]
    results: dict[str, dict[str, Any]] = {}
    database = "SQLite (temporary file)"
    runner_kw: dict[str, Any] = {}
    pins = pinned_cpus(not args.no_pin)
    if pins:
        os.sched_setaffinity(0, {pins[1]})
    with contextlib.suppress(ImportError):
        import uvloop

        runner_kw["loop_factory"] = uvloop.new_event_loop
    with asyncio.Runner(**runner_kw) as runner:
        for name in names:
            cfg = DEFAULTS[name]
            cfg = replace(
                cfg,
                games=args.games or cfg.games,
                seats=args.seats or cfg.seats,
                seconds=args.seconds or cfg.seconds,
                deflate=not args.no_deflate,
                game=args.game,
                patches=not args.no_patches,
                seed=args.seed,
            )
            server = Server(args.database_url, game=args.game, cpu=pins[0] if pins else None)
            with server:
                if args.database_url:
                    database = server.database_url.split("@")[-1]
                results[name] = runner.run(
                    run_scenario(server.base_url, server.pid, cfg, args.profile))
            results[name]["server_log_problems"] = server.log_problems[:20]
    print_table(results, database, pins)
    if args.profile:
        for name in names:
            for mode in pyspy.MODES:
                path = Path(args.profile) / f"{name}-{mode}.txt"
                if path.exists():
                    print()
                    print(pyspy.summarize(path, top=25))
    if args.json:
        print(orjson.dumps({"database": database, "cpus": os.cpu_count(), "pinned": pins,
                            "game": args.game,
                            "scenarios": results, "targets": targets(results),
                            "defaults": {k: asdict(v) for k, v in DEFAULTS.items()}}).decode())
    return 0


if __name__ == "__main__":
    sys.exit(main())
