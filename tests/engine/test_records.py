"""Records (engine/records.py): what a malformed record is told, which engine versions replay, and that a
replay gives back every step as it was played: who acted, what it told, whether it was final."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from talewood import __version__
from talewood.engine import (
    Record,
    RecordError,
    ReplayDivergence,
    Rng,
    State,
    Step,
    load_record,
    rebuild,
    rebuild_steps,
    record_of,
    replay,
    replay_steps,
    save_record,
)
from talewood.engine.records import check_engine_version, release_line
from talewood.games import load
from tests.games.lanterns.game import LanternsGame

LANTERNS = LanternsGame()


def played(game: Any, players: int = 2, seed: int = 5, options: dict[str, Any] | None = None,
           moves: int | None = None) -> tuple[State, list[Step], list[str]]:
    """A tracked game played at random, with the steps and hashes a front end keeps as it goes."""
    state = game.new_game(players, seed, options)
    steps: list[Step] = []
    hashes: list[str] = []
    rng = Rng(seed)
    while not state.is_over and (moves is None or len(steps) < moves):
        seat = state.current_player
        legal = state.legal_actions()
        events = state.apply(legal[rng.below(len(legal))])
        steps.append(Step(seat, list(events), state.barrier))
        hashes.append(state.state_hash())
    return state, steps, hashes


def by(game: Any) -> Any:
    return lambda game_id: game if game_id == game.id else load(game_id)


GOOD = {"game": "spirits", "engine_version": __version__, "players": 2, "options": {}, "seed": 1, "actions": [0, 1]}


# -- the shape of a record ---------------------------------------------------------------------------

@pytest.mark.parametrize(("broken", "message"), [
    ({k: v for k, v in GOOD.items() if k not in ("seed", "game")}, "the record lacks game, seed"),
    ({**GOOD, "game": 3}, "record field game must be a string"),
    ({**GOOD, "engine_version": 1}, f'record field engine_version must be a version string such as "{__version__}", '
                                    "not 1"),
    ({**GOOD, "options": ["wish"]}, "record field options must be an object"),
    ({**GOOD, "actions": "0 1"}, "record field actions must be a list of action ids"),
    ({**GOOD, "actions": [0, True]}, "record field actions[1] must be an integer, not True"),
    ({**GOOD, "players": 2.0}, "record field players must be an integer, not 2.0"),
    ({**GOOD, "seed": "1"}, "record field seed must be an integer, not '1'"),
    ({**GOOD, "hashes": "ab"}, "record field hashes must be one string per action"),
    ({**GOOD, "hashes": ["a"]}, "record field hashes must be one string per action"),
    ({**GOOD, "hashes": ["a", 2]}, "record field hashes must be one string per action"),
    ({**GOOD, "seats": "human,greedy"}, "record field seats must be a list of strings"),
    ({**GOOD, "seats": ["human", 2]}, "record field seats must be a list of strings"),
    ({**GOOD, "seats": ["human"]}, "record field seats must name each of the 2 seats, not 1"),
    ("a record", "a record must be a JSON object"),
])
def test_a_malformed_record_is_refused_naming_the_field(broken: Any, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        Record.from_json(broken)
    assert str(caught.value) == message


def test_a_record_keeps_every_field_through_json_and_omits_what_it_lacks(tmp_path: Path) -> None:
    full = {**GOOD, "hashes": ["a", "b"], "seats": ["human", "greedy"], "result": {"scores": [1.0, 2.0]}}
    record = Record.from_json(full)
    assert (record.game, record.engine_version, record.players, record.options, record.seed, record.actions,
            record.hashes, record.seats, record.result) == ("spirits", __version__, 2, {}, 1, [0, 1], ["a", "b"],
                                                            ["human", "greedy"], {"scores": [1.0, 2.0]})
    assert record.to_json() == full
    assert Record.from_json(GOOD).to_json() == GOOD
    path = tmp_path / "game.json"
    save_record(record, path)
    assert load_record(path) == record and [p.name for p in tmp_path.iterdir()] == ["game.json"]
    assert path.read_text(encoding="utf-8") == json.dumps(full, separators=(",", ":"))    # compact
    path.write_text('{"game": "spirits",\n "seed" 1}', encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        load_record(path)
    assert str(caught.value) == f"{path} is not valid JSON (line 2, column 9): Expecting ':' delimiter"
    with pytest.raises(RecordError) as caught:
        load_record(tmp_path / "gone.json")
    assert str(caught.value) == f"cannot read {tmp_path / 'gone.json'}: No such file or directory"


# -- engine versions -----------------------------------------------------------------------------------

def test_release_lines() -> None:
    assert release_line("0.1.0") == (0, 1) and release_line("12.3.4rc1") == (12, 3) and release_line("2.7") == (2, 7)
    assert release_line("0") is None and release_line("a.b.c") is None and release_line("") is None


def test_a_record_of_the_same_release_line_replays_and_another_is_refused_with_both_versions() -> None:
    state, _, _ = played(load("spirits"), moves=6)
    major, minor = release_line(__version__) or (0, 0)
    data = record_of(state).to_json()
    patched = Record.from_json({**data, "engine_version": f"{major}.{minor}.99"})
    assert replay(patched, load).state_hash() == state.state_hash()
    check_engine_version(f"{major}.{minor}.0")
    for other in (f"{major}.{minor + 1}.0", f"{major + 1}.{minor}.0", "0", "nightly"):
        with pytest.raises(RecordError, match=f"made by Talewood {other}, and this is Talewood {__version__}: "
                                              rf"only records of Talewood {major}\.{minor}\.x replay here"):
            replay(Record.from_json({**data, "engine_version": other}), load)


# -- replays ----------------------------------------------------------------------------------------

def test_a_replay_gives_back_every_step_its_events_and_barriers_and_hashes() -> None:
    barriers = set()
    for game, players, options in ((LANTERNS, 2, None), (load("spirits"), 3, {"wish": True, "seasons": True}),
                                   (load("trial"), 2, {"first_player": "random"})):
        state, steps, hashes = played(game, players, options=options, moves=60)
        barriers |= {s.barrier for s in steps}
        assert any(s.events for s in steps), game.id
        record = Record.from_json(json.loads(json.dumps(record_of(state, hashes=hashes).to_json())))
        again, replayed, rehashed = replay_steps(record, by(game))
        assert replayed == steps and rehashed == hashes and again.state_hash() == state.state_hash()
        rebuilt, rebuilt_steps = rebuild_steps(game, players, state.seed, dict(state.options), list(record.actions))
        assert rebuilt_steps == steps and rebuilt.state_hash() == state.state_hash()
        assert rebuild(game, players, state.seed, dict(state.options), record.actions).state_hash() == \
            state.state_hash()
    assert barriers == {True, False}, "the games played show no step that can be taken back, or none that cannot"


def test_a_finished_game_keeps_its_result() -> None:
    state, _, _ = played(load("spirits"))
    data = json.loads(json.dumps(record_of(state).to_json()))
    assert data["result"] == json.loads(json.dumps(state.result().to_json()))
    assert replay(Record.from_json(data), load).result().scores == state.result().scores


def test_a_replay_names_the_first_step_that_differs() -> None:
    state, _, hashes = played(load("spirits"), moves=8)
    data = record_of(state, hashes=hashes).to_json()
    bad = {**data, "hashes": [*hashes[:3], "0" * 16, *hashes[4:]]}
    with pytest.raises(ReplayDivergence, match=f"at step 3: state hash {hashes[3]} differs from the recorded 0+$"):
        replay(Record.from_json(bad), load)
    illegal = {**data, "actions": [*data["actions"][:5], 10 ** 6], "hashes": None}
    with pytest.raises(ReplayDivergence, match="at step 5: ") as caught:
        replay(Record.from_json({k: v for k, v in illegal.items() if v is not None}), load)
    at_five = load("spirits").new_game(2, 5)
    for action in data["actions"][:5]:
        at_five.apply(action)
    assert caught.value.step == 5 and caught.value.reason == at_five.illegal_reason(10 ** 6)


@pytest.mark.parametrize(("change", "message"), [
    ({"game": "chess"}, "the record cannot start a game: unknown game 'chess'"),
    ({"players": 9}, "the record cannot start a game: "),
    ({"options": {"wish": "maybe"}}, "the record cannot start a game: .*true or false"),
])
def test_a_record_that_cannot_start_a_game_says_so(change: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError, match=message) as caught:
        replay(Record.from_json({**GOOD, **change}), load)
    assert not isinstance(caught.value, ReplayDivergence)


def test_record_of_needs_a_tracked_state_and_carries_what_it_is_given() -> None:
    state, _, hashes = played(load("spirits"), moves=4)
    record = record_of(state, seats=["human", "greedy"], hashes=hashes)
    assert (record.game, record.engine_version, record.players, record.seed) == ("spirits", __version__, 2, 5)
    assert record.actions == state.history and record.hashes == hashes and record.seats == ["human", "greedy"]
    assert record.options == state.options and record.result is None
    with pytest.raises(RecordError) as caught:
        record_of(state.clone())
    assert str(caught.value) == "this state keeps no history (it is a clone); records come from tracked states"
