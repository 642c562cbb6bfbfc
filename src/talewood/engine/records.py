"""Records — `{game, engine_version, players, options, seed, actions}` — and their replay.

A record replays on an engine of the same release line: the same major and minor version (a patch
release keeps every game the same). A record from another line is refused with both versions named:
its games may have other rules or other action ids, and a replay would stop at some step with no reason
a person could act on.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import __version__
from .definition import Game
from .errors import IllegalAction, RecordError, ReplayDivergence, TalewoodError
from .game import State
from .undo import Step

REQUIRED = ("game", "engine_version", "players", "options", "seed", "actions")


def release_line(version: str) -> tuple[int, int] | None:
    """(major, minor) of a version such as "0.1.0", or None when it is no such version."""
    parts = version.split(".")
    if len(parts) < 2 or not all(p.isdigit() for p in parts[:2]):
        return None
    return int(parts[0]), int(parts[1])


def check_engine_version(record_version: str) -> None:
    """Refuse a record made by an engine of another release line (see the module's docstring)."""
    line = release_line(__version__)
    if release_line(record_version) != line:
        raise RecordError(f"the record was made by Talewood {record_version}, and this is Talewood {__version__}: "
                          f"only records of Talewood {'.'.join(map(str, line or ()))}.x replay here")


@dataclass
class Record:
    game: str
    engine_version: str
    players: int
    options: dict[str, Any]
    seed: int
    actions: list[int]
    hashes: list[str] | None = None
    seats: list[str] | None = None
    result: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game, "engine_version": self.engine_version, "players": self.players,
            "options": self.options, "seed": self.seed, "actions": self.actions,
        }
        if self.hashes is not None:
            out["hashes"] = self.hashes
        if self.seats is not None:
            out["seats"] = self.seats
        if self.result is not None:
            out["result"] = self.result
        return out

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Validate the shape of a record; a malformed one raises RecordError naming the field."""
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        missing = [k for k in REQUIRED if k not in data]
        if missing:
            raise RecordError(f"the record lacks {', '.join(missing)}")

        def _int(name: str, value: Any) -> int:
            if not isinstance(value, int) or isinstance(value, bool):
                raise RecordError(f"record field {name} must be an integer, not {value!r}")
            return value

        if not isinstance(data["game"], str):
            raise RecordError("record field game must be a string")
        if not isinstance(data["engine_version"], str):
            raise RecordError(f"record field engine_version must be a version string such as \"{__version__}\", "
                              f"not {data['engine_version']!r}")
        if not isinstance(data["options"], dict):
            raise RecordError("record field options must be an object")
        if not isinstance(data["actions"], list):
            raise RecordError("record field actions must be a list of action ids")
        actions = [_int(f"actions[{i}]", a) for i, a in enumerate(data["actions"])]
        hashes = data.get("hashes")
        if hashes is not None and (not isinstance(hashes, list) or len(hashes) != len(actions)
                                   or not all(isinstance(h, str) for h in hashes)):
            raise RecordError("record field hashes must be one string per action")
        players = _int("players", data["players"])
        seats = data.get("seats")
        if seats is not None and (not isinstance(seats, list) or not all(isinstance(s, str) for s in seats)):
            raise RecordError("record field seats must be a list of strings")
        if seats is not None and len(seats) != players:
            raise RecordError(f"record field seats must name each of the {players} seats, not {len(seats)}")
        return cls(game=data["game"], engine_version=data["engine_version"], players=players,
                   options=dict(data["options"]), seed=_int("seed", data["seed"]), actions=actions, hashes=hashes,
                   seats=seats, result=data.get("result"))


def record_of(state: State, seats: list[str] | None = None, hashes: list[str] | None = None) -> Record:
    """The record of a tracked state (one made with tracked=True)."""
    if state.history is None:
        raise RecordError("this state keeps no history (it is a clone); records come from tracked states")
    return Record(game=state.game.id, engine_version=__version__, players=state.players,
                  options=dict(state.options), seed=state.seed, actions=list(state.history),
                  hashes=hashes, seats=seats,
                  result=state.result().to_json() if state.is_over else None)


def replay(record: Record, load: Callable[[str], Game]) -> State:
    """Rebuild the state a record describes; raise ReplayDivergence naming the first bad step."""
    return replay_steps(record, load)[0]


def replay_steps(record: Record, load: Callable[[str], Game]) -> tuple[State, list[Step], list[str]]:
    """Rebuild a record's state with the steps a front end keeps for undo and each step's state hash,
    checking every hash the record carries; raise ReplayDivergence naming the first bad step, RecordError
    for a record of another engine (see the module's docstring). The result a record carries is compared by
    whoever reads it (`talewood replay` refuses a record cut short or with other scores)."""
    check_engine_version(record.engine_version)
    try:
        game = load(record.game)
        state = game.new_game(record.players, record.seed, record.options)
    except TalewoodError as exc:
        raise RecordError(f"the record cannot start a game: {exc}") from exc
    steps: list[Step] = []
    hashes: list[str] = []
    for step, action in enumerate(record.actions):
        seat = state.current_player
        try:
            events = state.apply(action)
        except IllegalAction as exc:
            raise ReplayDivergence(step, str(exc)) from exc
        assert seat is not None
        steps.append(Step(seat, list(events), state.barrier))
        hashes.append(state.state_hash())
        if record.hashes is not None and hashes[-1] != record.hashes[step]:
            raise ReplayDivergence(step, f"state hash {hashes[-1]} differs from the recorded {record.hashes[step]}")
    return state, steps, hashes


def rebuild(game: Game, players: int, seed: int, options: dict[str, Any], actions: list[int]) -> State:
    """A tracked state from its start and its actions (used to take decisions back)."""
    return rebuild_steps(game, players, seed, options, actions)[0]


def rebuild_steps(game: Game, players: int, seed: int, options: dict[str, Any],
                  actions: list[int]) -> tuple[State, list[Step]]:
    """A tracked state from its start and its actions, with the steps a front end keeps for undo."""
    state = game.new_game(players, seed, options)
    steps: list[Step] = []
    for action in actions:
        seat = state.current_player
        assert seat is not None
        events = state.apply(action)
        steps.append(Step(seat, list(events), state.barrier))
    return state, steps


def load_record(path: str | Path) -> Record:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror}") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        raise RecordError(f"{path} is not valid JSON ({where}): {exc.msg}") from exc
    return Record.from_json(data)


def save_record(record: Record, path: str | Path) -> None:
    """Write atomically, so a crash never leaves half a record."""
    target = Path(path)
    tmp = target.with_suffix(target.suffix + ".tmp")
    tmp.write_text(json.dumps(record.to_json(), separators=(",", ":")), encoding="utf-8")
    tmp.replace(target)
