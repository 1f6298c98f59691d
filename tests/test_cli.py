"""The command line: migrate and simulate."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from sqlalchemy import create_engine, inspect

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app", *args], cwd=ROOT, capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(ROOT), **env},
                          timeout=120)


def test_migrate_creates_the_schema(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'm.db'}"
    done = run("migrate", DATABASE_URL=url)
    assert done.returncode == 0, done.stderr
    tables = set(inspect(create_engine(url)).get_table_names())
    assert {"games", "seats", "actions", "snapshots", "alembic_version"} <= tables
    assert run("migrate", DATABASE_URL=url).returncode == 0  # idempotent


def test_simulate_prints_one_json_line_of_totals() -> None:
    done = run("simulate", "--game", "secretcards", "--players", "3", "--games", "5", "--seed",
               "1", QUORUM_GAME_MODULES="tests.secretcards")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1
    totals = json.loads(lines[0])
    assert totals["games"] == totals["finished"] == 5
    assert sum(totals["winners"].values()) == 5
    assert totals["actions"] == 5 * 3 * 3
    again = run("simulate", "--game", "secretcards", "--players", "3", "--games", "5", "--seed",
                "1", QUORUM_GAME_MODULES="tests.secretcards")
    assert json.loads(again.stdout)["winners"] == totals["winners"]


def test_simulate_refuses_unknown_games_and_player_counts() -> None:
    assert run("simulate", "--game", "nothing").returncode == 2
    bad = run("simulate", "--game", "secretcards", "--players", "9",
              QUORUM_GAME_MODULES="tests.secretcards")
    assert bad.returncode == 2 and "players" in bad.stderr


def test_simulate_plays_battlestar_galactica_to_the_end() -> None:
    done = run("simulate", "--game", "bsg", "--players", "4", "--games", "3", "--seed", "2")
    assert done.returncode == 0, done.stderr
    totals = json.loads(done.stdout)
    assert totals["game"] == "bsg" and totals["games"] == totals["finished"] == 3
    assert sum(totals["winners"].values()) == 3
