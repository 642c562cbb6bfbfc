"""The terminal's choices: never a long list — the pass/none/done kind first, a game's codes typed instead
of numbers (Spirits: r3c4), several choices to a line otherwise — and `look NAME` for the whole text of
a card or piece on the table."""

from __future__ import annotations

from io import StringIO

import pytest
from rich.console import Console

from talewood.engine import Choice, Rng, State
from talewood.games import load
from talewood.terminal import Menu, look


def out_of(fn: object, *args: object) -> str:
    buf = StringIO()
    console = Console(file=buf, width=120)
    fn(console, *args)  # type: ignore[operator]
    return buf.getvalue()


def gemstone_step() -> State:
    """Spirits, the gemstone step of the first turn: some 45 tiles to reserve, or none."""
    state = load("spirits").new_game(3, 5)
    rng = Rng(1)
    while len(state.legal_actions()) < 30:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    assert "gemstone" in state.prompt()
    return state


def test_the_gemstone_step_offers_none_first_and_the_tiles_by_their_places() -> None:
    state = gemstone_step()
    menu = Menu(state)
    text = out_of(menu.show)
    lines = text.strip().splitlines()
    assert lines[0].strip() == "1. Place no gemstone [none]"
    assert len(lines) <= 12, f"{len(state.legal_actions())} choices in {len(lines)} lines"
    assert "Gemstones" in text and "r1c" in text
    codes = [c for c in menu.codes if c.startswith("r")]
    code = codes[0]
    chosen = menu.pick(code)
    assert chosen is not None and state.game.choice(state, chosen).code == code
    assert f"(row {code[1:].split('c')[0]}, column {code.split('c')[1]})" in state.describe(chosen)
    assert menu.pick("none") == menu.order[0] == menu.pick("1")
    assert menu.pick("r99c99") is None and menu.pick("0") is None
    # 'list' shows every choice one to a line
    assert len(out_of(menu.show, True).strip().splitlines()) == len(state.legal_actions())


def test_a_game_without_codes_shows_a_long_decision_several_to_a_line(monkeypatch: pytest.MonkeyPatch) -> None:
    game = load("trial")
    monkeypatch.setattr(game, "choice", lambda state, action: Choice())     # no codes, no groups
    state = game.new_game(2, 11)
    rng = Rng(2)
    for _ in range(3000):
        if len(state.legal_actions()) > 20 or state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    legal = state.legal_actions()
    assert len(legal) > 20
    lines = out_of(Menu(state).show).strip().splitlines()
    assert len(lines) <= len(legal) // 2 + 3, "a long decision takes a line a choice"


def test_look_prints_a_pieces_whole_text_and_names_them_all() -> None:
    state = gemstone_step()
    seat = state.current_player
    names = out_of(look, state, seat, "")
    assert names.startswith("You can look at:")
    tile = next(t for t in state.c.tiles if t.is_double and state.tile_place[t.id] >= 0)  # type: ignore[attr-defined]
    text = out_of(look, state, seat, tile.name())
    assert tile.text() in " ".join(text.split())
    assert "Nothing called 'dragon'" in out_of(look, state, seat, "dragon")
