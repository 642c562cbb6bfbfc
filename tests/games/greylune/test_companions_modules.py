"""The companion modules: heuristics for the bots, the terminal view and the SVG render."""

from __future__ import annotations

import re
import xml.dom.minidom

from rich.console import Console

from talewood.engine import Rng
from talewood.games import game_module
from talewood.games.greylune import heuristics, render, terminal

from .helpers import GAME, scenario


def _positions(players: int, seed: int, every: int = 7):  # type: ignore[no-untyped-def]
    s = GAME.new_game(players, seed)
    rng = Rng(seed)
    step = 0
    while not s.is_over:
        if step % every == 0:
            yield s
        legal = s.legal_actions()
        s.apply(legal[int(rng.random() * len(legal))])
        step += 1
    yield s


def test_modules_are_found_by_convention() -> None:
    assert game_module("greylune", "heuristics") is heuristics
    assert game_module("greylune", "render") is render
    assert game_module("greylune", "terminal") is terminal


def test_evaluate_is_a_win_chance_and_rollout_is_legal() -> None:
    rng = Rng(2)
    for s in _positions(3, 4):
        values = [heuristics.evaluate(s, p) for p in range(3)]
        assert all(0.0 <= v <= 1.0 for v in values)
        if not s.is_over:
            assert heuristics.rollout_action(s, rng) in s.legal_actions()
    assert sorted(values) in ([0.0, 0.0, 1.0], [0.0, 0.5, 0.5], [1 / 3] * 3)


def test_evaluate_prefers_more_vp() -> None:
    before = heuristics.evaluate(scenario(), 0)
    assert heuristics.evaluate(scenario(seats={0: {"vp": 10}}), 0) > before > 0.0


def test_evaluate_all_is_evaluate_for_every_seat() -> None:
    for s in _positions(3, 8, every=5):
        assert heuristics.evaluate_all(s) == [heuristics.evaluate(s, p) for p in range(3)]


def test_leaving_spring_early_costs_the_villagers_left_unplaced() -> None:
    # Villagers placed in Spring are worth an activation each in Summer; moving to Summer with
    # Villagers still active gives that up, so the projection must fall (a search rushed to Summer
    # while the two were valued alike).
    s = GAME.new_game(3, 2)
    p = s.current_player
    assert s.active[p] == 3  # type: ignore[attr-defined]
    before = heuristics.projected_score(s, p)  # type: ignore[arg-type]
    s.apply(next(a for a in s.legal_actions() if s.describe(a).startswith("Move to Summer")))
    assert s.current_player == p and s.season[p] == 1  # type: ignore[attr-defined]
    after = heuristics.projected_score(s, p)  # type: ignore[arg-type]
    assert after == before - 3 * (heuristics.VILLAGER_ACTIVATION - heuristics.VILLAGER_SUMMER)
    placed = GAME.new_game(3, 2)
    placed.apply(next(a for a in placed.legal_actions() if placed.describe(a).startswith("Place a Villager")))
    assert heuristics.projected_score(placed, p) == before  # type: ignore[arg-type]


def test_svg_offers_every_board_choice_on_its_piece_and_leaves_the_panel_a_dozen() -> None:
    panel_most = 0
    for players, seed in ((4, 6), (3, 2), (2, 9)):
        for s in _positions(players, seed, every=5):
            seat = s.current_player
            actions = [{**GAME.action_space.to_json(a), "label": s.describe(a)} for a in s.legal_actions()]
            svg = render.render_svg(s.view(seat), seat, actions)
            xml.dom.minidom.parseString(svg)
            found = {int(x) for x in re.findall(r'data-action="(\d+)"', svg)}
            assert found <= {a["id"] for a in actions}, "a clickable element offers an action that is not legal"
            decision = s.view(seat)["decision"] or {}
            panel = [a for a in actions if render._key(a, decision) == ("panel", 0)]
            assert {a["id"] for a in actions} - {a["id"] for a in panel} <= found
            panel_most = max(panel_most, len(panel))
            assert "Actions:" not in svg
            # a choice on a player's board is on the board of the player who makes it
            for board in xml.dom.minidom.parseString(svg).getElementsByTagName("g"):
                if board.getAttribute("class") == "player" and board.getAttribute("data-seat") != str((seat or 0) + 1):
                    assert not [g for g in board.getElementsByTagName("g") if g.getAttribute("data-action")]
    assert 0 < panel_most <= 12


def test_svg_puts_board_actions_on_their_piece() -> None:
    s = GAME.new_game(2, 3)
    actions = [{**GAME.action_space.to_json(a), "label": s.describe(a)} for a in s.legal_actions()]
    svg = render.render_svg(s.view(0), 0, actions)
    place = GAME.action_space.id_of("place", gap=0)
    # a Villager is placed by clicking the gap itself, between its two cards
    assert re.search(rf'<g class="gap action info" data-action="{place}"', svg)


def test_terminal_render() -> None:
    console = Console(width=160, record=True)
    for s in _positions(2, 9, every=40):
        console.print(terminal.render(s, 0))
    text = console.export_text()
    assert "Village" in text and "Adventure track" in text and "Player 1 (you)" in text


def test_svg_reads_each_action_from_its_own_entry_not_the_shipped_numbering() -> None:
    """A content variant numbers its actions its own way: the drawing places each action by the kind and
    parameters the game sends with it, so the same choices under other ids land on the same pieces."""
    s = GAME.new_game(2, 3)
    shift = len(GAME.action_space)
    actions = [{**GAME.action_space.to_json(a), "label": s.describe(a)} for a in s.legal_actions()]
    moved = [{**a, "id": a["id"] + shift} for a in actions]
    svg = render.render_svg(s.view(0), 0, actions)
    svg_moved = render.render_svg(s.view(0), 0, moved)
    for a in actions:
        assert svg_moved.count(f'data-action="{a["id"] + shift}"') == svg.count(f'data-action="{a["id"]}"')
    place = GAME.action_space.id_of("place", gap=0) + shift
    assert re.search(rf'<g class="gap action info" data-action="{place}"', svg_moved)
