"""Headers every HTTP answer carries, pages and API alike: the server faces the internet, and a
seat link is a credential.

- Content-Security-Policy: scripts, styles, images, fonts and connections only from this
  server (no inline script or style, no outside origin, no eval; images may also be data:
  URLs), no plugins, and no framing (`frame-ancestors 'none'`: no page can overlay ours to
  steal clicks).
- X-Content-Type-Options: nosniff — a file is only ever run as the type it was sent with.
- Referrer-Policy: no-referrer — a page never tells another site where its reader came from.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",  # Swagger UI draws its icons as data: SVGs; no image runs script
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])

HEADERS = [
    (b"content-security-policy", POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


class SecurityHeaders:
    """Pure ASGI (no per-request task, unlike BaseHTTPMiddleware): adds HEADERS to every HTTP
    response start."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)
