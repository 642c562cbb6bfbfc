"""Tables: how people come to play together (the server's side of the lobby).

- Every game is set up at a table (`tables`): the seats' kinds and the names of those seated, and the
  creator's secret (a hash; the creator's own link carries it).
- A seat may be left open: the table is listed (`GET /api/tables`), anyone takes an open seat with a name and
  gets that seat's secret link, and the game starts when the last open seat is taken, or when the creator
  fills the rest with bots; the creator may also close the table. Taking a seat is a change of the table's
  row guarded by its `version`: of two people taking the last seat at once, on one database or across
  processes, exactly one wins; the game's row is stored in the same transaction. Seats taken count against
  the creation limits (`joins`).
- The creator renews a human seat's link: the token is rotated as a new version of the game (other server
  processes hear of it), the old one is refused from then on ("renewed", and a page holding it is closed
  with 4401), and every seat's log says so.
- "Your games": what the seat links a device saved lead to, read from the stored rows (no game is rebuilt).
"""

from __future__ import annotations

import logging
import re
import secrets
import unicodedata
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from ..agents import make_agent
from ..engine import seat_name
from ..games import load
from . import db
from .errors import ApiError, storage_failed
from .learning import Learning
from .live import GAME_ID, HUMAN, Live, aware, hash_token, insert_notes, iso, now, parse_seed
from .manager import Manager, Setup

log = logging.getLogger("talewood.server")

OPEN = "open"                 # a seat kind at creation: a person still to come
MAX_NAME = 24
MAX_LINKS = 50                # saved links one "Your games" request may ask about
NOT_PLAIN = re.compile(r"[<>]")


def person_name(raw: str) -> str:
    """A name as people see it beside a seat: plain text, 1 to MAX_NAME characters, spaces tidied."""
    name = " ".join(unicodedata.normalize("NFC", raw).split())
    if any(unicodedata.category(c) in ("Cc", "Cf", "Co", "Cs", "Cn") for c in name):
        raise ApiError(422, "name: use letters, digits, spaces and punctuation only (no control characters)")
    if NOT_PLAIN.search(name):
        raise ApiError(422, "name: plain text only, without < or >")
    if not any(c.isalnum() for c in name):
        raise ApiError(422, "name: give a name with at least one letter or digit")
    if len(name) > MAX_NAME:
        raise ApiError(422, f"name: at most {MAX_NAME} characters ({len(name)} given)")
    return name


def options_in_words(game_id: str, options: dict[str, Any]) -> list[str]:
    """The options a table chose, as the lobby names them: the modules on, and each other choice that is not
    the game's default, by its label."""
    words = []
    for o in load(game_id).option_set.options:
        value = options.get(o.name, o.default)
        if o.kind == "bool":
            if value:
                words.append(o.display_name)
        elif value != o.default and value is not None:
            words.append(f"{o.display_name}: {o.label_of(value)}")
    return words


class Tables:
    """The tables of one server process, over its Manager and database."""

    def __init__(self, manager: Manager, learning: Learning) -> None:
        self.manager = manager
        self.learning = learning
        self.storage = manager.storage          # every database call below runs on its threads
        self.engine = manager.storage.engine
        manager.audiences.hooks.append(self.annotate)

    # -- the database (on a storage thread) ---------------------------------------------------------------
    def _insert(self, table: dict[str, Any], game: dict[str, Any] | None) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(db.tables).values(**table))
            if game is not None:
                conn.execute(insert(db.games).values(**game))

    def _fetch(self, table_id: str) -> Any:
        with self.engine.connect() as conn:
            return conn.execute(select(db.tables).where(db.tables.c.id == table_id)).mappings().first()

    def _open(self, limit: int) -> list[Any]:
        with self.engine.connect() as conn:
            return list(conn.execute(select(db.tables).where(db.tables.c.status == OPEN)
                                     .order_by(db.tables.c.created_at.desc()).limit(limit)).mappings().all())

    def _change(self, table_id: str, version: int, values: dict[str, Any], join: dict[str, Any] | None,
                game: dict[str, Any] | None) -> bool:
        """The table's new row if nobody changed it since `version` (False: someone did), with the seat taken
        and the game that starts, in one transaction."""
        with self.engine.begin() as conn:
            done = conn.execute(update(db.tables).where(db.tables.c.id == table_id)
                                .where(db.tables.c.version == version).values(version=version + 1, **values))
            if done.rowcount != 1:
                return False
            if join is not None:
                conn.execute(insert(db.joins).values(**join))
            if game is not None:
                conn.execute(insert(db.games).values(**game))
        return True

    def _renew(self, game_id: str, version: int, hashes: list[str | None], renewals: list[dict[str, Any]]) -> None:
        with self.engine.begin() as conn:
            done = conn.execute(update(db.games).where(db.games.c.id == game_id).where(db.games.c.version == version)
                                .values(version=version + 1, token_hashes=hashes, renewals=renewals))
            if done.rowcount != 1:
                raise ApiError(409, "the game changed meanwhile (on another server process); try again")
            self.storage.announce(conn, game_id, version + 1, self.manager.instance)

    def _rows(self, ids: list[str]) -> tuple[list[Any], list[Any]]:
        with self.engine.connect() as conn:
            games = conn.execute(select(db.games).where(db.games.c.id.in_(ids))).mappings().all()
            tables = conn.execute(select(db.tables).where(db.tables.c.id.in_(ids))).mappings().all()
        return list(games), list(tables)

    # -- reading ----------------------------------------------------------------------------------------------
    async def fetch(self, table_id: str) -> Any:
        if not GAME_ID.fullmatch(table_id):
            raise ApiError(404, "this table does not exist: a table's id is 1 to 32 letters, digits, - or _")
        row = await self.storage.read(self._fetch, table_id)
        if row is None:
            raise ApiError(404, f"this table does not exist: there is no table {table_id!r} on this server")
        return row

    @staticmethod
    def describe(row: Any) -> dict[str, Any]:
        """A table as anyone may see it: never a token, a hash or the seed."""
        game = load(row["game"])
        seats, names = list(row["seats"]), list(row["names"])
        return {"id": row["id"], "game": game.id, "name": game.name, "seat_noun": game.seat_noun,
                "players": row["players"], "status": row["status"],
                "seats": [{"seat": s, "kind": kind, "name": names[s] if kind == HUMAN else None}
                          for s, kind in enumerate(seats)],
                "seats_left": sum(1 for kind in seats if kind == OPEN),
                "options": options_in_words(game.id, row["options"]), "turn_limit": row["turn_limit"],
                "prearranged": bool(row["prearranged"]), "created_at": iso(row["created_at"])}

    async def listed(self, limit: int) -> list[dict[str, Any]]:
        out = []
        for row in await self.storage.read(self._open, limit):
            try:
                out.append(self.describe(row))
            except (TypeError, KeyError, ValueError, LookupError):
                continue                  # a row that cannot be read is not offered to anyone
        return out

    async def table(self, table_id: str, token: str | None) -> dict[str, Any]:
        """The table; with a token, whose it is: a seat's (`you`) or the creator's (`creator`)."""
        row = await self.fetch(table_id)
        out = self.describe(row)
        out["you"], out["creator"] = None, False
        if token:
            digest = hash_token(token)
            if secrets.compare_digest(digest, row["creator_hash"]):
                out["creator"] = True
            elif row["status"] == "started":
                out["you"] = (await self.manager.get(table_id)).seat_of(token)   # its links may have been renewed
            else:
                seat = next((s for s, h in enumerate(row["token_hashes"])
                             if isinstance(h, str) and secrets.compare_digest(h, digest)), None)
                if seat is None:
                    raise ApiError(403, "this link is not valid: its token claims no seat of this table")
                out["you"] = seat
        return out

    # -- creating -------------------------------------------------------------------------------------------
    async def create(self, setup: Setup, names: list[str | None] | None, hints: bool,
                     client: str | None) -> tuple[str, list[str | None], str, Live | None]:
        """A new table: the game itself at once when no seat is open. Answers the id, the human seats' tokens,
        the creator's token and the game (None while seats are open)."""
        shown = self._names(setup, names)
        opened = OPEN in setup.seats
        stamp = now()
        await self.manager.check_limits(client, not opened and HUMAN not in setup.seats, stamp)
        tokens: list[str | None] = [secrets.token_urlsafe(24) if k == HUMAN else None for k in setup.seats]
        hashes = [hash_token(t) if t is not None else None for t in tokens]
        creator = secrets.token_urlsafe(24)
        new_id = secrets.token_hex(6)
        live, game = (None, None) if opened else self.manager.new_game(setup, new_id, hashes, stamp, client)
        table = dict(id=new_id, game=setup.game, players=setup.players, seed=str(setup.seed),
                     prearranged=setup.prearranged, options=setup.options, seats=setup.seats, names=shown,
                     token_hashes=hashes, creator_hash=hash_token(creator), turn_limit=setup.turn_limit,
                     standin_kind=setup.standin, hints=hints, status=OPEN if opened else "started", version=0,
                     creator=client, created_at=stamp, updated_at=stamp)
        try:
            await self.manager._write(self._insert, table, game)
        except SQLAlchemyError as exc:
            raise storage_failed(exc, "the new game") from exc
        if live is not None:
            self.manager.start(live)
        return new_id, tokens, creator, live

    @staticmethod
    def _names(setup: Setup, names: list[str | None] | None) -> list[str | None]:
        if names is None:
            return [None] * setup.players
        if len(names) != setup.players:
            raise ApiError(422, f"names: {len(names)} given for {setup.players} seats: give one per seat (or null)")
        out: list[str | None] = []
        for kind, name in zip(setup.seats, names, strict=True):
            if name is not None and kind != HUMAN:
                raise ApiError(422, "names: only a seat a person sits at has a name (an open seat's comes when "
                                    "someone takes it)")
            out.append(person_name(name) if name is not None else None)
        return out

    # -- taking a seat, filling, closing --------------------------------------------------------------------
    def _still_open(self, row: Any) -> None:
        if row["status"] == "closed":
            raise ApiError(409, "this table was closed by its creator: nobody can sit down at it any more")
        if row["status"] != OPEN or OPEN not in row["seats"]:
            raise ApiError(409, "this game has started: every seat is taken")

    def _creator(self, row: Any, token: str) -> None:
        if not secrets.compare_digest(hash_token(token), row["creator_hash"]):
            raise ApiError(403, "this creator link is not valid: only the creator's own link can do this")

    async def _starting(self, row: Any, seats: list[str], hashes: list[str | None],
                        stamp: datetime) -> tuple[Live | None, dict[str, Any] | None]:
        """The game that starts if no seat is left open (None, None if one still is)."""
        if OPEN in seats:
            return None, None
        setup = Setup(row["game"], row["players"], seats, dict(row["options"]), parse_seed(row["seed"]),
                      bool(row["prearranged"]), row["turn_limit"], row["standin_kind"])
        live, game = self.manager.new_game(setup, row["id"], hashes, stamp, row["creator"])
        game["created_at"] = aware(row["created_at"]) or stamp     # the creation limits count it from then
        return live, game

    async def _started(self, row: Any, live: Live | None) -> None:
        if live is None:
            return
        self.manager.start(live)
        log.info("game %s: every seat is taken; it starts", live.id)
        if row["hints"]:
            await self.learning.created(live.id, hints_agreed=True)

    async def join(self, table_id: str, name: str, seat: int | None, client: str | None) -> tuple[int, str]:
        """Take an open seat (the first one, or `seat`): its token. The last seat taken starts the game."""
        name = person_name(name)
        checked = False
        for _attempt in range(8):
            row = await self.fetch(table_id)
            self._still_open(row)
            seats = list(row["seats"])
            if seat is not None and not 0 <= seat < len(seats):
                raise ApiError(422, f"seat must be between 0 and {len(seats) - 1}")
            mine = seat if seat is not None else seats.index(OPEN)
            if seats[mine] != OPEN:
                raise ApiError(409, f"{seat_name(mine, load(row['game']).seat_noun)}'s seat is taken: "
                                    "choose another open seat")
            stamp = now()
            if not checked:
                await self.manager.check_limits(client, False, stamp)
                checked = True
            token = secrets.token_urlsafe(24)
            seats[mine] = HUMAN
            names, hashes = list(row["names"]), list(row["token_hashes"])
            names[mine], hashes[mine] = name, hash_token(token)
            live, game = await self._starting(row, seats, hashes, stamp)
            values = dict(seats=seats, names=names, token_hashes=hashes, updated_at=stamp,
                          status=OPEN if live is None else "started")
            try:
                won = await self.manager._write(self._change, table_id, row["version"], values,
                                                {"table_id": table_id, "seat": mine, "client": client,
                                                 "joined_at": stamp}, game)
            except IntegrityError:
                won = False               # the seat was taken this very moment
            except SQLAlchemyError as exc:
                raise storage_failed(exc, "your seat") from exc
            if won:
                await self._started(row, live)
                return mine, token
        raise ApiError(409, "this table is changing too fast (people are sitting down): try again")

    async def fill(self, table_id: str, creator: str, kind: str, client: str | None) -> Live:
        """The creator seats a bot of `kind` in every open seat: the game starts."""
        if kind in (HUMAN, OPEN):
            raise ApiError(422, "kind must be a bot kind: it sits in every open seat")
        make_agent(kind, 0)              # refuses an unknown kind, listing the valid ones
        row = await self.fetch(table_id)
        self._creator(row, creator)
        self._still_open(row)
        seats = [kind if k == OPEN else k for k in row["seats"]]
        stamp = now()
        if HUMAN not in seats:
            await self.manager.check_limits(client, True, stamp)
        live, game = await self._starting(row, seats, list(row["token_hashes"]), stamp)
        assert live is not None
        try:
            won = await self.manager._write(self._change, table_id, row["version"],
                                            dict(seats=seats, updated_at=stamp, status="started"), None, game)
        except SQLAlchemyError as exc:
            raise storage_failed(exc, "the bots' seats") from exc
        if not won:
            raise ApiError(409, "someone sat down meanwhile: look at the table again, then fill what is left")
        await self._started(row, live)
        return live

    async def close(self, table_id: str, creator: str) -> None:
        row = await self.fetch(table_id)
        self._creator(row, creator)
        self._still_open(row)
        try:
            won = await self.manager._write(self._change, table_id, row["version"],
                                            dict(status="closed", updated_at=now()), None, None)
        except SQLAlchemyError as exc:
            raise storage_failed(exc, "the closing of the table") from exc
        if not won:
            raise ApiError(409, "someone sat down meanwhile: look at the table again")

    # -- a lost link --------------------------------------------------------------------------------------
    async def renew(self, game_id: str, creator: str, seat: int) -> tuple[Live, str]:
        """A new secret link for a human seat; the old one stops working at once."""
        row = await self.fetch(game_id)
        self._creator(row, creator)
        if row["status"] != "started":
            raise ApiError(409, "the game has not started: a seat's link is renewed once the game is on")
        live = await self.manager.get(game_id)
        if not 0 <= seat < live.players:
            raise ApiError(422, f"seat must be between 0 and {live.players - 1}")
        who = seat_name(seat, live.game.seat_noun)
        if live.seats[seat] != HUMAN:
            raise ApiError(409, f"{who} is a bot: only a person's seat has a link")
        token = secrets.token_urlsafe(24)
        async with self.manager.locked(live) as live:
            if live.state.is_over:
                raise ApiError(409, "the game is over: its links are no longer needed")
            hashes = list(live.token_hashes)
            renewals = [*live.renewals, {"seat": seat, "step": len(live.steps), "old": hashes[seat]}]
            hashes[seat] = hash_token(token)
            try:
                await self.manager._write(self._renew, live.id, live.version, hashes, renewals)
            except (SQLAlchemyError, ApiError) as exc:
                raise await self.manager._failed(live, exc, "the new link") from exc
            live.token_hashes, live.renewals = hashes, renewals
            live.version += 1
            live.invalidate()
        log.info("game %s: the creator renewed %s's link", live.id, who)
        self.manager.drop_renewed(live)
        self.manager.changed(live)
        return live, token

    def annotate(self, live: Live, seat: int | None, payload: dict[str, Any]) -> None:
        """A payload hook: every seat's log says when a link was renewed."""
        if not live.renewals:
            return
        lines = [(int(r.get("step", 0)), {"type": "renewal", "to": None,
                  "text": f"{seat_name(int(r.get('seat', 0)), live.game.seat_noun)}'s link was renewed by the "
                          "creator."}) for r in live.renewals]
        payload["log"] = insert_notes(live, seat, payload["log"], lines)

    # -- your games ---------------------------------------------------------------------------------------
    async def mine(self, links: list[tuple[str, str]]) -> list[dict[str, Any]]:
        """What each saved (game, token) link leads to now, as its holder may know it."""
        ids = sorted({gid for gid, _t in links if GAME_ID.fullmatch(gid)})
        games, tables = await self.storage.read(self._rows, ids) if ids else ([], [])
        by_game = {r["id"]: r for r in games}
        by_table = {r["id"]: r for r in tables}
        return [self._status(gid, token, by_game.get(gid), by_table.get(gid)) for gid, token in links]

    def _status(self, gid: str, token: str, game: Any, table: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"game": gid, "status": "missing", "role": None, "seat": None}
        if table is None and game is None:
            return out
        digest = hash_token(token)
        try:
            row = game if game is not None else table
            title = load(row["game"])
            out.update(name=title.name, seat_noun=title.seat_noun, players=row["players"])
            hashes = row["token_hashes"]
            seat = next((s for s, h in enumerate(hashes) if isinstance(h, str) and secrets.compare_digest(h, digest)),
                        None)
            if table is not None and secrets.compare_digest(table["creator_hash"], digest):
                out["role"] = "creator"
            elif seat is not None:
                out["role"], out["seat"] = "seat", seat
            else:
                renewed = game is not None and any(isinstance(r, dict) and r.get("old") == digest
                                                   for r in (game["renewals"] or []))
                out["status"] = "renewed" if renewed else "not_valid"
                return out
            if game is None:
                out["status"] = table["status"] if table["status"] in ("open", "closed") else "missing"
                out["status"] = "waiting" if out["status"] == "open" else out["status"]
                out["seats_left"] = sum(1 for k in table["seats"] if k == OPEN)
                out["updated_at"] = iso(table["updated_at"])
                return out
            if game["damaged"] is not None:
                out["status"] = "damaged"
                return out
            current = game["current_player"]
            standins = game["standins"] or [None] * game["players"]
            out.update(status="over" if game["over"] else "playing", current_player=current,
                       turn_limit=game["turn_limit"], updated_at=iso(game["updated_at"]),
                       result=game["result"] if game["over"] else None,
                       current_kind=game["seats"][current] if isinstance(current, int) else None,
                       standin=standins[current] if isinstance(current, int) else None,
                       your_turn=(not game["over"] and seat is not None and current == seat
                                  and out["role"] == "seat" and standins[seat] is None))
            started = aware(game["turn_started"])
            deadline = None
            if (not game["over"] and isinstance(current, int) and game["turn_limit"] and started is not None
                    and game["seats"][current] == HUMAN and standins[current] is None):
                deadline = started + timedelta(seconds=int(game["turn_limit"]))
            out["deadline"] = iso(deadline)
        except (TypeError, KeyError, ValueError, LookupError):
            out.update(status="damaged", role=None, seat=None)
        return out
