"""The engine contract as reusable checks (docs/adding-a-game.md lists them).

Each check takes a Game and raises AssertionError when the game breaks the contract. The test
module runs every check on every registered game (and on the tests' own cooperative game), and
tests/engine/test_contract_catches.py shows that each check fails on a deliberately broken game.
"""

from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

from talewood.engine import (
    CHANCE,
    Game,
    GameNotOver,
    IllegalAction,
    Record,
    ReplayDivergence,
    Rng,
    ScoreSheet,
    State,
    Step,
    TalewoodError,
    record_of,
    replay,
    undoable,
)
from talewood.engine.observation import numbers_of
from talewood.games import game_module

SEEDS = range(6)


def counts(game: Game) -> list[int]:
    return list(range(game.min_players, game.max_players + 1))


def walk(game: Game, seed: int, steps: int, rng: Rng, players: list[int] | None = None) -> Iterator[State]:
    """Positions along a random line of play (up to `steps` of them) for every player count."""
    for n in players or counts(game):
        state = game.new_game(n, seed)
        for _ in range(steps):
            if state.is_over:
                break
            yield state
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])


def random_play(state: State, rng: Rng, limit: int = 100_000, check: Any = None) -> int:
    steps = 0
    while not state.is_over:
        legal = state.legal_actions()
        assert legal, f"no legal action at {state.prompt()}"
        assert legal == sorted(legal) and len(set(legal)) == len(legal), "legal actions must be sorted and distinct"
        state.apply(legal[rng.below(len(legal))])
        steps += 1
        if check:
            check(state)
        assert steps < limit, "the game does not end"
    return steps


# -- playing ------------------------------------------------------------------------------------
def check_random_playouts_end_with_a_result(game: Game) -> None:
    for players in counts(game):
        for seed in SEEDS:
            state = game.new_game(players, seed)
            random_play(state, Rng(seed))
            result = state.result()
            assert state.current_player is None and state.legal_actions() == []
            assert len(result.scores) == players
            assert all(0 <= w < players for w in result.winners)
            assert result.cooperative == game.cooperative, "a cooperative game's result is a team result"
            if game.cooperative:
                assert result.team_won is not None and result.team_score is not None
                assert result.winners == (list(range(players)) if result.team_won else [])
            json.dumps(result.to_json())
            with pytest.raises(IllegalAction, match="over"):
                state.apply(0)


def check_result_waits_for_the_end(game: Game) -> None:
    state = game.new_game(game.min_players, 1)
    with pytest.raises(GameNotOver):
        state.result()


def check_same_seed_same_game(game: Game) -> None:
    players = game.max_players
    a, b = game.new_game(players, 11), game.new_game(players, 11)
    assert a.state_hash() == b.state_hash()
    random_play(a, Rng(3))
    random_play(b, Rng(3))
    assert a.state_hash() == b.state_hash()
    assert game.new_game(players, 12).state_hash() != game.new_game(players, 11).state_hash()


def check_decision_bound(game: Game) -> None:
    """No game takes more decisions than the game declares (with its defaults)."""
    for players in counts(game):
        bound = game.max_decisions(players, game.parse_options(None, players))
        assert bound > 0
        for seed in SEEDS:
            state = game.new_game(players, seed, tracked=False)
            steps = random_play(state, Rng(seed + 100), limit=bound + 1)
            assert steps <= bound, f"{steps} decisions, more than the declared {bound}"


def check_explicit_chance(game: Game) -> None:
    """With explicit chance, chance steps wait as CHANCE with outcomes whose probabilities sum to 1."""
    for players in counts(game):
        state = game.new_game(players, 3, explicit_chance=True)
        rng = Rng(3)
        while not state.is_over:
            if state.current_player == CHANCE:
                outcomes = state.chance_outcomes()
                assert outcomes and math.isclose(sum(p for _, p in outcomes), 1.0), outcomes
                assert state.legal_actions() == sorted(o for o, _ in outcomes)
            else:
                assert state.chance_outcomes() == ()
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])


# -- copies -------------------------------------------------------------------------------------
def check_clone_is_independent(game: Game) -> None:
    rng = Rng(5)
    for state in walk(game, 3, 25, rng):
        before = state.state_hash()
        copy = state.clone()
        assert copy.state_hash() == before
        random_play(copy, rng)
        assert state.state_hash() == before, "playing the clone changed the original"


def check_illegal_actions_change_nothing(game: Game) -> None:
    rng = Rng(9)
    state = game.new_game(game.max_players, 4)
    for _ in range(40):
        if state.is_over:
            break
        before = state.state_hash()
        legal = set(state.legal_actions())
        illegal = [a for a in range(len(game.action_space)) if a not in legal][:20]
        for action in [*illegal, -1, len(game.action_space), "1", None, 1.5]:
            with pytest.raises(IllegalAction):
                state.apply(action)  # type: ignore[arg-type]
            assert state.state_hash() == before
        state.apply(sorted(legal)[rng.below(len(legal))])


def _mutated(value: Any) -> Any:
    """A different value of the same shape (never changed in place)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if value is None:
        return 0
    if isinstance(value, Rng):
        other = value.clone()
        other.next64()
        return other
    if isinstance(value, tuple) and hasattr(value, "_replace"):
        first = value._fields[-1]
        return value._replace(**{first: _mutated(getattr(value, first))})
    if isinstance(value, list):
        return [_mutated(value[0]), *value[1:]] if value else [0]
    if isinstance(value, tuple):
        return (_mutated(value[0]), *value[1:]) if value else (0,)
    if isinstance(value, dict):
        return {**value, "_mutated": 1}
    if isinstance(value, (set, frozenset)):
        return type(value)([*value, -12345])
    raise AssertionError(f"no way to change a {type(value).__name__} for the hash check")


def _record_fields(value: Any) -> list[str]:
    """The fields of a record the state holds in one field and copies with `copy()` (its class lists them in
    `__slots__`, or compiled, in `__mypyc_attrs__`); none for any other value."""
    if isinstance(value, (list, dict, set, tuple, Rng)) or not callable(getattr(value, "copy", None)):
        return []
    names = getattr(type(value), "__slots__", None) or getattr(type(value), "__mypyc_attrs__", ())
    return [name for name in names if name != "__dict__"]


def check_hash_covers_every_field(game: Game) -> None:
    """Changing any field of the state changes its hash; SHARED fields really are shared by clones; the
    SEARCH_ONLY fields the hash leaves out keep the value they start with in every game played."""
    rng = Rng(17)
    fresh = game.new_game(game.max_players, 1)
    search_only = type(fresh).SEARCH_ONLY
    rest = {name: getattr(fresh, name) for name in search_only}
    for state in walk(game, 7, 30, rng, players=[game.max_players]):
        before = state.state_hash()
        copy = state.clone()
        for name in type(state).SHARED:
            assert getattr(copy, name) is getattr(state, name), f"SHARED field {name} is copied, not shared"
        for name in search_only:
            assert getattr(state, name) == rest[name], f"SEARCH_ONLY field {name} moved in a game played"
        slots = set(type(state).field_names())
        for name in sorted(slots - set(type(state).SHARED) - set(search_only) - _ENGINE_OWN):
            if name == "stack" and not state.stack:
                continue
            inner = _record_fields(getattr(state, name))
            for part in inner:          # a record held as one field (a battle under way): each of its fields
                other = state.clone()
                record = getattr(other, name)
                setattr(record, part, _mutated(getattr(record, part)))
                assert other.state_hash() != before, f"the state hash does not see a change of {name}.{part}"
            if inner:
                continue
            other = state.clone()
            setattr(other, name, _mutated(getattr(state, name)))
            assert other.state_hash() != before, f"the state hash does not see a change of {name!r}"


_ENGINE_OWN = {"_legal", "_legal_version", "_offered", "game", "history", "log", "options", "players", "seed",
               "version", "barrier", "explicit_chance", "final", "_secrets"}


# -- information --------------------------------------------------------------------------------
def check_views_hide_what_a_seat_cannot_see(game: Game) -> None:
    """Redaction: a determinized world differs only in what `seat` cannot see, so its view of both
    must be identical; and every view is JSON."""
    rng = Rng(21)
    for players in counts(game):
        state = game.new_game(players, 8)
        for _ in range(200):
            if state.is_over:
                break
            for seat in [*range(players), None]:
                view = state.view(seat)
                json.dumps(view)
                if seat is not None:
                    world = state.determinize(seat, Rng(rng.next64()))
                    assert world.view(seat) == view
                    assert world.legal_actions() == state.legal_actions() or state.current_player != seat
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])


def check_determinize_depends_only_on_what_the_seat_sees(game: Game) -> None:
    """Two worlds the seat cannot tell apart, re-dealt with the same generator, are the same world;
    and a world's legal actions are its own, not the real state's cached ones."""
    rng = Rng(31)
    for state in walk(game, 5, 60, rng):
        seat = state.current_player
        assert seat is not None
        other = state.determinize(seat, Rng(rng.next64()))
        a = state.determinize(seat, Rng(77))
        b = other.determinize(seat, Rng(77))
        assert a.state_hash() == b.state_hash()
        assert a.legal_actions() == a._legal_actions()


def check_determinize_leaves_the_original_alone(game: Game) -> None:
    state = game.new_game(game.max_players, 2)
    random_steps = Rng(2)
    for _ in range(6):                     # a few steps in, but never to the end
        legal = state.legal_actions()
        after = state.clone()
        after.apply(legal[random_steps.below(len(legal))])
        if after.is_over:
            break
        state = after
    before = state.state_hash()
    world = state.determinize(0, Rng(1))
    random_play(world, Rng(4))
    assert state.state_hash() == before


def check_encoding_is_a_function_of_the_view(game: Game) -> None:
    """The observation has the declared size, holds finite numbers, and a determinized copy (the same
    view, other hidden things) encodes the same for that seat; the mask marks exactly the legal actions."""
    rng = Rng(41)
    for state in walk(game, 9, 80, rng):
        spec = game.observation_spec(state.players, state.options)
        for seat in range(state.players):
            obs = game.encode(state, seat)
            assert len(obs) == spec.size, f"{len(obs)} numbers, the spec declares {spec.size}"
            assert all(isinstance(x, float) and math.isfinite(x) for x in obs)
            world = state.determinize(seat, Rng(rng.next64()))
            assert game.encode(world, seat) == obs, f"the encoding shows {seat}'s hidden information"
        mask = game.legal_mask(state)
        assert len(mask) == len(game.action_space)
        assert [a for a, m in enumerate(mask) if m] == state.legal_actions()
        assert set(mask) <= {0, 1}


def check_kept_observations_follow_the_game(game: Game) -> None:
    """A buffer kept by the spec's updater (what the learning environments hand out) equals a fresh
    encoding whenever its seat looks: seats look at random moments, so an updater must follow any
    number of steps at once, and on into the next game (a new deal) without being told."""
    rng = Rng(43)
    for n in counts(game):
        spec = game.observation_spec(n, game.parse_options({}, n))
        kept = [(spec.follow(), spec.buffer()) for _ in range(n)]
        for seed in (3, 4):
            state = game.new_game(n, seed)
            steps = 0
            while not state.is_over and steps < 400:
                for seat, (update, out) in enumerate(kept):
                    if rng.below(3) == 0 or state.current_player == seat:
                        update(state, seat, out)
                        # (a game's own `encode` in Python's floats: a buffer keeps them in float32)
                        assert out.tolist() == numbers_of(game.encode(state, seat)).tolist(), (
                            f"seat {seat + 1}'s kept observation is not the encoding after {steps} steps "
                            f"of game {seed} ({n} players): {state.prompt()}")
                legal = state.legal_actions()
                state.apply(legal[rng.below(len(legal))])
                steps += 1


def check_events_for_a_seat_hold_no_one_elses_private_events(game: Game) -> None:
    state = game.new_game(game.max_players, 6)
    random_play(state, Rng(6))
    for seat in range(game.max_players):
        assert all(e["to"] in (None, seat) for e in state.events_for(seat))
    assert all(e["to"] is None for e in state.events_for(None))


def random_options(game: Game, players: int, rng: Rng) -> dict[str, Any]:
    """A combination of the game's options (modules on and off, choices) valid for `players`."""
    for _ in range(100):
        chosen: dict[str, Any] = {}
        for option in game.option_set.options:
            if option.kind == "bool":
                chosen[option.name] = rng.below(2) == 1
            elif option.kind == "choice" and option.choices:
                chosen[option.name] = option.choices[rng.below(len(option.choices))]
        try:
            return game.parse_options(chosen, players)
        except TalewoodError:
            continue
    return game.parse_options({}, players)


def check_hidden_information_is_declared(game: Game) -> None:
    """A game says what undo must never cross (State.HIDDEN); one that says nothing offers no undo."""
    state = game.new_game(game.min_players, 1)
    assert type(state).HIDDEN is not None, f"{game.name} does not declare its hidden information (HIDDEN)"
    assert state.secrets() == state.secrets(), "HIDDEN must name fields and methods whose values compare equal"


def replayed_alike(world: State, action: int, seen: dict[str, Any], observer: int, actor: int) -> State | None:
    """`world` after the step, if `observer` sees there what it saw in the real game: the actor's own
    step (the actor knows what it holds), or for another seat any step the actor could make there that
    looks the same (a card played face down is some card to the others); None if none does."""
    tries = [action] if observer == actor or action in world.legal_actions() else list(world.legal_actions())
    for choice in tries:
        after = world.clone()
        after.apply(choice)
        if after.view(observer) == seen:
            return after
    return None


def check_undo_never_crosses_hidden_information(game: Game) -> None:
    """Anything revealed to anyone ends undo: replayed from before the steps a seat may still take back, in
    a world re-dealt for any seat (the actor or another), each step is legal and that seat's view after
    it is what it was in the real game — so no view showed anyone something hidden or drawn at random.
    Each player count is played with the default options and with random combinations of the modules."""
    rng = Rng(51)
    for players in counts(game):
        for seed in range(3):
            options = random_options(game, players, rng) if seed else {}
            state = game.new_game(players, seed, options)
            before: list[State] = []                 # the state before each step
            steps: list[Step] = []
            seen: list[list[dict[str, Any]]] = []    # every seat's view after each step
            while not state.is_over and len(steps) < 400:
                seat = state.current_player
                assert seat is not None
                k = undoable(steps, seat, seat)
                if k:
                    assert state.history is not None
                    for observer in range(players):
                        world = before[-k].determinize(observer, Rng(rng.next64()))
                        for action, views in zip(state.history[-k:], seen[-k:], strict=True):
                            label = world.describe(action)
                            whose = "their own" if observer == seat else f"Player {observer + 1}'s"
                            world = replayed_alike(world, action, views[observer], observer, seat)
                            assert world is not None, (
                                f"{game.name} ({options}): Player {seat + 1} may take back {label!r}, after "
                                f"which {whose} view showed something hidden or drawn at random")
                before.append(state.clone())
                legal = state.legal_actions()
                events = state.apply(legal[rng.below(len(legal))])
                steps.append(Step(seat, list(events), state.barrier))
                seen.append([state.view(s) for s in range(players)])


# -- people's words -----------------------------------------------------------------------------
def check_legal_actions_have_distinct_labels(game: Game) -> None:
    rng = Rng(61)
    for state in walk(game, 4, 300, rng):
        labels = [state.describe(a) for a in state.legal_actions()]
        twins = {x for x in labels if labels.count(x) > 1}
        assert not twins, f"two legal actions share the label {sorted(twins)[0]!r} at {state.prompt()}"


CODE = re.compile(r"[a-z0-9]+")


def check_choices_are_well_formed(game: Game) -> None:
    """`Game.choice` of every legal action: a code typed in a terminal is letters and digits, one per
    choice of a decision; headings and texts are plain words."""
    rng = Rng(63)
    for state in walk(game, 5, 300, rng):
        codes: dict[str, int] = {}
        for a in state.legal_actions():
            choice = game.choice(state, a)
            if choice.code:
                assert CODE.fullmatch(choice.code.lower()), f"the code {choice.code!r} is not letters and digits"
                assert not choice.code.isdigit(), f"the code {choice.code!r} would read as a choice's number"
                assert choice.code.lower() not in codes, (
                    f"two choices share the code {choice.code!r} at {state.prompt()}: "
                    f"{state.describe(codes[choice.code.lower()])!r} and {state.describe(a)!r}")
                codes[choice.code.lower()] = a
            for text in (choice.group, choice.detail):
                assert raw_structure(text) is None, f"{text!r} shows {raw_structure(text)}"


_RAW = [
    (re.compile(r"\{'"), "a dict"), (re.compile(r"\[\]"), "an empty list"), (re.compile(r"\[\d"), "a list"),
    (re.compile(r"\b\d+\.\d+\b"), "a float"), (re.compile(r"\b(seat|Player) 0\b"), "a seat counted from 0"),
]


def raw_structure(text: str) -> str | None:
    """What program structure `text` shows a person, if any."""
    for pattern, what in _RAW:
        if pattern.search(text):
            return what
    return None


def check_texts_read_like_the_rulebook(game: Game) -> None:
    """Labels, prompts and log lines never show dicts, lists, floats or seats counted from 0."""
    rng = Rng(71)
    for players in counts(game):
        state = game.new_game(players, 12)
        while not state.is_over:
            texts = [state.prompt(), *(state.describe(a) for a in state.legal_actions())]
            for text in texts:
                bad = raw_structure(text)
                assert bad is None, f"{text!r} shows {bad}"
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        for e in state.log or ():
            bad = raw_structure(e["text"])
            assert bad is None, f"log line {e['text']!r} shows {bad}"


def check_renderer(game: Game) -> None:
    """The SVG of every seat's view is valid SVG and offers only legal actions; at the end the SVG shows the
    verdict and the terminal the score sheet (a row per scoring item, the total last)."""
    render = renderer_of(game)
    if render is None:
        pytest.skip(f"{game.name} has no SVG renderer")
    rng = Rng(81)
    for state in walk(game, 6, 400, rng):
        if rng.below(5):
            continue
        seat = state.current_player
        actions = [{**game.action_space.to_json(a), "label": state.describe(a)} for a in state.legal_actions()]
        for who, acts in ((seat, actions), (None, [])):
            root = ET.fromstring(render(state.view(who), who, acts))
            assert root.tag == "{http://www.w3.org/2000/svg}svg"
            clickable = {int(e.get("data-action", -1)) for e in root.iter() if e.get("data-action") is not None}
            assert clickable <= {a["id"] for a in acts}, "a clickable element offers an action that is not legal"
    state = game.new_game(game.max_players, 6)
    random_play(state, Rng(6))
    sheet = game.score_sheet(state.result())
    check_score_sheet(sheet, state.players)
    root = ET.fromstring(render(state.view(0), 0, []))
    drawn = next((e for e in root.iter() if e.get("class") == "score-sheet"), None)
    texts = " ".join(t.text or "" for t in drawn.iter("{http://www.w3.org/2000/svg}text")) if drawn is not None else ""
    assert sheet.verdict in texts, "the end of the game shows no verdict on the board"
    terminal = getattr(game_module(game.id, "terminal"), "render", None)
    if terminal is not None:
        from rich.console import Console

        console = Console(width=200, record=True)
        console.print(terminal(state, 0))
        out = console.export_text()
        assert all(row.label in out for row in sheet.rows), "the terminal shows no score sheet at the end"
        assert sheet.verdict in out, "the terminal does not say who won"


def check_score_sheet(sheet: ScoreSheet, players: int) -> None:
    """A score sheet has a cell per seat in every row, a total last, a verdict, and says why: a tie on the
    top total is explained by a tie-breaking row."""
    assert sheet.rows and all(len(row.cells) == players for row in sheet.rows)
    assert sheet.rows[-1].kind == "total", "the total comes last"
    assert sheet.verdict
    for row in sheet.rows:
        assert not re.search(r"\(\+\d+\)", " ".join(row.cells)), f"{row.label}: a bare (+N) explains nothing"
        assert not re.match(r"^\s*\(?[+-]?\d+\)?\s*$", row.label), f"a row labelled {row.label!r}"


def renderer_of(game: Game) -> Any:
    """A registered game's `render_svg` (render.py), or None."""
    from talewood.games import REGISTRY

    return getattr(game_module(game.id, "render"), "render_svg", None) if game.id in REGISTRY else None


# -- records ------------------------------------------------------------------------------------
def check_records_replay_to_the_same_state(game: Game) -> None:
    for players in counts(game):
        state = game.new_game(players, 13)
        hashes = []
        rng = Rng(13)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            hashes.append(state.state_hash())
        record = record_of(state, hashes=hashes)
        data = json.loads(json.dumps(record.to_json()))
        again = replay(Record.from_json(data), lambda _id: game)
        assert again.state_hash() == state.state_hash()
        assert again.result().scores == state.result().scores
        tampered = Record.from_json({**data, "hashes": [*data["hashes"][:-1], "0" * 16]})
        with pytest.raises(ReplayDivergence, match=f"step {len(hashes) - 1}"):
            replay(tampered, lambda _id: game)


CHECKS = [
    check_random_playouts_end_with_a_result,
    check_result_waits_for_the_end,
    check_same_seed_same_game,
    check_decision_bound,
    check_explicit_chance,
    check_clone_is_independent,
    check_illegal_actions_change_nothing,
    check_hash_covers_every_field,
    check_views_hide_what_a_seat_cannot_see,
    check_determinize_depends_only_on_what_the_seat_sees,
    check_determinize_leaves_the_original_alone,
    check_encoding_is_a_function_of_the_view,
    check_kept_observations_follow_the_game,
    check_events_for_a_seat_hold_no_one_elses_private_events,
    check_hidden_information_is_declared,
    check_undo_never_crosses_hidden_information,
    check_legal_actions_have_distinct_labels,
    check_choices_are_well_formed,
    check_texts_read_like_the_rulebook,
    check_renderer,
    check_records_replay_to_the_same_state,
]
