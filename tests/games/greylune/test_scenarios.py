"""Scenarios: positions described as data, moving components (never creating them), refused with a
message a person can act on when they name something unknown or break the rules."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from talewood.engine import ScenarioError
from talewood.games.greylune import scenario as scenario_module
from talewood.games.greylune.adventure import Move
from talewood.games.greylune.board import SUMMER

from .helpers import GAME, card, check_invariants, enc, gap_between, new_state, scenario


def test_the_documented_example_builds() -> None:
    # from the source: a compiled module keeps no docstring
    source = Path(scenario_module.__file__ or "").with_name("scenario.py").read_text()
    doc = ast.get_docstring(ast.parse(source))
    assert doc is not None
    text = re.search(r"```toml\n(.*?)```", doc, re.S)
    assert text is not None
    s = GAME.scenario(text.group(1))
    c = GAME.content
    assert c.cards[s.grid[0]].name == "Jade Statue" and s.grid[8] == -1 and s.seals[4] == (2,)
    assert s.seal_pile == [] and c.events[s.event_current].name == "Banquet"
    assert c.quests[s.quests[0]].name == "Deadly Trap" and enc("Bear") in s.enc_board
    assert (s.year, s.first_player, s.cur) == (2, 1, 1)
    assert (s.coins[1], s.vp[1], s.str_[1], s.mag[1]) == (3, 6, 1, 2)
    assert (s.active[1], s.camp[1], s.supply[1]) == (1, 1, 4) and s.gapv[gap_between(4, 5) * 4 + 1] == 1
    assert s.items[1] == [card("Horn")] and s.comps[1] == [card("Kael")] and (s.exh[1] >> card("Kael")) & 1
    assert s.untold[1] == [enc("Sheep")] and s.told[1] == [enc("Hermit")] and s.income[1] == [7]
    assert (s.adventurer[1], s.season[1], s.bonus_stage[1], s.bonus_left[1]) == (3, SUMMER, 1, 0b110)
    assert s.quest_first == [-1, -1, 1] and s.quest_done[1] == (1 << 3) | (1 << 5)
    assert s.stack == [Move(1, 2, False)] and s.current_player == 1
    check_invariants(s)


def test_a_card_laid_in_the_village_swaps_with_the_one_there() -> None:
    before = new_state()
    old = before.grid[4]
    s = scenario(village={4: "Horn"})
    assert s.grid[4] == card("Horn")
    where = next(lst for lst in (before.village_deck, before.village_removed) if card("Horn") in lst)
    now = s.village_deck if where is before.village_deck else s.village_removed
    assert now[where.index(card("Horn"))] == old       # the old card took the Horn's place
    assert scenario(village={0: "Smithy", 1: "Smithy"}).grid.count(card("Smithy")) == 1


def test_a_scenario_moves_cards_into_stories_and_boards() -> None:
    s = scenario(seats={0: {"items": ["Horn"], "untold": ["Bear"]}, 1: {"companions": ["Mira"]}})
    assert s.owner[card("Horn")] == 0 and s.owner[card("Mira")] == 1
    assert enc("Bear") not in s.enc_deck + s.enc_removed + s.enc_board + s.enc_discard
    check_invariants(s)


@pytest.mark.parametrize("position,message", [
    ({"weather": "rain"}, "unknown position key 'weather'.*valid: village, seals"),
    ({"village": {0: "Jade Statu"}}, "unknown Village card 'Jade Statu'; did you mean Jade Statue"),
    ({"village": {9: "Smithy"}}, "a Village slot must be between 0 and 8"),
    ({"seals": {4: [3] * 9}}, "no Seal of value 3 is left"),
    ({"event": "Wedding"}, "unknown Event 'Wedding'"),
    ({"quests": {2: "Giant"}}, "a Quest space must be between 3 and 5"),
    ({"seats": {0: {"items": ["Kael"]}}}, "Kael is not an item"),
    ({"seats": {0: {"items": ["Horn"]}, 1: {"items": ["Horn"]}}}, "Horn is held by Player 1"),
    ({"seats": {0: {"untold": ["Bear"]}, 1: {"told": ["Bear"]}}}, "Bear is in Player 1's stories"),
    ({"seats": {0: {"wealth": 3}}}, "unknown key 'wealth' for Player 1; valid: coins"),
    ({"seats": {2: {"coins": 3}}}, "a seat must be between 0 and 1"),
    ({"seats": {0: {"strength": 6}}}, "Player 1's Strength must be between 0 and 5, not 6"),
    ({"seats": {0: {"villagers": {"active": 5}}}}, "the position breaks the rules of Greylune: Player 1 has 9"),
    ({"seats": {0: {"in_village": [[0, 4]]}}}, "slots 0 and 4 are not neighbours"),
    ({"seats": {0: {"income": ["Sheep"]}}}, "holds the Sheep Income token without its Encounter"),
    ({"seats": {0: {"exhausted": ["Kael"]}}}, "Player 1 does not hold Kael"),
    ({"turn": {"seat": 0, "season": "Autumn"}}, "Player 1 is in Autumn"),
    ({"decision": {"kind": "Mov", "reach": 2}}, "unknown decision 'Mov'; did you mean Move"),
    ({"decision": {"kind": "Move", "reach": 2}}, "a Move has the fields seat, reach, elwen_used; missing elwen_used"),
    ({"decision": {"kind": "Move", "reach": "far", "elwen_used": False}}, "Move.reach must be an integer"),
])
def test_a_bad_scenario_is_refused_with_a_message(position: dict[str, object], message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        scenario(**position)


def test_a_bad_toml_scenario_is_refused() -> None:
    with pytest.raises(ScenarioError, match="not valid TOML"):
        GAME.scenario("[position\nvillage = 3")
    with pytest.raises(ScenarioError, match="cannot start a game"):
        GAME.scenario("players = 5")
