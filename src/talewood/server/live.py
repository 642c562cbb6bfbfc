"""Live games in memory: a game read back from its stored row and moves, what each audience (a seat,
or the spectators) is shown of it, encoded once per change, and the bounded set of games kept in
memory (the least recently used idle ones leave it; a finished game leaves once nobody watches it).

What a page is sent: the whole state when it connects, then, for a page that asks for them, patches
from the state it holds to the new one (the changed fields, the board's changed pieces, the new log
lines) — computed once per audience and change, however many watch.
"""

from __future__ import annotations

import asyncio
import difflib
import hashlib
import hmac
import itertools
import json
import re
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from ..engine import SECRET_SEED_BITS, Game, State, Step, TalewoodError, rebuild_steps, seat_name, visible_to
from ..games import game_module, load
from .errors import ApiError, Corrupt, Renewed

HUMAN = "human"
# revisions count up across every game of the process: a game rebuilt from the database never shows a
# revision a page already holds of the game before
REVISIONS = itertools.count(1)
# a creator may choose any seed a live game could have drawn itself
MAX_SEED = (1 << (SECRET_SEED_BITS + 1)) - 1
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def now() -> datetime:
    return datetime.now(UTC)


def aware(stamp: datetime | None) -> datetime | None:
    """SQLite gives timestamps back without their zone; they were stored in UTC."""
    if stamp is not None and stamp.tzinfo is None:
        return stamp.replace(tzinfo=UTC)
    return stamp


def iso(stamp: Any) -> str | None:
    stamp = aware(stamp) if isinstance(stamp, datetime) else None
    return stamp.isoformat() if stamp is not None else None


@dataclass(eq=False)
class Subscriber:
    """One open WebSocket: its seat (None: a spectator) and whether it takes patches."""

    seat: int | None
    patches: bool = False
    digest: str | None = None            # the hash of the token it said hello with (a renewed one is closed)
    queue: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)


@dataclass(eq=False)
class Shown:
    """What one audience is shown at one revision: the payload, its encoding, the patches to it."""

    revision: int
    payload: dict[str, Any]
    text: str | None = None
    patches: dict[int, str] = field(default_factory=dict)     # from revision -> the patch, encoded


@dataclass(eq=False)
class Live:
    id: str
    game: Game
    players: int
    seed: int
    options: dict[str, Any]
    seats: list[str]
    token_hashes: list[str | None]
    state: State
    steps: list[Step]
    version: int
    prearranged: bool = False
    turn_limit: int | None = None
    standin_kind: str = "greedy"
    standins: list[str | None] = field(default_factory=list)
    votes: list[list[int]] = field(default_factory=list)
    undo_floor: int = 0
    turn_started: datetime | None = None
    wake_at: datetime | None = None
    lease: str | None = None
    renewals: list[dict[str, Any]] = field(default_factory=list)   # [{seat, step, old}]: links the creator renewed
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: set[Subscriber] = field(default_factory=set)
    thinking: int | None = None
    bot_task: asyncio.Task[None] | None = None
    error: str | None = None
    moved: asyncio.Event = field(default_factory=asyncio.Event)
    waiters: int = 0                     # long polls waiting on this game
    revision: int = field(default_factory=lambda: next(REVISIONS))   # new whenever any payload would change
    shown: dict[tuple[int | None, bool], Shown] = field(default_factory=dict)
    before: dict[tuple[int | None, bool], Shown] = field(default_factory=dict)
    # presence: open WebSockets per seat in this process, when each seat was last seen here, and when
    # another server process last saw it (from the database)
    connected: list[int] = field(default_factory=list)
    last_seen: list[datetime] = field(default_factory=list)
    seen_elsewhere: list[datetime | None] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.standins:
            self.standins = [None] * self.players
        if not self.votes:
            self.votes = [[] for _ in range(self.players)]
        stamp = now()
        self.connected = [0] * self.players
        self.last_seen = [stamp] * self.players
        if not self.seen_elsewhere:
            self.seen_elsewhere = [None] * self.players

    def invalidate(self) -> None:
        """Every payload of the game changes: the next request builds it anew."""
        self.revision = next(REVISIONS)

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token claims (None: no token, a spectator); a wrong token is refused."""
        if token is None or token == "":
            return None
        digest = hash_token(token)
        found: int | None = None
        for seat, stored in enumerate(self.token_hashes):
            if stored is not None and hmac.compare_digest(digest, stored):
                found = seat
        if found is None:
            for renewal in self.renewals:
                if isinstance(renewal.get("old"), str) and hmac.compare_digest(digest, renewal["old"]):
                    raise Renewed(seat_name(int(renewal.get("seat", 0)), self.game.seat_noun))
            raise ApiError(403, "this link is not valid: its token claims no seat of this game")
        return found

    def plays(self, seat: int | None) -> str | None:
        """The bot kind that plays `seat` now (its own kind, or a stand-in), or None for a person."""
        if seat is None:
            return None
        return self.standins[seat] or (None if self.seats[seat] == HUMAN else self.seats[seat])

    @property
    def people(self) -> bool:
        """Whether a person sits at this game (its bots then think in the foreground lane)."""
        return HUMAN in self.seats

    def deadline(self) -> datetime | None:
        seat = self.state.current_player
        if (self.turn_limit is None or seat is None or self.state.is_over or self.plays(seat) is not None
                or self.turn_started is None):
            return None
        return self.turn_started + timedelta(seconds=self.turn_limit)

    def grace(self, gone_after: float) -> float:
        """How long a player's pages may all be closed before the others may call them gone: `gone_after`,
        or in a game with a turn limit a whole turn's time if that is longer (a game of one move an evening
        must not lose a player who closed the page after their move)."""
        return max(gone_after, float(self.turn_limit or 0))

    def away_since(self, seat: int) -> datetime | None:
        """Since when no page of `seat`'s player has been open (None: one is open here now)."""
        if self.connected[seat]:
            return None
        elsewhere = self.seen_elsewhere[seat]
        return max(self.last_seen[seat], elsewhere) if elsewhere is not None else self.last_seen[seat]

    def idle(self) -> bool:
        """Nobody follows or changes the game here now: it may leave memory (storage keeps it)."""
        return (not self.subscribers and not self.waiters and not self.lock.locked() and self.thinking is None
                and (self.bot_task is None or self.bot_task.done()))


def parse_seed(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        seed = value
    elif isinstance(value, str) and value.isdigit() and len(value) <= 64:
        seed = int(value)
    else:
        raise Corrupt("seed is not a whole number")
    if not 0 <= seed <= MAX_SEED:
        raise Corrupt("seed is out of range")
    return seed


def _list(row: Any, name: str, players: int, check: Callable[[Any], bool], default: Any = None) -> list[Any]:
    value = row[name]
    if value is None and default is not None:
        return [default() for _ in range(players)]
    if not isinstance(value, list) or len(value) != players or not all(check(v) for v in value):
        raise Corrupt(f"{name} is not a list of {players} valid entries")
    return list(value)


def _int(row: Any, name: str, nullable: bool = False) -> int | None:
    value = row[name]
    if value is None and nullable:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise Corrupt(f"{name} is not a whole number")
    return value


def seen_of(value: Any, players: int) -> list[datetime | None]:
    """The stored `seen` column: per seat an ISO time or null; anything else counts as never seen."""
    out: list[datetime | None] = [None] * players
    if isinstance(value, list) and len(value) == players:
        for seat, stamp in enumerate(value):
            if isinstance(stamp, str):
                try:
                    out[seat] = aware(datetime.fromisoformat(stamp))
                except ValueError:
                    continue
    return out


def parse_live(row: Any, actions: list[Any]) -> Live:
    """A Live game from its stored row and moves; anything that does not fit raises Corrupt or a
    TalewoodError (a move the rules refuse)."""
    if not isinstance(row["game"], str):
        raise Corrupt("game is not a game id")
    game = load(row["game"])
    players = _int(row, "players")
    assert players is not None
    game.check_players(players)
    seed = parse_seed(row["seed"])
    options = row["options"]
    if not isinstance(options, dict):
        raise Corrupt("options is not an object")
    seats = _list(row, "seats", players, lambda v: isinstance(v, str) and len(v) <= 32)
    hashes = _list(row, "token_hashes", players, lambda v: v is None or isinstance(v, str))
    if any((kind == HUMAN) != (digest is not None) for kind, digest in zip(seats, hashes, strict=True)):
        raise Corrupt("token_hashes does not give each human seat a token")
    standins = _list(row, "standins", players, lambda v: v is None or isinstance(v, str), default=lambda: None)
    votes = _list(row, "votes", players, lambda v: isinstance(v, list) and all(
        isinstance(s, int) and 0 <= s < players for s in v), default=list)
    version = _int(row, "version")
    assert version is not None
    if not all(isinstance(a, int) and not isinstance(a, bool) for a in actions):
        raise Corrupt("a stored move is not an action id")
    if row["steps"] != len(actions):
        raise Corrupt(f"the game says it has {row['steps']} moves but {len(actions)} are stored")
    undo_floor = _int(row, "undo_floor")
    turn_limit = _int(row, "turn_limit", nullable=True)
    kind = row["standin_kind"]
    if not isinstance(kind, str):
        raise Corrupt("standin_kind is not a bot kind")
    renewals = row.get("renewals") or []
    if not isinstance(renewals, list) or not all(isinstance(r, dict) for r in renewals):
        raise Corrupt("renewals is not a list of objects")
    state, steps = rebuild_steps(game, players, seed, dict(options), actions)
    return Live(id=row["id"], game=game, players=players, seed=seed, options=dict(options), seats=seats,
                token_hashes=hashes, state=state, steps=steps, version=version,
                prearranged=bool(row["prearranged"]), turn_limit=turn_limit, standin_kind=kind,
                standins=standins, votes=votes, undo_floor=min(undo_floor or 0, len(steps)),
                turn_started=aware(row["turn_started"]), wake_at=aware(row["wake_at"]), lease=row["lease"],
                seen_elsewhere=seen_of(row.get("seen"), players), renewals=list(renewals))


# what a damaged row may raise while it is read back
CORRUPTION = (Corrupt, TalewoodError, ValueError, TypeError, KeyError, IndexError, AssertionError)


def summary(row: Any) -> dict[str, Any]:
    """A lobby line; a row that cannot be read shows as damaged instead of failing the whole list."""
    try:
        if row["damaged"] is not None:
            raise Corrupt(row["damaged"])
        players = _int(row, "players")
        assert players is not None
        seats = _list(row, "seats", players, lambda v: isinstance(v, str))
        standins = _list(row, "standins", players, lambda v: v is None or isinstance(v, str), default=lambda: None)
        result = row["result"]
        if result is not None and not isinstance(result, dict):
            raise Corrupt("result is not an object")
        options = row["options"]
        if not isinstance(options, dict):
            raise Corrupt("options is not an object")
        try:
            name = load(row["game"]).name
        except TalewoodError:
            name = str(row["game"])
        current = row["current_player"]
        return {"id": row["id"], "game": row["game"], "name": name, "players": players, "seats": seats,
                "standins": standins, "over": bool(row["over"]),
                "current_player": current if isinstance(current, int) else None,
                "steps": _int(row, "steps"), "result": result, "options": options,
                "prearranged": bool(row["prearranged"]), "turn_limit": _int(row, "turn_limit", nullable=True),
                "damaged": False, "created_at": iso(row["created_at"]), "updated_at": iso(row["updated_at"])}
    except CORRUPTION:
        return {"id": row["id"], "game": row["game"] if isinstance(row["game"], str) else None, "name": None,
                "players": None, "seats": [], "standins": [], "over": False, "current_player": None, "steps": None,
                "result": None, "options": {}, "prearranged": False, "turn_limit": None, "damaged": True,
                "created_at": iso(row["created_at"]), "updated_at": iso(row["updated_at"])}


def insert_notes(live: Live, seat: int | None, logged: list[dict[str, Any]],
                 notes: list[tuple[int, dict[str, Any]]]) -> list[dict[str, Any]]:
    """`seat`'s log with each (step, line) put where that step's events begin (a hint asked, a link renewed):
    the log holds the setup's events, then each step's, as this seat sees them."""
    counts = [len(visible_to(step.events, seat)) for step in live.steps]
    at = [len(logged) - sum(counts)]
    for c in counts:
        at.append(at[-1] + c)
    merged = list(logged)
    for step, line in sorted(notes, key=lambda n: -n[0]):
        merged.insert(at[min(max(0, step), len(at) - 1)], line)
    return merged


_renderers: dict[str, Callable[..., str] | None] = {}


def render(game_id: str, view: dict[str, Any], seat: int | None, actions: list[dict[str, Any]]) -> str:
    """The game's SVG for this view, or a plain fallback when the game has no render.py."""
    if game_id not in _renderers:
        module: Any = game_module(game_id, "render")
        _renderers[game_id] = getattr(module, "render_svg", None) if module is not None else None
    fn = _renderers[game_id]
    if fn is None:
        return ('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="40"><text x="10" y="25">'
                'This game has no board drawing yet: use the buttons.</text></svg>')
    return fn(view, seat, actions)


# -- what an audience is shown ------------------------------------------------------------------------
def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


class Audiences:
    """Builds, once per audience and revision, what a seat or the spectators are shown; counts the work."""

    def __init__(self, gone_after: float, undo_count: Callable[[Live, int | None], int]) -> None:
        self.gone_after = gone_after
        self.undo_count = undo_count
        self.built = 0          # payloads built
        self.encoded = 0        # whole states encoded
        self.patched = 0        # patches computed
        # functions that add to a payload before it is kept (the hints asked go into the log)
        self.hooks: list[Callable[[Live, int | None, dict[str, Any]], None]] = []

    def shown(self, live: Live, seat: int | None, svg: bool) -> Shown:
        key = (seat, svg)
        current = live.shown.get(key)
        if current is not None and current.revision == live.revision:
            return current
        fresh = Shown(live.revision, self.build(live, seat, svg))
        if current is not None:
            live.before[key] = current
        live.shown[key] = fresh
        return fresh

    def payload(self, live: Live, seat: int | None, svg: bool = False) -> dict[str, Any]:
        """What `seat` (None: a spectator) may know now."""
        return self.shown(live, seat, svg).payload

    def text(self, live: Live, seat: int | None, svg: bool = False) -> str:
        """The payload as JSON, encoded once per revision and audience."""
        shown = self.shown(live, seat, svg)
        if shown.text is None:
            shown.text = encode(shown.payload)
            self.encoded += 1
        return shown.text

    def state_message(self, live: Live, seat: int | None) -> tuple[int, str]:
        """A WebSocket's whole state (with the board): its revision and its text."""
        shown = self.shown(live, seat, True)
        if shown.text is None:
            shown.text = encode(shown.payload)
            self.encoded += 1
        return shown.revision, '{"type":"state",' + shown.text[1:]

    def patch_message(self, live: Live, seat: int | None, since: int) -> tuple[int, str] | None:
        """The patch from revision `since` to the current one, if the game still knows `since`."""
        key = (seat, True)
        shown = self.shown(live, seat, True)
        old = live.before.get(key)
        if old is None or old.revision != since:
            return None
        found = shown.patches.get(since)
        if found is None:
            found = shown.patches[since] = encode(patch(old.payload, shown.payload, since, shown.revision))
            self.patched += 1
        return shown.revision, found

    def build(self, live: Live, seat: int | None, svg: bool) -> dict[str, Any]:
        self.built += 1
        state = live.state
        game = live.game
        current = state.current_player
        actions: list[dict[str, Any]] = []
        if seat is not None and current == seat and not state.is_over and live.standins[seat] is None:
            for a in state.legal_actions():
                entry = game.action_space.to_json(a)
                entry["label"] = state.describe(a)
                entry.update(game.choice(state, a).to_json())    # group, first, detail, code
                actions.append(entry)
        view = state.view(seat)
        deadline = live.deadline()
        sheet = game.score_sheet(state.result()) if state.is_over else None
        out: dict[str, Any] = {
            "id": live.id, "game": game.id, "name": game.name, "seat_noun": game.seat_noun,
            "version": live.version, "revision": live.revision, "seat": seat,
            "seats": [{"seat": s, "kind": k, "standin": live.standins[s], "gone_votes": live.votes[s],
                       "away_since": iso(live.away_since(s)) if k == HUMAN else None}
                      for s, k in enumerate(live.seats)],
            "current_player": current, "prompt": state.prompt(),
            "actions": actions,
            "view": view, "log": state.events_for(seat), "over": state.is_over,
            "result": state.result().to_json() if state.is_over else None,
            "verdict": sheet.headline() if sheet is not None else None,
            "score_sheet": sheet.to_json() if sheet is not None else None,
            "undo": self.undo_count(live, seat), "thinking": live.thinking, "steps": len(live.steps),
            "error": live.error, "prearranged": live.prearranged, "turn_limit": live.turn_limit,
            "deadline": deadline.isoformat() if deadline is not None else None,
            "standin_kind": live.standin_kind, "gone_after": live.grace(self.gone_after),
        }
        for hook in self.hooks:
            hook(live, seat, out)
        if svg:
            out["svg"] = render(game.id, view, seat, actions)
        return out


def patch(old: dict[str, Any], new: dict[str, Any], since: int, revision: int) -> dict[str, Any]:
    """What turns payload `old` into `new`, as operations on paths (keys and list indices): `["set",
    path, value]`, `["del", path]`, `["add", path, items]` (items appended to a list: new log lines, a
    tile taken) and `["cut", path, pieces]` (the board: its SVG cut at each "><", pieces i to j replaced,
    from the last change to the first)."""
    ops: list[list[Any]] = []
    _diff(old, new, [], ops)
    return {"type": "patch", "from": since, "revision": revision, "ops": ops}


def _diff(old: Any, new: Any, path: list[Any], ops: list[list[Any]]) -> None:
    if type(old) is dict and type(new) is dict:
        for key, value in new.items():
            if key not in old:
                ops.append(["set", [*path, key], value])
            elif old[key] != value:
                _diff(old[key], value, [*path, key], ops)
        ops.extend(["del", [*path, key]] for key in old if key not in new)
    elif type(old) is list and type(new) is list and len(new) >= len(old) and new[:len(old)] == old:
        ops.append(["add", path, new[len(old):]])
    elif type(old) is list and type(new) is list and len(new) == len(old):
        for i, (a, b) in enumerate(zip(old, new, strict=True)):
            if a != b:
                _diff(a, b, [*path, i], ops)
    elif path == ["svg"] and type(old) is str and type(new) is str and (pieces := svg_patch(old, new)):
        ops.append(["cut", path, pieces])
    else:
        ops.append(["set", path, new])


def svg_patch(old: str, new: str) -> list[list[Any]] | None:
    """[[i, j, pieces]…]: replace pieces i to j of `old` cut at "><" by `pieces`, from the last change
    to the first; None when the patch would not be much smaller than the whole board."""
    a, b = old.split("><"), new.split("><")
    ops: list[list[Any]] = []
    size = 0
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag != "equal":
            ops.append([i1, i2, b[j1:j2]])
            size += sum(len(p) + 2 for p in b[j1:j2])
    return ops[::-1] if size < len(new) // 2 else None


def apply_patch(old: dict[str, Any], message: dict[str, Any]) -> dict[str, Any]:
    """`old` with a patch applied, `old` left as it was (what the page does; the tests check one against the
    other)."""
    out = {**old, "revision": message["revision"]}
    for op, path, *value in message["ops"]:
        node: Any = out
        for key in path[:-1]:                     # copy the containers on the way: `old` stays as it was
            node[key] = list(node[key]) if type(node[key]) is list else dict(node[key])
            node = node[key]
        last = path[-1]
        if op == "set":
            node[last] = value[0]
        elif op == "del":
            del node[last]
        elif op == "add":
            node[last] = node[last] + value[0]
        else:
            pieces = node[last].split("><")
            for i, j, new in value[0]:
                pieces[i:j] = new
            node[last] = "><".join(pieces)
    return out


# -- the games kept in memory ---------------------------------------------------------------------------
class LiveGames(OrderedDict[str, Live]):
    """The games in memory, least recently used first. `trim` lets idle games go (the database keeps
    them; the next request reads them back): finished ones beyond the few last looked at
    (`finished_limit`), then the least recently used beyond `limit`."""

    def __init__(self, limit: int = 256, finished_limit: int = 8) -> None:
        super().__init__()
        self.limit = limit
        self.finished_limit = finished_limit
        self.evicted = 0

    def touch(self, game_id: str) -> Live | None:
        live = self.get(game_id)
        if live is not None:
            self.move_to_end(game_id)
        return live

    def trim(self, keep: str | None = None) -> None:
        """Let idle games go past the bounds; never `keep`, the game a request is about to use."""
        finished = [gid for gid, live in self.items() if live.state.is_over and live.idle() and gid != keep]
        for game_id in finished[:max(0, len(finished) - self.finished_limit)]:
            self._drop(game_id)
        if len(self) > self.limit:
            idle = [gid for gid, live in self.items() if live.idle() and gid != keep]
            for game_id in idle[:len(self) - self.limit]:
                self._drop(game_id)

    def _drop(self, game_id: str) -> None:
        self.pop(game_id, None)
        self.evicted += 1

    def let_go(self, live: Live) -> None:
        """After a change or when a page leaves: a finished game nobody follows may leave memory."""
        if live.state.is_over:
            self.trim()
