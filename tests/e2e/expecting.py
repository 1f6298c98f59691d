"""Playwright's `expect` for the browser tests (10-s timeouts), or, without Playwright, a skip of
the test module that imports it — a failure with QUORUM_REQUIRE_SERVICES=1, as in CI."""

from __future__ import annotations

import os

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover
    if os.environ.get("QUORUM_REQUIRE_SERVICES") == "1":
        raise
    pytest.skip("Playwright for Python is not installed", allow_module_level=True)

expect.set_options(timeout=10_000)

__all__ = ["expect"]
