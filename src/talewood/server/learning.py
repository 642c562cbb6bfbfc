"""Learning in the web app: the rules of each game, guided first games, hints on request, and the bots' review
of every finished game (talewood.learn does the work; this module serves it).

- The rules: `GET /api/rules/{game}` (the page's Rules panel and the lobby's rules pages read it).
- A guided first game: `POST /api/learn {game}` creates the game the game's learn.py describes (a fixed deal,
  a person against bots), marked guided; its page asks for the guide at each decision.
- Hints: `POST /api/games/{id}/hint {token, version, level}` asks a bot of that level, in the bot executor
  (the same fair lanes as the bots' moves), what it would do now for the seat to play. Hints are on unless
  the game has a turn limit; then only if the creator said every player agreed to them. Each hint asked is
  stored with the game and written in every seat's log ("Player 1 asked a normal bot for a hint").
- Reviews: `GET /api/games/{id}/review` starts the review of a finished game the first time (a `hard` bot,
  its iteration budget, in pieces in the bot executor's lane of bot-only games) and answers its progress;
  once done the review is stored, and every later visit gets it at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr
from sqlalchemy import Engine, insert, select, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from ..agents import TIME, bot_seed
from ..engine import TalewoodError, rebuild, seat_name
from ..games import available, game_module, load
from ..learn.advice import DEFAULT_LEVEL, HINT_LEVELS, advise
from ..learn.review import DEFAULT_LEVEL as REVIEW_LEVEL
from ..learn.review import assemble, review_steps
from ..learn.rules import RulesError, rulebook
from . import db
from .answers import Responses, answer
from .errors import ApiError, storage_failed, unavailable
from .live import HUMAN, Live, insert_notes
from .manager import Manager

log = logging.getLogger("talewood.server")

HINT_SALT = 7919                 # keeps a hint's search apart from the seat's own bot's
REVIEW_SEED = 1                  # every server reviews a game alike: a review is reproducible
REVIEW_CHUNK = 12                # steps of the record a review searches in one go (then its progress is stored)
REVIEW_STALE = timedelta(minutes=2)   # a review whose process stopped telling of progress is taken over


def now() -> datetime:
    return datetime.now(UTC)


# -- work for the bot executor: plain functions of small values ------------------------------------------
def hint_job(game_id: str, players: int, seed: int, options: dict[str, Any], actions: list[int], level: str,
             hint_seed: int, budget: str = TIME) -> dict[str, Any]:
    """A hint for the seat to play in the position the record reaches (talewood.learn.advice)."""
    state = rebuild(load(game_id), players, seed, options, actions)
    return advise(state, level, hint_seed, budget).to_json()


# -- the game's learning settings -------------------------------------------------------------------------
class Learning:
    """Guided games, hints and reviews of one server process, over its Manager and database."""

    def __init__(self, manager: Manager) -> None:
        self.manager = manager
        self.storage = manager.storage        # every database call below runs on its threads
        self.engine: Engine = manager.storage.engine
        self.notes: dict[str, list[dict[str, Any]]] = {}     # game id -> hints asked (loaded on first need)
        self.reviews: dict[str, asyncio.Task[None]] = {}
        manager.audiences.hooks.append(self.annotate)

    def close(self) -> None:
        for task in self.reviews.values():
            task.cancel()

    # settings ---------------------------------------------------------------------------------------------
    def _row(self, game_id: str) -> dict[str, Any]:
        with self.engine.connect() as conn:
            row = conn.execute(select(db.learning).where(db.learning.c.game_id == game_id)).mappings().first()
        if row is None:
            return {"guided": False, "hints_agreed": False, "hints": []}
        hints = row["hints"] if isinstance(row["hints"], list) else []
        return {"guided": bool(row["guided"]), "hints_agreed": bool(row["hints_agreed"]), "hints": hints}

    async def settings(self, game_id: str) -> dict[str, Any]:
        row = await self.storage.read(self._row, game_id)
        known = self.notes.get(game_id, [])
        self.notes[game_id] = row["hints"]
        if known != row["hints"]:
            # only then: a page that asks for its settings must not be redrawn under the player's finger
            live = self.manager.live.get(game_id)
            if live is not None:          # the log of every seat now tells of those hints
                live.invalidate()
                self.manager.notify(live, {"type": "state"})
        return row

    def _store(self, game_id: str, guided: bool, hints_agreed: bool) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(db.learning).values(game_id=game_id, guided=guided, hints_agreed=hints_agreed,
                                                    hints=[]))

    async def created(self, game_id: str, guided: bool = False, hints_agreed: bool = False) -> None:
        """A new game's settings (only worth a row when they differ from the defaults), stored as part of the
        request that creates it (`Manager.within`)."""
        if guided or hints_agreed:
            try:
                await self.manager._write(self._store, game_id, guided, hints_agreed)
            except SQLAlchemyError as exc:
                raise storage_failed(exc, "the game's learning settings") from exc

    @staticmethod
    def hints_allowed(live: Live, row: dict[str, Any]) -> tuple[bool, str]:
        if row["guided"]:
            return True, "This is a guided game: the guide suggests a choice at each of your decisions."
        if live.turn_limit is None:
            return True, "Hints are on: ask a bot what it would do. Every seat's log says when you do."
        if row["hints_agreed"]:
            return True, "Every player agreed to hints in this timed game. Every seat's log says when one is used."
        return False, "Hints are off in a game with a turn limit, unless every player agreed to them when it was made."

    async def page(self, game_id: str, token: str | None) -> dict[str, Any]:
        """What a game's page needs to know: guided or not, hints allowed or not, and why."""
        live = await self.manager.get(game_id)
        seat = live.seat_of(token)
        row = await self.settings(game_id)
        allowed, why = self.hints_allowed(live, row)
        intro = ""
        if row["guided"]:
            module: Any = game_module(live.game.id, "learn")
            intro = getattr(module, "GUIDED", {}).get("intro", "")
        return {"game": live.game.id, "guided": row["guided"], "intro": intro,
                "hints": {"allowed": allowed and seat is not None, "why": why, "levels": list(HINT_LEVELS),
                          "default": DEFAULT_LEVEL},
                "used": [h for h in row["hints"] if isinstance(h, dict)]}

    # hints ------------------------------------------------------------------------------------------------
    async def hint(self, game_id: str, token: str | None, version: int, level: str) -> dict[str, Any]:
        live = await self.manager.get(game_id)
        seat = live.seat_of(token)
        if seat is None:
            raise ApiError(403, "a spectator cannot ask for a hint: give a seat's token")
        if level not in HINT_LEVELS:
            raise ApiError(422, f"level must be one of {', '.join(HINT_LEVELS)}: a hint comes from a bot that "
                                "searches")
        row = await self.settings(game_id)
        allowed, why = self.hints_allowed(live, row)
        if not allowed:
            raise ApiError(409, why)
        state = live.state
        if live.version != version:
            raise ApiError(409, f"stale version {version}: the game is at version {live.version}")
        if state.is_over:
            raise ApiError(409, "the game is over: see its review instead")
        if state.current_player != seat or live.standins[seat] is not None:
            raise ApiError(409, "a hint is for your own decision: it is not your turn")
        actions = list(state.history or [])
        step = len(actions)
        answer: dict[str, Any] = await self.manager.bots.run(
            True, hint_job, live.game.id, live.players, live.seed, live.options, actions, level,
            bot_seed(live.seed, seat, step + HINT_SALT))
        answer["step"] = step
        if not row["guided"]:
            await self.record_hint(live, seat, step, level)
        return answer

    def _add_hint(self, game_id: str, entry: dict[str, Any]) -> list[dict[str, Any]]:
        with self.engine.begin() as conn:
            row = conn.execute(select(db.learning.c.hints).where(db.learning.c.game_id == game_id)
                               .with_for_update()).first()
            if row is None:
                hints = [entry]
                conn.execute(insert(db.learning).values(game_id=game_id, guided=False, hints_agreed=False,
                                                        hints=hints))
            else:
                hints = [*(row[0] if isinstance(row[0], list) else []), entry]
                conn.execute(update(db.learning).where(db.learning.c.game_id == game_id).values(hints=hints))
        return hints

    async def record_hint(self, live: Live, seat: int, step: int, level: str) -> None:
        """Store the hint with the game and tell every seat (their logs say it)."""
        entry = {"seat": seat, "step": step, "level": level}
        try:
            try:
                hints = await self.storage.write(self._add_hint, live.id, entry)
            except IntegrityError:      # another process made the row meanwhile: add to it
                hints = await self.storage.write(self._add_hint, live.id, entry)
        except SQLAlchemyError as exc:
            raise unavailable(exc) from exc
        self.notes[live.id] = hints
        live = self.manager.live.get(live.id) or live      # the game may have been rebuilt meanwhile
        live.invalidate()
        self.manager.notify(live, {"type": "state"})

    def annotate(self, live: Live, seat: int | None, payload: dict[str, Any]) -> None:
        """A payload hook: the hints asked go into the log at the moment they were asked."""
        notes = self.notes.get(live.id)
        if not notes:
            return
        lines = [(int(note.get("step", 0)), {
            "type": "hint", "to": None,
            "text": f"{seat_name(int(note.get('seat', 0)), live.game.seat_noun)} asked a "
                    f"{note.get('level', 'normal')} bot for a hint."}) for note in notes]
        payload["log"] = insert_notes(live, seat, payload["log"], lines)

    # guided games -----------------------------------------------------------------------------------------
    async def guided(self, game_id: str, client: str | None) -> tuple[Live, list[str | None]]:
        module: Any = game_module(game_id, "learn")
        setup: dict[str, Any] | None = getattr(module, "GUIDED", None) if module is not None else None
        if setup is None:
            raise ApiError(404, f"{load(game_id).name} has no guided first game yet")

        async def creating() -> tuple[Live, list[str | None]]:
            made = await self.manager.create(game_id, setup["players"], list(setup["seats"]),
                                             dict(setup.get("options", {})), setup["seed"], client=client)
            await self.created(made[0].id, guided=True)
            return made

        live, tokens = await self.manager.within(creating())
        self.notes[live.id] = []
        return live, tokens

    # reviews ----------------------------------------------------------------------------------------------
    def _review_row(self, game_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(db.reviews).where(db.reviews.c.game_id == game_id)).mappings().first()
        return dict(row) if row is not None else None

    def _claim(self, game_id: str, total: int, stale: dict[str, Any] | None) -> bool:
        """Take the review for this process: a new row, or a row whose process stopped working on it."""
        stamp = now()
        with self.engine.begin() as conn:
            if stale is None:
                conn.execute(insert(db.reviews).values(game_id=game_id, level=REVIEW_LEVEL, status="running", done=0,
                                                       total=total, decisions=[], data=None,
                                                       owner=self.manager.instance, updated_at=stamp))
                return True
            done = conn.execute(update(db.reviews).where(db.reviews.c.game_id == game_id)
                                .where(db.reviews.c.updated_at == stale["updated_at"])
                                .values(owner=self.manager.instance, updated_at=stamp, status="running"))
            return done.rowcount == 1

    def _progress(self, game_id: str, done: int, decisions: list[dict[str, Any]],
                  data: dict[str, Any] | None = None, status: str = "running") -> None:
        with self.engine.begin() as conn:
            conn.execute(update(db.reviews).where(db.reviews.c.game_id == game_id)
                         .values(done=done, decisions=decisions, data=data, status=status, updated_at=now()))

    async def review(self, game_id: str) -> tuple[int, dict[str, Any]]:
        """The review (200) once done; else its progress (202), starting it if nobody works on it."""
        live = await self.manager.get(game_id)
        if not live.state.is_over:
            raise ApiError(409, "a game is reviewed once it is over")
        total = len(live.state.history or [])
        row = await self.storage.read(self._review_row, game_id)
        try:
            if row is not None and row["status"] == "done" and isinstance(row["data"], dict):
                return 200, {"status": "done", "review": row["data"]}
            stamp = now()
            updated = row["updated_at"] if row is not None else None
            if updated is not None and updated.tzinfo is None:
                updated = updated.replace(tzinfo=UTC)
            mine = game_id in self.reviews and not self.reviews[game_id].done()
            stale = row is not None and (row["status"] == "failed" or updated is None
                                         or stamp - updated > REVIEW_STALE)
            if not mine and (row is None or stale):
                try:
                    claimed = await self.storage.write(self._claim, game_id, total, row)
                except IntegrityError:
                    claimed = False          # another process started it this very moment
                if claimed:
                    done = row["done"] if row is not None and stale and row["status"] != "failed" else 0
                    decisions = list(row["decisions"] or []) if row is not None and done else []
                    self.reviews[game_id] = asyncio.get_running_loop().create_task(
                        self._run_review(live, done, decisions))
        except SQLAlchemyError as exc:
            raise unavailable(exc) from exc
        done = row["done"] if row is not None else 0
        return 202, {"status": "running", "done": done, "total": total}

    async def _run_review(self, live: Live, start: int, decisions: list[dict[str, Any]]) -> None:
        actions = list(live.state.history or [])
        game_id = live.id
        try:
            step = start
            while step < len(actions):
                stop = min(len(actions), step + REVIEW_CHUNK)
                decisions += await self.manager.bots.run(
                    False, review_steps, live.game.id, live.players, live.seed, live.options, actions, step, stop,
                    REVIEW_LEVEL, REVIEW_SEED)
                step = stop
                await self.storage.write(self._progress, game_id, step, decisions)
            result = assemble(live.game.id, live.players, REVIEW_LEVEL, REVIEW_SEED, len(actions), decisions,
                              live.state)
            await self.storage.write(self._progress, game_id, step, decisions, result.to_json(), "done")
            log.info("game %s reviewed: %d decisions", game_id, len(decisions))
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.error("the review of game %s failed (%s)", game_id, type(exc).__name__)
            with contextlib.suppress(SQLAlchemyError):
                await self.storage.write(self._progress, game_id, 0, [], None, "failed")
        finally:
            self.reviews.pop(game_id, None)


# -- HTTP -------------------------------------------------------------------------------------------------
router = APIRouter()


class HintBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: StrictStr = Field(max_length=128)
    version: StrictInt = Field(description="the `version` of the position the hint is for")
    level: StrictStr = Field(DEFAULT_LEVEL, max_length=16, description="the bot asked: easy, normal or hard")


class LearnBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: StrictStr = Field(max_length=64, description="a game id from GET /api/meta",
                            json_schema_extra={"enum": list[Any](available())})


def learning_of(request: Request) -> Learning:
    return request.app.state.learning  # type: ignore[no-any-return]


NOT_FOUND = answer("no such game, or no rules or guided game for it")
READ: Responses = {404: NOT_FOUND, 410: answer("the game is damaged and cannot be loaded"),
                   422: answer("a field is missing or has the wrong type"),
                   503: answer("the database cannot be read or written now; nothing changed (see Retry-After)")}
WRITE: Responses = {**READ, 400: answer("the body is not JSON"), 413: answer("the body is over 64 KiB"),
                    403: answer("the token claims no seat of this game (the link is not valid)"),
                    409: answer("not your turn, a stale version, the game is over, or hints are off in this game")}


@router.get("/api/rules/{game_id}", tags=["learn"], summary="A game's rules for players, section by section",
            responses={404: NOT_FOUND, 422: READ[422]})
async def get_rules(game_id: str) -> dict[str, Any]:
    if game_id not in available():
        raise ApiError(404, f"no game {game_id!r}; the games: {', '.join(available())}")
    try:
        return rulebook(game_id).to_json()
    except RulesError as exc:
        raise ApiError(404, str(exc)) from exc


@router.get("/api/learn", tags=["learn"], summary="The guided first games the lobby offers")
async def list_guided() -> list[dict[str, Any]]:
    out = []
    for game_id in available():
        module: Any = game_module(game_id, "learn")
        setup = getattr(module, "GUIDED", None) if module is not None else None
        if setup is not None:
            out.append({"game": game_id, "name": load(game_id).name, "players": setup["players"],
                        "seats": setup["seats"], "intro": setup.get("intro", "")})
    return out


@router.post("/api/learn", tags=["learn"], summary="Start a guided first game",
             responses={**WRITE, 429: answer("this client created too many games (see Retry-After)")})
async def post_learn(body: LearnBody, request: Request) -> dict[str, Any]:
    from .manager import client_key

    host = request.client.host if request.client else None
    if body.game not in available():
        raise ApiError(404, f"no game {body.game!r}; the games: {', '.join(available())}")
    live, tokens = await learning_of(request).guided(body.game, client_key(host))
    base = str(request.base_url).rstrip("/")
    mine = next(t for t, kind in zip(tokens, live.seats, strict=True) if kind == HUMAN)
    return {"id": live.id, "url": f"{base}/games/{live.id}#token={mine}", "token": mine,
            "spectator_url": f"{base}/games/{live.id}"}


@router.get("/api/games/{game_id}/learning", tags=["learn"],
            summary="Whether the game is guided, whether hints are allowed, and the hints used",
            responses={**READ, 403: WRITE[403]})
async def get_learning(game_id: str, request: Request,
                       token: str | None = Query(None, max_length=128)) -> dict[str, Any]:
    return await learning_of(request).page(game_id, token)


@router.post("/api/games/{game_id}/hint", tags=["learn"], summary="What a bot would do now, and why",
             description="Only for the seat to play, and only when hints are allowed (a game with a turn limit "
                         "needs every player's agreement, given when it was created). Every seat's log says that "
                         "a hint was asked.", responses=WRITE)
async def post_hint(game_id: str, body: HintBody, request: Request) -> dict[str, Any]:
    try:
        return await learning_of(request).hint(game_id, body.token, body.version, body.level)
    except TalewoodError as exc:
        raise ApiError(422, str(exc)) from exc


@router.get("/api/games/{game_id}/review", tags=["learn"],
            summary="The bots' review of a finished game (202 with the progress while it is computed)",
            responses={202: {"description": "the review is being computed: `done` of `total` steps"}, **READ,
                       409: answer("the game is not over yet")})
async def get_review(game_id: str, request: Request) -> JSONResponse:
    status, body = await learning_of(request).review(game_id)
    return JSONResponse(body, status_code=status)


__all__ = ["Learning", "hint_job", "router"]
