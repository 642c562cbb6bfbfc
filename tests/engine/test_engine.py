"""The engine's parts on their own: RNG, options, action space, records, undo."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import pytest

from talewood import compiled
from talewood.engine import (
    ActionSpace,
    ActionSpec,
    IllegalAction,
    InvalidOption,
    ObservationSpec,
    Option,
    OptionSet,
    OptionValue,
    Record,
    RecordError,
    Rng,
    State,
    Step,
    event,
    load_record,
    parse_assignments,
    undoable,
)
from talewood.engine import rng as rng_module


def test_rng_is_reproducible_and_clones_independently():
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = a.clone()
    assert c.random() == a.random()
    c.random()
    assert c.state != a.state
    assert Rng(1).next64() != Rng(2).next64()


def _splitmix64(state: int) -> tuple[int, int]:
    """SplitMix64 as Vigna publishes it, with Python ints: (the next state, its output)."""
    mask = (1 << 64) - 1
    state = (state + 0x9E3779B97F4A7C15) & mask
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
    return state, z ^ (z >> 31)


def test_rng_draws_splitmix64_on_either_build():
    """Every game's deal depends on these bits: compiled (machine words) or as Python, the draws are
    SplitMix64's, its published first outputs from state 0 included."""
    rng = Rng()
    rng.state = 0
    assert [rng.next64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    for seed in (0, 1, 7, 12345, (1 << 63) - 1, 1 << 63, (1 << 64) - 1):
        rng, state = Rng(seed), Rng(seed).state
        for _ in range(300):
            state, out = _splitmix64(state)
            assert rng.next64() == out and rng.state == state
            state, out = _splitmix64(state)
            assert rng.random() == (out >> 11) / (1 << 53) and rng.state == state
    if compiled.is_compiled(rng_module):      # the machine words are what the compiled build draws with
        assert rng_module._WORDS


def test_rng_shuffle_is_a_permutation_and_below_in_range():
    rng = Rng(7)
    items = list(range(50))
    rng.shuffle(items)
    assert sorted(items) == list(range(50)) and items != list(range(50))
    assert all(0 <= rng.below(3) < 3 for _ in range(1000))
    assert {rng.below(3) for _ in range(1000)} == {0, 1, 2}


def test_options_defaults_parse_and_refuse():
    options = OptionSet((Option("wish", "bool", False, "wishes"),
                         Option("layout", "choice", "rows", "layout", choices=("rows", "grove")),
                         Option("rounds", "int", 5, "rounds", minimum=1, maximum=9)))
    assert options.parse(None) == {"wish": False, "layout": "rows", "rounds": 5}
    assert options.parse({"wish": "true", "layout": "grove", "rounds": "3"}) == {
        "wish": True, "layout": "grove", "rounds": 3}
    with pytest.raises(InvalidOption, match="unknown option 'wishes'; valid options: wish, layout, rounds"):
        options.parse({"wishes": True})
    with pytest.raises(InvalidOption, match="one of rows, grove"):
        options.parse({"layout": "forest"})
    with pytest.raises(InvalidOption, match="<= 9"):
        options.parse({"rounds": 10})
    with pytest.raises(InvalidOption, match="true or false"):
        options.parse({"wish": "maybe"})
    with pytest.raises(InvalidOption, match="name=value"):
        parse_assignments(["wish"])
    assert parse_assignments(["a=1", "b = x"]) == {"a": "1", "b": "x"}


def test_action_space_ids_json_and_errors():
    space = ActionSpace([ActionSpec("take", (("tile", 0),), "Take 0"), ActionSpec("stop", (), "Done")])
    assert space.id_of("take", tile=0) == 0
    assert space.to_json(1) == {"id": 1, "kind": "stop"}
    assert space.from_json({"kind": "take", "tile": 0}) == 0
    assert space.from_json(1) == 1
    for bad in (2, -1, True, "0", {"kind": "fly"}, {"x": 1}):
        with pytest.raises(IllegalAction):
            space.from_json(bad)
    with pytest.raises(ValueError):
        ActionSpace([ActionSpec("stop", (), "a"), ActionSpec("stop", (), "b")])


def test_an_action_mask_has_a_one_at_each_legal_id_and_nothing_else() -> None:
    space = ActionSpace([ActionSpec("take", (("tile", t),), f"Take {t}") for t in range(300)])
    legal = [0, 7, 8, 255, 256, 299]
    mask = space.mask_bytes(legal)
    assert len(mask) == 300
    assert [i for i, one in enumerate(mask) if one] == legal
    assert set(mask) == {0, 1}
    assert space.mask_bytes([]) == bytes(300)


def test_record_validation_names_the_problem(tmp_path):
    good = {"game": "spirits", "engine_version": "0", "players": 2, "options": {}, "seed": 1, "actions": [0, 1]}
    assert Record.from_json(good).actions == [0, 1]
    for broken, message in (
        ({k: v for k, v in good.items() if k != "seed"}, "lacks seed"),
        ({**good, "actions": [0, "x"]}, r"actions\[1\]"),
        ({**good, "players": "two"}, "players must be an integer"),
        ({**good, "hashes": ["a"]}, "one string per action"),
        ([1, 2], "JSON object"),
    ):
        with pytest.raises(RecordError, match=message):
            Record.from_json(broken)
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(RecordError, match="not valid JSON"):
        load_record(path)
    with pytest.raises(RecordError, match="cannot read"):
        load_record(tmp_path / "missing.json")
    path.write_text(json.dumps(good))
    assert load_record(path).seed == 1


def test_undo_is_only_for_your_own_moves_of_your_current_turn():
    plain = [event("take", "x")]
    steps = [Step(1, plain), Step(0, plain), Step(0, plain)]
    assert undoable(steps, 0, 0) == 2
    assert undoable(steps, 1, 0) == 0                 # not seat 1's turn
    assert undoable(steps, 0, 1) == 0                 # the turn has passed: what seat 0 did is seen
    assert undoable([Step(0, plain, barrier=True), Step(0, plain)], 0, 0) == 1
    assert undoable([Step(0, plain), Step(0, plain, barrier=True)], 0, 0) == 0
    assert undoable([], 0, 0) == 0


def test_chance_reveals_and_turn_ends_mark_the_step_final():
    from tests.games.lanterns.game import LanternsGame

    state = LanternsGame().new_game(2, 3)
    assert state.barrier is False                      # the deal at setup is no step of anyone's
    state.apply(0)                                     # pour: draws a card (a reveal), and the turn ends
    assert state.barrier is True
    state = LanternsGame().new_game(2, 3, explicit_chance=True)
    state.apply(state.legal_actions()[0])             # the wind die's outcome
    assert state.barrier is True


def test_a_step_that_changes_hidden_information_is_final_though_the_rules_never_said_so() -> None:
    """The engine compares the fields a game names in HIDDEN before and after each step of a tracked
    state: a card drawn without `reveal()` still ends undo. Untracked states (searches) skip it."""
    from tests.engine.test_contract_catches import _no_wind_peek, broken

    peeking = broken({"advance": _no_wind_peek})
    state = peeking.new_game(2, 3)
    seat = state.current_player
    state.apply(0)                                     # pours and draws, and the turn goes on
    assert state.current_player == seat and state.barrier is True
    forgetful = broken({"advance": _no_wind_peek, "HIDDEN": ()})
    state = forgetful.new_game(2, 3)
    state.apply(0)
    assert state.barrier is False                      # what the contract scan exists to catch
    silent = broken({"advance": _no_wind_peek, "HIDDEN": None})
    state = silent.new_game(2, 3)
    state.apply(2)
    assert state.barrier is True                       # a game that names nothing offers no undo

    def never(self: State) -> None:
        raise AssertionError("an untracked state compared its hidden information")

    search = broken({"advance": _no_wind_peek, "secrets": never}).new_game(2, 3, tracked=False)
    search.apply(0)
    assert search.barrier is False


def test_secret_seeds_select_the_keyed_generator_and_replay_exactly() -> None:
    from talewood.engine import SECRET_SEED_MIN, SecretRng, rng_for_seed

    assert type(rng_for_seed(SECRET_SEED_MIN - 1)) is Rng
    secret = rng_for_seed(SECRET_SEED_MIN + 12345)
    assert isinstance(secret, SecretRng)
    again = rng_for_seed(SECRET_SEED_MIN + 12345)
    draws = [secret.next64() for _ in range(20)]
    assert draws == [again.next64() for _ in range(20)]
    # a neighbouring secret gives an unrelated stream, and a clone continues exactly
    other = rng_for_seed(SECRET_SEED_MIN + 12346)
    assert draws != [other.next64() for _ in range(20)]
    copy = secret.clone()
    assert [secret.below(1000) for _ in range(11)] == [copy.below(1000) for _ in range(11)]
    # about uniform: 64-bit draws have half their bits set on average
    bits = sum(bin(secret.next64()).count("1") for _ in range(2000)) / 2000
    assert 31 < bits < 33


def test_the_observation_layout_is_built_once_per_key() -> None:
    """`observation_spec` keeps each layout `observation_layout` builds, one per `observation_key`: the
    default key tells player counts apart, and a game whose layout is the same everywhere says so."""
    from talewood.games import load
    from tests.games.lanterns.game import LanternsGame

    class Counting(LanternsGame):
        built = 0

        def observation_layout(self, players: int, options: Mapping[str, OptionValue | None]) -> ObservationSpec:
            Counting.built += 1
            return super().observation_layout(players, options)

    game = Counting()
    two, three = game.parse_options({}, 2), game.parse_options({}, 3)
    assert game.observation_spec(2, two) is game.observation_spec(2, two)
    assert game.observation_spec(3, three) is not game.observation_spec(2, two)
    assert Counting.built == 2
    threetale = load("threetale")
    one = threetale.parse_options({"future": "crown_of_evil"}, 1)
    assert threetale.observation_spec(1, one) is threetale.observation_spec(3, threetale.parse_options({}, 3))


def test_a_deal_draws_as_the_generator_deals_and_marks_the_step_final() -> None:
    from tests.games.lanterns.game import LanternsGame

    state = LanternsGame().new_game(2, 3)
    twin = state.rng.clone()
    dealt, same = list(range(10)), list(range(10))
    state.deal(dealt, 3)
    twin.deal(same, 3)
    assert dealt == same and dealt != list(range(10))
    assert state.rng.state == twin.state and state.barrier is True


def test_a_seed_that_is_no_integer_is_an_option_error_naming_it() -> None:
    from tests.games.lanterns.game import LanternsGame

    seeds: list[Any] = ["7", 1.5, True]
    for seed in seeds:
        with pytest.raises(InvalidOption, match=f"the seed must be an integer, not {re.escape(repr(seed))}"):
            LanternsGame().new_game(2, seed)
