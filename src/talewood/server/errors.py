"""What the server answers when it refuses: an HTTP status and words a person can act on."""

from __future__ import annotations

from sqlalchemy.exc import IntegrityError, SQLAlchemyError

RETRY_AFTER = 5                       # seconds, on 503 answers


class ApiError(Exception):
    """An expected refusal: an HTTP status and a message saying what was wrong."""

    def __init__(self, status: int, detail: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.headers = headers


class Damaged(ApiError):
    """A game whose stored record cannot be read back: set aside, never a client's fault."""

    def __init__(self, game_id: str) -> None:
        super().__init__(410, f"game {game_id} is damaged and cannot be loaded: its stored record is unreadable. "
                              "The server's operator has been told; other games are not affected.")


class Renewed(ApiError):
    """A seat's old link, after the game's creator renewed it: refused like any link that claims no seat, but
    saying why (a page that holds it is closed with 4401)."""

    close_code = 4401

    def __init__(self, who: str) -> None:
        super().__init__(403, f"this link no longer works: the game's creator renewed {who}'s link. "
                              "Ask them for the new one.")


class Corrupt(Exception):
    """A stored row that does not describe a game (the message says which field)."""


def retry_later(detail: str, seconds: int = RETRY_AFTER) -> ApiError:
    return ApiError(503, detail, {"Retry-After": str(seconds)})


def storage_failed(exc: SQLAlchemyError, what: str) -> ApiError:
    """A lost race is a conflict (409); anything else means the database cannot take writes now (503)."""
    if isinstance(exc, IntegrityError):
        return ApiError(409, f"the game changed meanwhile: {what} was not stored; reload the game")
    return retry_later(f"the database cannot store {what} right now ({type(exc).__name__}); nothing changed, "
                       f"try again in {RETRY_AFTER} s")


def unavailable(exc: SQLAlchemyError | None = None) -> ApiError:
    why = f" ({type(exc).__name__})" if exc is not None else ""
    return retry_later(f"the database is unavailable{why}; try again in {RETRY_AFTER} s")


def too_slow(seconds: float, stored: bool) -> ApiError:
    """The database did not answer in time. `stored`: the change had reached it and may still be stored."""
    if stored:
        return retry_later(f"the database did not confirm the change within {seconds:g} s: it may still be "
                           f"stored, and every page of the game will show it if it is; reload in {RETRY_AFTER} s")
    return retry_later(f"the database did not answer within {seconds:g} s; nothing changed, try again in "
                       f"{RETRY_AFTER} s")
