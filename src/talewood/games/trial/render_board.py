"""The board of the Ancient Forest as SVG (render.py): its spaces and lines, the location tiles with their
paw tokens, the campsites and tents, the tunnels, the three expedition areas with their finishing spaces and
flags, and every adventurer's piece; a legal move, location or step is chosen on its space.
"""

from __future__ import annotations

import math
from typing import Any

from ...engine import plural, seat_name
from ...ui.svg import MIN_FONT, Canvas, icon, text_width
from . import words
from .drawing import (
    HALO,
    HIT,
    LINE_DASH,
    MX,
    MY,
    OFFER,
    OFFER_H,
    RING,
    SEAT_COLOURS,
    SPACE_R,
    TILE_COLOURS,
    Drawing,
    S,
    board_xy,
    chips,
    draw_paws,
    drawn_once,
    offer_choices,
    single,
)


# -- the board of the Ancient Forest --------------------------------------------------------------
def draw_board(t: Drawing) -> None:
    c, view = t.c, t.view
    board = view["board"]
    c.rect(MX, MY, board["width"] * S, board["height"] * S, "#e4eccf", "#6d7d4a", 1.5, rx=12)
    at = {sp["id"]: sp for sp in board["spaces"]}
    for area in view["expeditions"]:
        at.update({sp["id"]: sp for sp in area["spaces"]})
    nodes = [board_xy(sp["x"], sp["y"]) for sp in at.values()]
    for area in view["expeditions"]:
        _area(t, area, nodes)
    lines = tuple((at[a]["x"], at[a]["y"], at[z]["x"], at[z]["y"]) for a, z in board["lines"])

    def draw_lines(sub: Canvas) -> None:
        for ax, ay, zx, zy in lines:
            (x1, y1), (x2, y2) = board_xy(ax, ay), board_xy(zx, zy)
            sub.line(x1, y1, x2, y2, "#9b8a5e", 3)

    drawn_once(c, ("lines", lines), draw_lines)
    locations = {loc["space"]: loc for loc in view["locations"]}
    camps = {camp["space"]: camp for camp in view["campsites"]}
    for sp in board["spaces"]:
        if sp["id"] not in locations:
            _space(t, sp, camps.get(sp["id"]))
    offered = []
    for sp in board["spaces"]:
        if sp["id"] in locations:
            acts = t.take(("space", sp["id"]))
            _location(t, locations[sp["id"]], sp, single(acts) if not any(a["kind"] == "paw" for a in acts) else None)
            if len(acts) > 1 or any(a["kind"] == "paw" for a in acts):
                offered.append((sp, acts))
    for area in view["expeditions"]:
        for sp in area["spaces"]:
            _pieces(t, sp)
    for sp in board["spaces"]:
        _pieces(t, sp)
    for sp, acts in offered:
        x, y = _free_spot(board_xy(sp["x"], sp["y"]), nodes, len(acts) * OFFER)
        offer_choices(t, acts, x, y)


def _free_spot(centre: tuple[float, float], nodes: list[tuple[float, float]], width: float) -> tuple[float, float]:
    """Where the tokens offered at a location go: below, above, left or right of its tile, whichever keeps
    farthest from the other spaces (so that it hides the least of the board)."""
    x, y = centre
    h = OFFER_H
    spots = [(x - width / 2, y + 27), (x - width / 2, y - 27 - h), (x - 34 - width, y - h / 2), (x + 34, y - h / 2)]

    def room(spot: tuple[float, float]) -> float:
        sx, sy = spot[0] + width / 2, spot[1] + h / 2
        return min((math.hypot(sx - nx, sy - ny) for nx, ny in nodes if (nx, ny) != centre), default=99.0)

    return max(spots, key=room)


def _space_info(t: Drawing, sp: dict[str, Any], camp: dict[str, Any] | None) -> str:
    parts = [sp["name"]]
    tunnel = sp.get("tunnel")
    if tunnel:
        parts.append("a tunnel: passable tunnel spaces are 1 step from each other" if tunnel["passable"]
                     else "a collapsed tunnel: it cannot be used for movement")
    if camp:
        parts.append(f"a campsite: {words.campsite(camp['bonus'])}")
        tent = tent_text(t, camp["tent"])
        if tent:
            parts.append(tent)
    if sp["kind"] == "exit":
        parts.append(f"the exit of {words.AREAS.get(sp.get('exit_of', ''), 'an expedition area')}")
    if sp["kind"] == "start":
        parts.append("a starting space")
    who = [seat_name(w) for w in sp["pieces"]]
    if who:
        parts.append("here: " + ", ".join(who))
    return str(parts[0]) + (": " + "; ".join(parts[1:]) if len(parts) > 1 else "")


def _space(t: Drawing, sp: dict[str, Any], camp: dict[str, Any] | None) -> None:
    x, y = board_xy(sp["x"], sp["y"])
    acts = t.take(("space", sp["id"]))
    one = single(acts)
    info = _space_info(t, sp, camp)
    tunnel = sp.get("tunnel")
    passable = None if not tunnel else bool(tunnel["passable"])
    tent = None if not camp else bool(camp["tent"])

    def draw(c: Canvas) -> None:
        fill = {"campsite": "#f6e3b4", "start": "#fffdf4", "exit": "#dfe7f5", "tunnel": "#d9cbb0"}.get(sp["kind"],
                                                                                                     "#f8f4e6")
        with c.group(f"space {sp['kind']}", one, info, space=sp["id"]):
            if acts:
                c.circle(x, y, HIT / 2, "none", extra=' pointer-events="all"')
            c.circle(x, y, SPACE_R, fill, "#6b5b3e", 1.2)
            if passable is not None:
                c.circle(x, y, 8, "none" if passable else "#3b2f1e", "#3b2f1e", 2)
            if tent is not None:
                c.add(f'<path d="M{x - 8:.0f},{y + 7:.0f} L{x:.0f},{y - 8:.0f} L{x + 8:.0f},{y + 7:.0f} Z" '
                      f'fill="{"#7b5e3b" if tent else "none"}" stroke="#7b5e3b" stroke-width="1.5"/>')
            if sp["kind"] == "start":
                icon(c, "step", x - 8, y - 8, 16, "#6b5b3e")

    key = ("space", sp["id"], sp["kind"], x, y, info, passable, tent, bool(acts),
           (one["id"], one["label"]) if one else None)
    drawn_once(t.c, key, draw)
    if len(acts) > 1:
        chips(t, acts, x - 20, y + SPACE_R + 4)


def tent_text(t: Drawing, tent: str | None) -> str:
    if tent is None:
        return ""
    if tent == "face_down":
        return "a tent token lies here face down"
    entry = t.texts["tents"][tent]
    return f"the tent token here: {t.tent_name(tent)} ({entry['text']})"


def _location(t: Drawing, loc: dict[str, Any], sp: dict[str, Any], action: dict[str, Any] | None) -> None:
    c = t.c
    x, y = board_xy(sp["x"], sp["y"])
    w, h = 64, 50
    info = f"{sp['name']}: {loc['side']}. {loc['text']}"
    if loc["type"] == "ruins":
        seen = loc["items"]
        if seen is not None:
            info += " Items here: " + (", ".join(t.object_name(i) for i in seen) or "none") + "."
        else:
            hidden = loc["common_items"] + loc["rare_items"]
            info += (f" {plural(hidden, 'item')} here face down ({loc['common_items']} common, "
                     f"{loc['rare_items']} rare).")
    who = [seat_name(w) for w in loc["paws"]]
    if who:
        info += " Paw tokens here: " + ", ".join(who) + "."
    fill = TILE_COLOURS.get(loc["type"], "#eee") if loc["state"] != "ruined" else "#bdb5a6"
    with c.group("location", action, info, space=sp["id"]):
        c.rect(x - w / 2, y - h / 2, w, h, fill, RING, 1.2, rx=6)
        lines = _tile_lines(loc["side"])
        top = y - 7 * len(lines) + 11
        for k, line in enumerate(lines):
            c.text(x, top + 14 * k, line, size=MIN_FONT, anchor="middle", weight="bold")
        draw_paws(c, t.view, loc["space"], loc["paws"], x - w / 2 + 8, y + h / 2, 13, r=6)


def _short_cost(pay: str) -> str:
    """A shortcut's cost as the board prints it beside the path: "2 food", "1 tea leaf"."""
    return words.shortcut(pay).removeprefix("pay ").replace("food tokens", "food").replace("food token", "food")


def _xspace(t: Drawing, sp: dict[str, Any], flag: int | None) -> None:
    """A space of an expedition area: a finishing space shows its fame, and the flags put on it."""
    x, y = board_xy(sp["x"], sp["y"])
    acts = t.take(("space", sp["id"]))
    one = single(acts)
    info = sp["name"] + (f": a finishing space worth {plural(sp['fame'], 'fame point')}"
                         if sp["kind"] == "finish" else "")
    if flag is not None:
        info += f"; {seat_name(flag)}'s flag is here"

    def draw(c: Canvas) -> None:
        with c.group(f"xspace {sp['kind']}", one, info, space=sp["id"]):
            if acts:
                c.circle(x, y, HIT / 2, "none", extra=' pointer-events="all"')
            fill = "#fff4bf" if sp["kind"] == "finish" else "#f4f8fc"
            c.circle(x, y, SPACE_R, fill, "#4d6a86", 1.2)
            if sp["kind"] == "finish":
                c.text(x, y + 4, str(sp["fame"]), size=MIN_FONT, anchor="middle", weight="bold")
            if flag is not None:
                c.add(f'<path d="M{x + 7:.0f},{y - 4:.0f} l0,-18 l12,6 l-12,6" fill="{SEAT_COLOURS[flag]}" '
                      f'stroke="#222" stroke-width="1"/>')

    drawn_once(t.c, ("xspace", sp["id"], sp["kind"], x, y, info, flag, bool(acts),
                 (one["id"], one["label"]) if one else None), draw)
    if len(acts) > 1:
        chips(t, acts, x - 20, y + SPACE_R + 4)


def _tile_lines(name: str) -> list[str]:
    """A tile's name a word a line, in at most 3 lines: "Ruined" / "raspberry" / "grove" (each word of the
    tiles fits a tile's width at the readable size)."""
    lines = name.split()
    while len(lines) > 3:
        lines[-2:] = [f"{lines[-2]} {lines[-1]}"]
    return lines


def _pieces(t: Drawing, sp: dict[str, Any]) -> None:
    c, view = t.c, t.view
    x, y = board_xy(sp["x"], sp["y"])
    n = len(sp["pieces"])
    for i, who in enumerate(sp["pieces"]):
        px, py = x + (i - (n - 1) / 2) * 15, y - 20
        p = view["player_states"][who]
        with c.group("piece", None, f"{p['name']}'s adventurer, the {p['character']}", seat=who):
            c.circle(px, py, 9, SEAT_COLOURS[who], "#111", 1.5)
            c.text(px, py + 4, str(who + 1), size=MIN_FONT, anchor="middle", weight="bold", fill="#fff")


def _area(t: Drawing, area: dict[str, Any], nodes: list[tuple[float, float]]) -> None:
    c = t.c
    spaces = {sp["id"]: sp for sp in area["spaces"]}
    xs = [sp["x"] for sp in area["spaces"]]
    ys = [sp["y"] for sp in area["spaces"]]
    x0, y0 = board_xy(min(xs) - 30, min(ys) - 80)
    x1, y1 = board_xy(max(xs) + 30, max(ys) + 30)
    y0 = max(y0, MY + 4)
    # the name and the deck over the area's top left; lower the top where the forest's spaces would cover them
    own = {board_xy(sp["x"], sp["y"]) for sp in area["spaces"]}
    if any(x0 <= nx <= x0 + 180 and y0 - 14 <= ny <= y0 + 52 for nx, ny in nodes if (nx, ny) not in own):
        y0 = max(board_xy(0, min(ys) - 50)[1], MY + 4)
    acts = t.take(("area", str(area["id"])))
    info = words.expedition(area, t.texts)
    paw_acts = [a for a in acts if a.get("kind") == "paw"]
    with c.group("expedition", single(acts) if not paw_acts else None, info, area=area["id"]):
        c.rect(x0, y0, x1 - x0, y1 - y0, "#dfe9f2", "#5a7a9a", 1.2, rx=10)
        c.text(x0 + 8, y0 + 17, area["name"], size=13, weight="bold", fill="#234")
        count = plural(area["deck"], "card")
        c.text(x0 + 8, y0 + 33, count, size=MIN_FONT, fill="#234")
        draw_paws(c, t.view, f"{area['id']}_section", area["paws"], x0 + 20 + text_width(count, MIN_FONT), y0 + 29, 16)
    lines = tuple((line["from"], line["to"], line["line"], line["pay"]) for line in area["lines"])

    def draw_lines(sub: Canvas) -> None:
        for frm, to, kind, pay in lines:
            a, z = spaces[frm], spaces[to]
            (ax, ay), (zx, zy) = board_xy(a["x"], a["y"]), board_xy(z["x"], z["y"])
            sub.line(ax, ay, zx, zy, "#4d6a86", 2.5, LINE_DASH.get(kind, ""))
            if pay:
                cost = words.shortcut(pay)
                with sub.group("shortcut", None, f"A shortcut from {a['name']} to {z['name']}: {cost} to take it"):
                    sub.text((ax + zx) / 2, (ay + zy) / 2 - 6, _short_cost(pay), size=MIN_FONT,
                             anchor="middle", fill="#8a1c1c", weight="bold", extra=HALO)

    drawn_once(c, ("area lines", area["id"], lines, tuple((sp["x"], sp["y"], sp["name"]) for sp in area["spaces"])),
           draw_lines)
    flag_at = {s: int(w) for w, s in area["flags"].items()}
    for sp in area["spaces"]:
        _xspace(t, sp, flag_at.get(sp["id"]))
    if paw_acts:
        width = len(paw_acts) * OFFER
        inside = [(x0 + 10, y1 - 6 - OFFER_H), (x1 - 10 - width, y1 - 6 - OFFER_H), (x0 + 10, y0 + 40),
                  (x1 - 10 - width, y0 + 40)]

        def room(spot: tuple[float, float]) -> float:
            sx, sy = spot[0] + width / 2, spot[1] + OFFER_H / 2
            return min(math.hypot(sx - nx, sy - ny) for nx, ny in nodes)

        px, py = max(inside, key=room)
        offer_choices(t, acts, px, py)
