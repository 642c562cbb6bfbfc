"""The companion modules: heuristics for the bots, the terminal view and the SVG render."""

from __future__ import annotations

import re
import xml.dom.minidom

from rich.console import Console

from talewood.engine import Rng
from talewood.games import game_module
from talewood.games.greylune import heuristics, render, terminal

from .helpers import GAME


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
    s = GAME.new_game(2, 1)
    before = heuristics.evaluate(s, 0)
    s.vp[0] += 10  # type: ignore[attr-defined]
    assert heuristics.evaluate(s, 0) > before > 0.0


def test_svg_has_a_clickable_element_for_every_legal_action() -> None:
    for s in _positions(4, 6, every=11):
        seat = s.current_player
        actions = [{"id": a, "label": s.describe(a)} for a in s.legal_actions()]
        svg = render.render_svg(s.view(seat), seat, actions)
        xml.dom.minidom.parseString(svg)
        found = {int(x) for x in re.findall(r'data-action="(\d+)"', svg)}
        assert found == {a["id"] for a in actions}


def test_svg_puts_board_actions_on_their_piece() -> None:
    s = GAME.new_game(2, 3)
    actions = [{"id": a, "label": s.describe(a)} for a in s.legal_actions()]
    svg = render.render_svg(s.view(0), 0, actions)
    place = GAME.action_space.id_of("place", gap=0)
    # a place action is drawn inside the Village, not in the action bar
    assert svg.index(f'data-action="{place}"') < svg.index("Actions:")


def test_terminal_render() -> None:
    console = Console(width=160, record=True)
    for s in _positions(2, 9, every=40):
        console.print(terminal.render(s, 0))
    text = console.export_text()
    assert "Village" in text and "Adventure track" in text and "Seat 0 (you)" in text
