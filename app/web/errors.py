"""Every failure becomes a clear 4xx with a reason a person understands; never a bare 500."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from app.core.messages import Msg, english, msg
from app.store.errors import DATABASE_AWAY, StaleVersion, StoreError

log = logging.getLogger(__name__)


def describe_validation(errors: list[dict[str, Any]]) -> str:
    parts = []
    for err in errors:
        where = ".".join(str(p) for p in err.get("loc", ()) if p not in ("body", "query", "path"))
        msg = err.get("msg", "is not valid")
        if err.get("type") == "json_invalid":
            parts.append("The request body is not valid JSON.")
        else:
            parts.append(f"{where}: {msg}" if where else msg)
    return "; ".join(parts) or "The request is not valid."


def invalid_msg(errors: list[dict[str, Any]]) -> Msg:
    """The same failure as a message: which fields are wrong (their names are the API's own)."""
    if any(err.get("type") == "json_invalid" for err in errors):
        return msg("core.error.not_json")
    fields = sorted({".".join(str(p) for p in err.get("loc", ())
                              if p not in ("body", "query", "path")) for err in errors} - {""})
    return msg("core.error.invalid_fields", fields=", ".join(fields)) if fields \
        else msg("core.error.invalid_request")


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(StoreError)
    async def store_error(_: Request, exc: StoreError) -> JSONResponse:
        body: dict[str, Any] = {"detail": exc.message, "msg": exc.msg}
        if isinstance(exc, StaleVersion):
            body["version"] = exc.version
        headers = ({"WWW-Authenticate": "Bearer"} if exc.status == 401
                   else {"Retry-After": "1"} if exc.status == 429 else None)
        return JSONResponse(body, status_code=exc.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_: Request, exc: RequestValidationError) -> JSONResponse:
        errors = list(exc.errors())
        return JSONResponse({"detail": describe_validation(errors), "msg": invalid_msg(errors)},
                            status_code=422)

    async def database_away(_: Request, exc: Exception) -> JSONResponse:
        log.warning("the database is unreachable: %s", type(exc).__name__)
        said = msg("core.error.database_away")
        return JSONResponse({"detail": english(said), "msg": said}, status_code=503,
                            headers={"Retry-After": "5"})

    for kind in DATABASE_AWAY:
        app.add_exception_handler(kind, database_away)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        said = msg("core.error.http", status=exc.status_code)
        return JSONResponse({"detail": exc.detail, "msg": said}, status_code=exc.status_code,
                            headers=getattr(exc, "headers", None))

    @app.exception_handler(Exception)
    async def unexpected(_: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error", exc_info=exc)
        said = msg("core.error.unexpected")
        return JSONResponse({"detail": english(said), "msg": said}, status_code=500)
