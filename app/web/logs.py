"""No seat token in any log line. A token is the seat's only credential, and outside clients may
still put it in the websocket URL (`?token=`), which the server's access lines quote."""

from __future__ import annotations

import logging
import re
from typing import Any

_TOKEN = re.compile(r"(token=)[^&\s\"'#]+")
REDACTED = r"\1[hidden]"
LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access")
_FORMATTER = logging.Formatter()


def redact(text: str) -> str:
    return _TOKEN.sub(REDACTED, text) if "token=" in text else text


class HideTokens(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_hidden(a) for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: _hidden(v) for k, v in record.args.items()}
        if record.exc_info and not record.exc_text:  # a traceback may quote a URL
            record.exc_text = redact(_FORMATTER.formatException(record.exc_info))
        return True


def _hidden(value: Any) -> Any:
    return redact(value) if isinstance(value, str) else value


FILTER = HideTokens()


def hide_tokens() -> None:
    """On the server's loggers and on every handler they and the root write through (a record
    logged elsewhere still passes a handler)."""
    for name in (*LOGGERS, ""):
        logger = logging.getLogger(name)
        if FILTER not in logger.filters:
            logger.addFilter(FILTER)
        for handler in logger.handlers:
            if FILTER not in handler.filters:
                handler.addFilter(FILTER)
