"""ThreeTale's SVG table and terminal drawing, without a browser: valid SVG in every Future; each choice that
concerns a place or a piece is chosen on it (a step on its space, a new tile's place, a Virtue on its track,
a Talent, an Artifact, a Hero…) and the rest fit a small panel; every text is drawn at 12 units or more and
never cut; every piece carries its whole text; the team's score sheet says what the team achieved."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from rich.console import Console

from talewood.engine import Rng, State
from talewood.games.threetale import render, terminal
from talewood.ui.svg import MIN_FONT

from .helpers import GAME

SVG = "{http://www.w3.org/2000/svg}"
FUTURES = [f.id for f in GAME.content.futures]
# where an action of each kind is chosen: the class of its clickable group
PLACE = {"pick_hero": "hero-card", "step": "space", "space": "space", "start_space": "space", "snap": "ghost",
         "tile": "tile", "portal_to": "tile", "choose_tile": "tile-choice", "rotate": "tile-choice",
         "raise_virtue": "virtue", "lower_virtue": "virtue", "give_to": "hero-choice", "bless_to": "hero-choice",
         "keeper": "hero-choice", "hero": "hero-choice", "order_hero": "hero-choice", "give_ring": "hero-choice",
         "stone": "stat", "develop": "talent", "talent": "talent", "use_bonus": "board-button",
         "return_bonus": "board-button", "quest": "card", "vicinator": "space"}
PANEL = 12        # the page's panel shows at most this many choices


def actions_of(state: State) -> list[dict[str, Any]]:
    return [{**GAME.action_space.to_json(a), "label": state.describe(a), **GAME.choice(state, a).to_json()}
            for a in state.legal_actions()]


def draw(state: State, seat: int | None) -> tuple[ET.Element, list[dict[str, Any]]]:
    actions = actions_of(state) if seat == state.current_player else []
    root = ET.fromstring(render.render_svg(state.view(seat), seat, actions))
    assert root.tag == f"{SVG}svg"
    return root, actions


def clickable(root: ET.Element) -> dict[int, set[str]]:
    out: dict[int, set[str]] = {}
    for e in root.iter(f"{SVG}g"):
        if e.get("data-action") is not None:
            assert int(e.get("data-action", "-1")) not in out, "one choice, one piece"
            out[int(e.get("data-action", "-1"))] = set(e.get("class", "").split())
    return out


def playout(future: str, seed: int, every: int = 7) -> list[State]:
    """Every `every`-th position of a random game of `future` (and its end)."""
    state = GAME.new_game(3, seed, {"future": future})
    rng = Rng(seed)
    seen = []
    step = 0
    while not state.is_over:
        if step % every == 0:
            seen.append(state.clone())
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        step += 1
    seen.append(state)
    return seen


def first_at(future: str, frame: str, seed: int = 5) -> State:
    """The first decision of `frame` in a random game of `future`."""
    state = GAME.new_game(3, seed, {"future": future})
    rng = Rng(seed)
    while type(state.stack[-1]).__name__ != frame:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        assert not state.is_over, f"no {frame} in this game"
    return state


@pytest.mark.parametrize("future", FUTURES)
def test_every_choice_of_a_place_or_a_piece_is_made_on_it_and_the_rest_fit_the_panel(future: str) -> None:
    kinds: set[str] = set()
    for seed in (1, 2):
        for state in playout(future, seed):
            seat = None if state.is_over else state.current_player
            root, actions = draw(state, seat)
            drawn = clickable(root)
            assert set(drawn) <= {a["id"] for a in actions}, "only legal actions are clickable"
            pieces: dict[int, int] = {}
            for a in actions:
                kinds.add(a["kind"])
                if a["kind"] in PLACE:
                    assert PLACE[a["kind"]] in drawn.get(a["id"], set()), f"{a['label']} is not on its piece"
                elif a["kind"] in ("equip", "use_artifact", "artifact"):
                    pieces[a["artifact"]] = pieces.get(a["artifact"], 0) + 1
            for artifact, n in pieces.items():     # an Artifact offers its first choice on itself
                assert sum(1 for a in actions if a.get("artifact") == artifact and a["id"] in drawn) == 1, n
            panel = [a for a in actions if a["id"] not in drawn]
            assert len(panel) <= PANEL, f"{len(panel)} choices left to the panel at {state.prompt()}"
            terminal_text(state, seat)
    assert {"step", "snap", "rotate", "end_turn"} <= kinds


def terminal_text(state: State, seat: int | None) -> str:
    console = Console(width=180, record=True)
    console.print(terminal.render(state, seat))
    return console.export_text()


def texts(root: ET.Element) -> list[ET.Element]:
    return [t for t in root.iter(f"{SVG}text") if re.search(r"\w", t.text or "")]


@pytest.mark.parametrize("future", FUTURES)
def test_every_text_is_readable_and_whole(future: str) -> None:
    """At 12 units or more (the page shows 12 units at 12 CSS px or larger), and never cut with "…"."""
    for state in playout(future, 3, every=11):
        seat = None if state.is_over else state.current_player
        root, _ = draw(state, seat)
        assert root.get("data-min-font") == str(MIN_FONT)
        for t in texts(root):
            assert float(t.get("font-size", "0")) >= MIN_FONT, t.text
            assert not (t.text or "").rstrip().endswith("…"), t.text


def test_a_step_is_drawn_on_the_space_it_leads_to() -> None:
    state = next(s for s in playout("nine_rings", 3)
                 if not s.is_over and any(GAME.action_space.specs[a].kind == "step" for a in s.legal_actions()))
    root, actions = draw(state, state.current_player)
    view = state.view(state.current_player)
    spaces = {sp["space"]: sp for t in view["map"] for sp in t["spaces"]}
    here = next(h["position"] for h in view["player_states"] if h["seat"] == state.current_player)
    steps = [a for a in actions if a["kind"] == "step"]
    assert steps
    for a in steps:
        group = next(g for g in root.iter(f"{SVG}g") if g.get("data-action") == str(a["id"]))
        target = spaces[int(group.get("data-space", "-1"))]
        assert abs(target["x"] - here["x"]) <= 1 and abs(target["y"] - here["y"]) <= 1
        assert target["space"] != here["space"]
        corner = a["label"].split(" to the ", 1)[1].split(" space")[0]
        assert target["corner"] == corner, a["label"]


def test_a_new_tile_is_snapped_on_the_empty_place_it_would_fill_and_turned_on_its_pictures() -> None:
    state = first_at("nine_rings", "Snap")
    root, actions = draw(state, state.current_player)
    ghosts = [g for g in root.iter(f"{SVG}g") if "ghost" in g.get("class", "").split()]
    snaps = [a for a in actions if a["kind"] == "snap"]
    assert len(ghosts) == len(snaps) > 0
    # each ghost stands where its tile would go: beside the tile it snaps to, on the side the action names
    tiles = {t["index"]: t for t in state.view(0)["map"]}
    laid = {(t["x"], t["y"]) for t in tiles.values()}
    for a in snaps:
        t = tiles[a["tile"]]
        dx, dy = ((0, -1), (1, 0), (0, 1), (-1, 0))[a["side"]]
        assert (t["x"] + dx, t["y"] + dy) not in laid
    codes = {a["code"] for a in snaps}
    assert len(codes) == len(snaps)
    shown = terminal_text(state, state.current_player)
    assert all(f"<{code}>" in shown for code in codes), "the terminal shows each place's code on the Map"
    state.apply(snaps[0]["id"])
    root, actions = draw(state, state.current_player)
    turns = [g for g in root.iter(f"{SVG}g") if "tile-choice" in g.get("class", "").split()]
    assert [g.get("data-action") for g in turns] == [str(a["id"]) for a in actions if a["kind"] == "rotate"]
    assert [g.get("data-info", "").split(":", 1)[0].rsplit(", ", 1)[1] for g in turns] == \
        ["as printed", "turned 90°", "turned 180°", "turned 270°"]


def test_mercy_raises_a_virtue_on_the_other_heros_board() -> None:
    state = first_at("nine_rings", "MercyVirtue", seed=5)
    target = state.stack[-1].target
    assert target != state.current_player
    root, actions = draw(state, state.current_player)
    raised = {g.get("data-virtue") for g in root.iter(f"{SVG}g")
              if g.get("data-action") and "virtue" in g.get("class", "")}
    assert raised == {a["label"].split("'s ", 1)[1].split(" (")[0] for a in actions if a["kind"] == "raise_virtue"}
    hero = GAME.content.heroes[state.hero[target]].name
    infos = [g.get("data-info", "") for g in root.iter(f"{SVG}g") if g.get("data-action")]
    assert infos and all(i.startswith(f"{hero}'s ") for i in infos)


def test_every_tile_token_talent_and_artifact_can_be_read() -> None:
    states = playout("crown_of_evil", 4)
    state = states[len(states) // 2]
    root, _ = draw(state, 0)
    groups = list(root.iter(f"{SVG}g"))
    view = state.view(0)
    tiles = [g for g in groups if "tile" in g.get("class", "").split()]
    assert len(tiles) == len(view["map"]) > 0
    assert all(g.get("data-info", "").startswith(t["name"] + " (") for g, t in zip(tiles, view["map"], strict=True))
    for t, g in zip(view["map"], tiles, strict=True):        # the tile's words say what lies on each space
        for sp in t["spaces"]:
            assert f"{sp['corner']} " in g.get("data-info", "")
            if sp["token"]:
                assert f"{sp['token']['name']} ({sp['token']['text']})" in g.get("data-info", ""), sp
    talents = [g.get("data-info", "") for g in groups if "talent" in g.get("class", "")]
    assert len(talents) == 18 and all(": " in i for i in talents)
    for h in view["player_states"]:
        for art in h["artifacts"]:
            assert any(art["text"] in g.get("data-info", "") for g in groups), art["name"]
    assert sum("hero" in g.get("class", "").split() and bool(g.get("data-info")) for g in groups) == 3


def test_a_hero_is_picked_on_their_whole_board_in_words() -> None:
    state = GAME.new_game(3, 5)
    root, actions = draw(state, 0)
    cards = {g.get("data-action"): g for g in root.iter(f"{SVG}g") if "hero-card" in g.get("class", "")}
    assert len(cards) == 5
    for a in actions:
        hero = GAME.content.heroes[a["hero"]]
        detail = a["detail"]
        assert cards[str(a["id"])].get("data-info") == detail
        assert hero.text in detail and all(t.text in detail for t in hero.talents)
        drawn = " ".join(t.text or "" for t in cards[str(a["id"])].iter(f"{SVG}text"))
        assert all(word in drawn for word in hero.talents[5].text.split()), "the card shows the whole board"


def test_the_end_shows_what_the_team_achieved_in_the_browser_and_the_terminal() -> None:
    state = playout("nine_rings", 5)[-1]
    result = state.result()
    full = GAME.score_sheet(result)
    sheet = full.pairs()
    labels = [label for label, _ in sheet]
    assert labels == ["Virtues", "Speed", "Shevitsa", "Artifacts", "Sacred Stones", "Spirit", "The Hero's points",
                      "Rings", "The Future's Quest (the team)", "Turns to spare (the team)", "Team score"]
    assert sheet[10][1] == [f"{result.team_score:g}"] * 3 and full.rows[10].kind == "total"
    assert full.rows[7].kind == "count" and sheet[7][1] == [str(state.rings[h]) for h in range(3)]
    heroes = [d for d in result.details if not d.get("team")]
    assert sheet[6][1] == [str(d["points"]) for d in heroes]
    assert sum(d["points"] for d in heroes) + int(sheet[8][1][0]) + int(sheet[9][1][0]) == result.team_score
    assert full.achieved.startswith("The team ") and "Rings" in full.achieved and "tiles flipped" in full.achieved
    root, _ = draw(state, 0)
    drawn = next(e for e in root.iter() if e.get("class") == "score-sheet")
    words = " ".join(t.text or "" for t in drawn.iter(f"{SVG}text"))
    assert full.verdict in words and "Team score:" in words and "Rings" in words
    out = terminal_text(state, 0)
    assert full.verdict in out and "Team score" in out and "The Hero's points" in out


def test_counts_read_as_words_one_step_one_action_one_die() -> None:
    wrong = re.compile(r"\b1 (Steps|Actions|dice|turns|tiles|cards|rounds)\b")
    nothing = re.compile(r"\b0 (Steps|Actions) left")     # a prompt offers only what is left to do
    prompts = 0
    for state in playout("path_of_initiation", 6):
        if state.is_over:
            continue
        seat = state.current_player
        texts = [state.prompt(), terminal_text(state, seat), render.render_svg(state.view(seat), seat, [])]
        texts += [state.describe(a) for a in state.legal_actions()]
        assert not any(wrong.search(t) for t in texts), [wrong.search(t) for t in texts]
        assert not nothing.search(state.prompt()), state.prompt()
        prompts += "1 Step left" in texts[0] or "1 Action left" in texts[0]
    assert prompts
