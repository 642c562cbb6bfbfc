"""ThreeTale's choices as a panel and a terminal show them (Game.choice): the end-the-turn kind first, the
rest grouped; a Hero, a tile or a card with its whole text; the codes a terminal player types — a step's
direction, a new tile's corner, a Hero's initials, a place on the Map by its column and row, as the
terminal prints them around the Map — and `look` by name or by code. The end: what the team achieved."""

from __future__ import annotations

import io

from rich.console import Console

from talewood.engine import Rng
from talewood.games.threetale import scoring, terminal
from talewood.games.threetale.choices import column, initials
from talewood.games.threetale.future import goal
from talewood.games.threetale.state import TTState
from talewood.terminal import Menu, readable_pieces
from talewood.ui.text import find_pieces

from .helpers import GAME, frame


def at_frame(name: str, seed: int = 5, future: str = "nine_rings", nth: int = 0) -> TTState:
    state = GAME.new_game(3, seed, {"future": future})
    assert isinstance(state, TTState)
    rng = Rng(seed)
    seen = 0
    while True:
        assert not state.is_over, f"no {name} in this game"
        if frame(state) == name:
            if seen == nth:
                return state
            seen += 1
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])


def choices(state: TTState) -> dict[int, object]:
    return {a: GAME.choice(state, a) for a in state.legal_actions()}


def test_a_hero_is_picked_by_initials_with_their_whole_board() -> None:
    state = at_frame("PickHero")
    found = {GAME.choice(state, a).code: GAME.choice(state, a) for a in state.legal_actions()}
    assert set(found) == {"sd", "qlw", "ys", "um", "sm"}
    for hero in GAME.content.heroes:
        c = found[initials(hero.name)]
        assert c.group == "Heroes" and not c.first
        assert c.detail.startswith(f"{hero.name}: {hero.text}")
        assert all(f"{t.name}: {t.text}" in c.detail for t in hero.talents)
        assert f"Speed {hero.speed}" in c.detail


def test_the_end_of_a_turn_comes_first_and_steps_go_by_their_direction() -> None:
    state = at_frame("Turn", nth=3)
    found = choices(state)
    first = [a for a, c in found.items() if c.first]                      # type: ignore[attr-defined]
    assert [state.describe(a) for a in first] == ["End your turn"]
    assert GAME.choice(state, first[0]).code == "end"
    for a, c in found.items():
        label = state.describe(a)
        if label.startswith("Step "):
            direction = label.split()[1]
            assert c.code == "".join(w[0] for w in direction.split("-")), label        # type: ignore[attr-defined]
            assert c.group == "Steps"                                                  # type: ignore[attr-defined]


def test_a_new_tile_snaps_to_the_place_its_code_names_on_the_terminals_map() -> None:
    state = at_frame("Snap", nth=6)
    laid = list(state.placed)
    x0 = min(state.tile_x[t] for t in laid) - 1
    y0 = min(state.tile_y[t] for t in laid) - 1
    out = io.StringIO()
    console = Console(width=200, file=out)
    console.print(terminal.render(state, state.current_player))
    shown = out.getvalue()
    lines = shown.splitlines()
    letters = lines[lines.index(next(ln for ln in lines if ln.startswith("    ") and ln.split()[0] == "a"))]
    for a in state.legal_actions():
        code = GAME.choice(state, a).code
        col, row = code[0], code[1:]
        at = letters.index(f" {col} ") - 2        # a column is 7 characters, its letter in the middle
        line = next(ln for ln in lines if ln.startswith(f"{row:>3} "))
        assert line[at:at + 7].strip() == f"<{code}>", "the code stands where the tile would go"
        after = state.clone()
        after.apply(a)                           # the tile goes there (turned next)
        new = after.stack[-1]
        assert (frame(after), f"{column(new.x - x0)}{new.y - y0 + 1}") == ("Rotate", code)
    menu = Menu(state)
    chosen = menu.pick(GAME.choice(state, state.legal_actions()[0]).code)
    assert chosen == state.legal_actions()[0]


def test_the_terminal_lists_a_long_decision_as_its_codes() -> None:
    state = at_frame("Snap", nth=12)
    assert len(state.legal_actions()) > 12
    out = io.StringIO()
    Menu(state).show(Console(width=120, file=out))
    lines = out.getvalue().splitlines()
    assert len(lines) <= 3 and "Where the tile goes" in lines[0] and "type one of" in lines[0]


def test_look_reads_a_tile_by_its_name_or_its_code_and_a_talent_by_its_name() -> None:
    state = at_frame("Snap", nth=6)
    view = state.view(0)
    pieces = readable_pieces(state, 0)
    tile = view["map"][0]
    by_name = find_pieces(pieces, tile["name"])
    assert by_name and by_name[0][1].startswith(f"{tile['name']} (")
    code = by_name[0][1].split("(", 1)[1].split(")", 1)[0].split(",")[0]
    assert any(text.startswith(f"{tile['name']} ({code}") for _, text in find_pieces(pieces, code))
    talent = GAME.content.heroes[state.hero[0]].talents[3]
    assert find_pieces(pieces, talent.name)[0][1].endswith(talent.text)


def test_a_team_that_falls_in_the_past_never_reached_the_future() -> None:
    state = at_frame("Turn", nth=20)
    laid = len(state.placed)
    scoring.end_game(state, won=False, reason=f"{state.name(1)} died")
    sheet = GAME.score_sheet(state.result())
    assert sheet.verdict.startswith("The team loses") and sheet.reason == f"{state.name(1)} died"
    assert sheet.achieved.startswith(f"The team never reached the Future: it fell in the Past, turn {state.turn_no}: "
                                     f"{laid} of the 30 tiles laid. Team score: ")


def test_what_ended_the_game_reads_on_after_the_verdict_a_hero_keeps_their_name() -> None:
    state = at_frame("Turn", nth=20)
    goal.clock_runs_out(state, "The 7th tile is flipped")
    sheet = GAME.score_sheet(state.result())
    assert sheet.headline() == "The team loses: the 7th tile is flipped"
    assert state.view(0)["verdict"] == sheet.headline(), "never a bare team score"
    state = at_frame("Turn", nth=20)
    scoring.end_game(state, won=False, reason=f"{state.name(1)} died")
    assert state.name(1).startswith("The ") and GAME.score_sheet(state.result()).reason == f"{state.name(1)} died"
