"""Seat tokens: what a player holds to act for their seat.

A token is 192 random bits from ``secrets``, written URL-safe. The store keeps only its SHA-256
digest (a copy of the database lets no one act for a seat), and a token presented is compared
with each seat's digest in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence

TOKEN_BYTES = 24  # 192 bits
MAX_TOKEN = 200  # characters: anything longer is no token of ours, and is not hashed


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def seat_of(token: str, digests: Sequence[str | None]) -> int | None:
    """The seat whose digest ``token`` has, or None. Every seat is compared, in constant time
    each, so that neither the answer nor the seat is told by the time it takes."""
    if len(token) > MAX_TOKEN:
        return None
    mine = digest(token).encode()
    found = None
    for seat, held in enumerate(digests):
        if held is not None and hmac.compare_digest(mine, held.encode()) and found is None:
            found = seat
    return found
