"""What a host decides for the server: who may create games (QUORUM_HOST_PASSWORD)."""

from __future__ import annotations

import hmac

from app.config import Settings
from app.store.errors import Forbidden, Unauthorized


def check_host_password(settings: Settings, given: str | None) -> None:
    """Pass when the server asks for no password or `given` is it; else 401 (none given) or 403
    (a wrong one), each with its reason."""
    wanted = settings.host_password
    if wanted is None:
        return
    if not given:
        raise Unauthorized("core.error.host_password_needed")
    if not hmac.compare_digest(given.encode("utf-8", "surrogatepass"), wanted.encode("utf-8")):
        raise Forbidden("core.error.host_password_wrong")
