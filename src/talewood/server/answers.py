"""What the HTTP API answers when it refuses, as its OpenAPI document lists it: a status and `{"detail"}`."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

MAX_BODY = 64 * 1024


class Problem(BaseModel):
    detail: str = Field(description="what was wrong, in words a person can act on")


def answer(description: str) -> dict[str, Any]:
    return {"description": description, "model": Problem}


BAD_JSON = answer("the body is not JSON")
TOO_BIG = answer(f"the body is over {MAX_BODY} bytes")
INVALID = answer("a field is missing or has the wrong type; or an illegal action, or invalid "
                 "seats/options/players (the message lists what is valid)")
FORBIDDEN = answer("the token claims no seat of this game (the link is not valid)")
NOT_FOUND = answer("no such game")
GONE = answer("the game is damaged and cannot be loaded (its stored record is unreadable)")
CONFLICT = answer("not your turn, a stale version, the game is over, or it changed meanwhile")
TOO_MANY = answer("this client created too many games (see Retry-After)")
UNAVAILABLE = answer("the database cannot be read or written now; nothing changed (see Retry-After)")
Responses = dict[int | str, dict[str, Any]]
READ: Responses = {404: NOT_FOUND, 410: GONE, 422: INVALID, 503: UNAVAILABLE}
WRITE: Responses = {400: BAD_JSON, 403: FORBIDDEN, 404: NOT_FOUND, 409: CONFLICT, 410: GONE, 413: TOO_BIG, 422: INVALID,
         503: UNAVAILABLE}
