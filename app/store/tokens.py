"""Seat tokens: 192 random bits, stored only as SHA-256 hashes, compared in constant time."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def rematch_token(token: str, rematch_id: str, seat: int) -> str:
    """Seat `seat`'s token in the rematch `rematch_id`, derived from the same seat's token of the
    finished game: the same each time it is asked for, and nobody without that token can make
    it (HMAC-SHA256 keyed with it)."""
    mac = hmac.new(token.encode("utf-8", "surrogatepass"),
                   f"quorum rematch {rematch_id} {seat}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:24]).decode()


def same_hash(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())
