"""The code stays ruff-clean: part of every test run."""

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_is_clean() -> None:
    ruff = shutil.which("ruff")
    assert ruff is not None, "ruff is a test dependency: pip install -e \".[test]\""
    result = subprocess.run([ruff, "check", "."], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
