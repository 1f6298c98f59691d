"""Real-browser fixtures: the real server in a subprocess, Debian's Chromium driven by Playwright.

Without Chromium (or Playwright) these tests skip, unless QUORUM_REQUIRE_SERVICES=1 (CI sets it),
which turns the skip into a failure so that a missing browser never passes silently.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
BROWSER_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
START_TIMEOUT = 20.0
# Chromium reports a websocket it cannot open as a console error; that is expected while a test
# has cut the network, and nothing else is.
EXPECTED_CONSOLE = re.compile(r"WebSocket connection to .* failed")
# Every page runs under the server's Content-Security-Policy: anything it refuses is an error.
REPORT_CSP_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (e) => {
  console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"}`
    + ` at ${e.sourceFile}:${e.lineNumber}`);
});
"""


def _missing(reason: str) -> None:
    if os.environ.get("QUORUM_REQUIRE_SERVICES") == "1":
        pytest.fail(f"{reason} (QUORUM_REQUIRE_SERVICES=1, so this is a failure, not a skip)")
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _tail(path: Path, lines: int = 40) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no server log)"


SERVER_LOGS: dict[str, Path] = {}
"""Each live server's address -> the file its output goes to."""


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`python -m app serve` on a free port with a fresh SQLite file and the test game."""
    tmp = tmp_path_factory.mktemp("e2e")
    port = _free_port()
    env = dict(os.environ)
    env.pop("REDIS_URL", None)
    env.update(
        DATABASE_URL=f"sqlite:///{tmp / 'e2e.db'}",
        QUORUM_GAME_MODULES="tests.secretcards,tests.sealedbids",
        PYTHONPATH=os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p),
        PYTHONUNBUFFERED="1",
    )
    log_path = tmp / "server.log"
    base = f"http://127.0.0.1:{port}"
    SERVER_LOGS[base] = log_path
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "app", "serve", "--host", "127.0.0.1", "--port", str(port)],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
        )
        try:
            deadline = time.monotonic() + START_TIMEOUT
            while True:
                if proc.poll() is not None:
                    pytest.fail(f"the server exited with {proc.returncode}:\n{_tail(log_path)}")
                try:
                    if httpx.get(f"{base}/api/rules", timeout=1.0).status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                if time.monotonic() > deadline:
                    pytest.fail(f"the server did not answer within {START_TIMEOUT:.0f} s:\n"
                                f"{_tail(log_path)}")
                time.sleep(0.1)
            yield base
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium through Playwright's sync API (never a downloaded browser)."""
    executable = os.environ.get("QUORUM_CHROMIUM") or shutil.which("chromium")
    if not executable:
        _missing("Chromium is not installed (apt-get install -y chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("Playwright for Python is not installed (pip install -e '.[test]')")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=BROWSER_ARGS)
        try:
            yield browser
        finally:
            browser.close()


FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if report.when == "call":
        item.stash[FAILED] = report.failed
    return report


class Pages:
    """Opens each page in its own browser context (its own cookies, storage and network), records
    what goes wrong inside the pages, and closes everything after the test."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.pages: list[Any] = []
        self.page_errors: list[str] = []
        self.console_errors: list[str] = []

    def open(self, url: str, viewport: dict[str, int] | None = None,
             before: Callable[[Any], None] | None = None) -> Any:
        context = self.browser.new_context(viewport=viewport or DESKTOP)
        context.set_default_timeout(10_000)
        context.add_init_script(REPORT_CSP_VIOLATIONS)
        page = context.new_page()
        label = f"page {len(self.pages) + 1}"
        page.on("pageerror", lambda exc: self.page_errors.append(f"{label}: {exc}"))
        page.on("console", lambda msg: msg.type == "error"
                and self.console_errors.append(f"{label}: {msg.text}"))
        self.contexts.append(context)
        self.pages.append(page)
        if before is not None:
            before(page)
        page.goto(url)
        return page

    def unexpected(self) -> list[str]:
        return self.page_errors + [
            e for e in self.console_errors if not EXPECTED_CONSOLE.search(e)
        ]

    def close(self, name: str, failed: bool) -> None:
        if failed:
            folder = ARTIFACTS / "failures"
            folder.mkdir(parents=True, exist_ok=True)
            for i, page in enumerate(self.pages, 1):
                # A dead page must not hide the real failure.
                with contextlib.suppress(Exception):
                    page.screenshot(path=str(folder / f"{name}-{i}.png"), full_page=True)
        for context in self.contexts:
            with contextlib.suppress(Exception):
                context.close()


@pytest.fixture
def pages(browser: Any, request: pytest.FixtureRequest) -> Iterator[Pages]:
    opened = Pages(browser)
    yield opened
    failed = request.node.stash.get(FAILED, True)
    problems = opened.unexpected()
    opened.close(re.sub(r"\W+", "-", request.node.name), failed)
    if not failed:
        assert not problems, "errors inside the pages:\n" + "\n".join(problems)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
