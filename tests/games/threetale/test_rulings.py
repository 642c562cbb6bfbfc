"""Each ruling is a switch or a number the rules read (rulings.py): the other reading of every switch
plays whole games too, and a few switches change what a focused position allows."""

from __future__ import annotations

import pytest

from talewood.engine import Rng
from talewood.games.threetale import rulings
from talewood.games.threetale.scenario import check_invariants

from .helpers import GAME, act, can, from_toml, scenario, space

SWITCHES = sorted(name for name in dir(rulings) if name.isupper() and isinstance(getattr(rulings, name), bool))


@pytest.mark.parametrize("name", SWITCHES)
def test_the_other_reading_of_each_switch_plays_whole_games(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rulings, name, not getattr(rulings, name))
    for seed, future in enumerate(("nine_rings", "information_flood", "parallel_land", "path_of_initiation",
                                   "crown_of_evil")):
        s = GAME.new_game(3, seed, {"future": future}, tracked=False)
        rng = Rng(seed)
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
        check_invariants(s)


def test_giving_to_a_diagonal_hero_only_with_the_other_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    position = {"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "01:NE", ""],
                "boards": [{"artifacts": ["A1-01"]}], "turn": {"seat": 0, "start": "turn"}}
    assert not can(scenario(position), "Give an Artifact")
    monkeypatch.setattr(rulings, "GIVING_IS_ORTHOGONAL", False)
    assert can(scenario(position), "Give an Artifact to The Youngest Son")


def test_endeavor_raised_mid_turn_adds_no_action_with_the_other_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    position = {"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SE", "", ""],
                "boards": [{"endeavor": 2}], "turn": {"seat": 0, "start": "turn"}}
    monkeypatch.setattr(rulings, "ACTIONS_FOLLOW_ENDEAVOR", False)
    s = scenario(position)
    act(s, "Claim a White Stone", "Raise Endeavor (2 → 3)")
    assert s.actions_left(0) == 0
    act(s, "Step north")
    assert not can(s, "Claim")


def test_escaping_a_future_battle_only_with_the_other_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    from .test_rules_future import future

    position = {"figure": "03:NW", "heroes_at": ["17:NW", "11:NE", "27:NE"], "boards": [{"speed": 9}],
                "decks": {"heartless_rulers": ["S1-HR-01"]}, "turn": {"start": "round", "round": 1, "fstage": 1}}
    s = future("nine_rings", position)
    s.apply(s.t.ids.claim)
    assert not can(s, "Escape")
    monkeypatch.setattr(rulings, "FUTURE_BATTLES_NO_ESCAPE", False)
    s = future("nine_rings", position)
    s.apply(s.t.ids.claim)
    assert can(s, "Escape for 1 Spirit")


def test_the_vicinator_on_a_hero_s_tile_only_with_the_other_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    from .test_rules_future import WIDE, future

    position = {"tiles": WIDE, "heroes_at": ["17:NW", "11:NE", "27:NE"], "turn": {"start": "future"}}
    s = future("crown_of_evil", position)
    assert s.figure == space(s, "23:NW")                      # Lamia's Lake, at once
    monkeypatch.setattr(rulings, "VICINATOR_SET_UP_AWAY_FROM_HEROES", False)
    s = future("crown_of_evil", position)
    act(s, "on Boyar's Ruin")
    assert s.figure == space(s, "17:NW") and s.pos[0] == space(s, "17:NE")    # the Hero stepped aside


def test_a_battle_limit_and_the_blessing_levels() -> None:
    assert rulings.BATTLE_ROUND_LIMIT == 30
    assert [rulings.blessing_level(n) for n in (1, 2, 3, 4)] == [1, 2, 3, 3]
    assert rulings.remaining_turns(1, 5, 0, 0) == 2 and rulings.remaining_turns(2, 3, 13, 0) == 3
    assert rulings.remaining_turns(3, 4, 3, 0) == 0 and rulings.remaining_turns(5, 6, 0, 3) == 2
    s = from_toml("battle_example")
    assert s.t.c.board.talent_costs == (2, 4, 6)
