"""What a game's WebSocket may ask once it said hello (docs/web.md, "The WebSocket"): a move, an undo, a
vote that a player is gone, taking a seat back, a message to the table (chat.py) and an answer to "Play
again" (rematch.py). A refusal goes back to that socket alone as `{"type": "error", "status", "detail"}`
(`"about": "chat"` or `"rematch"` for those), and never changes the game."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from ..engine import TalewoodError
from .chat import Chat
from .errors import ApiError
from .manager import Manager
from .rematch import Rematches

Send = Callable[[dict[str, Any]], Awaitable[None]]


def parse(raw: str) -> dict[str, Any]:
    try:
        message = json.loads(raw)
    except (ValueError, RecursionError):       # nested deeper than the parser goes: not a message of ours
        raise ApiError(400, "a message must be JSON") from None
    if not isinstance(message, dict):
        raise ApiError(400, "a message must be a JSON object")
    return message


def int_field(message: dict[str, Any], name: str, status: int = 400) -> int:
    value = message.get(name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ApiError(status, f"{name} must be an integer")
    return value


async def handle(manager: Manager, chat: Chat, rematch: Rematches, game_id: str, token: str | None,
                 client: str | None, raw: str, send: Send) -> None:
    """Do what one message asks; answer a refusal (or what only this page may know) through `send`."""
    about: str | None = None
    try:
        message = parse(raw)
        kind = message.get("type")
        if kind == "chat":
            about = "chat"
            words = message.get("text")
            if not isinstance(words, str):
                raise ApiError(422, "text must be a string: the message to send")
            await manager.within(chat.send(game_id, token, words, client))
            return
        if kind == "rematch":
            about = "rematch"
            said = message.get("answer")
            if said not in ("yes", "no"):
                raise ApiError(422, 'answer must be "yes" (play again) or "no"')
            reply = await manager.within(rematch.answer(game_id, token, said == "yes"))
            await send({"type": "rematch", **reply})     # this page's own new token: to it alone
            return
        if kind == "reclaim":
            await manager.within(manager.reclaim(game_id, token))
            return
        version = int_field(message, "version")
        if kind == "action":
            await manager.within(manager.act(game_id, token, int_field(message, "action", 422), version))
        elif kind == "undo":
            await manager.within(manager.undo(game_id, token, version))
        elif kind == "gone":
            await manager.within(manager.vote_gone(game_id, token, int_field(message, "seat", 422), version))
        else:
            raise ApiError(400, "type must be action, undo, gone, reclaim, chat or rematch")
    except ApiError as exc:
        await send(_error(exc.status, exc.detail, about))
    except TalewoodError as exc:
        await send(_error(422, str(exc), about))
    except SQLAlchemyError:
        await send(_error(503, "the database is unavailable; try again in 5 s", about))


def _error(status: int, detail: str, about: str | None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "error", "status": status, "detail": detail}
    if about is not None:
        out["about"] = about
    return out
