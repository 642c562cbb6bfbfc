"""Greylune on the engine: undo never crosses the year's deal, the result waits for the end, the
view's vocabulary, the observation's layout, the decision bound, and every ruling drives the code."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from talewood.engine import GameNotOver, Rng, Step, undoable
from talewood.games.greylune import rulings
from talewood.games.greylune.board import AUTUMN
from talewood.games.greylune.scoring import breakdown
from talewood.games.greylune.seasons import end_year
from tests.games.encoders import f32

from .helpers import GAME, act, card, enc, gap_between, new_state, scenario

PACKAGE = Path(rulings.__file__).parent


# -- undo ---------------------------------------------------------------------------------------
def test_a_seat_that_deals_the_new_year_can_undo_nothing() -> None:
    """Player 1 moves to Autumn at once; Player 2, alone in the year, takes turn after turn and ends it,
    which deals year 2's Village, Event and Encounters and makes Player 2 the first player. Every one of
    those steps was Player 2's, yet none may be taken back: the new Village has been seen."""
    s = new_state(2, 1)
    steps: list[Step] = []

    def play(kind: str, **params: int) -> None:
        seat = s.current_player
        assert seat is not None
        events = s.apply(act(kind, **params))
        steps.append(Step(seat, list(events), s.barrier))

    play("to_summer")
    play("to_autumn")
    for gap in (0, 1, 2):
        play("place", gap=gap)
    play("to_summer")
    for gap, slot in ((0, 0), (1, 2), (2, 3)):
        play("coins", gap=gap, slot=slot)
    village_before = list(s.grid)
    play("to_autumn")                       # the year ends: year 2 is dealt
    assert s.year == 2 and s.current_player == 1 and s.grid != village_before
    # the steps in a row that were Player 2's: all of them could be taken back if nothing marked them
    assert undoable([Step(st.seat, st.events) for st in steps], 1, 1) == 8
    assert steps[-1].barrier
    assert undoable(steps, 1, s.current_player) == 0


def test_the_years_deal_is_a_reveal_by_itself() -> None:
    s = scenario(seats={0: {"season": "Autumn"}, 1: {"season": "Autumn"}})
    s.barrier = False
    end_year(s)
    assert s.year == 2 and s.barrier


def test_a_reshuffled_seal_pile_is_chance() -> None:
    s = scenario(seal_pile=0, seats={0: {"season": "Autumn"}, 1: {"season": "Autumn"}})
    s.barrier = False
    before = s.rng.state
    end_year(s)
    assert s.barrier and s.rng.state != before


# -- the result ---------------------------------------------------------------------------------
def test_the_result_waits_for_the_end_and_the_views_show_the_breakdown() -> None:
    s = new_state(3, 4)
    with pytest.raises(GameNotOver, match="not over"):
        s.result()
    assert s.view(0)["result"] is None
    assert [p["end_game"] for p in s.view(0)["player_states"]] == [breakdown(s, p) for p in range(3)]
    rng = Rng(4)
    while not s.is_over:
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    result = s.result()
    assert result.details == [breakdown(s, p) for p in range(3)]
    assert s.view(None)["result"] == result.to_json()
    assert s.log is not None and s.log[-1]["type"] == "end"
    assert "Player 1" in s.log[-1]["text"] and "[" not in s.log[-1]["text"]


# -- views --------------------------------------------------------------------------------------
def test_the_view_speaks_the_engines_vocabulary() -> None:
    s = scenario(turn={"seat": 1, "season": "Summer"},
                 decision={"kind": "Move", "seat": 1, "reach": 2, "elwen_used": False})
    view = s.view(0)
    assert {"seat", "players", "current_player", "prompt", "over", "result", "decision", "player_states"} <= set(view)
    assert "players_state" not in view
    assert (view["seat"], view["players"], view["current_player"], view["over"]) == (0, 2, 1, False)
    assert view["decision"] == {"kind": "Move", "seat": 1, "reach": 2, "elwen_used": False}
    assert view["prompt"] == "Player 2: move your Adventurer up to 2 spaces (or stay)"
    assert [p["name"] for p in view["player_states"]] == ["Player 1", "Player 2"]


# -- the observation ----------------------------------------------------------------------------
def test_the_observation_is_laid_out_from_the_observer() -> None:
    s = scenario(players=3, turn={"seat": 2, "season": "Summer"},
                 seats={1: {"coins": 20, "items": ["Horn"], "untold": ["Bear"]}})
    spec = GAME.observation_spec(3, s.options)
    assert spec.size == len(GAME.encode(s, 0)) == 1743
    width = spec.segments[[x.name for x in spec.segments].index("seats")].shape[1]
    coins = 6                                # present, to act, first player, Spring, Summer, Autumn, coins…
    for observer, slot in ((0, 1), (1, 0), (2, 2)):   # seat 1 is slot 1 for seat 0, 0 for itself, 2 for seat 2
        obs = GAME.encode(s, observer)
        at = spec.offset("seats") + slot * width
        assert obs[at] == 1.0 and obs[at + coins] == 1.0
        assert obs[spec.offset("cards") + (slot * len(GAME.content.cards) + card("Horn")) * 2] == 1.0
        assert obs[spec.offset("stories") + (slot * 41 + enc("Bear") - 1) * 2] == 1.0
    obs = GAME.encode(s, 0)
    assert obs[spec.offset("seats") + 3 * width] == 0.0        # no fourth player
    assert obs[spec.offset("decision")] == 1.0                  # a Turn, Player 3's: slot 2 from Player 1
    assert obs[spec.offset("decision_seat") + 2] == 1.0
    assert "| `village` |" in spec.table()


def test_the_observation_encodes_the_pending_decisions_fields() -> None:
    s = scenario(encounters=["Bear"], turn={"seat": 0, "season": "Summer"},
                 seats={0: {"adventurer": 4, "items": ["Strength Potion"]}},
                 decision={"kind": "Meet", "encounter": enc("Bear"), "strength_boost": 2, "magic_boost": 0,
                           "ignores": 1})
    spec = GAME.observation_spec(2, s.options)
    obs = GAME.encode(s, 0)
    assert obs[spec.offset("decision_encounter") + enc("Bear") - 1] == 1.0
    numbers = spec.offset("decision_numbers")
    assert obs[numbers + 11] == f32(2 / 6) and obs[numbers + 13] == 1 / 2   # strength boost /6, ignores /2


def test_a_kept_observation_follows_games_to_their_end_and_into_the_next() -> None:
    """Each seat's buffer, kept by its updater and looked at now and then, equals a fresh encoding, the
    final position included (no decision pending any more), and so on through a second game."""
    rng = Rng(5)
    for players in (2, 3, 4):
        spec = GAME.observation_spec(players, GAME.parse_options(None, players))
        kept = [(spec.follow(), spec.buffer()) for _ in range(players)]
        for seed in (8, 9):
            s = GAME.new_game(players, seed, tracked=False)
            while True:
                for seat, (update, out) in enumerate(kept):
                    if s.is_over or rng.below(6) == 0:
                        update(s, seat, out)
                        assert out.tolist() == GAME.encode(s, seat)
                if s.is_over:
                    break
                legal = s.legal_actions()
                s.apply(legal[rng.below(len(legal))])


def test_an_updater_moved_to_another_seat_writes_that_seats_view() -> None:
    spec = GAME.observation_spec(3, GAME.parse_options(None, 3))
    update, out = spec.follow(), spec.buffer()
    s = GAME.new_game(3, 2, tracked=False)
    rng = Rng(2)
    for step in range(60):
        seat = step % 3
        update(s, seat, out)
        assert out.tolist() == GAME.encode(s, seat)
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])


# -- the decision bound -------------------------------------------------------------------------
_EAGER = {"react", "potion", "ariok", "elwen", "selia", "tell_boost", "encounter", "quest", "activate",
          "use_item", "tell", "special", "seal", "ready_card", "pick_story", "hall"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_keen_on_reactions_stay_within_the_decision_bound(players: int) -> None:
    bound = GAME.max_decisions(players, GAME.parse_options(None, players))
    for seed in range(4):
        s = GAME.new_game(players, seed, tracked=False)
        rng = Rng(seed + 40)
        steps = 0
        while not s.is_over:
            legal = s.legal_actions()
            keen = [a for a in legal if GAME.action_space.specs[a].kind in _EAGER]
            pool = keen if keen and rng.random() < 0.8 else legal
            s.apply(pool[rng.below(len(pool))])
            steps += 1
        assert 0 < steps <= bound


def test_the_decision_bound_grows_with_the_players() -> None:
    bounds = [GAME.max_decisions(n, GAME.parse_options(None, n)) for n in (2, 3, 4)]
    assert bounds == sorted(bounds) and len(set(bounds)) == 3


# -- rulings ------------------------------------------------------------------------------------
def _ruling_constants() -> list[str]:
    tree = ast.parse((PACKAGE / "rulings.py").read_text())
    return [t.id for node in tree.body if isinstance(node, ast.Assign) for t in node.targets
            if isinstance(t, ast.Name) and t.id.isupper()]


def test_every_ruling_constant_is_read_by_the_rules() -> None:
    code = "\n".join(p.read_text() for p in PACKAGE.glob("*.py") if p.name != "rulings.py")
    names = _ruling_constants()
    assert len(names) >= 10
    unread = [n for n in names if not re.search(rf"\brulings\.{n}\b", code)]
    assert not unread, f"rulings nothing reads: {unread}"


def test_every_ruling_is_listed_in_the_rules_notes() -> None:
    notes = (PACKAGE.parents[3] / "docs" / "rules" / "greylune.md").read_text()
    missing = [n for n in _ruling_constants() if f"`{n}`" not in notes]
    assert not missing


def test_the_special_action_once_a_year_is_a_ruling(monkeypatch: pytest.MonkeyPatch) -> None:
    for once, offered in ((True, False), (False, True)):
        monkeypatch.setattr(rulings, "SPECIAL_ACTION_ONCE_PER_YEAR", once)
        s = scenario(turn={"seat": 0, "season": "Summer"})
        s.apply(act("special", option=2))               # 1 Magic
        s.apply(act("place", gap=0))                    # the other player's turn
        assert s.current_player == 0 and s.on_special[0] == 1
        assert (act("special", option=2) in s.legal_actions()) is offered
        if offered:
            s.apply(act("special", option=2))
            assert s.on_special[0] == 2 and s.mag[0] == 2 and s.active[0] == 1


def test_a_tavern_needs_a_tellable_story_is_a_ruling(monkeypatch: pytest.MonkeyPatch) -> None:
    position = {"village": {0: "The Riven Oak"}, "turn": {"seat": 0, "season": "Summer"},
                "seats": {0: {"untold": ["Farm"], "in_village": [[0, 1]]}}}      # Farm: story value 0
    activate = act("activate", gap=gap_between(0, 1), slot=0)
    assert activate not in scenario(**position).legal_actions()
    monkeypatch.setattr(rulings, "TAVERN_NEEDS_TELLABLE_STORY", False)
    s = scenario(**position)
    assert activate in s.legal_actions() and act("special", option=0) in s.legal_actions()
    s.apply(activate)
    assert s.legal_actions() == [act("story_end")]     # nothing to tell: the story ends empty
    s.apply(act("story_end"))
    assert (s.vp[0], s.str_[0], s.told[0]) == (0, 0, [])


def test_a_seal_tavern_needs_a_seal_is_a_ruling(monkeypatch: pytest.MonkeyPatch) -> None:
    position = {"village": {0: "The Golden Lion"}, "seals": {0: []}, "turn": {"seat": 0, "season": "Summer"},
                "seats": {0: {"untold": ["Hermit"], "in_village": [[0, 1]]}}}    # Hermit: story value 2
    activate = act("activate", gap=gap_between(0, 1), slot=0)
    assert activate not in scenario(**position).legal_actions()
    monkeypatch.setattr(rulings, "SEAL_TAVERN_NEEDS_SEAL", False)
    s = scenario(**position)
    s.apply(activate)
    s.apply(act("tell", encounter=enc("Hermit")))       # nothing else to tell: the story ends
    assert (s.coins[0], s.vp[0]) == (8 + 4, 1)          # tiers 1 and 2: 4 coins, 1 VP


def test_autumn_ends_a_players_year() -> None:
    s = scenario(players=3, seats={1: {"season": "Autumn"}}, turn={"seat": 0, "season": "Summer"})
    s.apply(act("to_autumn"))
    assert s.season[0] == AUTUMN and s.current_player == 2        # Player 2, in Autumn, is skipped
