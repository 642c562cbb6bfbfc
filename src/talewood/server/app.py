"""The FastAPI app: the lobby, game and replay pages, the HTTP API and the WebSocket."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import re
import time
import traceback
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import Executor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode

import fastapi_offline
from fastapi import FastAPI, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr
from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketDisconnect, WebSocketState

from ..engine import TalewoodError
from ..games import available, load
from . import db
from .answers import FORBIDDEN, MAX_BODY, READ, WRITE, answer
from .bots import BotScheduler, make_executor, reap_orphans, stop_executor
from .chat import Chat
from .chat import router as chat_router
from .errors import ApiError
from .learning import Learning
from .learning import router as learning_router
from .live import Live, Subscriber, hash_token
from .lobby import router as lobby_router
from .manager import GONE_AFTER, Limits, Manager, client_key
from .messages import handle, parse
from .rematch import Rematches
from .rematch import router as rematch_router
from .replays import Replays
from .storage import Storage
from .tables import Tables


def default_storage(engine: Engine, shared: bool, timeout: float) -> Storage:
    return Storage(engine, shared=shared, timeout=timeout)

log = logging.getLogger("talewood.server")
access_log = logging.getLogger("talewood.access")
WEB = Path(__file__).resolve().parent.parent / "web"
DOCS_ASSETS = Path(fastapi_offline.__file__).resolve().parent / "static"
MAX_MESSAGE = 4096
HELLO_SECONDS = 10.0
SHUTDOWN_WAIT = 5.0     # seconds the shutdown waits for the server's own tasks to end once cancelled

OptionValue = StrictBool | StrictInt | StrictStr

# What the browser may do with our pages: scripts, styles and connections from this server only, no
# framing by other sites, and no address (which may carry a seat's token) sent on to other sites.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'")
# the API's page starts its script (served from here, /docs-assets) with a few inline lines
DOCS_CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline'; "
            "style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
            "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'")
SECURITY_HEADERS = [(b"x-content-type-options", b"nosniff"), (b"x-frame-options", b"DENY"),
                    (b"referrer-policy", b"no-referrer")]


def clean(text: str) -> str:
    """Text safe to send as JSON and to log: lone surrogates written out as escapes."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _plain(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, str):
        return clean(value)
    if isinstance(value, dict):
        return {_plain(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


class SafeJSONResponse(JSONResponse):
    """JSON that always encodes: a non-finite number or a lone surrogate never turns an answer into a 500."""

    def render(self, content: Any) -> bytes:
        try:
            return json.dumps(content, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")
        except (ValueError, UnicodeEncodeError, TypeError):
            return json.dumps(_plain(content), ensure_ascii=True, allow_nan=False, separators=(",", ":"),
                              default=str).encode("utf-8")


class ActionBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: StrictStr = Field(max_length=128)
    action: StrictInt = Field(description="an action id from the game state's `actions`")
    version: StrictInt = Field(description="the `version` the action was chosen at")


class UndoBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: StrictStr = Field(max_length=128)
    version: StrictInt


class GoneBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: StrictStr = Field(max_length=128)
    seat: StrictInt = Field(description="the seat (0-based) whose player is gone: the seat to play now")
    version: StrictInt


class ReclaimBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: StrictStr = Field(max_length=128)


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
    prearranged: bool = Field(description="the creator chose the seed: the deal may be known to them")


def safe_traceback(exc: BaseException) -> str:
    """Where an error happened (files, lines, functions) without its message or any value: a message
    may quote a request body or a token."""
    frames = traceback.extract_tb(exc.__traceback__)
    return f"{type(exc).__name__} at " + " <- ".join(f"{Path(f.filename).name}:{f.lineno} {f.name}"
                                                      for f in reversed(frames[-8:]))


CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def loggable(path: str) -> str:
    """A request's path as one log line: control characters (a decoded %0A or %0D would start a forged
    line) written back as %XX, lone surrogates as escapes."""
    return CONTROL.sub(lambda m: f"%{ord(m.group()):02X}", clean(path))


def _redact(query: str) -> str:
    pairs = parse_qsl(query, keep_blank_values=True)
    return urlencode([(k, "redacted" if k.lower() == "token" else v) for k, v in pairs])


class Guard:
    """The outermost layer of the app: refuse request bodies over MAX_BODY bytes with 413 before
    anything parses them; add the security headers and a Server-Timing header (the time spent in the
    server); write the access log (never a token, never a body); and turn any error that escaped the
    handlers into a plain 500 logged without its message."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Callable[[], Awaitable[dict[str, Any]]],
                       send: Callable[[dict[str, Any]], Awaitable[None]]) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 0
        path = loggable(scope.get("path", ""))
        query = scope.get("query_string", b"").decode("latin-1")
        shown = path + ("?" + _redact(query) if query else "")
        if scope["type"] == "websocket":
            try:
                await self.app(scope, receive, send)
            except Exception as exc:
                log.error("websocket %s failed: %s", path, safe_traceback(exc))
            access_log.info("WS %s %.1fms", shown, (time.perf_counter() - started) * 1000)
            return
        csp = (DOCS_CSP if path == "/docs" else CSP).encode()

        async def guarded_send(message: dict[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                took = (time.perf_counter() - started) * 1000
                message["headers"] = [*message.get("headers", []), (b"server-timing", f"app;dur={took:.2f}".encode()),
                                      (b"content-security-policy", csp), *SECURITY_HEADERS]
            await send(message)

        try:
            if scope["method"] in ("GET", "HEAD"):
                await self.app(scope, receive, guarded_send)
            else:
                body = await self._read_body(receive)
                if body is None:
                    response = SafeJSONResponse({"detail": f"the request body is over {MAX_BODY} bytes"},
                                                status_code=413)
                    await response(scope, receive, guarded_send)  # type: ignore[arg-type]
                else:
                    sent = False

                    async def replay() -> dict[str, Any]:
                        nonlocal sent
                        if not sent:
                            sent = True
                            return {"type": "http.request", "body": body, "more_body": False}
                        return await receive()

                    await self.app(scope, replay, guarded_send)
        except Exception as exc:
            log.error("%s %s failed: %s", scope["method"], path, safe_traceback(exc))
            if status == 0:
                response = SafeJSONResponse({"detail": "the server failed on this request; it has been logged"},
                                            status_code=500)
                await response(scope, receive, guarded_send)  # type: ignore[arg-type]
        access_log.info("%s %s %d %.1fms", scope["method"], shown, status, (time.perf_counter() - started) * 1000)

    @staticmethod
    async def _read_body(receive: Callable[[], Awaitable[dict[str, Any]]]) -> bytes | None:
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            size += len(message.get("body", b""))
            if size > MAX_BODY:
                return None
            chunks.append(message.get("body", b""))
            if not message.get("more_body"):
                break
        return b"".join(chunks)


def _validation_detail(exc: RequestValidationError) -> tuple[int, str]:
    """A 422 listing each bad field (never echoing the input), or a 400 when the body is not JSON."""
    problems = []
    for error in exc.errors():
        if error.get("type") == "json_invalid":
            return 400, "the body is not valid JSON"
        where = ".".join(clean(str(p)) for p in error.get("loc", ()) if p != "body")
        problems.append(f"{where or 'body'}: {clean(str(error.get('msg', 'invalid')))}")
    return 422, "; ".join(problems[:10]) or "the request is not valid"


def create_app(database: str | None = None, *, executor: Executor | None = None, bot_executor: str = "process",
               bot_delay: float = 0.0, limits: Limits | None = None, shared: bool | None = None,
               sweep_every: float = 1.0, background: Executor | None = None,
               bot_workers: int | None = None, db_timeout: float = 5.0, max_games: int = 256,
               gone_after: float = GONE_AFTER, replay_executor: Executor | None = None,
               make_storage: Callable[[Engine, bool, float], Storage] | None = None) -> FastAPI:
    """The web app on `database`. Bots think on `executor` (default: a pool of `bot_executor` workers)
    and, for games of bots only, on `background` (default: one worker at the lowest OS priority);
    replays are drawn on `replay_executor` (default: `executor` if given, else a process of their own
    at a low priority). `shared`: other server processes use the same database (default: on
    PostgreSQL). `db_timeout`: the longest a request waits on the database (then 503). `max_games`:
    the games kept in memory (idle ones beyond it leave). `gone_after`: seconds without a page open
    before the others may call a player gone. `make_storage`: the storage on the engine (tests)."""
    url = db.database_url(database)
    announce = db.is_postgres(url) if shared is None else shared

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        for gid in available():   # every game's content loaded before the first request, not during it
            load(gid)
        engine = db.make_engine(url)
        db.migrate(engine)
        if executor is None and bot_executor == "process":
            reap_orphans()
        pool = executor or make_executor(bot_executor, bot_workers)
        slow = background or (make_executor(bot_executor, 1, niceness=19) if executor is None else None)
        fg_slots = getattr(pool, "_max_workers", 1)
        scheduler = BotScheduler(pool, slow, foreground_slots=fg_slots, background_slots=1)
        drawing = replay_executor or executor or make_executor(bot_executor, 1, niceness=10)
        storage = (make_storage or default_storage)(engine, announce, db_timeout)
        manager = Manager(storage, scheduler, bot_delay=bot_delay, limits=limits, sweep_every=sweep_every,
                          max_games=max_games, gone_after=gone_after, replays=Replays(drawing))
        app.state.manager = manager
        app.state.learning = Learning(manager)
        app.state.chat = Chat(manager)
        app.state.rematch = Rematches(manager, app.state.chat)
        app.state.tables = Tables(manager, app.state.learning)
        resumed = await manager.resume_all()
        if resumed:
            log.info("resumed bots in %d game(s)", resumed)
        tasks = [asyncio.create_task(manager.sweep_forever())]
        if announce:
            tasks.append(asyncio.create_task(manager.listen_forever(url)))
        try:
            yield
        finally:
            manager.closed = True
            app.state.learning.close()
            for live in manager.live.values():
                for sub in list(live.subscribers):
                    with contextlib.suppress(asyncio.QueueFull):
                        sub.queue.put_nowait({"type": "bye"})
            tasks += [lv.bot_task for lv in manager.live.values() if lv.bot_task is not None]
            for task in tasks:
                task.cancel()
            # each ends at its next look at `manager.closed` if its cancellation was lost: a bounded wait
            _, stuck = await asyncio.wait(tasks, timeout=SHUTDOWN_WAIT)
            if stuck:
                log.warning("%d task(s) still running %s s after the shutdown began: left behind", len(stuck),
                            SHUTDOWN_WAIT)
            for task in tasks:
                if task not in stuck:
                    with contextlib.suppress(BaseException):
                        await task
            with contextlib.suppress(Exception):
                await asyncio.wait_for(manager.release_leases(), db_timeout)
            if executor is None:
                stop_executor(pool)
            if slow is not None and background is None:
                stop_executor(slow)
            if replay_executor is None and executor is None:
                stop_executor(drawing)
            storage.close()

    app = FastAPI(title="Talewood", version="0.2.0", lifespan=lifespan, default_response_class=SafeJSONResponse,
                  docs_url=None, redoc_url=None,
                  generate_unique_id_function=lambda route: route.name,
                  description="Play Talewood's games: create a game, then each seat acts with its secret token. "
                              "Every state carries a `version`; send it back with an action. Refusals answer "
                              "`{\"detail\": \"...\"}` with the status listed for each operation.")
    app.add_middleware(Guard)

    def manager_of(request: Request | WebSocket) -> Manager:
        return request.app.state.manager  # type: ignore[no-any-return]

    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError) -> Response:
        return SafeJSONResponse({"detail": clean(exc.detail)}, status_code=exc.status, headers=exc.headers)

    @app.exception_handler(TalewoodError)
    async def _engine_error(_request: Request, exc: TalewoodError) -> Response:
        return SafeJSONResponse({"detail": clean(str(exc))}, status_code=422)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> Response:
        status, detail = _validation_detail(exc)
        return SafeJSONResponse({"detail": detail}, status_code=status)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_request: Request, exc: StarletteHTTPException) -> Response:
        return SafeJSONResponse({"detail": clean(str(exc.detail))}, status_code=exc.status_code,
                                headers=getattr(exc, "headers", None))

    @app.exception_handler(SQLAlchemyError)
    async def _storage_error(_request: Request, exc: SQLAlchemyError) -> Response:
        log.error("database error: %s", safe_traceback(exc))
        return SafeJSONResponse({"detail": "the database is unavailable; try again in 5 s"}, status_code=503,
                                headers={"Retry-After": "5"})

    # -- pages -------------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(WEB / "lobby.html")

    @app.get("/games/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> FileResponse:
        return FileResponse(WEB / "game.html")

    @app.get("/tables/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(WEB / "tables.html")

    @app.get("/replays/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str) -> FileResponse:
        return FileResponse(WEB / "replay.html")

    @app.get("/rules/{game_id}", include_in_schema=False)
    async def rules_page(game_id: str) -> FileResponse:
        return FileResponse(WEB / "rules.html")

    @app.get("/about", include_in_schema=False)
    async def about_page() -> FileResponse:
        return FileResponse(WEB / "about.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(WEB / "favicon.svg", media_type="image/svg+xml")

    # the API's page, with Swagger UI from this server (fastapi-offline ships it): no CDN
    app.mount("/docs-assets", StaticFiles(directory=DOCS_ASSETS), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    async def docs_page() -> Response:
        return get_swagger_ui_html(openapi_url="/openapi.json", title="Talewood — HTTP API",
                                   swagger_js_url="/docs-assets/swagger-ui-bundle.js",
                                   swagger_css_url="/docs-assets/swagger-ui.css",
                                   swagger_favicon_url="/static/favicon.svg")

    app.mount("/static", StaticFiles(directory=WEB), name="static")
    app.include_router(learning_router)
    app.include_router(chat_router)
    app.include_router(rematch_router)

    # -- API ---------------------------------------------------------------------------------
    app.include_router(lobby_router)

    @app.get("/api/games/{game_id}", tags=["play"], summary="The game as a seat (or a spectator) sees it",
             response_model=GameState, responses={403: FORBIDDEN, **READ})
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
        if seat is not None:
            manager.seen(live, seat)
        if after is not None:
            live = await manager.wait_change(live, after, wait, seat, turn)
            if seat is not None:
                live.seat_of(token)          # a link renewed while it waited is refused, not answered
        return Response(manager.audiences.text(live, seat, svg), media_type="application/json")

    @app.post("/api/games/{game_id}/actions", tags=["play"], summary="Take an action",
              response_model=GameState, responses=WRITE)
    async def post_action(game_id: str, body: ActionBody, request: Request,
                          svg: bool = Query(False)) -> Response:
        manager = manager_of(request)
        live, seat = await manager.within(manager.act(game_id, body.token, body.action, body.version))
        return Response(manager.audiences.text(live, seat, svg), media_type="application/json")

    @app.post("/api/games/{game_id}/undo", tags=["play"], summary="Take back your latest decisions "
              "(Board Game Arena's rule)", response_model=GameState, responses=WRITE)
    async def post_undo(game_id: str, body: UndoBody, request: Request) -> Response:
        manager = manager_of(request)
        live, seat = await manager.within(manager.undo(game_id, body.token, body.version))
        return Response(manager.audiences.text(live, seat), media_type="application/json")

    @app.post("/api/games/{game_id}/gone", tags=["play"], summary="Agree that the player to play is gone",
              description="Once every other person at the table agrees, a bot of the game's `standin_kind` "
                          "plays that seat until its player takes it back (POST .../reclaim).",
              response_model=GameState, responses=WRITE)
    async def post_gone(game_id: str, body: GoneBody, request: Request) -> Response:
        manager = manager_of(request)
        live, seat = await manager.within(manager.vote_gone(game_id, body.token, body.seat, body.version))
        return Response(manager.audiences.text(live, seat), media_type="application/json")

    @app.post("/api/games/{game_id}/reclaim", tags=["play"], summary="Take your seat back from the bot that "
              "played for you", response_model=GameState, responses=WRITE)
    async def post_reclaim(game_id: str, body: ReclaimBody, request: Request) -> Response:
        manager = manager_of(request)
        live, seat = await manager.within(manager.reclaim(game_id, body.token))
        return Response(manager.audiences.text(live, seat), media_type="application/json")

    @app.get("/api/games/{game_id}/record", tags=["replay"], summary="The record of a finished game",
             description="It holds the seed, so it is published only once the game is over.",
             responses={**READ, 409: answer("the game is not over yet")})
    async def get_record(game_id: str, request: Request) -> dict[str, Any]:
        return await manager_of(request).record(game_id)

    @app.get("/api/games/{game_id}/replay", tags=["replay"], summary="A finished game after `step` actions",
             description="Drawn off the server's event loop and kept per (game, step, seat); when too many "
                         "are being drawn at once the answer is 503 with Retry-After.",
             responses={**READ, 409: answer("the game is not over yet")})
    async def get_replay(game_id: str, request: Request, step: int = Query(0, ge=0),
                         seat: int | None = Query(None, ge=0)) -> Response:
        data = await manager_of(request).replay(game_id, step, seat)
        return Response(data, media_type="application/json")

    @app.get("/api/server", tags=["operations"], summary="This server process: its bot work and live games")
    async def server_status(request: Request) -> dict[str, Any]:
        manager = manager_of(request)
        lanes = manager.bots
        shown = manager.audiences
        replays = manager.replays
        return {"instance": manager.instance, "games_in_memory": len(manager.live),
                "games_let_go": manager.live.evicted, "bot_moves_computed": manager.computed,
                "shared_database": manager.shared, "listening": manager.listening.is_set(),
                "database_calls_waiting": manager.storage.busy, "websockets": sum(manager.sockets.values()),
                "payloads": {"built": shown.built, "encoded": shown.encoded, "patches": shown.patched},
                "replays": {"drawn": replays.computed if replays else 0, "from_cache": replays.hits if replays else 0,
                            "cached_bytes": replays.size if replays else 0},
                "bot_lanes": {"people": {"waiting": lanes.foreground.waiting, "done": lanes.foreground.done},
                              "bots_only": {"waiting": lanes.background.waiting, "done": lanes.background.done}}}

    # -- live updates --------------------------------------------------------------------------
    @app.websocket("/ws/games/{game_id}")
    async def game_socket(websocket: WebSocket, game_id: str) -> None:
        manager = manager_of(websocket)
        await websocket.accept()
        if "token" in websocket.query_params:
            await _close(websocket, 4400, "send the token in the first message, not in the address")
            return
        try:
            live = await manager.get(game_id)
        except ApiError as exc:
            await _close(websocket, _close_code(exc), exc.detail)
            return
        try:
            hello = parse(await asyncio.wait_for(_receive_text(websocket), HELLO_SECONDS))
        except (TimeoutError, ApiError, WebSocketDisconnect) as exc:
            reason = exc.detail if isinstance(exc, ApiError) else "the first message must say hello"
            await _close(websocket, 4400, reason)
            return
        token = hello.get("token")
        if hello.get("type") != "hello" or not (token is None or isinstance(token, str)) or (
                isinstance(token, str) and len(token) > 128):
            await _close(websocket, 4400, 'the first message must be {"type": "hello", "token": ...}')
            return
        client = client_key(websocket.client.host if websocket.client else None)
        try:
            live = await manager.get(game_id)
            sub = Subscriber(live.seat_of(token), patches=hello.get("patches") is True,
                             digest=hash_token(token) if token else None)
            manager.admit(live, sub, client)
        except ApiError as exc:
            await _close(websocket, _close_code(exc), exc.detail)
            return
        sender = asyncio.create_task(_send_loop(manager, websocket, game_id, live, sub))
        try:
            while True:
                try:
                    raw = await _receive_text(websocket)
                except ApiError as exc:
                    await _send_error(websocket, exc.status, exc.detail)
                    continue
                await handle(manager, websocket.app.state.chat, websocket.app.state.rematch, game_id, token, client,
                             raw, lambda data: _send(websocket, data))
        except WebSocketDisconnect:
            pass
        finally:
            manager.leave(live, sub, client)
            sender.cancel()
            with contextlib.suppress(BaseException):
                await sender

    return app


def _close_code(exc: ApiError) -> int:
    """4000 + the HTTP status: 4403 a link that is not valid, 4404 no such game, 4410 a damaged game,
    4429 too many pages open (from this address, or spectators of this game); 4401 a link the creator
    renewed; 1013 (try again later) when the database is unavailable."""
    code: int | None = getattr(exc, "close_code", None)
    return code or (1013 if exc.status >= 500 else 4000 + exc.status)


async def _close(websocket: WebSocket, code: int, reason: str) -> None:
    with contextlib.suppress(Exception):
        reason_bytes = clean(reason).encode()[:120]
        await websocket.close(code=code, reason=reason_bytes.decode("utf-8", "ignore"))


async def _receive_text(websocket: WebSocket) -> str:
    """The next message as text: a binary frame is read as UTF-8 JSON too."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    raw: str | None = message.get("text")
    if raw is None:
        data = message.get("bytes") or b""
        if len(data) > MAX_MESSAGE:
            raise ApiError(413, f"a message is at most {MAX_MESSAGE} bytes")
        try:
            raw = data.decode("utf-8")
        except UnicodeDecodeError:
            raise ApiError(400, "a binary message must be UTF-8 JSON") from None
    if len(raw) > MAX_MESSAGE:
        raise ApiError(413, f"a message is at most {MAX_MESSAGE} characters")
    return raw


async def _send(websocket: WebSocket, data: dict[str, Any] | str) -> None:
    if websocket.application_state != WebSocketState.CONNECTED:
        return
    if isinstance(data, str):
        await websocket.send_text(data)
    else:
        await websocket.send_text(json.dumps(data, ensure_ascii=True, allow_nan=False))


async def _send_error(websocket: WebSocket, status: int, detail: str) -> None:
    await _send(websocket, {"type": "error", "status": status, "detail": clean(detail)})


async def _send_loop(manager: Manager, websocket: WebSocket, game_id: str, live: Live, sub: Subscriber) -> None:
    """The whole state first, then on each change a patch from the state the page holds (when it asked
    for patches and the game still knows that state), else the whole state again. Each is encoded once
    per audience, however many follow the game."""
    shown = manager.audiences
    revision, text = shown.state_message(live, sub.seat)
    await _send(websocket, text)
    while True:
        message = await sub.queue.get()
        if message.get("type") == "bye":
            await _close(websocket, 1012, "the server is restarting; reconnect")
            return
        if message.get("type") == "close":        # its link was renewed
            await _close(websocket, message["code"], message["reason"])
            return
        # coalesce a burst of changes into one state message
        while message.get("type") == "state" and not sub.queue.empty():
            nxt = sub.queue.get_nowait()
            if nxt.get("type") != "state":
                await _send(websocket, nxt)
        live = manager.live.get(game_id) or live       # rebuilt from the database: follow it
        if message.get("type") == "thinking" and sub.patches:
            message = {"type": "state"}    # the page's state says who thinks: a patch keeps it exact
        if message.get("type") != "state":
            await _send(websocket, message)
            continue
        if live.revision == revision:
            continue
        found = shown.patch_message(live, sub.seat, revision) if sub.patches else None
        revision, text = found if found is not None else shown.state_message(live, sub.seat)
        await _send(websocket, text)
