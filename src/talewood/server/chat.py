"""Table talk: short plain-text messages at a game's table, stored with the game and shown in its replay.

- Who talks: every person seated at the game (their seat's token); spectators only if the game's creator
  allowed it when creating it (`spectator_chat`). A bot seat has no token: it says nothing.
- How: `{"type": "chat", "text"}` over the game's WebSocket, or `POST /api/games/{id}/chat {token, text}`;
  every page of the game then gets `{"type": "chat", "messages": [...]}` (other server processes hear of it
  through NOTIFY). `GET /api/games/{id}/chat` lists a game's messages (the page on opening, the replay).
- What a message may be: plain text of at most MAX_TEXT characters once runs of white space (line breaks,
  tabs) are made one space; control characters, characters that reorder text and lone surrogates are
  refused. It is never rendered as markup: the pages build text nodes.
- How often: at most BURST messages per BURST_WINDOW seconds per seat (per address for spectators), then
  429 with Retry-After; at most MAX_PER_GAME messages per game.
"""

from __future__ import annotations

import asyncio
import re
import time
import unicodedata
from collections import deque
from typing import Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field, StrictStr
from sqlalchemy import Connection, func, insert, select, text
from sqlalchemy.exc import SQLAlchemyError

from . import db
from .answers import answer
from .errors import ApiError, storage_failed
from .live import iso, now
from .manager import Manager, client_key

MAX_TEXT = 300                 # characters in a message
BURST = 5                      # messages one seat may send ...
BURST_WINDOW = 10.0            # ... in this many seconds
MAX_PER_GAME = 1000            # messages a game keeps; beyond it the table's talk is full
SPACES = re.compile(r"\s+")
# characters that change the order text is shown in: a message could make another look like it said something
REORDERING = {"\u061c", "\u200e", "\u200f", *map(chr, range(0x202A, 0x202F)), *map(chr, range(0x2066, 0x206A))}


def tidy(raw: str) -> str:
    """The message as it is stored and shown, or 422 saying what is wrong with it (never quoting it)."""
    words = SPACES.sub(" ", raw).strip()
    if not words:
        raise ApiError(422, "the message is empty: write something to send")
    if len(words) > MAX_TEXT:
        raise ApiError(422, f"a message is at most {MAX_TEXT} characters; this one has {len(words)}")
    for at, char in enumerate(words, 1):
        if unicodedata.category(char) in ("Cc", "Cs") or char in REORDERING:
            raise ApiError(422, f"a message is plain text: character {at} is a control character (or one that "
                                "turns text around), which is not allowed; remove it and send again")
    return words


class Chat:
    """The table talk of one server process's games, over its Manager and database."""

    def __init__(self, manager: Manager) -> None:
        self.manager = manager
        self.storage = manager.storage
        self.engine = manager.storage.engine
        self.open_to_spectators: dict[str, bool] = {}      # game id -> spectators may talk (read once)
        self.sent: dict[tuple[str, str], deque[float]] = {}   # (game, seat or address) -> when it last sent
        manager.news["chat"] = self.on_news

    # who may talk -----------------------------------------------------------------------------------------
    def _rules(self, game_id: str) -> bool:
        with self.engine.connect() as conn:
            found = conn.execute(select(db.chat_rules.c.spectators)
                                 .where(db.chat_rules.c.game_id == game_id)).scalar()
        return bool(found)

    async def spectators_may_talk(self, game_id: str) -> bool:
        known = self.open_to_spectators.get(game_id)
        if known is None:
            known = self.open_to_spectators[game_id] = await self.storage.read(self._rules, game_id)
        return known

    def _store_rules(self, game_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(db.chat_rules).values(game_id=game_id, spectators=True))

    async def created(self, game_id: str, spectators: bool) -> None:
        """A new game's rule for spectators (a row only when they may talk), stored as part of the request
        that creates the game (`Manager.within`)."""
        self.open_to_spectators[game_id] = spectators
        if spectators:
            try:
                await self.manager._write(self._store_rules, game_id)
            except SQLAlchemyError as exc:
                raise storage_failed(exc, "who may talk at the table") from exc

    # the messages -----------------------------------------------------------------------------------------
    @staticmethod
    def _json(row: Any) -> dict[str, Any]:
        return {"id": row["id"], "seat": row["seat"], "step": row["step"], "text": row["text"],
                "sent_at": iso(row["sent_at"])}

    def _messages(self, game_id: str, only: int | None = None) -> list[dict[str, Any]]:
        query = select(db.chat_messages).where(db.chat_messages.c.game_id == game_id)
        if only is not None:
            query = query.where(db.chat_messages.c.id == only)
        with self.engine.connect() as conn:
            rows = conn.execute(query.order_by(db.chat_messages.c.id).limit(MAX_PER_GAME)).mappings().all()
        return [self._json(row) for row in rows if isinstance(row["text"], str)]

    async def history(self, game_id: str, token: str | None) -> dict[str, Any]:
        live = await self.manager.get(game_id)          # 404 or 410 first
        seat = live.seat_of(token)
        messages = await self.storage.read(self._messages, game_id)
        spectators = await self.spectators_may_talk(game_id)
        return {"messages": messages, "spectators": spectators, "may_talk": seat is not None or spectators,
                "max_text": MAX_TEXT}

    def _insert(self, values: dict[str, Any], instance: str) -> int:
        with self.engine.begin() as conn:
            count = conn.execute(select(func.count()).select_from(db.chat_messages)
                                 .where(db.chat_messages.c.game_id == values["game_id"])).scalar_one()
            if count >= MAX_PER_GAME:
                raise ApiError(409, f"this table's talk is full: a game keeps at most {MAX_PER_GAME} messages")
            new_id = conn.execute(insert(db.chat_messages).values(**values)).inserted_primary_key
            assert new_id is not None
            self._announce(conn, values["game_id"], int(new_id[0]), instance)
        return int(new_id[0])

    def _announce(self, conn: Connection, game_id: str, message_id: int, instance: str) -> None:
        if self.storage.shared:       # the other server processes tell their own pages (see on_news)
            conn.execute(text("SELECT pg_notify(:channel, :payload)"),
                         {"channel": db.NOTIFY_CHANNEL, "payload": f"~chat {game_id} {message_id} {instance}"})

    def _check_rate(self, key: tuple[str, str], clock: float) -> None:
        sent = self.sent.setdefault(key, deque())
        while sent and clock - sent[0] >= BURST_WINDOW:
            sent.popleft()
        if len(sent) >= BURST:
            wait = max(1, int(BURST_WINDOW - (clock - sent[0])) + 1)
            raise ApiError(429, f"too many messages: at most {BURST} in {BURST_WINDOW:g} seconds. Wait "
                                f"{wait} s before the next one.", {"Retry-After": str(wait)})
        sent.append(clock)
        if len(self.sent) > 4096:                       # forget whoever has been quiet for a while
            for old in [k for k, v in self.sent.items() if not v or clock - v[-1] >= BURST_WINDOW]:
                del self.sent[old]

    async def send(self, game_id: str, token: str | None, raw: str, client: str | None) -> dict[str, Any]:
        """Store a message from `token`'s seat (None: a spectator) and tell every page of the game."""
        words = tidy(raw)
        live = await self.manager.get(game_id)
        seat = live.seat_of(token)
        if seat is None:
            if not await self.spectators_may_talk(game_id):
                raise ApiError(403, "spectators cannot talk at this table: its creator did not allow it. "
                                    "The players' messages still show here.")
            who = f"spectator {client or 'unknown'}"
        else:
            who = f"seat {seat}"
        self._check_rate((game_id, who), time.monotonic())
        stamp = now()
        values = {"game_id": game_id, "seat": seat, "step": len(live.steps), "text": words, "sent_at": stamp}
        try:
            message_id = await self.manager._write(self._insert, values, self.manager.instance)
        except SQLAlchemyError as exc:
            raise storage_failed(exc, "the message") from exc
        message = {"id": message_id, "seat": seat, "step": values["step"], "text": words, "sent_at": iso(stamp)}
        self.tell(game_id, [message])
        return message

    def tell(self, game_id: str, messages: list[dict[str, Any]]) -> None:
        live = self.manager.live.get(game_id)
        if live is not None and messages:
            self.manager.notify(live, {"type": "chat", "messages": messages})

    def on_news(self, game_id: str, argument: str) -> None:
        """Another server process stored a message: its pages here hear of it too."""
        live = self.manager.live.get(game_id)
        if live is None or not live.subscribers or not argument.isdigit():
            return

        async def fetch() -> None:
            try:
                found = await self.storage.read(self._messages, game_id, int(argument))
            except ApiError:
                return                                   # the page reads them all when it reconnects
            self.tell(game_id, found)

        asyncio.get_running_loop().create_task(fetch())


# -- HTTP -------------------------------------------------------------------------------------------------
router = APIRouter()


class ChatBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: StrictStr | None = Field(None, max_length=128, description="your seat's token (null: a spectator, "
                                                                      "if the game's creator allowed it)")
    text: StrictStr = Field(max_length=4 * MAX_TEXT, description=f"plain text, at most {MAX_TEXT} characters "
                                                                 "once white space is tidied")


READ: dict[int | str, dict[str, Any]] = {
    403: answer("the token claims no seat of this game (the link is not valid)"), 404: answer("no such game"),
    410: answer("the game is damaged and cannot be loaded"), 422: answer("a field has the wrong type"),
    503: answer("the database cannot be read now (see Retry-After)")}
WRITE: dict[int | str, dict[str, Any]] = {
    **READ, 400: answer("the body is not JSON"),
    403: answer("the token claims no seat of this game, or spectators may not talk at this table"),
    409: answer("this game's talk is full"), 413: answer("the body is over 64 KiB"),
    422: answer("an empty or overlong message, control characters, or a field of the wrong type"),
    429: answer("too many messages from this seat (see Retry-After)"),
    503: answer("the database cannot store the message now; nothing changed (see Retry-After)")}


def chat_of(request: Request) -> Chat:
    return request.app.state.chat  # type: ignore[no-any-return]


@router.get("/api/games/{game_id}/chat", tags=["play"], summary="The table talk of a game, oldest first",
            description="Each message: `id`, `seat` (null: a spectator), `step` (the moves made before it), "
                        "`text` (plain text: show it as text, never as markup) and `sent_at`.", responses=READ)
async def get_chat(game_id: str, request: Request,
                   token: str | None = Query(None, max_length=128)) -> dict[str, Any]:
    return await chat_of(request).history(game_id, token)


@router.post("/api/games/{game_id}/chat", tags=["play"], summary="Say something at the table",
             description=f"At most {MAX_TEXT} characters of plain text, {BURST} messages per {BURST_WINDOW:g} s "
                         "per seat; every page of the game gets it.", responses=WRITE)
async def post_chat(game_id: str, body: ChatBody, request: Request) -> dict[str, Any]:
    chat = chat_of(request)
    client = client_key(request.client.host if request.client else None)
    return await chat.manager.within(chat.send(game_id, body.token, body.text, client))


__all__ = ["MAX_TEXT", "Chat", "router", "tidy"]
