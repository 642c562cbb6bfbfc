"""Random playouts over seeds and options: no exception, every game ends with a team result, every
component stays somewhere exactly once after every step, and no game takes more decisions than the bound."""

from __future__ import annotations

import pytest

from talewood.engine import Rng
from talewood.games.threetale.scenario import check_invariants
from talewood.games.threetale.state_fields import FUTURE

from .helpers import GAME

OPTION_SETS = [
    {},
    {"future": "nine_rings", "ring_transfer": True},
    {"future": "information_flood", "removal_fallback": "strict"},
    {"future": "parallel_land", "tree_flips": "players"},
    {"future": "path_of_initiation", "hope_scope": "per_roll"},
    {"future": "crown_of_evil", "crown_attacks": "per_action", "difficulty": "harder"},
    {"tutorial": True, "difficulty": "easier"},
    {"heroes": "queen_of_living_water+youngest_son+sun_and_moon"},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_random_playouts_keep_every_component_and_end(options: dict) -> None:
    bound = GAME.max_decisions(3, GAME.parse_options(options, 3))
    for seed in range(3):
        s = GAME.new_game(3, seed, options, tracked=False)
        rng = Rng(seed + 7)
        steps = 0
        while not s.is_over:
            legal = s.legal_actions()
            assert legal and legal == sorted(set(legal))
            s.apply(legal[rng.below(len(legal))])
            check_invariants(s)
            steps += 1
        assert steps <= bound
        result = s.result()
        assert result.cooperative and result.team_won is not None and len(set(result.scores)) == 1
        assert result.details[-1]["total"] == result.team_score


def test_random_play_reaches_every_future() -> None:
    seen = set()
    for seed in range(60):
        s = GAME.new_game(3, seed, tracked=False)
        rng = Rng(seed)
        while not s.is_over and s.phase != FUTURE:
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
        if s.future >= 0:
            seen.add(s.t.c.futures[s.future].id)
    assert seen == {f.id for f in GAME.content.futures}


def test_a_played_game_rebuilds_from_its_record() -> None:
    from talewood.engine import Record, record_of, replay

    s = GAME.new_game(3, 21, {"future": "crown_of_evil"})
    rng = Rng(4)
    while not s.is_over:
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    again = replay(Record.from_json(record_of(s).to_json()), lambda _: GAME)
    assert again.state_hash() == s.state_hash()
