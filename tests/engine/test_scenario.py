"""Scenarios: positions described as data, validated, built through the game's own settings."""

from __future__ import annotations

import pytest

from talewood.engine import ScenarioError
from tests.games.lanterns.game import LanternsGame

GAME = LanternsGame()


def test_a_scenario_sets_the_position_and_keeps_every_card_somewhere() -> None:
    state = GAME.scenario({"players": 3, "seed": 4, "position": {"oil": [7, 2], "hands": [3, 3, 6]}})
    assert state.oil == [7, 2] and state.hands == [3, 3, 6]
    assert sorted(state.deck + state.hands) == sorted(v for v in range(1, 7) for _ in range(2))
    state.apply(0)                                      # Player 1 pours the 3: the east lantern reaches 10,
    assert state.poured == [3] and 8 <= state.oil[0] <= 10   # then Player 2's wind blows away 0 to 2


def test_the_same_scenario_from_toml() -> None:
    text = 'players = 2\nseed = 4\n[position]\noil = [9, 10]\nhands = [1, 2]\n'
    state = GAME.scenario(text)
    assert (state.players, state.oil, state.hands) == (2, [9, 10], [1, 2])


@pytest.mark.parametrize(("spec", "message"), [
    ({"players": 2, "position": {"lantern": [1, 2]}}, "unknown position key 'lantern'.*valid: oil, hands"),
    ({"players": 2, "positon": {}}, "unknown scenario key 'positon'"),
    ({"players": 2, "position": {"oil": [11, 0]}}, r"position\.oil: east oil must be between 0 and 10"),
    ({"players": 2, "position": {"oil": ["a", 0]}}, r"position\.oil: east oil must be an integer"),
    ({"players": 2, "position": {"hands": [6, 6, 6]}}, r"position\.hands"),   # three sixes: only two exist
    ({"players": 5}, "cannot start a game.*2 to 3 players"),
    ("players = [", "not valid TOML"),
])
def test_a_bad_scenario_is_refused_naming_what_is_wrong(spec: object, message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        GAME.scenario(spec)  # type: ignore[arg-type]


def test_a_position_that_breaks_the_rules_is_refused() -> None:
    schema = GAME.scenario_schema
    from talewood.engine import ScenarioSchema, Setting

    def lose_a_card(state, value):  # type: ignore[no-untyped-def]
        state.deck.pop()

    broken = ScenarioSchema([*schema.settings, Setting("drop", "lose a card", lose_a_card)], schema.check)
    with pytest.raises(ScenarioError, match="breaks the rules of Twin Lanterns: every oil card is somewhere once"):
        broken.build(GAME, {"players": 2, "position": {"drop": True}})
