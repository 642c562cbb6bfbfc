"""The FastAPI app: the lobby, game and replay pages, the HTTP API and the WebSocket."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import Executor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from ..agents import seat_kinds
from ..engine import TalewoodError, rebuild
from ..games import available, load
from . import db
from .bots import make_executor
from .manager import ApiError, Live, Manager, Subscriber, render

log = logging.getLogger("talewood.server")
WEB = Path(__file__).resolve().parent.parent / "web"
MAX_BODY = 64 * 1024

OptionValue = StrictBool | StrictInt | StrictStr


class CreateGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: StrictStr = Field(max_length=64, description="a game id from GET /api/meta, e.g. spirits")
    players: StrictInt | None = Field(None, description="the number of players (default: the number of seats)")
    seats: list[Annotated[StrictStr, Field(max_length=32)]] | None = Field(
        None, max_length=16, description='one kind per seat: "human" or a bot kind such as "greedy"')
    options: dict[Annotated[str, Field(max_length=64)], OptionValue] | None = Field(
        None, description="the game's options and modules by name (GET /api/meta lists them)")
    seed: StrictInt | None = Field(None, description="the random seed (default: a random one)")


class SeatLink(BaseModel):
    seat: int
    kind: str
    token: str | None = Field(description="the seat's secret; shown once, stored only as a hash")
    url: str | None


class Created(BaseModel):
    id: str
    seats: list[SeatLink]
    spectator_url: str
    hotseat_url: str | None


class ActionBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: StrictStr = Field(max_length=128)
    action: StrictInt = Field(description="an action id from the game state's `actions`")
    version: StrictInt = Field(description="the `version` the action was chosen at")


class UndoBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: StrictStr = Field(max_length=128)
    version: StrictInt


class GameState(BaseModel):
    model_config = ConfigDict(extra="allow")
    version: int
    current_player: int | None
    prompt: str
    actions: list[dict[str, Any]] = Field(description="[{id, label, kind, ...}]: empty unless it is your turn")
    view: dict[str, Any]
    log: list[dict[str, Any]]
    over: bool
    result: dict[str, Any] | None


ERRORS: dict[int | str, dict[str, Any]] = {
    403: {"description": "the token claims no seat of this game"},
    404: {"description": "no such game"},
    409: {"description": "not your turn, a stale version, or the game is over"},
    422: {"description": "an illegal action, or invalid seats/options/players (the message lists what is valid)"},
}


class BodyLimit:
    """Refuse request bodies over MAX_BODY bytes with 413 before anything parses them; tell the time
    each request took inside the server (a Server-Timing header)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Callable[[], Awaitable[dict[str, Any]]],
                       send: Callable[[dict[str, Any]], Awaitable[None]]) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        inner_send = send

        async def timed_send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                took = (time.perf_counter() - started) * 1000
                message["headers"] = [*message.get("headers", []), (b"server-timing", f"app;dur={took:.2f}".encode())]
            await inner_send(message)

        send = timed_send
        if scope["method"] in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            size += len(message.get("body", b""))
            if size > MAX_BODY:
                response = JSONResponse({"detail": f"the request body is over {MAX_BODY} bytes"}, status_code=413)
                await response(scope, receive, send)  # type: ignore[arg-type]
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body"):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> dict[str, Any]:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


def create_app(database: str | None = None, *, executor: Executor | None = None, bot_executor: str = "process",
               bot_delay: float = 0.0) -> FastAPI:
    url = db.database_url(database)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = db.make_engine(url)
        db.migrate(engine)
        pool = executor or make_executor(bot_executor)
        manager = Manager(engine, pool, bot_delay=bot_delay)
        app.state.manager = manager
        resumed = manager.resume_all()
        if resumed:
            log.info("resumed bots in %d game(s)", resumed)
        try:
            yield
        finally:
            manager.closed = True
            tasks = [lv.bot_task for lv in manager.live.values() if lv.bot_task is not None]
            for task in tasks:
                task.cancel()
            for task in tasks:
                with contextlib.suppress(BaseException):
                    await task
            if executor is None:
                pool.shutdown(wait=False, cancel_futures=True)
            engine.dispose()

    app = FastAPI(title="Talewood", version="0.1.0", lifespan=lifespan,
                  description="Play Talewood's games: create a game, then each seat acts with its secret token. "
                              "Every state carries a `version`; send it back with an action.")
    app.add_middleware(BodyLimit)

    def manager_of(request: Request | WebSocket) -> Manager:
        return request.app.state.manager  # type: ignore[no-any-return]

    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"detail": exc.detail}, status_code=exc.status)

    @app.exception_handler(TalewoodError)
    async def _engine_error(_request: Request, exc: TalewoodError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=422)

    # -- pages -------------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(WEB / "lobby.html")

    @app.get("/games/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> FileResponse:
        return FileResponse(WEB / "game.html")

    @app.get("/replays/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str) -> FileResponse:
        return FileResponse(WEB / "replay.html")

    app.mount("/static", StaticFiles(directory=WEB), name="static")

    # -- API ---------------------------------------------------------------------------------
    @app.get("/api/meta", tags=["lobby"], summary="The games, their options, and the seat kinds")
    async def meta() -> dict[str, Any]:
        games = []
        for gid in available():
            g = load(gid)
            games.append({"id": g.id, "name": g.name, "min_players": g.min_players, "max_players": g.max_players,
                          "options": [o.to_json() for o in g.option_set.options]})
        return {"games": games, "seat_kinds": ["human", *seat_kinds()]}

    @app.get("/api/games", tags=["lobby"], summary="Games in progress and finished, latest first")
    async def list_games(request: Request, limit: int = Query(100, ge=1, le=500)) -> list[dict[str, Any]]:
        return manager_of(request).list_games(limit)

    @app.post("/api/games", tags=["play"], summary="Create a game", response_model=Created,
              responses={422: ERRORS[422]})
    async def create_game(body: CreateGame, request: Request) -> Created:
        live, tokens = await manager_of(request).create(body.game, body.players, body.seats, body.options, body.seed)
        base = str(request.base_url).rstrip("/")
        page = f"{base}/games/{live.id}"
        humans = [t for t in tokens if t is not None]
        return Created(
            id=live.id,
            seats=[SeatLink(seat=s, kind=k, token=t, url=f"{page}#token={t}" if t else None)
                   for s, (k, t) in enumerate(zip(live.seats, tokens, strict=True))],
            spectator_url=page,
            hotseat_url=f"{page}#token={','.join(humans)}" if len(humans) > 1 else None)

    @app.get("/api/games/{game_id}", tags=["play"], summary="The game as a seat (or a spectator) sees it",
             response_model=GameState, responses={403: ERRORS[403], 404: ERRORS[404]})
    async def get_game(game_id: str, request: Request, token: str | None = Query(None, max_length=128),
                       svg: bool = Query(False, description="also return the board as SVG"),
                       after: int | None = Query(None, description="long polling: wait (up to `wait` seconds) "
                                                 "until the version is no longer this one"),
                       wait: float = Query(20.0, ge=0, le=60, allow_inf_nan=False),
                       turn: bool = Query(False, description="with `after`: wait for your turn (or the end)")
                       ) -> Response:
        manager = manager_of(request)
        live = await manager.get(game_id)
        seat = live.seat_of(token)
        if after is not None:
            live = await manager.wait_change(live, after, wait, seat, turn)
        return Response(manager.payload_bytes(live, seat, svg), media_type="application/json")

    @app.post("/api/games/{game_id}/actions", tags=["play"], summary="Take an action",
              response_model=GameState, responses=ERRORS)
    async def post_action(game_id: str, body: ActionBody, request: Request,
                          svg: bool = Query(False)) -> Response:
        manager = manager_of(request)
        live, seat = await manager.act(game_id, body.token, body.action, body.version)
        return Response(manager.payload_bytes(live, seat, svg), media_type="application/json")

    @app.post("/api/games/{game_id}/undo", tags=["play"], summary="Take back your latest decisions "
              "(Board Game Arena's rule)", response_model=GameState, responses=ERRORS)
    async def post_undo(game_id: str, body: UndoBody, request: Request) -> Response:
        manager = manager_of(request)
        live, seat = await manager.undo(game_id, body.token, body.version)
        return Response(manager.payload_bytes(live, seat), media_type="application/json")

    @app.get("/api/games/{game_id}/record", tags=["replay"], summary="The record of a finished game",
             responses={404: ERRORS[404], 409: {"description": "the game is not over yet"}})
    async def get_record(game_id: str, request: Request) -> dict[str, Any]:
        manager = manager_of(request)
        live = await manager.get(game_id)
        if not live.state.is_over:
            raise ApiError(409, "the record is published once the game is over")
        return manager.record(live)

    @app.get("/api/games/{game_id}/replay", tags=["replay"], summary="A finished game after `step` actions")
    async def get_replay(game_id: str, request: Request, step: int = Query(0, ge=0),
                         seat: int | None = Query(None, ge=0)) -> dict[str, Any]:
        manager = manager_of(request)
        live = await manager.get(game_id)
        if not live.state.is_over:
            raise ApiError(409, "a game can be replayed once it is over")
        if seat is not None and seat >= live.players:
            raise ApiError(422, f"seat must be between 0 and {live.players - 1}")
        history = list(live.state.history or [])
        step = min(step, len(history))
        state = rebuild(live.game, live.players, live.seed, live.options, history[:step])
        view = state.view(seat)
        last = None
        if step:
            before = rebuild(live.game, live.players, live.seed, live.options, history[:step - 1])
            last = {"seat": before.current_player, "label": before.describe(history[step - 1])}
        return {"id": live.id, "game": live.game.id, "name": live.game.name, "step": step, "steps": len(history),
                "seats": live.seats, "current_player": state.current_player, "prompt": state.prompt(),
                "view": view, "svg": render(live.game.id, view, seat, []), "last": last,
                "log": state.events_for(seat), "over": state.is_over,
                "result": state.result().to_json() if state.is_over else None}

    # -- live updates --------------------------------------------------------------------------
    @app.websocket("/ws/games/{game_id}")
    async def game_socket(websocket: WebSocket, game_id: str, token: str | None = None) -> None:
        manager = manager_of(websocket)
        try:
            live = await manager.get(game_id)
            seat = live.seat_of(token)
        except ApiError as exc:
            await websocket.close(code=4000 + exc.status, reason=exc.detail[:120])
            return
        await websocket.accept()
        sub = Subscriber(seat)
        live.subscribers.add(sub)
        sender = asyncio.create_task(_send_loop(manager, websocket, game_id, live, sub))
        try:
            while True:
                raw = await websocket.receive_text()
                if len(raw) > 4096:
                    await websocket.send_text(json.dumps({"type": "error", "status": 413,
                                                          "detail": "message too long"}))
                    continue
                await _handle(manager, game_id, token, raw, websocket)
        except WebSocketDisconnect:
            pass
        finally:
            live.subscribers.discard(sub)
            sender.cancel()
            with contextlib.suppress(BaseException):
                await sender

    return app


async def _send_loop(manager: Manager, websocket: WebSocket, game_id: str, live: Live, sub: Subscriber) -> None:
    await websocket.send_text(json.dumps({"type": "state", **manager.payload(live, sub.seat, svg=True)}))
    while True:
        message = await sub.queue.get()
        # coalesce a burst of changes into one state message
        while message.get("type") == "state" and not sub.queue.empty():
            nxt = sub.queue.get_nowait()
            if nxt.get("type") != "state":
                await websocket.send_text(json.dumps(nxt))
        current = manager.live.get(game_id)
        if current is not None and current is not live:   # rebuilt from the database: follow it
            live.subscribers.discard(sub)
            current.subscribers.add(sub)
            live = current
        if message.get("type") == "state":
            await websocket.send_text(json.dumps({"type": "state", **manager.payload(live, sub.seat, svg=True)}))
        else:
            await websocket.send_text(json.dumps(message))


async def _handle(manager: Manager, game_id: str, token: str | None, raw: str, websocket: WebSocket) -> None:
    try:
        try:
            message = json.loads(raw)
        except ValueError:
            raise ApiError(400, "a message must be JSON") from None
        if not isinstance(message, dict):
            raise ApiError(400, "a message must be a JSON object")
        kind = message.get("type")
        version = message.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise ApiError(400, "a message needs the integer version it was decided at")
        if kind == "action":
            action = message.get("action")
            if not isinstance(action, int) or isinstance(action, bool):
                raise ApiError(422, "action must be an action id (an integer)")
            await manager.act(game_id, token, action, version)
        elif kind == "undo":
            await manager.undo(game_id, token, version)
        else:
            raise ApiError(400, "type must be action or undo")
    except ApiError as exc:
        await websocket.send_text(json.dumps({"type": "error", "status": exc.status, "detail": exc.detail}))
    except TalewoodError as exc:
        await websocket.send_text(json.dumps({"type": "error", "status": 422, "detail": str(exc)}))
