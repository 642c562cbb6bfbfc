"""ThreeTale's SVG map and terminal drawing, without a browser: valid SVG in every Future, each legal action
clickable on the piece it concerns (or in the choice list), every text readable, the team's score sheet."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest
from rich.console import Console

from talewood.engine import Rng, State
from talewood.games.threetale import render, terminal

from .helpers import GAME

SVG = "{http://www.w3.org/2000/svg}"
FUTURES = [f.id for f in GAME.content.futures]
# where an action of each kind is drawn: the class of its clickable group
PLACE = {"pick_hero": "hero-card", "step": "space", "space": "space", "start_space": "space", "snap": "chip",
         "tile": "chip",
         "portal_to": "chip", "choose_tile": "drawn-tile", "raise_virtue": "chip", "lower_virtue": "chip",
         "give_to": "chip", "bless_to": "chip", "keeper": "chip", "stone": "chip", "give_ring": "chip",
         "order_hero": "chip"}


def actions_of(state: State) -> list[dict[str, Any]]:
    return [{**GAME.action_space.to_json(a), "label": state.describe(a)} for a in state.legal_actions()]


def draw(state: State, seat: int | None) -> tuple[ET.Element, list[dict[str, Any]]]:
    actions = actions_of(state) if seat == state.current_player else []
    root = ET.fromstring(render.render_svg(state.view(seat), seat, actions))
    assert root.tag == f"{SVG}svg"
    return root, actions


def clickable(root: ET.Element) -> dict[int, set[str]]:
    out: dict[int, set[str]] = {}
    for e in root.iter(f"{SVG}g"):
        if e.get("data-action") is not None:
            out.setdefault(int(e.get("data-action", "-1")), set()).update(e.get("class", "").split())
    return out


def playout(future: str, seed: int) -> list[State]:
    """Every 7th position of a random game of `future` (and its end)."""
    state = GAME.new_game(3, seed, {"future": future})
    rng = Rng(seed)
    seen = []
    step = 0
    while not state.is_over:
        if step % 7 == 0:
            seen.append(state.clone())
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        step += 1
    seen.append(state)
    return seen


@pytest.mark.parametrize("future", FUTURES)
def test_every_legal_action_is_clickable_where_it_happens(future: str) -> None:
    kinds: set[str] = set()
    for seed in (1, 2):
        for state in playout(future, seed):
            seat = None if state.is_over else state.current_player
            root, actions = draw(state, seat)
            drawn = clickable(root)
            assert set(drawn) == {a["id"] for a in actions}, "every legal action, and only those, is clickable"
            for a in actions:
                kinds.add(a["kind"])
                if a["kind"] in PLACE:
                    assert PLACE[a["kind"]] in drawn[a["id"]], f"{a['label']} is not drawn on its piece"
            terminal_text(state, seat)
    assert {"step", "snap", "rotate", "end_turn"} <= kinds


def terminal_text(state: State, seat: int | None) -> str:
    console = Console(width=180, record=True)
    console.print(terminal.render(state, seat))
    return console.export_text()


def test_a_step_is_drawn_on_the_space_it_leads_to() -> None:
    state = next(s for s in playout("nine_rings", 3)
                 if not s.is_over and any(GAME.action_space.specs[a].kind == "step" for a in s.legal_actions()))
    root, actions = draw(state, state.current_player)
    view = state.view(state.current_player)
    spaces = {sp["space"]: sp for t in view["map"] for sp in t["spaces"]}
    here = next(h["position"] for h in view["player_states"] if h["seat"] == state.current_player)
    for a in (a for a in actions if a["kind"] == "step"):
        group = next(g for g in root.iter(f"{SVG}g") if g.get("data-action") == str(a["id"]))
        target = spaces[int(group.get("data-space", "-1"))]
        assert abs(target["x"] - here["x"]) <= 1 and abs(target["y"] - here["y"]) <= 1
        assert target["space"] != here["space"]
        corner = a["label"].split(" to the ", 1)[1].split(" space")[0]
        assert target["corner"] == corner, a["label"]


def test_every_tile_token_talent_and_artifact_can_be_read() -> None:
    states = playout("crown_of_evil", 4)
    state = states[len(states) // 2]
    root, _ = draw(state, 0)
    groups = list(root.iter(f"{SVG}g"))
    view = state.view(0)
    tiles = [g for g in groups if g.get("class", "").startswith("tile")]
    assert len(tiles) == len(view["map"]) > 0
    assert all(g.get("data-info", "").startswith(t["name"]) for g, t in zip(tiles, view["map"], strict=True))
    tokens = [sp for t in view["map"] for sp in t["spaces"] if sp["token"]]
    infos = [g.get("data-info", "") for g in groups if g.get("class", "").startswith("space")]
    for sp in tokens:
        assert any(sp["token"]["text"] in i for i in infos), sp
    talents = [g.get("data-info", "") for g in groups if "talent" in g.get("class", "")]
    assert len(talents) == 18 and all(": " in i for i in talents)
    for h in view["player_states"]:
        for art in h["artifacts"]:
            assert any(art["text"] in g.get("data-info", "") for g in groups), art["name"]
    assert sum("hero" in g.get("class", "").split() and bool(g.get("data-info")) for g in groups) == 3


def test_the_end_shows_the_team_score_sheet_in_the_browser_and_the_terminal() -> None:
    state = playout("information_flood", 5)[-1]
    result = state.result()
    full = GAME.score_sheet(result)
    sheet = full.pairs()
    labels = [label for label, _ in sheet]
    assert labels[:7] == ["Virtues", "Speed", "Shevitsa", "Artifacts", "Sacred Stones", "Spirit", "The Hero's points"]
    assert labels[-1] == "Team score" and sheet[-1][1] == [f"{result.team_score:g}"] * 3
    heroes = [d for d in result.details if not d.get("team")]
    assert sheet[6][1] == [str(d["points"]) for d in heroes]
    assert sum(d["points"] for d in heroes) + int(sheet[7][1][0]) + int(sheet[8][1][0]) == result.team_score
    root, _ = draw(state, 0)
    drawn = next(e for e in root.iter() if e.get("class") == "score-sheet")
    texts = " ".join(t.text or "" for t in drawn.iter(f"{SVG}text"))
    assert full.verdict in texts and "team score" in texts      # the verdict, and what the team achieved
    assert full.achieved.startswith("The team ") and full.reason
    out = terminal_text(state, 0)
    assert full.verdict in out and "Team score" in out and "The Hero's points" in out


def test_counts_read_as_words_one_step_one_action_one_die() -> None:
    import re

    wrong = re.compile(r"\b1 (Steps|Actions|dice)\b")
    prompts = 0
    for state in playout("path_of_initiation", 6):
        if state.is_over:
            continue
        seat = state.current_player
        texts = [state.prompt(), terminal_text(state, seat), render.render_svg(state.view(seat), seat, [])]
        assert not any(wrong.search(t) for t in texts), [wrong.search(t) for t in texts]
        prompts += "1 Step left" in texts[0] or "1 Action left" in texts[0]
    assert prompts
