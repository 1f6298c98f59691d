"""The load benchmark runs end to end against a real server (figures only: no timing asserts)."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import pytest

from bench.load import DEFAULTS, Server, run_scenario, targets


@pytest.mark.timeout(60)
def test_bench_scenario_a_smoke(tmp_path):
    cfg = replace(DEFAULTS["A"], games=2, seats=5, seconds=1.0, warmup=0.3)
    # a thread of its own: the browser tests' Playwright may hold this thread's loop
    with Server(f"sqlite:///{tmp_path}/smoke.db") as server, ThreadPoolExecutor(1) as pool:
        result = pool.submit(asyncio.run, run_scenario(server.base_url, server.pid, cfg)
                             ).result()

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
    names = [t["name"] for t in targets({"A": result})]
    assert names == ["A throughput", "memory per socket (A)"]
