"""The Star Realms engine benchmark runs and reports every figure against its target (figures
only: no timing asserts)."""

from __future__ import annotations

from bench.engine_figures import report
from bench.star_realms import TARGETS, run


def test_bench_star_realms_smoke() -> None:
    figures = run(games=3, seed=1)
    assert figures["games"] == 3 and figures["actions_median"] > 0
    for key in ("game_ms_median", "apply_us_p99", "view_us_p99", "state_kb_max",
                "final_view_kb_max"):
        assert figures[key] > 0, key
    lines = report(figures, TARGETS)
    for key in TARGETS:
        line = next(x for x in lines if x.strip().startswith(key))
        assert line.endswith("met)") or line.endswith("missed)")
