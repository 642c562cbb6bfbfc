"""The Map as its tiles lie (rulebook, Map, Tiles and Tokens), lettered and numbered a tile a column and
a row as the terminal's codes are: each space with its feature, token or Stone, the Heroes and the
Future's pieces on it; a step chosen on the space it leads to, a new tile's place on the empty place
it would fill.
"""

from __future__ import annotations

from typing import Any

from ....ui.svg import MIN_FONT, Canvas, icon, wrap
from ....ui.text import count
from ..actions import DIRECTIONS
from ..choices import column, initials, origin
from .look import (
    BAND,
    CELL,
    CORNER_AT,
    FIGURE_ICON,
    HERO_COLOURS,
    LINE,
    MUTED,
    OBJECT_LOOK,
    PIECE_ICON,
    SIDE_STEP,
    SPACE_FILL,
    SPACE_ICON,
    SPACE_WORDS,
    STEP,
    STONES,
    TILE_H,
    TILE_W,
    TOKEN_LOOK,
    Board,
    box,
)


def printed_token(kind: str) -> dict[str, Any] | None:
    if kind in ("white", "red", "black"):
        return {"id": f"{kind}_stone", "object": "cube"}
    if kind.startswith(("battle", "treasure")) or kind == "quest":
        return {"id": kind, "object": "token"}
    if kind == "altar":
        return {"id": "offering", "object": "token"}
    return None


# -- the Map ---------------------------------------------------------------------------------------------
def _places(b: Board) -> tuple[list[tuple[int, int]], dict[tuple[int, int], dict[str, Any]]]:
    """The laid tiles' places, and the empty places a choice would fill (the new tile's)."""
    tiles = {t["index"]: t for t in b.view["map"]}
    laid = [(t["x"], t["y"]) for t in b.view["map"]]
    ghosts: dict[tuple[int, int], dict[str, Any]] = {}
    for a in b.actions:
        if a["kind"] == "snap" and int(a["tile"]) in tiles:
            t = tiles[int(a["tile"])]
            dx, dy = SIDE_STEP[int(a["side"])]
            ghosts[(t["x"] + dx, t["y"] + dy)] = a
    d = b.decision
    if d.get("kind") == "Rotate":
        ghosts.setdefault((int(d["x"]), int(d["y"])), {})
    return laid, ghosts


def map_width(b: Board) -> float:
    laid, ghosts = _places(b)
    xs = [p[0] for p in laid] + [p[0] for p in ghosts]
    return (max(xs) - min(xs) + 1) * TILE_W + 40 if xs else 0


def _map(b: Board, x0: float, y0: float, w: float) -> float:
    c, view = b.c, b.view
    laid, ghosts = _places(b)
    places = laid + list(ghosts)
    title = f"The Map: {count(len(laid), 'tile')} laid, {view['tiles_left']} in the stack"
    if not places:
        box(c, x0, y0, w, 44, "#efe6cf", "#b8a57a")
        c.text(x0 + 12, y0 + 27, "The Map: no tile is laid yet", size=14)
        return y0 + 54
    minx = min(p[0] for p in places)
    maxx = max(p[0] for p in places)
    miny = min(p[1] for p in places)
    maxy = max(p[1] for p in places)
    at = origin((p[0] for p in laid), (p[1] for p in laid))
    height = (maxy - miny + 1) * TILE_H + 60
    box(c, x0, y0, w, height, "#e9dfc4", "#b8a57a")
    c.text(x0 + 10, y0 + 20, title, size=14, weight="bold")
    gx, gy = x0 + 30, y0 + 50
    for col in range(minx, maxx + 1):
        c.text(gx + (col - minx) * TILE_W + TILE_W / 2, gy - 8, column(col - at[0]), size=13, anchor="middle",
               fill=MUTED, weight="bold")
    for row in range(miny, maxy + 1):
        c.text(gx - 8, gy + (row - miny) * TILE_H + TILE_H / 2, row - at[1] + 1, size=13, anchor="end", fill=MUTED,
               weight="bold")
    where = {(t["x"], t["y"]): t for t in view["map"]}
    new = _new_tile(b)
    for (tx, ty), act in ghosts.items():
        px, py = gx + (tx - minx) * TILE_W, gy + (ty - miny) * TILE_H
        _ghost(c, px, py, act or None, new)
    heroes = {h["hero"]: h for h in b.heroes if h.get("hero")}
    figure = FIGURE_ICON.get((view.get("future") or {}).get("id", ""), "magic")
    for (tx, ty), t in where.items():
        code = f"{column(tx - at[0])}{ty - at[1] + 1}"
        _tile(b, t, code, gx + (tx - minx) * TILE_W, gy + (ty - miny) * TILE_H, heroes, figure)
    return y0 + height + 10


def _new_tile(b: Board) -> dict[str, str]:
    """What the tile that snaps to the Map shows, corner by corner (as printed, or as it lies when a tile
    of the Map moves); nothing when no tile is being placed."""
    d = b.decision
    if d.get("kind") not in ("Snap", "CrownMove") or int(d.get("tile", -1)) < 0:
        return {}
    for t in b.view.get("drawn_tiles") or []:
        if t["index"] == int(d["tile"]):
            return dict(zip(CORNER_AT, t["spaces"], strict=True))
    for t in b.view["map"]:
        if t["index"] == int(d["tile"]):
            return {sp["corner"]: sp["shows"] for sp in t["spaces"]}
    return {}


def _ghost(c: Canvas, x: float, y: float, act: dict[str, Any] | None, new: dict[str, str]) -> None:
    """An empty place beside the Map: where the new tile may snap (its picture faded in it), or goes."""
    with c.group("ghost", act, None if act else "The new tile goes here"):
        c.rect(x + 3, y + 3, TILE_W - 6, TILE_H - 6, "#fff8dc" if act else "#fde9a8", "#a07a10", 1.5, rx=6,
               extra=' stroke-dasharray="6 4"')
        if new:
            c.add('<g opacity="0.45">')
            for corner, kind in new.items():
                dx, dy = CORNER_AT[corner]
                space_picture(c, x + 8 + dx * (CELL - 8), y + 8 + dy * (CELL - 8), CELL - 8, kind,
                               printed_token(kind))
            c.add("</g>")
        c.line(x + TILE_W / 2 - 12, y + TILE_H - 22, x + TILE_W / 2 + 12, y + TILE_H - 22, "#a07a10", 3)
        c.line(x + TILE_W / 2, y + TILE_H - 34, x + TILE_W / 2, y + TILE_H - 10, "#a07a10", 3)


def _tile(b: Board, t: dict[str, Any], code: str, x: float, y: float, heroes: dict[str, Any], figure: str) -> None:
    c = b.c
    act = b.first("tile", "portal_to", tile=t["index"])
    contents = "; ".join(f"{sp['corner']} {_space_words(sp, heroes)}" for sp in t["spaces"])
    flipped = ", flipped upside down" if t["flipped"] else ""
    info = f"{t['name']} ({code}{flipped}): {contents}."
    with c.group("tile", act, info, tile=t["id"]):
        c.rect(x + 1, y + 1, TILE_W - 2, TILE_H - 2, "#3a3128" if t["flipped"] else "#7d6a44", "#2b2418", 1.5, rx=5)
        for sp in t["spaces"]:
            dx, dy = CORNER_AT[sp["corner"]]
            _space(b, sp | {"tile_name": t["name"]}, x + 2 + dx * (CELL - 2), y + 2 + dy * (CELL - 2), CELL - 2,
                   heroes, figure, choosable=act is None)
        rows = wrap(t["name"], TILE_W - 10, MIN_FONT, 2)
        base = y + 2 * CELL + (BAND - LINE * len(rows)) / 2 + 10
        for k, row in enumerate(rows):
            c.text(x + TILE_W / 2, base + LINE * k, row, size=MIN_FONT, anchor="middle", fill="#fff8e6")


def _space_words(sp: dict[str, Any], heroes: dict[str, Any]) -> str:
    tok = sp.get("token")
    words = SPACE_WORDS.get(sp["shows"], str(sp["shows"]))
    if tok:
        words += f" holding {tok['name']} ({tok['text']})"
    elif sp["shows"] not in ("tree", "altar", "portal", "empty", "dark"):
        words += ", taken"
    if sp.get("hero"):
        words += f", where {heroes[sp['hero']]['name']} stands"
    if sp.get("figure"):
        words += ", the Future's figure"
    if sp.get("virus"):
        words += ", a Virus"
    return words


def _space(b: Board, sp: dict[str, Any], x: float, y: float, cell: float, heroes: dict[str, Any], figure: str,
           choosable: bool) -> None:
    """A space of a tile: its own piece when a choice is made on it (a step, a place for the Tree…); else
    part of its tile, whose words say what lies on each of its spaces."""
    c = b.c
    act = _space_action(b, sp) if choosable else None
    if act is None:
        _space_pieces(c, sp, x, y, cell, heroes, figure)
        return
    with c.group("space", act, f"The {sp['corner']} space of {sp['tile_name']}: {_space_words(sp, heroes)}.",
                 space=sp["space"]):
        _space_pieces(c, sp, x, y, cell, heroes, figure)


def _space_pieces(c: Canvas, sp: dict[str, Any], x: float, y: float, cell: float, heroes: dict[str, Any],
                  figure: str) -> None:
    space_picture(c, x, y, cell, sp["shows"], sp.get("token"))
    if sp.get("figure"):
        c.circle(x + 16, y + 16, 14, "#f3edff", "#5b3f8f", 1.5)
        icon(c, figure, x + 5, y + 5, 22, "#3b2466")
    if sp.get("virus"):
        c.circle(x + 16, y + 16, 14, "#e3f5df", "#1c7a1c", 1.5)
        icon(c, "virus", x + 5, y + 5, 22, "#1c7a1c")
    if sp.get("hero"):
        h = heroes[sp["hero"]]
        c.circle(x + cell - 17, y + 17, 14, HERO_COLOURS[h["seat"]], "#fff", 2)
        mark = initials(h["name"]).upper()
        c.text(x + cell - 17, y + 22, mark, size=MIN_FONT, fill="#fff", anchor="middle", weight="bold")


def space_picture(c: Canvas, x: float, y: float, cell: float, shows: str, tok: dict[str, Any] | None) -> None:
    """A space as printed (Trees, an Altar, a Portal, a dark side) with what lies on it: drawn once for each
    kind of space and piece, then placed (a Map holds 120 spaces of a few dozen kinds)."""
    key = (cell, shows, str(tok["id"]) if tok else "", str(tok.get("object", "")) if tok else "")
    drawn = _PICTURES.get(key)
    if drawn is None:
        p = Canvas()
        _draw_space(p, 0, 0, cell, shows, tok)
        drawn = _PICTURES[key] = ("".join(p.parts), tuple(p.icons))
    c.icons.update(drawn[1])
    c.add(f'<g transform="translate({x:g} {y:g})">{drawn[0]}</g>')


_PICTURES: dict[tuple[float, str, str, str], tuple[str, tuple[str, ...]]] = {}


def _draw_space(c: Canvas, x: float, y: float, cell: float, shows: str, tok: dict[str, Any] | None) -> None:
    fill = SPACE_FILL.get(shows, "#efe3c4")
    c.rect(x + 1, y + 1, cell - 2, cell - 2, fill, "#5a4a30", 0.6, rx=4)
    if shows in SPACE_ICON:
        name, colour = SPACE_ICON[shows]
        size = cell * 0.62 if tok is None else cell * 0.42
        icon(c, name, x + (cell - size) / 2 if tok is None else x + cell - size - 4, y + (cell - size) / 2
             if tok is None else y + cell - size - 4, size, colour)
    if tok:
        _token(c, x + 4, y + cell - 4, tok)


def _token(c: Canvas, x: float, bottom: float, tok: dict[str, Any]) -> None:
    """A token or a stone lying on a space, drawn at its lower left corner."""
    tid = tok["id"]
    level = tid[-1] if tid[-1] in "123" and not tid.startswith("wow") else ""
    kind = tid.rstrip("_123").removesuffix("_stone")
    if tok.get("object") == "cube" or kind in STONES or tid in STONES:
        colour = STONES.get(kind, STONES.get(tid, "#fdfdfd"))
        c.rect(x + 2, bottom - 20, 18, 18, colour, "#3b3b3b", 1.2, rx=3)
        c.line(x + 4, bottom - 16, x + 18, bottom - 16, "#00000033", 2)
        return
    if kind in TOKEN_LOOK or kind.startswith(("battle", "treasure")):
        key = "battle" if kind.startswith("battle") else "treasure" if kind.startswith("treasure") else kind
        name, fill, ink = TOKEN_LOOK[key]
        stroke = "#3b2f1b"
    else:
        obj = tok.get("object", "special")
        name, fill, stroke, ink = OBJECT_LOOK.get(obj, OBJECT_LOOK["special"])
        for key, piece_icon in PIECE_ICON.items():
            if tid.startswith(key):
                name = piece_icon
    c.circle(x + 14, bottom - 14, 14, fill, stroke, 2)
    icon(c, name, x + 4, bottom - 24, 20, ink)
    if level:
        c.circle(x + 29, bottom - 6, 8, "#fffdf5", "#3b2f1b", 1)
        c.text(x + 29, bottom - 1.5, level, size=MIN_FONT, anchor="middle", weight="bold")


def _space_action(b: Board, sp: dict[str, Any]) -> dict[str, Any] | None:
    d = b.decision
    for a in b.actions:
        if int(a["id"]) in b.c.acted:
            continue
        kind = a["kind"]
        if kind == "space" and a["space"] == sp["space"]:
            return a
        if kind == "vicinator" and sp.get("figure"):
            return a
        if kind == "start_space" and int(d.get("tile", -1)) == sp["space"] >> 2 and a["corner"] == sp["space"] & 3:
            return a
        if kind == "step":
            here = _mover_at(b)
            dx, dy = STEP[DIRECTIONS[a["direction"]]]
            if here is not None and (here[0] + dx, here[1] + dy) == (sp["x"], sp["y"]):
                return a
    return None


def _mover_at(b: Board) -> tuple[int, int] | None:
    """Where the Hero who steps stands (another Hero's, when the decision moves them)."""
    d = b.decision
    seat = d.get("target") if d.get("kind") == "MoveHero" else d.get("seat")
    pos = next((h.get("position") for h in b.heroes if h["seat"] == seat), None)
    return (pos["x"], pos["y"]) if pos else None
