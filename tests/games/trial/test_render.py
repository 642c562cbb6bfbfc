"""The Trial board as SVG and in the terminal: actions clickable where they happen, texts readable,
nothing hidden shown."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from rich.console import Console

from talewood.games.trial.render import render_svg
from talewood.games.trial.terminal import render as terminal

from .helpers import GAME, do, labels, new_state, play_out, position

NS = "{http://www.w3.org/2000/svg}"


def drawn(state: Any, seat: int | None) -> ET.Element:
    acts = [{**GAME.action_space.to_json(a), "label": state.describe(a)} for a in state.legal_actions()] \
        if seat == state.current_player else []
    return ET.fromstring(render_svg(state.view(seat), seat, acts))


def clickable(root: ET.Element) -> dict[str, set[str]]:
    """Each clickable element's label (its title) by the group's class."""
    out: dict[str, set[str]] = {}
    for g in root.iter(f"{NS}g"):
        if g.get("data-action") is not None:
            title = g.find(f"{NS}title")
            assert title is not None and title.text
            out.setdefault(g.get("class", "").split()[0], set()).add(title.text.split(" — ")[0])
    return out


def infos(root: ET.Element) -> str:
    return "\n".join(g.get("data-info", "") for g in root.iter(f"{NS}g"))


def test_moves_are_clicked_on_the_spaces_and_cards_in_the_hand():
    s = position(2, positions=["tower_c", "start_s"], hands=[["postman", "bear"], []], turn={"seat": 1})
    do(s, "Move")
    root = drawn(s, 0)
    spaces = {g.get("data-space") for g in root.iter(f"{NS}g") if g.get("data-action") is not None}
    moves = [GAME.action_space.to_json(a) for a in s.legal_actions()]
    reachable = {m["space"] for m in moves if m["kind"] == "move_to"}
    assert reachable and reachable <= spaces


def test_paw_tokens_go_on_the_encounters_the_help_spot_and_the_location():
    s = position(2, positions=["tower_c", "start_s"], hands=[["postman", "food_delivery"], []],
                 food=[{"acorn": 2, "raspberry": 2}, {}], turn={"seat": 1})
    root = drawn(s, 0)
    where = clickable(root)
    under = {label for label in labels(s) if label.startswith("Place a paw token under the encounter card")}
    assert under and under <= where["chip"]
    assert "Place a paw token on the help spot" in where["chip"]
    assert any(label.startswith("Place a paw token on the Central lookout tower") for label in where["chip"])
    assert where["hand-card"] == {"Play Food Delivery"}          # Postman cannot be played here


def test_card_texts_items_and_tiles_are_readable():
    s = position(2, positions=["tower_c", "start_s"], hands=[["postman"], []], backpacks=[["rope"], []],
                 turn={"seat": 1})
    text = infos(drawn(s, 0))
    assert "Postman (deed card" in text
    assert "Rope (1 backpack slot" in text
    assert "Central lookout tower: Lookout tower" in text
    assert "The help spot" in text


def test_another_seat_sees_no_hand_no_tent_and_no_ruins_item():
    s = position(2, positions=["ruins_w", "start_s"], hands=[["postman"], ["bear"]],
                 ruins=[{"space": "ruins_w", "items": ["rope", "axe", "bow"]}], turn={"seat": 1})
    do(s, "Place a paw token on the West ruins")
    mine, theirs = render_svg(s.view(0), 0, []), render_svg(s.view(1), 1, [])
    assert 'data-card="postman"' in mine and 'data-card="postman"' not in theirs
    assert "Items here: Axe, Bow, Rope" in mine and "Items here" not in theirs
    tents = s.view(0)["player_states"][0]["tent_tokens"]
    texts = s.view(0)["texts"]["tents"]
    assert tents and f"{texts[tents[0]]['name']}: " in mine
    assert all(f"{texts[x]['name']}: " not in theirs for x in tents)


def test_the_end_shows_the_score_sheet_in_the_svg_and_the_terminal():
    s = play_out(new_state(2, seed=3))
    root = drawn(s, None)
    banner = next(e for e in root.iter() if e.get("class") == "score-sheet")
    verdict = s.game.score_sheet(s.result()).verdict
    assert any(verdict in (t.text or "") for t in banner.iter(f"{NS}text"))
    console = Console(width=200, record=True)
    console.print(terminal(s, 0))
    out = console.export_text()
    assert "Final scores" in out and "The Trial of the Forest" in out and "Story cards (tie-breaker)" in out
    assert "fame points" in verdict


def test_the_terminal_shows_the_own_hand_and_counts_the_others():
    s = position(2, positions=["tower_c", "start_s"], hands=[["postman"], ["bear"]], turn={"seat": 1})
    console = Console(width=200, record=True)
    console.print(terminal(s, 0))
    out = console.export_text()
    assert "Hand: Postman" in out and "Bear" not in out and "Hand: 1 card face down" in out


def test_a_whole_game_in_the_terminal_against_a_bot(tmp_path):
    from io import StringIO

    from talewood.terminal import play

    out = StringIO()
    code = play("trial", players=2, seats=["human", "random"], seed=6, save_dir=str(tmp_path),
                ask=lambda _prompt: "1", console=Console(file=out, width=160))
    text = out.getvalue()
    assert code == 0 and "Final scores" in text and "The Trial of the Forest" in text
