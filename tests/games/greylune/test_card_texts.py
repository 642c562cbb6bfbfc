"""Every card, tile and token can be read: the view gives its full text, the board never cuts a word
(it wraps, or ends a line in "…" with the whole text in the piece's data-info), the Event stays off the
Adventure track, and the terminal writes what each card does beside it."""

from __future__ import annotations

import re
import xml.dom.minidom
from typing import Any

from rich.console import Console

from talewood.games.greylune import render, terminal
from talewood.games.greylune.texts import encounter_text, village_text
from talewood.ui.svg import GLYPH, wrap

from ..readable import small_texts
from .helpers import GAME, C, scenario

LONG_NAMES = {0: "Invisibility Potion", 1: "Hundred-league Boots", 2: "Travelers' Guild (III)", 3: "The Golden Lion",
              4: "Hall of the Heroes", 5: "Endurance Potion", 6: "Philosopher Stone", 7: "Mysterious Map",
              8: "Isandre"}


# the words the board adds to a piece's own text (its kind and cost line, a Quest's label)
BOARD_WORDS = {"item", "building", "companion", "tavern", "cost", "free", "quest", "vp", "exhausted", "told",
               "coin", "choose", "a", "seal"}


def _position() -> Any:
    return scenario(players=4, village=LONG_NAMES, event="Festival", encounters=["Caravan", "Labyrinth", "Unicorn"],
                    seats={0: {"companions": ["Isandre", "Mira"], "items": ["Charisma Potion", "Flying Potion"],
                               "untold": ["Legendary Sword", "Holy Chalice"], "told": ["Necromancer"]}})


def _svg(s: Any, seat: int = 0) -> Any:
    actions = [{**GAME.action_space.to_json(a), "label": s.describe(a)} for a in s.legal_actions()]
    return xml.dom.minidom.parseString(render.render_svg(s.view(seat), seat, actions))


def _text(node: Any) -> str:
    return "".join(n.data for n in node.childNodes if n.nodeType == n.TEXT_NODE)


def test_every_card_has_its_whole_text() -> None:
    for card in C.cards:
        text = village_text(card)
        assert "Cost: " in text
        if card.kind == "companion":
            assert "Reaction: when" in text and "End-game VP:" in text and "Gain 1 Villager" not in text
        if card.potion:
            assert "Reaction: when" in text
        if card.tavern:
            assert "value 1 gives" in text and "3 adds" in text
    for e in C.encounters[1:]:
        text = encounter_text(C, e)
        assert f"story value {e.story}" in text and "reward:" in text


def test_the_view_exports_every_text() -> None:
    view = _position().view(0)
    cards = [c for c in view["village"] if c] + [c for p in view["player_states"] for c in p["companions"] + p["items"]]
    assert cards and all(len(c["text"]) > 40 and c["brief"] for c in cards)
    stories = view["encounters"] + [e for p in view["player_states"] for e in p["untold"] + p["told"]]
    assert stories and all(e["text"] for e in stories)
    assert "Festival" in view["event"]["text"] and all(q["text"] for q in view["quests"])
    assert set(view["texts"]) == {"income", "bonus", "spaces"} and len(view["texts"]["spaces"]) == 6


def test_no_word_on_the_board_is_cut() -> None:
    doc = _svg(_position())
    texts = [_text(n) for n in doc.getElementsByTagName("text")]
    assert texts and not [t for t in texts if t.endswith("…")]
    cards = [g for g in doc.getElementsByTagName("g") if g.getAttribute("class").split()[:1] == ["card"]]
    view = _position().view(0)
    assert len(cards) == sum(1 for c in view["village"] if c)
    for g in cards:
        card = view["village"][int(g.getAttribute("data-slot")) - 1]
        lines = [_text(n) for n in g.getElementsByTagName("text") if n.parentNode is g]
        assert lines[0] == card["name"]
        assert " ".join(lines[2:]) == card["brief"], (lines, card["brief"])    # the whole text, every word
    assert small_texts(doc.toxml()) == []


def test_wrap_keeps_lines_within_their_width() -> None:
    for width, size in ((140, 11), (88, 9), (60, 9)):
        for card in C.cards:
            for line in wrap(card.name + " " + village_text(card), width, size, 3):
                assert len(line) * size * GLYPH <= width + 0.01
    assert wrap("Invisibility Potion", 80, 9, 2) == ["Invisibility", "Potion"]
    assert wrap("spend 2 Villagers → the Income token and more", 110, 9, 2)[-1].endswith("…")


def test_every_choice_on_the_board_is_a_target_for_a_finger() -> None:
    s = scenario(players=3, village=LONG_NAMES, event="Banquet", turn={"seat": 0, "season": "Summer"},
                 seats={0: {"in_village": [[0, 1], [4, 5]], "items": ["Horn", "Tommy"], "untold": ["Valley"]}})
    doc = _svg(s, 0)
    groups = [g for g in doc.getElementsByTagName("g") if g.getAttribute("data-action")]
    kinds = {GAME.action_space.specs[int(g.getAttribute("data-action"))].kind for g in groups}
    assert {"coins", "activate", "use_item", "special", "event", "event_gap"} <= kinds
    for g in groups:
        sides = [min(float(r.getAttribute("width")), float(r.getAttribute("height")))
                 for r in g.getElementsByTagName("rect")]
        assert max(sides) >= 36, g.toxml()[:200]      # the phone zooms it to 44 px (at most 1.22x)


def test_every_piece_of_the_board_has_its_info() -> None:
    doc = _svg(_position())
    classes = [g.getAttribute("class") for g in doc.getElementsByTagName("g") if g.getAttribute("data-info")]
    for kind in ("card", "encounter", "quest", "event", "space", "token", "story"):
        assert any(kind in c.split() for c in classes), kind


def test_the_terminal_writes_what_each_card_does() -> None:
    s = _position()
    console = Console(width=200, record=True)
    console.print(terminal.render(s, 0))
    out = " ".join(console.export_text().split())
    view = s.view(0)
    for card in view["player_states"][0]["companions"] + view["player_states"][0]["items"]:
        assert " ".join(card["brief"].split())[:60] in out
    assert "Festival: choose an empty space" in out
    assert "Heroic Quest" in out


def test_a_gap_is_named_by_the_cards_beside_it_never_by_its_number() -> None:
    from talewood.engine.rng import Rng

    from .helpers import GAME as G

    seen = 0
    for seed in range(6):
        s = G.new_game(3, seed)
        rng = Rng(seed)
        while not s.is_over:
            legal = s.legal_actions()
            for a in legal:
                label = s.describe(a)
                if G.action_space.spec(a).kind in ("place", "coins", "activate", "event_gap", "clear"):
                    assert re.search(r"\bgap\b|\bslot \d", label) is None, label
                    assert " between " in label, label
                    seen += 1
            if s.current_player == 0:
                for node in _svg(s).getElementsByTagName("text"):
                    assert re.search(r"\bg\d\b", _text(node)) is None, _text(node)
            s.apply(legal[rng.below(len(legal))])
    assert seen > 100


def test_the_terminal_heads_the_table_with_a_sentence() -> None:
    from talewood.engine.rng import Rng

    from .helpers import new_state

    s = new_state(2, 3)
    rng = Rng(3)
    while not s.is_over:
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    console = Console(width=200, record=True)
    console.print(terminal.render(s, 0))
    head = " ".join(console.export_text().splitlines()[0].split())
    assert head.startswith("Greylune — year 5 of 5 (period III)") and head.endswith(". The game is over"), head
