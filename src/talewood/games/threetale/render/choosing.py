"""The cards to choose from, with their whole text: the Heroes (rulebook, Prophecy: "choose the three
Heroes"), a drawn tile and its turns (Past Phase, step 1), Artifacts and Quests.
"""

from __future__ import annotations

from typing import Any

from .look import CORNER_AT, DASH_GAP, PARCHMENT, SPACE_WORDS, Board, box, para, para_height
from .map import printed_token, space_picture


# -- the cards to choose from -----------------------------------------------------------------------------
def to_choose(b: Board, x: float, y: float, w: float) -> float:
    view = b.view
    y = _hero_cards(b, x, y, w)
    y = _tile_choices(b, x, y, w)
    cards = []
    for card in view.get("offer") or []:
        is_art = "slot" in card
        act = b.first("artifact", artifact=card["index"]) if is_art else b.first("quest", quest=card["index"])
        if is_art:
            title = f"{card['name']} (Level {card['level']} Artifact, {card['slot']}, " \
                    f"{card['usage'].replace('_', '-')})"
        else:
            title = f"Quest card: {card['name']}"
        cards.append((act, title, card["text"], "#efe7f8" if is_art else "#e3eef8"))
    return _card_row(b, x, y, w, "Cards drawn" if cards else "", cards)


def _card_row(b: Board, x: float, y: float, w: float, title: str,
              cards: list[tuple[dict[str, Any] | None, str, str, str]]) -> float:
    """Cards side by side (three to a row), each with its title and whole text; a legal one is clickable."""
    if not cards:
        return y
    c = b.c
    c.text(x + 4, y + 16, title, size=14, weight="bold")
    y += 24
    per_row = 3
    cw = (w - 2 * DASH_GAP) / per_row
    for r in range(0, len(cards), per_row):
        row = cards[r:r + per_row]
        heights = [para_height(t, cw - 20, 13) + para_height(text, cw - 20) + 16 for _, t, text, _ in row]
        hh = max(heights)
        for k, (act, t, text, fill) in enumerate(row):
            cx = x + k * (cw + DASH_GAP)
            with c.group("card", act, f"{t}: {text}"):
                box(c, cx, y, cw, hh, fill, "#a07a10" if act else "#8a7a55", 2 if act else 1)
                yy = para(c, cx + 10, y + 4, cw - 20, t, 13, "bold")
                para(c, cx + 10, yy, cw - 20, text)
        y += hh + 10
    return y + 4


def _hero_cards(b: Board, x: float, y: float, w: float) -> float:
    """The Heroes still free to pick, each as its board in words: who, how they start, the six Talents."""
    heroes = b.view.get("heroes_to_choose") or []
    if not heroes:
        return y
    c = b.c
    c.text(x + 4, y + 16, "The Heroes", size=14, weight="bold")
    y += 24
    cw = (w - 2 * DASH_GAP) / 3
    for r in range(0, len(heroes), 3):
        row = heroes[r:r + 3]
        blocks = [_hero_lines(h, cw - 20) for h in row]
        hh = max(sum(bh for _, _, bh in blk) for blk in blocks) + 40
        for k, (h, blk) in enumerate(zip(row, blocks, strict=True)):
            cx = x + k * (cw + DASH_GAP)
            act = b.first("pick_hero", hero=h["index"])
            with c.group("hero-card", act, h["text"]):
                box(c, cx, y, cw, hh, "#f7eed3", "#a07a10" if act else "#8a7a55", 2 if act else 1)
                c.text(cx + 10, y + 24, h["name"], size=16, weight="bold", fill="#3b2f1b")
                yy = y + 32
                for text, weight, bh in blk:
                    para(c, cx + 10, yy, cw - 20, text, weight=weight)
                    yy += bh
        y += hh + 10
    return y + 4


def _hero_lines(h: dict[str, Any], width: float) -> list[tuple[str, str, float]]:
    start = ", ".join(f"{v.capitalize()} {n}" for v, n in h["virtues"].items())
    texts = [(h["about"], "normal"), (f"Starts with {start}, Speed {h['speed']}, Spirit {h['spirit']}.", "bold")]
    for t in h["talents"]:
        texts.append((f"Level {t['level']}, {t['name']}: {t['text']}", "normal"))
    return [(text, weight, para_height(text, width) + 4) for text, weight in texts]


def _tile_choices(b: Board, x: float, y: float, w: float) -> float:
    """Tiles drawn to choose from (Foretold), or the new tile in each of its four turns."""
    c = b.c
    drawn = {t["index"]: t for t in b.view.get("drawn_tiles") or []}
    rotations = b.acts("rotate")
    choose = b.acts("choose_tile")
    if not rotations and not choose:
        return y
    if rotations:
        tile = drawn.get(int(b.decision.get("tile", -1)))
        if tile is None:
            return y
        c.text(x + 4, y + 16, f"How {tile['name']} is turned", size=14, weight="bold")
        options = [(a, tile, int(a["degrees"]) // 90, _turn_words(a)) for a in rotations]
    else:
        c.text(x + 4, y + 16, "The tiles drawn", size=14, weight="bold")
        options = [(a, drawn[int(a["tile"])], 0, drawn[int(a["tile"])]["name"]) for a in choose]
    y += 24
    cell = 44
    tw = 2 * cell + 16
    for k, (act, tile, r, words) in enumerate(options):
        tx = x + k * (tw + 2 * cell)
        kinds = tile["spaces"]
        shows = {corner: kinds[(i - r) % 4] for i, corner in enumerate(CORNER_AT)}
        with c.group("tile-choice", act, f"{tile['name']}, {words.lower()}: " + "; ".join(
                f"{corner} {SPACE_WORDS[kind]}" for corner, kind in shows.items())):
            box(c, tx, y, tw + cell, 2 * cell + 40, PARCHMENT, "#a07a10", 1.5)
            for corner, kind in shows.items():
                dx, dy = CORNER_AT[corner]
                space_picture(c, tx + 8 + dx * cell, y + 8 + dy * cell, cell, kind, printed_token(kind))
            para(c, tx + 8, y + 2 * cell + 12, tw + cell - 16, words, weight="bold")
    return y + 2 * cell + 52


def _turn_words(a: dict[str, Any]) -> str:
    degrees = int(a["degrees"])
    return "As printed" if degrees == 0 else f"Turned {degrees}°"
