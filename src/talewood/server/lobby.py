"""The lobby's HTTP API: the games and their options, the list of games, creating a game (its seats may be
left open for anyone to take), the open tables, taking a seat, the creator's table (fill with bots, close,
renew a seat's link), and "Your games" (what the links a device saved lead to). The work is in tables.py."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from ..agents import seat_kinds
from ..engine import SECRET_SEED_BITS
from ..games import available, load
from .answers import (
    BAD_JSON,
    GONE,
    INVALID,
    NOT_FOUND,
    TOO_BIG,
    TOO_MANY,
    UNAVAILABLE,
    Responses,
    answer,
)
from .manager import MAX_TURN_LIMIT, MIN_TURN_LIMIT, Manager, client_key
from .tables import MAX_LINKS, MAX_NAME, OPEN, Tables

router = APIRouter()
OptionValue = StrictBool | StrictInt | StrictStr
SeatKind = Annotated[StrictStr, Field(max_length=32, json_schema_extra={"enum": ["human", OPEN, *seat_kinds()]})]
Token = Annotated[StrictStr, Field(max_length=128)]
Name = Annotated[StrictStr, Field(max_length=200)]     # checked in words by tables.person_name


class CreateGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: StrictStr = Field(max_length=64, description="a game id from GET /api/meta, e.g. spirits",
                            json_schema_extra={"enum": list[Any](available())})
    players: StrictInt | None = Field(None, description="the number of players (default: the number of seats)")
    seats: list[SeatKind] | None = Field(
        None, max_length=16, description='one kind per seat: "human", "open" (anyone may take it: the game '
                                         'starts once every open seat is taken) or a bot kind such as "greedy"')
    names: list[Name | None] | None = Field(
        None, max_length=16, description=f"the names of the people seated (one per seat, null for a bot or an "
                                         f"open seat): plain text, 1 to {MAX_NAME} characters")
    options: dict[Annotated[str, Field(max_length=64)], OptionValue] | None = Field(
        None, description="the game's options and modules by name (GET /api/meta lists them)")
    seed: StrictInt | None = Field(
        None, description="a seed of your choice makes the deal known to you: the game is then shown to every "
                          f"seat as prearranged. Default: {SECRET_SEED_BITS} secret random bits, never shown "
                          "before the end")
    turn_limit: StrictInt | None = Field(
        None, description=f"seconds a person may take for a turn ({MIN_TURN_LIMIT} to {MAX_TURN_LIMIT}, a week); "
                          "after it, a bot of the `standin` kind plays the seat until the player takes it back. "
                          "Default: no limit")
    standin: StrictStr | None = Field(None, max_length=32,
                                      description="the bot kind that plays for a player who is gone (default greedy)")
    hints: StrictBool | None = Field(None, description="every player agrees to hints in a game with a turn limit "
                                                       "(without a limit hints are always on). Default: no")
    spectator_chat: StrictBool | None = Field(None, description="spectators may talk at the table too. Default: no")


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
    prearranged: bool = Field(description="whether the creator chose the seed (and so may know the deal)")
    creator_token: str = Field(description="the creator's secret: it fills open seats with bots, closes the "
                                           "table and renews a seat's link; shown once, stored only as a hash")
    creator_url: str = Field(description="the creator's page of the table")
    open: bool = Field(description="some seats are open: the game starts once they are taken")


class JoinBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Name = Field(description=f"your name at the table: plain text, 1 to {MAX_NAME} characters")
    seat: StrictInt | None = Field(None, description="the open seat to take (0-based); default: the first open one")


class Joined(BaseModel):
    id: str
    seat: int
    token: str = Field(description="your seat's secret; shown once, stored only as a hash")
    url: str


class FillBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    creator: Token = Field(description="the creator's token")
    kind: StrictStr = Field("greedy", max_length=32, description="the bot kind that sits in every open seat")


class CloseBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    creator: Token = Field(description="the creator's token")


class RenewBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    creator: Token = Field(description="the creator's token")
    seat: StrictInt = Field(description="the human seat (0-based) whose link is renewed")


class SavedLink(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: StrictStr = Field(max_length=64)
    token: Token


class MineBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    links: list[SavedLink] = Field(max_length=MAX_LINKS, description="the (game, token) links this device saved")


# where a created game's id leads (OpenAPI links: clients and API testers follow them)
CREATED_LINKS = {
    name: {"operationId": operation, "parameters": {"game_id": "$response.body#/id"}}
    for name, operation in (("state", "get_game"), ("act", "post_action"), ("undo", "post_undo"),
                            ("gone", "post_gone"), ("reclaim", "post_reclaim"), ("record", "get_record"),
                            ("replay", "get_replay"))
}
TABLE_NOT_FOUND = answer("no such table")
TABLE_CLOSED = answer("the table is closed, has started (every seat is taken), or the seat asked for is taken")
NOT_CREATOR = answer("the token is not this table's creator's (the creator link is not valid)")
BODY: Responses = {400: BAD_JSON, 413: TOO_BIG, 422: INVALID, 503: UNAVAILABLE}


def manager_of(request: Request) -> Manager:
    return request.app.state.manager  # type: ignore[no-any-return]


def tables_of(request: Request) -> Tables:
    return request.app.state.tables  # type: ignore[no-any-return]


def base_of(request: Request) -> str:
    return str(request.base_url).rstrip("/")


def client_of(request: Request) -> str | None:
    return client_key(request.client.host if request.client else None)


@router.get("/api/meta", tags=["lobby"], summary="The games, their options, and the seat kinds")
async def meta() -> dict[str, Any]:
    games = []
    for gid in available():
        g = load(gid)
        games.append({"id": g.id, "name": g.name, "min_players": g.min_players, "max_players": g.max_players,
                      "seat_noun": g.seat_noun, "cooperative": g.cooperative,
                      "options": [o.to_json() for o in g.option_set.options]})
    return {"games": games, "seat_kinds": ["human", *seat_kinds()],
            "turn_limit": {"minimum": MIN_TURN_LIMIT, "maximum": MAX_TURN_LIMIT}, "name_length": MAX_NAME}


@router.get("/api/games", tags=["lobby"], summary="Games in progress and finished, latest first",
            responses={422: INVALID, 503: UNAVAILABLE})
async def list_games(request: Request, limit: int = Query(100, ge=1, le=500)) -> list[dict[str, Any]]:
    return await manager_of(request).list_games(limit)


@router.post("/api/games", tags=["play"], summary="Create a game (or a table with open seats)",
             response_model=Created, responses={200: {"links": CREATED_LINKS}, **BODY, 429: TOO_MANY})
async def create_game(body: CreateGame, request: Request) -> Created:
    manager = manager_of(request)
    tables = tables_of(request)
    setup = manager.setup(body.game, body.players, body.seats, body.options, body.seed,
                          turn_limit=body.turn_limit, standin=body.standin, open_seat=OPEN)

    async def creating() -> tuple[str, list[str | None], str, bool]:
        new_id, tokens, creator, live = await tables.create(setup, body.names, bool(body.hints), client_of(request))
        if live is not None:
            await request.app.state.learning.created(new_id, hints_agreed=bool(body.hints))
        # a table's id is its game's: the rule is kept for the game its open seats become
        await request.app.state.chat.created(new_id, spectators=bool(body.spectator_chat))
        return new_id, tokens, creator, live is None

    new_id, tokens, creator, opened = await manager.within(creating())
    base = base_of(request)
    page = f"{base}/games/{new_id}"
    humans = [t for t in tokens if t is not None]
    return Created(
        id=new_id,
        seats=[SeatLink(seat=s, kind=k, token=t, url=f"{page}#token={t}" if t else None)
               for s, (k, t) in enumerate(zip(setup.seats, tokens, strict=True))],
        spectator_url=page,
        # one `token` parameter per person: each human seat a person of its own, sharing this device
        hotseat_url=f"{page}#" + "&".join(f"token={t}" for t in humans) if len(humans) > 1 else None,
        prearranged=setup.prearranged, creator_token=creator, creator_url=f"{base}/tables/{new_id}#creator={creator}",
        open=opened)


@router.get("/api/tables", tags=["lobby"], summary="Open tables: games waiting for people to take their seats",
            responses={422: INVALID, 503: UNAVAILABLE})
async def list_tables(request: Request, limit: int = Query(100, ge=1, le=500)) -> list[dict[str, Any]]:
    return await tables_of(request).listed(limit)


@router.get("/api/tables/{table_id}", tags=["lobby"], summary="A table: its game, options and seats",
            description="With `token` (a seat's or the creator's), also whose it is: `you` (the seat) or "
                        "`creator`.",
            responses={403: answer("the token is neither a seat's nor the creator's"), 404: TABLE_NOT_FOUND,
                       410: GONE, 422: INVALID, 503: UNAVAILABLE})
async def get_table(table_id: str, request: Request,
                    token: str | None = Query(None, max_length=128)) -> dict[str, Any]:
    return await tables_of(request).table(table_id, token)


@router.post("/api/tables/{table_id}/join", tags=["lobby"], summary="Take an open seat",
             description="Answers your seat's secret link. The last open seat taken starts the game; of two people "
                         "taking the last seat at once, exactly one gets it (the other: 409).",
             response_model=Joined, responses={**BODY, 404: TABLE_NOT_FOUND, 409: TABLE_CLOSED, 429: TOO_MANY})
async def join_table(table_id: str, body: JoinBody, request: Request) -> Joined:
    tables = tables_of(request)
    seat, token = await manager_of(request).within(tables.join(table_id, body.name, body.seat, client_of(request)))
    return Joined(id=table_id, seat=seat, token=token, url=f"{base_of(request)}/games/{table_id}#token={token}")


@router.post("/api/tables/{table_id}/fill", tags=["lobby"], summary="Seat a bot in every open seat: the game starts",
             responses={**BODY, 403: NOT_CREATOR, 404: TABLE_NOT_FOUND, 409: TABLE_CLOSED, 429: TOO_MANY})
async def fill_table(table_id: str, body: FillBody, request: Request) -> dict[str, Any]:
    tables = tables_of(request)
    live = await manager_of(request).within(tables.fill(table_id, body.creator, body.kind, client_of(request)))
    return {"id": live.id, "seats": list(live.seats), "spectator_url": f"{base_of(request)}/games/{live.id}"}


@router.post("/api/tables/{table_id}/close", tags=["lobby"], summary="Close a table nobody may sit at any more",
             responses={**BODY, 403: NOT_CREATOR, 404: TABLE_NOT_FOUND, 409: TABLE_CLOSED})
async def close_table(table_id: str, body: CloseBody, request: Request) -> dict[str, Any]:
    await manager_of(request).within(tables_of(request).close(table_id, body.creator))
    return {"id": table_id, "status": "closed"}


@router.post("/api/games/{game_id}/renew", tags=["lobby"], summary="Renew a human seat's secret link",
             description="Only with the creator's token. The old link stops working at once (a page holding it is "
                         "closed with 4401) and every seat's log says that the link was renewed.",
             response_model=Joined, responses={**BODY, 403: NOT_CREATOR, 404: NOT_FOUND, 410: GONE,
                                               409: answer("the game has not started or is over, or the seat "
                                                           "is a bot's")})
async def renew_link(game_id: str, body: RenewBody, request: Request) -> Joined:
    tables = tables_of(request)
    live, token = await manager_of(request).within(tables.renew(game_id, body.creator, body.seat))
    return Joined(id=live.id, seat=body.seat, token=token, url=f"{base_of(request)}/games/{live.id}#token={token}")


@router.post("/api/my-games", tags=["lobby"], summary="What the links this device saved lead to",
             description="For each (game, token): the game's status as that seat may see it — `waiting` (open "
                         "seats left), `playing`, `over`, `closed`, `renewed` (the creator renewed the link), "
                         "`not_valid`, `missing` or `damaged` — with whose turn it is, `your_turn` and the turn's "
                         "`deadline`. The tokens are only compared with the stored hashes.",
             responses={400: BAD_JSON, 413: TOO_BIG, 422: INVALID, 503: UNAVAILABLE})
async def my_games(body: MineBody, request: Request) -> list[dict[str, Any]]:
    return await tables_of(request).mine([(link.game, link.token) for link in body.links])


__all__ = ["router"]
