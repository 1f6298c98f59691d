"""The command line: migrate, prune and simulate."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from sqlalchemy import create_engine, inspect, text

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


def test_simulate_takes_the_games_options_and_refuses_bad_ones() -> None:
    done = run("simulate", "--game", "bsg", "--players", "4", "--games", "2", "--seed", "3",
               "--options", '{"difficulty": "easier_for_humans"}')
    assert done.returncode == 0, done.stderr
    totals = json.loads(done.stdout)
    assert totals["options"] == {"difficulty": "easier_for_humans"} and totals["finished"] == 2
    for bad, said in (('{"expansion": "pegasus"}', "expansion"), ("[1]", "object"),
                      ("{", "JSON")):
        refused = run("simulate", "--game", "bsg", "--options", bad)
        assert refused.returncode == 2 and said in refused.stderr, refused.stderr


def test_prune_deletes_old_finished_games_and_lists_abandoned_ones(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'p.db'}"
    assert run("migrate", DATABASE_URL=url).returncode == 0
    engine = create_engine(url)
    games = [("old", "finished", "2020-01-01 00:00:00.000000"),
             ("new", "finished", "2999-01-01 00:00:00.000000"),
             ("idle", "active", None)]
    with engine.begin() as conn:
        for game_id, status, finished in games:
            conn.execute(text(
                "INSERT INTO games (id, game, options, players, seed, status, version, "
                "created_at, updated_at, finished_at, public) VALUES (:id, 'bsg', '{}', "
                "'[\"Ann\", \"Bob\"]', 1, :status, 3, '2020-01-01 00:00:00.000000', "
                "'2020-01-01 00:00:00.000000', :finished, 0)"),
                {"id": game_id, "status": status, "finished": finished})
            conn.execute(text("INSERT INTO seats (game_id, seat, name, token_hash) VALUES "
                              "(:id, 0, 'Ann', :id || 'hash')"), {"id": game_id})

    def ids() -> list[str]:
        with engine.connect() as conn:
            return sorted(r[0] for r in conn.execute(text("SELECT id FROM games")))

    dry = run("prune", "--finished-before", "90d", "--dry-run", DATABASE_URL=url)
    assert dry.returncode == 0, dry.stderr
    assert "would delete 1 games" in dry.stdout and ids() == ["idle", "new", "old"]
    done = run("prune", "--finished-before", "90d", "--idle-for", "30d", DATABASE_URL=url)
    assert done.returncode == 0, done.stderr
    assert "deleted 1 games finished more than 90d ago" in done.stdout
    assert "1 running games idle for more than 30d" in done.stdout and "idle  bsg" in done.stdout
    assert ids() == ["idle", "new"]
    with engine.connect() as conn:
        assert conn.execute(text("SELECT game_id FROM seats ORDER BY game_id")).all() == [
            ("idle",), ("new",)]
    gone = run("prune", "--idle-for", "30d", "--delete-idle", DATABASE_URL=url)
    assert gone.returncode == 0 and ids() == ["new"]
    engine.dispose()


def test_prune_refuses_to_guess() -> None:
    assert run("prune").returncode == 2
    bad = run("prune", "--finished-before", "ninety days")
    assert bad.returncode == 2 and "90d" in bad.stderr
    assert run("prune", "--delete-idle").returncode == 2


def test_simulate_takes_a_bot_per_seat_and_counts_wins_per_seat() -> None:
    done = run("simulate", "--game", "secretcards", "--players", "2", "--games", "6", "--seed",
               "3", "--bots", "random,random", QUORUM_GAME_MODULES="tests.secretcards")
    assert done.returncode == 0, done.stderr
    totals = json.loads(done.stdout)
    assert totals["bots"] == ["random", "random"] and len(totals["seat_wins"]) == 2
    assert sum(totals["seat_wins"]) >= totals["finished"] == 6
    for bots in ("random,genius", "random,random,random"):
        bad = run("simulate", "--game", "secretcards", "--players", "2", "--bots", bots,
                  QUORUM_GAME_MODULES="tests.secretcards")
        assert bad.returncode == 2 and "bot" in bad.stderr
