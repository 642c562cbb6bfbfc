"""The Spirits SVG renderer, without a browser: valid SVG for views reached in random playouts with
every module combination, and a clickable element for every legal tile (and card/token) action."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from talewood.engine import Rng, State
from talewood.games import game_module, load

from ..readable import small_texts

SVG = "{http://www.w3.org/2000/svg}"
SCENARIOS = ("rows", "standard", "forgotten-grove", "forbidden-forest", "enchanted-wildlands")
AIR = ((False, False), (True, False), (True, True))
COMBOS = [
    {"wish": w, "hex": h, "seasons": s, "scenario": sc, "air_spirit": a, "fireflies": f}
    for w, h, s, sc, (a, f) in itertools.product((False, True), (False, True), (False, True), SCENARIOS, AIR)
]
render_svg: Any = getattr(game_module("spirits", "render"), "render_svg")  # noqa: B009


def actions_of(state: State) -> list[dict[str, Any]]:
    out = []
    for a in state.legal_actions():
        entry = state.game.action_space.to_json(a)
        entry["label"] = state.describe(a)
        out.append(entry)
    return out


def check(state: State, seat: int | None) -> ET.Element:
    actions = actions_of(state) if seat == state.current_player else []
    svg = render_svg(state.view(seat), seat, actions)
    root = ET.fromstring(svg)          # valid XML, or this raises
    assert not small_texts(svg), f"text a player reads under 12 px: {small_texts(svg)[:4]}"
    assert root.tag == f"{SVG}svg"
    clickable = {int(e.get("data-action", -1)) for e in root.iter() if e.get("data-action") is not None}
    for act in actions:
        if act["kind"] in ("take", "reserve", "lift", "firefly", "wish", "hex", "favor"):
            assert act["id"] in clickable, f"no clickable element for {act}"
    assert clickable <= {a["id"] for a in actions}, "a clickable element offers an action that is not legal"
    return root


@pytest.mark.parametrize("index", range(len(COMBOS)), ids=lambda i: "-".join(
    k if v is True else str(v) for k, v in COMBOS[i].items() if v))
def test_every_module_combination_renders(index: int) -> None:
    options = COMBOS[index]
    game = load("spirits")
    players = 2 + index % 3
    state = game.new_game(players, 1000 + index, options)
    rng = Rng(index)
    step = 0
    while not state.is_over:
        if step % 9 == 0:
            check(state, state.current_player)
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        step += 1
    root = check(state, 0)
    check(state, None)
    assert any(e.get("class") == "score-sheet" for e in root.iter())


def test_solo_game_renders() -> None:
    state = load("spirits").new_game(1, 3)
    rng = Rng(3)
    while not state.is_over:
        check(state, 0)
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    check(state, 0)


def test_hidden_things_are_not_drawn_for_others() -> None:
    options = {"wish": True, "hex": True, "seasons": True, "air_spirit": True, "fireflies": True}
    state = load("spirits").new_game(2, 5, options)
    svg_other = render_svg(state.view(1), 1, [])
    hand = state.view(0)["player_states"][0]
    for card in hand["wish_hand"] + hand["hex_hand"]:
        assert card not in svg_other
    svg_mine = render_svg(state.view(0), 0, actions_of(state))
    assert all(card in svg_mine for card in hand["wish_hand"])


def _finished(options: dict[str, Any], players: int = 3, seed: int = 5) -> State:
    state = load("spirits").new_game(players, seed, options)
    rng = Rng(2)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return state


def test_the_end_shows_a_score_breakdown_in_the_browser_and_the_terminal() -> None:
    from rich.console import Console

    state = _finished({"wish": True, "hex": True})
    result = state.result()
    full = state.game.score_sheet(result)
    rows = {row.label: row for row in full.rows}
    for label in ("Branches", "Fire", "Missing spirits and power sources", "Wish", "Hex", "Favor tokens", "Tiles",
                  "Total"):
        assert (label in rows and rows[label].explain) or label == "Total"
    # points, counts and the tie-breaker told apart
    assert rows["Favor tokens"].kind == "count" and rows["Tiles"].kind == "tiebreak"
    assert rows["Wish"].kind == "note" and rows["Branches"].kind == "points" and rows["Total"].kind == "total"
    assert list(rows["Total"].cells) == [f"{s:g}" for s in result.scores]
    # a majority's points first, the count behind them in brackets, never a bare "(+N)"
    counts = [d["spirits"]["branches"] for d in result.details]
    best = max(counts)
    assert list(rows["Branches"].cells) == [f"{n} ({n}, the most)" if n and n == best else f"0 ({n})" for n in counts]
    assert "in brackets" in rows["Branches"].explain and "+" not in " ".join(rows["Branches"].cells)
    # the points rows add up to the total, seat by seat
    for seat, score in enumerate(result.scores):
        assert sum(float(row.cells[seat].split()[0]) for row in full.rows if row.kind == "points") == score
    root = ET.fromstring(render_svg(state.view(0), 0, []))
    banner = next(e for e in root.iter() if e.get("class") == "score-sheet")
    assert full.verdict in " ".join(t.text or "" for t in banner.iter(f"{SVG}text"))
    console = Console(width=160, record=True)
    console.print(game_module("spirits", "terminal").render(state, 0))  # type: ignore[attr-defined]
    out = console.export_text()
    assert "Missing spirits and power" in out and "Wish" in out and "Hex" in out
    assert "Tiles (tie-breaker)" in out and "Favor tokens (count)" in out and full.verdict in out
    total_line = next(line for line in out.splitlines() if line.startswith("│ Total "))
    assert all(f"{s:g}" in total_line for s in result.scores)
    # the nine majorities share one explanation: said once, naming them all
    words = " ".join(out.split())
    assert words.count(rows["Branches"].explain) == 1 and "Branches, Moss, Dew Drops" in words
    assert words.count(rows["Fire"].explain) == 1 and "Fire, Moon, Sun:" in words


def test_every_tile_token_and_card_can_be_read() -> None:
    state = load("spirits").new_game(2, 3, {"wish": True, "hex": True, "scenario": "enchanted-wildlands"})
    view = state.view(0)
    root = ET.fromstring(render_svg(view, 0, actions_of(state)))
    groups = list(root.iter(f"{SVG}g"))
    for g in groups:
        if g.get("data-token") or g.get("data-card"):
            assert g.get("data-info"), f"{g.attrib} has no text to read"
    tiles = [g for g in groups if any(r.get("class") == "tile" for r in g.findall(f"{SVG}rect"))]
    assert tiles and all(g.get("data-info", "").count(":") for g in tiles)
    wish = view["player_states"][0]["wish_hand"][0]
    assert any(g.get("data-info", "").startswith("Wish: ") and "before scoring" in g.get("data-info", "")
               for g in groups if g.get("data-card") == wish)
    legend = next(g for g in groups if g.get("class") == "legend")
    assert "Web Spiders" in "".join(t.text or "" for t in legend.iter(f"{SVG}text"))


# one column wide in every terminal: ASCII, box drawing, and the few symbols the forest uses, none of which a
# terminal may draw as a two-column emoji (as "☀" and "🔥" are)
NARROW = set("▲☾☼◆✦✧·▒…→−★") | {chr(c) for c in range(0x2500, 0x2580)}


def test_the_terminal_keeps_the_forest_in_columns() -> None:
    from rich.console import Console

    options = {"wish": True, "hex": True, "seasons": True, "air_spirit": True, "fireflies": True}
    state = load("spirits").new_game(3, 8, options)
    rng = Rng(8)
    for _ in range(12):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    console = Console(width=200, record=True)
    console.print(game_module("spirits", "terminal").render(state, 0))  # type: ignore[attr-defined]
    out = console.export_text()
    wide = {ch for ch in out if ord(ch) > 126 and ch not in NARROW}
    assert not wide, f"characters a terminal may draw two columns wide: {sorted(wide)}"
    assert "Spring keep" in out or "Spring drop" in out


def test_a_narrow_terminal_keeps_every_tile_whole() -> None:
    # 80 columns, the four seasons' labels, gemstones and favor tokens on the tiles: a tile's symbols are never
    # cut ("BrB…"); what lies on a tile goes below it, and every column header is there
    from rich.console import Console

    terminal = game_module("spirits", "terminal")
    state = load("spirits").new_game(3, 3, {"wish": True, "hex": True, "seasons": True})
    rng = Rng(2)
    for _ in range(25):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    console = Console(width=80, record=True)
    console.print(terminal.render(state, 0))  # type: ignore[attr-defined]
    out = console.export_text()
    forest = out.split("Players")[0]
    assert "…" not in out and "c12" in forest and "Spring keep" in forest
    words = forest.split()
    view = state.view(0)
    for row in view["forest"]:
        for cell in row:
            if cell is not None and not cell["face_down"]:
                assert any(w.startswith(terminal.tile_text(cell["tile"]).plain) for w in words), cell["tile"]
    assert any(cell and cell["gem"] is not None for row in view["forest"] for cell in row)


@pytest.mark.parametrize("modules", [False, True])
def test_the_key_names_only_what_the_forest_can_hold(modules: bool) -> None:
    from rich.console import Console

    state = load("spirits").new_game(2, 4, {"air_spirit": modules, "fireflies": modules})
    root = ET.fromstring(render_svg(state.view(0), 0, actions_of(state)))
    legend = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "legend")
    key = " ".join(t.text or "" for t in legend.iter(f"{SVG}text"))
    console = Console(width=200, record=True)
    console.print(game_module("spirits", "terminal").render(state, 0))  # type: ignore[attr-defined]
    said = console.export_text().split("Key:")[1]
    for text in (key, said):
        assert "Web Spiders" in text
        assert ("Air Spirit" in text) == modules and ("Silver Firefly" in text) == modules, text
