"""Play again: after the end, a new game with the same seats, options and a fresh secret deal.

- Any person seated at a finished game proposes it ("Play again": `POST /api/games/{id}/rematch {token,
  "answer": "yes"}` or `{"type": "rematch", "answer": "yes"}` over the WebSocket); a game has one proposal
  (the table's primary key): two people pressing at once make one proposal, which both have accepted.
- Every other person accepts ("yes") or declines ("no"); the new game starts once every person's seat has
  accepted. People keep their seats, bots their kinds; the game, the number of players, the options, the
  turn limit, the stand-in bot and whether spectators may talk carry over. The deal is fresh and secret,
  even after a prearranged game: a rematch deals anew, it does not replay the same cards.
- Whoever proposed may seat a bot (the game's stand-in kind) in place of a person who declined, or who has
  not answered `gone_after` seconds after the proposal (`POST …/rematch/bot {token, seat}`).
- Each person's new token is derived from their own token (an HMAC of the new game's id keyed by it): it is
  never stored (only its hash, in the new game) and reaches only whoever holds the old token — in the answer
  to their own acceptance, over their own WebSocket, or from `GET …/rematch?token=`.
- Every page of the finished game hears of each change (`{"type": "rematch", "rematch": {...}}`).
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import secrets
from datetime import datetime
from typing import Any, Literal

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr
from sqlalchemy import insert, select, text, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from ..engine import plural
from . import db
from .answers import answer
from .chat import Chat
from .errors import ApiError, storage_failed
from .live import HUMAN, Live, aware, hash_token, iso, now
from .manager import Manager


def new_token(token: str, new_id: str) -> str:
    """A person's token for the rematch: only whoever holds their old token can have it."""
    digest = hmac.new(token.encode("utf-8", "surrogatepass"), f"talewood rematch {new_id}".encode(),
                      hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


class Rematches:
    """The "Play again" proposals of one server process's games, over its Manager and database."""

    def __init__(self, manager: Manager, chat: Chat) -> None:
        self.manager = manager
        self.chat = chat
        self.storage = manager.storage
        self.engine = manager.storage.engine
        self.locks: dict[str, asyncio.Lock] = {}
        manager.news["rematch"] = self.on_news

    # the stored proposal ----------------------------------------------------------------------------------
    def _row(self, game_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(db.rematches).where(db.rematches.c.game_id == game_id)).mappings().first()
        return dict(row) if row is not None else None

    def _answer(self, live: Live, seat: int, token: str, yes: bool, instance: str) -> dict[str, Any]:
        """Propose, accept or decline in one transaction (the row locked on PostgreSQL; SQLite writes one
        at a time). Two proposals at once: the second insert fails and is run again as an acceptance."""
        with self.engine.begin() as conn:
            query = select(db.rematches).where(db.rematches.c.game_id == live.id)
            if conn.dialect.name == "postgresql":
                query = query.with_for_update()
            found = conn.execute(query).mappings().first()
            row: dict[str, Any]
            if found is None:
                if not yes:
                    raise ApiError(409, "nobody has proposed to play again: there is nothing to decline")
                new_id = secrets.token_hex(6)
                row = {"game_id": live.id, "new_id": new_id, "proposer": seat, "seats": list(live.seats),
                       "answers": [None] * live.players, "token_hashes": [None] * live.players,
                       "proposed_at": now(), "started": False}
                row["answers"][seat] = "yes"
                row["token_hashes"][seat] = hash_token(new_token(token, new_id))
                conn.execute(insert(db.rematches).values(**row))
            else:
                row = self._checked(dict(found), live.players)
                if row["seats"][seat] != HUMAN:
                    raise ApiError(409, "a bot took your seat in the new game after you declined or did not "
                                        "answer: you can watch it")
                if row["answers"][seat] == ("yes" if yes else "no"):
                    return row                            # said already (a page reloaded, a second click)
                if row["started"]:
                    raise ApiError(409, "the new game has started without you: you can watch it")
                answers, hashes = list(row["answers"]), list(row["token_hashes"])
                answers[seat] = "yes" if yes else "no"
                hashes[seat] = hash_token(new_token(token, row["new_id"])) if yes else None
                conn.execute(update(db.rematches).where(db.rematches.c.game_id == live.id)
                             .values(answers=answers, token_hashes=hashes))
                row.update(answers=answers, token_hashes=hashes)
            self._announce(conn, live.id, instance)
        return row

    def _seat_bot(self, game_id: str, seat: int, kind: str, instance: str) -> None:
        with self.engine.begin() as conn:
            query = select(db.rematches).where(db.rematches.c.game_id == game_id)
            if conn.dialect.name == "postgresql":
                query = query.with_for_update()
            found = conn.execute(query).mappings().first()
            if found is None:
                raise ApiError(409, "nobody has proposed to play again")
            row = self._checked(dict(found), len(found["seats"]) if isinstance(found["seats"], list) else 0)
            seats, answers, hashes = list(row["seats"]), list(row["answers"]), list(row["token_hashes"])
            if row["started"] or answers[seat] == "yes" or seats[seat] != HUMAN:
                raise ApiError(409, "that seat needs no bot: the new game has started, or the seat accepted or "
                                    "is a bot already")
            seats[seat], answers[seat], hashes[seat] = kind, None, None
            conn.execute(update(db.rematches).where(db.rematches.c.game_id == game_id)
                         .values(seats=seats, answers=answers, token_hashes=hashes))
            self._announce(conn, game_id, instance)

    def _mark_started(self, game_id: str, instance: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(db.rematches).where(db.rematches.c.game_id == game_id).values(started=True))
            self._announce(conn, game_id, instance)

    def _announce(self, conn: Any, game_id: str, instance: str) -> None:
        if self.storage.shared:
            conn.execute(text("SELECT pg_notify(:channel, :payload)"),
                         {"channel": db.NOTIFY_CHANNEL, "payload": f"~rematch {game_id} 0 {instance}"})

    @staticmethod
    def _checked(row: dict[str, Any], players: int) -> dict[str, Any]:
        ok = all(isinstance(row[k], list) and len(row[k]) == players for k in ("seats", "answers", "token_hashes"))
        if not ok or players == 0:
            raise ApiError(409, "this game's proposal to play again cannot be read; create a new game instead")
        return row

    # what pages are shown ---------------------------------------------------------------------------------
    def public(self, row: dict[str, Any] | None) -> dict[str, Any] | None:
        """The proposal as every page of the game sees it (no token, no hash)."""
        if row is None:
            return None
        return {"proposer": row["proposer"], "started": bool(row["started"]),
                "id": row["new_id"] if row["started"] else None,
                "seats": [{"seat": s, "kind": kind, "answer": answer}
                          for s, (kind, answer) in enumerate(zip(row["seats"], row["answers"], strict=True))],
                "proposed_at": iso(row["proposed_at"]), "bot_after": self.manager.gone_after}

    def mine(self, row: dict[str, Any] | None, seat: int | None, token: str | None) -> dict[str, Any] | None:
        """What only the page holding `token` may know: its new token, once it accepted."""
        if row is None or seat is None or token is None or row["answers"][seat] != "yes":
            return None
        return {"seat": seat, "token": new_token(token, row["new_id"]), "id": row["new_id"]}

    async def state(self, game_id: str, token: str | None) -> dict[str, Any]:
        live = await self.manager.get(game_id)
        seat = live.seat_of(token)
        row = await self.storage.read(self._row, game_id)
        if row is not None:
            row = self._checked(row, live.players)
            if not row["started"] and self._everyone_in(row):
                row = await self._start(live, row)    # a start cut short (the process stopped): finish it
        return {"rematch": self.public(row), "mine": self.mine(row, seat, token), "seat": seat}

    @staticmethod
    def _everyone_in(row: dict[str, Any]) -> bool:
        return all(a == "yes" for k, a in zip(row["seats"], row["answers"], strict=True) if k == HUMAN)

    # changes ----------------------------------------------------------------------------------------------
    async def answer(self, game_id: str, token: str | None, yes: bool) -> dict[str, Any]:
        live = await self.manager.get(game_id)
        seat = live.seat_of(token)
        if seat is None or token is None:
            raise ApiError(403, "only a person seated at the game can play again: give your seat's token")
        if not live.state.is_over:
            raise ApiError(409, "the game is not over yet: you can play again once it ends")
        async with self.locks.setdefault(game_id, asyncio.Lock()):
            try:
                try:
                    row = await self.manager._write(self._answer, live, seat, token, yes, self.manager.instance)
                except IntegrityError:          # proposed by another process this very moment: accept it
                    row = await self.manager._write(self._answer, live, seat, token, yes, self.manager.instance)
            except SQLAlchemyError as exc:
                raise storage_failed(exc, "your answer") from exc
            row = self._checked(row, live.players)
            if not row["started"] and self._everyone_in(row):
                row = await self._start(live, row)
        self.tell(game_id, row)
        return {"rematch": self.public(row), "mine": self.mine(row, seat, token), "seat": seat}

    async def seat_bot(self, game_id: str, token: str | None, target: int) -> dict[str, Any]:
        """The proposer seats a bot for a person who declined or has not answered in time."""
        live = await self.manager.get(game_id)
        seat = live.seat_of(token)
        if seat is None:
            raise ApiError(403, "only the person who proposed to play again can seat a bot: give your seat's token")
        if not 0 <= target < live.players:
            raise ApiError(422, f"seat must be between 0 and {live.players - 1}")
        async with self.locks.setdefault(game_id, asyncio.Lock()):
            row = await self.storage.read(self._row, game_id)
            if row is None:
                raise ApiError(409, "nobody has proposed to play again")
            row = self._checked(row, live.players)
            if row["proposer"] != seat:
                raise ApiError(409, f"only Player {row['proposer'] + 1}, who proposed to play again, can seat a bot")
            if row["answers"][target] is None and row["seats"][target] == HUMAN:
                since = aware(row["proposed_at"]) if isinstance(row["proposed_at"], datetime) else None
                waited = (now() - since).total_seconds() if since is not None else 0.0
                left = self.manager.gone_after - waited
                if left > 0:
                    wait = int(left) + 1
                    raise ApiError(409, f"Player {target + 1} may still answer: a bot can take their seat once "
                                        f"they decline, or in {plural(wait, 'second')}", {"Retry-After": str(wait)})
            try:
                await self.manager._write(self._seat_bot, game_id, target, live.standin_kind, self.manager.instance)
                row = await self.storage.read(self._row, game_id)
            except SQLAlchemyError as exc:
                raise storage_failed(exc, "the bot's seat") from exc
            assert row is not None
            row = self._checked(row, live.players)
            if not row["started"] and self._everyone_in(row):
                row = await self._start(live, row)
        self.tell(game_id, row)
        return {"rematch": self.public(row), "mine": self.mine(row, seat, token), "seat": seat}

    async def _start(self, live: Live, row: dict[str, Any]) -> dict[str, Any]:
        """Every person accepted: create the new game (once: its id is the proposal's, so a second
        creation fails on the key) with a fresh secret deal."""
        try:
            await self.manager.create(live.game.id, live.players, list(row["seats"]), dict(live.options), None,
                                      turn_limit=live.turn_limit, standin=live.standin_kind,
                                      new_id=row["new_id"], token_hashes=list(row["token_hashes"]))
            await self.chat.created(row["new_id"], await self.chat.spectators_may_talk(live.id))
        except ApiError as exc:
            if exc.status != 409:           # 409: the game exists already (another request made it)
                raise
        try:
            await self.manager._write(self._mark_started, live.id, self.manager.instance)
        except SQLAlchemyError as exc:
            raise storage_failed(exc, "the start of the new game") from exc
        return {**row, "started": True}

    def tell(self, game_id: str, row: dict[str, Any]) -> None:
        live = self.manager.live.get(game_id)
        if live is not None:
            self.manager.notify(live, {"type": "rematch", "rematch": self.public(row)})

    def on_news(self, game_id: str, _argument: str) -> None:
        live = self.manager.live.get(game_id)
        if live is None or not live.subscribers:
            return

        async def fetch() -> None:
            try:
                row = await self.storage.read(self._row, game_id)
            except ApiError:
                return
            if row is not None:
                self.tell(game_id, row)

        asyncio.get_running_loop().create_task(fetch())


# -- HTTP -------------------------------------------------------------------------------------------------
router = APIRouter()


class RematchBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: StrictStr = Field(max_length=128, description="your seat's token in the finished game")
    answer: Literal["yes", "no"] = Field(description='"yes": propose to play again, or accept; "no": decline')


class SeatBotBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: StrictStr = Field(max_length=128, description="the token of the seat that proposed to play again")
    seat: StrictInt = Field(description="the seat (0-based) a bot takes in the new game")


READ: dict[int | str, dict[str, Any]] = {
    403: answer("the token claims no seat of this game (the link is not valid)"), 404: answer("no such game"),
    410: answer("the game is damaged and cannot be loaded"), 422: answer("a field has the wrong type"),
    503: answer("the database cannot be read or written now (see Retry-After)")}
WRITE: dict[int | str, dict[str, Any]] = {
    **READ, 400: answer("the body is not JSON"), 413: answer("the body is over 64 KiB"),
    403: answer("the token claims no seat of this game, or it is a spectator's"),
    409: answer("the game is not over, nothing to decline or answer, the new game started without you, or a "
                "person may still answer (see Retry-After)"),
    422: answer("a field is missing or has the wrong type, or no such seat")}


def rematch_of(request: Request) -> Rematches:
    return request.app.state.rematch  # type: ignore[no-any-return]


@router.get("/api/games/{game_id}/rematch", tags=["play"], summary="The proposal to play again, if any",
            description="`rematch`: the proposal as every page sees it (null: none); `mine`: with your seat's "
                        "token, once you accepted, your token in the new game.", responses=READ)
async def get_rematch(game_id: str, request: Request,
                      token: str | None = Query(None, max_length=128)) -> dict[str, Any]:
    rematch = rematch_of(request)
    return await rematch.manager.within(rematch.state(game_id, token))


@router.post("/api/games/{game_id}/rematch", tags=["play"], summary="Play again: propose, accept or decline",
             description="The new game starts once every person at the table accepted; the answer then names it, "
                         "and `mine.token` is your seat's token in it.", responses=WRITE)
async def post_rematch(game_id: str, body: RematchBody, request: Request) -> dict[str, Any]:
    rematch = rematch_of(request)
    return await rematch.manager.within(rematch.answer(game_id, body.token, body.answer == "yes"))


@router.post("/api/games/{game_id}/rematch/bot", tags=["play"],
             summary="Seat a bot in the new game for a person who declined or did not answer",
             description="Only whoever proposed to play again; a person who has not answered keeps their seat "
                         "for `bot_after` seconds after the proposal.", responses=WRITE)
async def post_rematch_bot(game_id: str, body: SeatBotBody, request: Request) -> dict[str, Any]:
    rematch = rematch_of(request)
    return await rematch.manager.within(rematch.seat_bot(game_id, body.token, body.seat))


__all__ = ["Rematches", "new_token", "router"]
