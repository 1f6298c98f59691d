"""Load benchmark: a real server in a subprocess, many games, one websocket per seat.

    python -m bench.load [--scenario A|B|all] [--seconds N] [--games N] [--seats N]
                         [--database-url URL] [--no-deflate] [--json]

Prints figures and compares them with the targets; it never asserts on time and always exits 0
once the run is done. All traffic goes to 127.0.0.1. See bench/README.md.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import deque
from collections.abc import Awaitable, Iterable
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from bench import pyspy

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"
GAME = "secretcards"
GAME_MODULES = "tests.secretcards"
ROUNDS = 100_000

TARGET_A_ACTIONS_PER_S = 1000.0
TARGET_B_P99_MS = 50.0
TARGET_KB_PER_SOCKET = 64.0

# Hard bounds so that no loop can run away, whatever the server does.
MAX_MESSAGES_PER_SOCKET = 2_000_000
MAX_ACTS_PER_GAME = 1_000_000
HTTP_CONCURRENCY = 16
CONNECT_CONCURRENCY = 64
PHASE_TIMEOUT = 120.0  # creating, loading, connecting: each phase at most this long
DRAIN_SECONDS = 5.0  # after the window, wait at most this long for the last states


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


class Server:
    """`python -m app serve` on a free loopback port, with a fresh SQLite file unless a
    database URL is given. Use as a context manager; it is always stopped at the end."""

    def __init__(self, database_url: str | None = None, startup_timeout: float = 60.0) -> None:
        self.given_url = database_url
        self.startup_timeout = startup_timeout
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
        env["QUORUM_GAME_MODULES"] = GAME_MODULES
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
        self._log = open(Path(self.tmp) / "server.log", "wb")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "app", "serve", "--host", HOST, "--port", str(self.port)],
            cwd=ROOT, env=env, stdout=self._log, stderr=subprocess.STDOUT,
        )
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
                        if GAME not in {g["name"] for g in r.json()}:
                            raise RuntimeError(f"the server does not offer {GAME!r}")
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
            shutil.rmtree(self.tmp, ignore_errors=True)
            self.tmp = ""


# ---- the load generator ----------------------------------------------------------------------


class Run:
    """What one scenario run records. Kept flat and cheap: one process drives every socket."""

    def __init__(self, cfg: ScenarioConfig, sockets: int) -> None:
        self.cfg = cfg
        self.immediate = cfg.interval is None
        self.acting = False
        self.sockets = sockets
        self.ready = 0
        self.all_ready = asyncio.Event()
        self.sent: list[float] = []  # send time of every act
        self.done: list[tuple[float, float]] = []  # (send time, latency) of every completed act
        self.acks = 0
        self.errors = 0
        self.last_error: Any = None
        self.tick_late: list[float] = []  # how late each interval tick fired (generator lag)
        self.missed_ticks = 0

    def first_state(self) -> None:
        self.ready += 1
        if self.ready >= self.sockets:
            self.all_ready.set()


class Game:
    """One game: its seats' sockets, the newest version each seat has seen, and the acts whose
    states have not yet reached every seat."""

    def __init__(self, run: Run, game_id: str, tokens: list[str]) -> None:
        self.run = run
        self.id = game_id
        self.tokens = tokens
        self.socks: list[ClientConnection | None] = [None] * len(tokens)
        self.seen = [-1] * len(tokens)
        self.min_seen = -1
        self.pending: deque[tuple[int, float]] = deque()  # (version awaited, send time)
        self.asked: tuple[int, int, Any] | None = None  # (seat, version, action)
        self.acted = -1
        self.acts = 0

    async def on_message(self, seat: int, raw: str | bytes, now: float) -> None:
        msg = orjson.loads(raw)
        kind = msg.get("type")
        if kind == "state":
            version = msg["version"]
            seen = self.seen
            if version > seen[seat]:
                if seen[seat] < 0:
                    self.run.first_state()
                seen[seat] = version
                low = min(seen)
                if low > self.min_seen:
                    self.min_seen = low
                    pending, done = self.pending, self.run.done
                    while pending and pending[0][0] <= low:
                        _, t0 = pending.popleft()
                        done.append((t0, now - t0))
            prompts = msg.get("prompts")
            if prompts and version > self.acted:
                self.asked = (seat, version, prompts[0]["options"][0]["action"])
                if self.run.immediate and self.run.acting:
                    await self.act()
        elif kind == "ack":
            self.run.acks += 1
        elif kind == "error":
            self.run.errors += 1
            self.run.last_error = msg

    async def act(self) -> bool:
        asked = self.asked
        if asked is None or self.acts >= MAX_ACTS_PER_GAME:
            return False
        seat, version, action = asked
        ws = self.socks[seat]
        assert ws is not None
        self.asked = None
        self.acted = version
        self.acts += 1
        text = orjson.dumps({"type": "act", "version": version, "action": action,
                             "client_id": f"{self.id}:{version}"}).decode()
        t0 = time.perf_counter()
        self.run.sent.append(t0)
        self.pending.append((version + 1, t0))
        await ws.send(text)
        return True


async def _read(game: Game, seat: int, ws: ClientConnection, deadline: float) -> None:
    """Reads one socket until it closes, the deadline passes or the message cap is reached."""
    recv, perf = ws.recv, time.perf_counter
    try:
        for _ in range(MAX_MESSAGES_PER_SOCKET):
            raw = await recv()
            now = perf()
            try:
                await game.on_message(seat, raw, now)
            except (KeyError, IndexError, TypeError, ValueError) as exc:
                game.run.errors += 1
                game.run.last_error = repr(exc)
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


async def _create(http: httpx.AsyncClient, seats: int) -> tuple[str, list[str]]:
    players = [f"P{i + 1}" for i in range(seats)]
    r = await http.post("/api/games", json={"game": GAME, "players": players,
                                            "options": {"rounds": ROUNDS}})
    r.raise_for_status()
    body = r.json()
    return body["id"], [s["token"] for s in body["seats"]]


async def _load(http: httpx.AsyncClient, game_id: str, token: str) -> None:
    r = await http.get(f"/api/games/{game_id}", headers={"Authorization": f"Bearer {token}"})
    r.raise_for_status()


async def _ticker(game: Game, start: float, period: float, end: float) -> None:
    """Scenario B: the game's asked seat acts once per period, on a fixed schedule."""
    perf, run = time.perf_counter, game.run
    for k in range(int((end - start) / period) + 1):
        target = start + k * period
        if target >= end:
            return
        delay = target - perf()
        if delay > 0:
            await asyncio.sleep(delay)
        run.tick_late.append(perf() - target)
        if not await game.act():
            run.missed_ticks += 1


def _pct(sorted_values: list[float], q: float) -> float | None:
    if not sorted_values:
        return None
    i = min(len(sorted_values) - 1, max(0, round(q / 100 * len(sorted_values) + 0.5) - 1))
    return sorted_values[i]


def _ms(v: float | None) -> float | None:
    return None if v is None else round(v * 1000, 2)


async def run_scenario(
    base_url: str, server_pid: int, cfg: ScenarioConfig, profile_dir: str | None = None
) -> dict[str, Any]:
    """Create and load the games, connect every seat, drive the load, return the figures.
    With `profile_dir`, py-spy records the server during the measured window."""
    ws_base = "ws://" + base_url.split("://", 1)[1]
    limits = httpx.Limits(max_connections=HTTP_CONCURRENCY)
    async with httpx.AsyncClient(base_url=base_url, timeout=30.0, limits=limits,
                                 trust_env=False) as http:
        created = await _bounded((_create(http, cfg.seats) for _ in range(cfg.games)),
                                 HTTP_CONCURRENCY, PHASE_TIMEOUT)
        await _bounded((_load(http, gid, tokens[0]) for gid, tokens in created),
                       HTTP_CONCURRENCY, PHASE_TIMEOUT)
    await asyncio.sleep(0.5)
    rss_before = read_rss_kb(server_pid)

    sockets = cfg.games * cfg.seats
    run = Run(cfg, sockets)
    games = [Game(run, gid, tokens) for gid, tokens in created]
    hard_deadline = time.perf_counter() + PHASE_TIMEOUT + cfg.warmup + cfg.seconds + 60
    readers: list[asyncio.Task[None]] = []

    async def open_seat(game: Game, seat: int) -> None:
        ws = await connect(
            f"{ws_base}/ws/games/{game.id}?token={game.tokens[seat]}",
            compression="deflate" if cfg.deflate else None, proxy=None,
            ping_interval=None, open_timeout=30, close_timeout=2, max_size=2**24,
        )
        game.socks[seat] = ws
        readers.append(asyncio.create_task(_read(game, seat, ws, hard_deadline)))

    t_connect = time.perf_counter()
    try:
        await _bounded((open_seat(g, s) for g in games for s in range(cfg.seats)),
                       CONNECT_CONCURRENCY, PHASE_TIMEOUT)
        await asyncio.wait_for(run.all_ready.wait(), PHASE_TIMEOUT)
        connect_seconds = time.perf_counter() - t_connect
        await asyncio.sleep(0.2)
        rss_after = read_rss_kb(server_pid)
        # Keep the generator's own garbage collector from stalling its event loop (and so
        # inflating the latencies it measures): freeze everything built so far.
        gc.collect()
        gc.freeze()

        # ---- drive the load ----
        loop_start = time.perf_counter() + 0.05
        window_start = loop_start + cfg.warmup
        window_end = window_start + cfg.seconds
        cpu: dict[str, float] = {}
        spies: list[Any] = []

        async def sample_cpu() -> None:
            await asyncio.sleep(max(0.0, window_start - time.perf_counter()))
            cpu["server0"], cpu["client0"] = cpu_seconds(server_pid), time.process_time()
            cpu["machine0"] = machine_busy_seconds()
            if profile_dir:
                spies.extend(pyspy.start(server_pid, cfg.seconds, profile_dir, cfg.name))
            await asyncio.sleep(max(0.0, window_end - time.perf_counter()))
            cpu["server1"], cpu["client1"] = cpu_seconds(server_pid), time.process_time()
            cpu["machine1"] = machine_busy_seconds()

        sampler = asyncio.create_task(sample_cpu())
        if cfg.interval is None:
            await asyncio.sleep(max(0.0, loop_start - time.perf_counter()))
            run.acting = True
            for g in games:
                await g.act()
            await asyncio.sleep(max(0.0, window_end - time.perf_counter()))
            run.acting = False
        else:
            period = cfg.interval
            await asyncio.gather(*(
                _ticker(g, loop_start + i * period / len(games), period, window_end)
                for i, g in enumerate(games)
            ))
        await sampler
        if spies:
            await asyncio.to_thread(pyspy.wait, spies, 30.0)
        drain_until = time.perf_counter() + DRAIN_SECONDS
        while any(g.pending for g in games) and time.perf_counter() < drain_until:
            await asyncio.sleep(0.05)
    finally:
        await _bounded((ws.close() for g in games for ws in g.socks if ws is not None),
                       256, 60.0)
        for t in readers:
            t.cancel()
        await asyncio.gather(*readers, return_exceptions=True)
        gc.unfreeze()

    in_window = sorted(lat for t0, lat in run.done if window_start <= t0 < window_end)
    sent_in_window = sum(1 for t0 in run.sent if window_start <= t0 < window_end)
    lateness = sorted(run.tick_late)
    return {
        "scenario": cfg.name,
        "title": cfg.title,
        "games": cfg.games,
        "seats": cfg.seats,
        "sockets": sockets,
        "seconds": cfg.seconds,
        "warmup_seconds": cfg.warmup,
        "interval_seconds": cfg.interval,
        "deflate": cfg.deflate,
        "actions": len(in_window),
        "actions_per_s": round(len(in_window) / cfg.seconds, 1),
        "sent_in_window": sent_in_window,
        "incomplete": sent_in_window - len(in_window),
        "p50_ms": _ms(_pct(in_window, 50)),
        "p90_ms": _ms(_pct(in_window, 90)),
        "p99_ms": _ms(_pct(in_window, 99)),
        "max_ms": _ms(in_window[-1] if in_window else None),
        "mean_ms": _ms(sum(in_window) / len(in_window) if in_window else None),
        "acks": run.acks,
        "errors": run.errors,
        "last_error": run.last_error,
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


def print_table(results: dict[str, dict[str, Any]], database: str) -> None:
    print(f"Quorum load benchmark — server: python -m app serve, database {database}; "
          f"generator: 1 asyncio process; {os.cpu_count()} CPUs shared")
    cols = [("scenario", "scenario", 8), ("games", "games", 5), ("seats", "seats", 5),
            ("sockets", "sockets", 7), ("seconds", "secs", 5), ("actions", "actions", 8),
            ("actions_per_s", "actions/s", 9), ("p50_ms", "p50 ms", 7), ("p90_ms", "p90 ms", 7),
            ("p99_ms", "p99 ms", 7), ("max_ms", "max ms", 7), ("errors", "errors", 6),
            ("server_cpu_pct", "srv cpu%", 8),
            ("server_cpu_ms_per_action", "srv ms/act", 10), ("client_cpu_pct", "gen cpu%", 8),
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
        if r["errors"]:
            print(f"  last error: {r['last_error']}")
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
    parser.add_argument("--seconds", type=_positive(float, 0.5, 3600),
                        help="measured seconds (default A 20, B 30)")
    parser.add_argument("--games", type=_positive(int, 1, 5000), help="default A 20, B 300")
    parser.add_argument("--seats", type=_positive(int, 2, 6), help="default A 5, B 6")
    parser.add_argument("--database-url",
                        help="database for the server (default: a fresh SQLite file)")
    parser.add_argument("--no-deflate", action="store_true",
                        help="do not offer permessage-deflate (browsers do offer it)")
    parser.add_argument("--json", action="store_true", help="also print one JSON line")
    parser.add_argument("--profile", metavar="DIR",
                        help="record the server with py-spy during each window into DIR")
    args = parser.parse_args(argv)
    if args.profile and not pyspy.available():
        parser.error("--profile needs py-spy on PATH (pip install py-spy)")

    names = ["A", "B"] if args.scenario == "all" else [args.scenario]
    results: dict[str, dict[str, Any]] = {}
    database = "SQLite (temporary file)"
    runner_kw: dict[str, Any] = {}
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
            )
            with Server(args.database_url) as server:
                if args.database_url:
                    database = server.database_url.split("@")[-1]
                results[name] = runner.run(
                    run_scenario(server.base_url, server.pid, cfg, args.profile))
    print_table(results, database)
    if args.profile:
        for name in names:
            for mode in pyspy.MODES:
                path = Path(args.profile) / f"{name}-{mode}.txt"
                if path.exists():
                    print()
                    print(pyspy.summarize(path, top=25))
    if args.json:
        print(orjson.dumps({"database": database, "cpus": os.cpu_count(),
                            "scenarios": results, "targets": targets(results),
                            "defaults": {k: asdict(v) for k, v in DEFAULTS.items()}}).decode())
    return 0


if __name__ == "__main__":
    sys.exit(main())
