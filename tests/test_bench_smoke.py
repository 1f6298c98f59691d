"""The load benchmark runs end to end against a real server (figures only: no timing asserts)."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import pytest

from bench.load import DEFAULTS, Server, run_scenario, targets


@pytest.mark.timeout(60)
def test_bench_scenario_a_smoke(db_url: str) -> None:
    """On both databases: on PostgreSQL (acts awaited off the loop) it once played no action at
    all, every game stuck at its first reaction window (tests/web/test_websocket.py)."""
    cfg = replace(DEFAULTS["A"], games=2, seats=5, seconds=1.0, warmup=0.3)
    assert cfg.game == "bsg" and cfg.patches
    # a thread of its own: the browser tests' Playwright may hold this thread's loop
    with Server(db_url) as server, ThreadPoolExecutor(1) as pool:
        result = pool.submit(asyncio.run, run_scenario(server.base_url, server.pid, cfg)
                             ).result()
    assert not server.log_problems, server.log_problems

    assert result["game"] == "bsg"
    assert result["sockets"] == 10
    assert result["actions"] > 0
    assert result["acks"] >= result["actions"]
    assert result["errors"] == 0, result["last_error"]
    assert result["actions_per_s"] > 0
    for key in ("p50_ms", "p99_ms", "max_ms"):
        assert result[key] is not None and result[key] >= 0
    assert result["p50_ms"] <= result["p99_ms"] <= result["max_ms"]
    assert result["rss_before_kb"] > 0 and result["rss_after_kb"] > 0
    assert isinstance(result["kb_per_socket"], float)
    # bytes per push: every state or patch a socket got after its first state
    assert result["pushes"] > 0
    assert result["pushes"] == result["push_patches"] + result["push_states"]
    assert 0 < result["push_bytes_p50"] <= result["push_bytes_p90"] <= result["push_bytes_max"]
    assert result["push_bytes_mean"] > 0
    for key in ("stale", "resyncs", "games_finished", "games_started", "incomplete"):
        assert isinstance(result[key], int) and result[key] >= 0, key
    names = [t["name"] for t in targets({"A": result})]
    assert names == ["A throughput", "A median push", "memory per socket (A)"]


def test_bench_pushpath_replays_the_pushes() -> None:
    """The pushes-alone benchmark plays a game, replays it and measures something."""
    from bench.pushpath import run

    figures = run(games=1, players=3, seed=0)
    assert figures["actions"] > 0 and figures["us"] > 0 and figures["bytes"] > 0


def test_bench_together_plays_games_side_by_side() -> None:
    """The many-games server path runs its acts, pushes and refusals and measures something."""
    from bench.together import run

    figures = run(games=2, actions=40, seed=0)
    assert figures["actions"] == 40 and figures["cpu_us"] > 0
    assert figures["stale_per_action"] >= 0


def test_bench_together_plays_games_through_their_sockets() -> None:
    """The same through the game sockets' path: every seat is written to, the same bytes each
    run (the digest is what tells two versions of the server apart)."""
    from bench.together import run_sockets

    first = run_sockets(games=2, actions=40, seed=0)
    assert first["actions"] == 40 and first["cpu_us"] > 0 and first["writes"] > 0
    assert run_sockets(games=2, actions=40, seed=0)["digest"] == first["digest"]
