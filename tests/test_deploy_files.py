"""docker compose cannot run here, so the compose file is checked by reading it."""

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def test_compose_runs_the_app_on_a_healthy_postgres() -> None:
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    services = compose["services"]
    db, app = services["db"], services["app"]
    assert db["image"].startswith("postgres:")
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])
    assert app["depends_on"]["db"]["condition"] == "service_healthy"
    url = app["environment"]["DATABASE_URL"]
    env = db["environment"]
    assert url == (f"postgresql://{env['POSTGRES_USER']}:{env['POSTGRES_PASSWORD']}"
                   f"@db:5432/{env['POSTGRES_DB']}")
    assert "8000:8000" in app["ports"]
    assert services["app2"]["profiles"] == ["scale"] == services["redis"]["profiles"]


def test_dockerfile_serves_on_all_interfaces() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    cmd = '["python", "-m", "app", "serve", "--host", "0.0.0.0", "--port", "8000"]'
    assert f"CMD {cmd}" in dockerfile
    assert "pip install" in dockerfile
