"""No seat token in any log line of the server (access lines quote websocket URLs)."""

from __future__ import annotations

import logging

from app.web.logs import HideTokens, redact


def test_tokens_in_urls_are_hidden() -> None:
    line = '127.0.0.1:5 - "WebSocket /ws/games/abc?token=s3cr3t-_x&patches=0" [accepted]'
    assert redact(line) == '127.0.0.1:5 - "WebSocket /ws/games/abc?token=[hidden]&patches=0"' \
        ' [accepted]'
    record = logging.LogRecord("uvicorn.error", logging.INFO, __file__, 1,
                               '%s - "WebSocket %s" [accepted]',
                               ("127.0.0.1:5", "/ws/games/abc?token=s3cr3t"), None)
    assert HideTokens().filter(record)
    assert "s3cr3t" not in record.getMessage()
    try:
        raise ValueError("bad URL /ws/games/abc?token=s3cr3t")
    except ValueError:
        import sys

        failed = logging.LogRecord("app", logging.ERROR, __file__, 1, "failed", None,
                                   sys.exc_info())
    HideTokens().filter(failed)
    assert "s3cr3t" not in logging.Formatter().format(failed)
