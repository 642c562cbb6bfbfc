"""The Trial of the Forest as SVG for the browser, drawn from one seat's view (view.py) only.

From the top: the board of the Ancient Forest (its spaces and lines, the location tiles, campsites,
tunnels, the three expedition areas, every adventurer), the encounter track with its cards whole, the
help spot, the decks, the legendary deed tokens and the tray; the seat's own character board (food,
skills, morality track, backpack, paw and tent tokens, its hand as cards, its story); the store with its
price symbols and the gallery; then every other adventurer. Every text is at least `MIN_FONT` units (the
page shows the board at 1:1 or larger, so at least 12 CSS px).

A legal choice is chosen where it happens: a space, a tile, a card, a store slot, an item in the
backpack (`data-action`); placing a paw token offers the seat's own paw tokens beside the place (the
strong one with its golden rim). Every card, item, tile, space and tent carries its whole text in
`data-info` (words.py), read on hover or tap.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import Any

from ...engine import plural, seat_name
from ...ui.svg import MIN_FONT, Canvas, card, card_height, final_banner, icon, resource, text_width, track, wrap
from . import words

SEAT_COLOURS = ("#c0392b", "#1f5fbf", "#2a8a3e", "#b8860b")
TILE_COLOURS = {"store": "#f3d9a4", "tower": "#cfd8e8", "ruins": "#d7ccc8", "grove": "#c8e6c9"}
FOOD_ICONS = {"raspberry": ("raspberry", "#b0124f"), "acorn": ("acorn", "#7a4a1c"),
              "mushroom": ("mushroom", "#6d5c4a"), "tea": ("leaf", "#2e7d32")}
COLUMN_TITLES = {"morality": "Good and evil", "trading": "Trading", "pioneering": "Pioneering",
                 "fighting": "Fighting"}
LINE_DASH = {"plain": "", "dotted": ' stroke-dasharray="2 6"', "dashed": ' stroke-dasharray="10 6"'}
GOLD = "#d4a017"
HALO = ' stroke="#f4f8fc" stroke-width="4" paint-order="stroke"'   # text over lines, kept readable
RING = "#5d4a2e"

S = 0.66                  # the forest's own units to the drawing's
MX, MY = 10, 64           # the board's top-left corner
WIDTH = 984               # the forest at 1460 × 0.66 and its margins: a laptop shows it whole
GAP = 16                  # between the sections below the board
CARD_W = 232              # a card in the encounter track or a hand: 4 to a row
TOKEN = 14                # a paw token offered as a choice: its radius
HIT = 38                  # a choice's target on the board, at least (a phone zooms it to 44 CSS px)
OFFER = HIT + 6           # from one offered paw token to the next
OFFER_H = HIT + 12        # the height of the offered tokens, their names under them
SPACE_R = 13


def _xy(x: float, y: float) -> tuple[float, float]:
    return MX + x * S, MY + y * S


class _Table:
    """The canvas, the seat, and the legal actions sorted by the piece of the table each one concerns."""

    def __init__(self, view: dict[str, Any], seat: int | None, actions: list[dict[str, Any]]) -> None:
        self.c = Canvas()
        self.top = Canvas()                 # the offered paw tokens and buttons: drawn last, nothing covers them
        self.view = view
        self.seat = seat
        self.texts = view["texts"]
        self.by: dict[tuple[str, str], list[dict[str, Any]]] = {}
        me = view["player_states"][seat] if seat is not None else None
        here = me["position"] if me else None
        camp_spaces = {camp["space"] for camp in view["campsites"]}
        for a in actions:
            kind = a.get("kind", "")
            key: tuple[str, str] = ("bar", "")
            if kind in ("move_to", "space", "step", "flag", "start"):
                key = ("space", str(a["space"]))
            elif kind == "paw":
                target = str(a["target"])
                if target == "location" and here is not None:
                    key = ("space", here)
                elif target.startswith("encounter"):
                    key = ("encounter", str(int(target.split()[-1]) - 1))
                elif target == "help spot":
                    key = ("help", "")
                elif target == "expedition":
                    key = ("area", self.area_of(here))
            elif kind in ("play", "card"):
                key = ("card", str(a["card"]))
            elif kind == "buy":
                key = ("store_item", str(a["item"]))
            elif kind == "slot":
                key = ("slot", str(a["slot"]))
            elif kind in ("sell", "drop", "weapon", "gallery"):
                key = ("object", str(a.get("object", a.get("item", a.get("artifact")))))
            elif kind == "area":
                key = ("area", str(a["area"]))
            elif kind == "seat":
                key = ("seat", str(a["seat"]))
            elif kind == "tent":
                key = ("tent", str(a["tent"]))
            elif kind == "universal":
                key = ("universal", "")
            elif kind == "camp" and here is not None:
                key = ("space", here) if here in camp_spaces else ("universal", "")
            self.by.setdefault(key, []).append(a)

    def area_of(self, space: str | None) -> str:
        for area in self.view["expeditions"]:
            if any(sp["id"] == space for sp in area["spaces"]):
                return str(area["id"])
        return ""

    def take(self, key: tuple[str, str]) -> list[dict[str, Any]]:
        return self.by.pop(key, [])

    def card_info(self, card: str) -> str:
        entry = self.texts["cards"][card]
        key = (card, entry["text"], -1)
        found = _BODIES.get(key)
        if found is None:
            found = _BODIES[key] = (words.card_text(entry), 0.0)
        return found[0]

    def card_name(self, card: str) -> str:
        return str(self.texts["cards"][card]["name"])

    def card_body(self, card: str, width: float = CARD_W) -> tuple[str, float]:
        """What a card drawn whole shows under its title (its corner, its text, its enhancement), and the
        height it needs at `width`."""
        entry = self.texts["cards"][card]
        key = (card, entry["text"], int(width))
        found = _BODIES.get(key)
        if found is None:
            extras = words.card_extras(entry)
            body = f"{words.card_head(entry)}. {entry['text']}" + (f" {extras}" if extras else "")
            found = _BODIES[key] = (body, card_height(body, width))
        return found

    def object_info(self, obj: str) -> str:
        return words.object_text(self.texts["objects"][obj])

    def tent_name(self, tent: str) -> str:
        return words.tent(str(self.texts["tents"][tent]["name"]))

    def object_name(self, obj: str) -> str:
        return str(self.texts["objects"][obj]["name"])


def _one(acts: list[dict[str, Any]]) -> dict[str, Any] | None:
    return acts[0] if len(acts) == 1 else None


def _paw(c: Canvas, x: float, y: float, who: int, r: float = 7, strong: bool = False) -> None:
    """A placed paw token: the seat's colour, the golden rim for the strong one."""
    c.circle(x, y, r, SEAT_COLOURS[who], GOLD if strong else "#fff", 2.5 if strong else 1.5)


def _paws(c: Canvas, view: dict[str, Any], place: str, who: list[int], x: float, y: float, step: float,
          r: float = 7) -> None:
    """The paw tokens lying on a place (a location's space, "encounter_section", "help_spot", an area's
    "<area>_section"), each seat's strong one with its golden rim."""
    rimmed: set[int] = set()
    for i, seat in enumerate(who):
        strong = seat not in rimmed and view["player_states"][seat]["paws"]["strong_at"] == place
        if strong:
            rimmed.add(seat)
        _paw(c, x + step * i, y, seat, r, strong)


# Drawings of pieces that rarely change between two moves (a space, the lines of the forest), kept by
# everything they are drawn from: most of the board is the same from one move to the next.
_DRAWN: dict[tuple[Any, ...], tuple[list[str], Any]] = {}


def _drawn(c: Canvas, key: tuple[Any, ...], draw: Callable[[Canvas], Any]) -> Any:
    """Draw with `draw` on `c`, or add what it drew the last time for the same `key`; returns what `draw`
    returned (a height, a width)."""
    found = _DRAWN.get(key)
    if found is None:
        sub = Canvas()
        found = (sub.parts, draw(sub))
        if len(_DRAWN) > 6000:
            _DRAWN.clear()
        _DRAWN[key] = found
    c.parts.extend(found[0])
    return found[1]


def _resource(c: Canvas, name: str, count: object, x: float, y: float, info: str, colour: str,
              size: float = MIN_FONT * 1.5) -> float:
    return float(_drawn(c, ("resource", name, count, x, y, info, colour, size),
                        lambda sub: resource(sub, name, count, x, y, info, colour, size)))


def _card(c: Canvas, x: float, y: float, width: float, title: str, body: str, action: dict[str, Any] | None,
          height: float | None, fill: str, **data: str) -> None:
    """A card drawn whole (ui.svg.card), kept for the next move."""
    key = ("card", x, y, width, title, body, action["id"] if action else None, action["label"] if action else None,
           height, fill, tuple(data.items()))
    extra: dict[str, Any] = dict(data)
    _drawn(c, key, lambda sub: card(sub, x, y, width, title, body, action=action, height=height, fill=fill, **extra))


_BODIES: dict[tuple[str, str, int], tuple[str, float]] = {}


def _paw_choices(t: _Table, acts: list[dict[str, Any]], x: float, y: float) -> None:
    """The seat's paw tokens offered at (x, y), each a target of HIT units with its name under it: the
    plain one, then the strong one with its golden rim."""
    who = t.seat if t.seat is not None else 0
    for k, a in enumerate(sorted(acts, key=lambda a: int(a.get("strong", 0)))):
        cx = x + k * OFFER
        strong = bool(int(a.get("strong", 0)))
        with t.top.group("paw-choice", a):
            t.top.rect(cx - HIT / 2, y - HIT / 2, HIT, HIT + 12, "none", rx=6, extra=' pointer-events="all"')
            t.top.circle(cx, y, TOKEN, SEAT_COLOURS[who], GOLD if strong else "#fff", 4 if strong else 2)
            icon(t.top, "paw", cx - 9, y - 9, 18, "#fff")
            t.top.text(cx, y + TOKEN + 14, "strong" if strong else "paw", size=MIN_FONT, anchor="middle",
                       weight="bold", extra=HALO)


def _chips(t: _Table, acts: list[dict[str, Any]], x: float, y: float) -> float:
    """Choices that share one piece and are not paw tokens: a button each from (x, y); returns the y below."""
    cx = x
    for a in acts:
        text = _chip_text(a)
        w = 16 + len(text) * MIN_FONT * 0.58
        with t.top.group("chip", a):
            t.top.rect(cx, y, w, HIT, "#ffe680", "#a08000", 1, rx=6)
            t.top.text(cx + 8, y + HIT / 2 + 4, text, size=MIN_FONT)
        cx += w + 6
    return y + HIT + 4


def _chip_text(a: dict[str, Any]) -> str:
    return {"buy": "Buy", "sell": "Sell", "drop": "Discard", "weapon": "Fight with it", "gallery": "To the gallery",
            "play": "Play", "card": "Choose"}.get(str(a.get("kind")), "Choose")


def _offer(t: _Table, acts: list[dict[str, Any]], x: float, y: float) -> None:
    """What a piece offers besides itself: paw tokens as tokens, anything else as buttons."""
    paws = [a for a in acts if a.get("kind") == "paw"]
    rest = [a for a in acts if a.get("kind") != "paw"]
    if paws:
        _paw_choices(t, paws, x + HIT / 2, y + HIT / 2)
        x += len(paws) * OFFER + 4
    if rest:
        _chips(t, rest, x, y)


def render_svg(view: dict[str, Any], seat: int | None, actions: list[dict[str, Any]]) -> str:
    t = _Table(view, seat, actions)
    c = t.c
    day = words.day(view)
    c.text(14, 26, f"The Trial of the Forest — {day}", size=18, weight="bold", fill="#2f3b1f")
    if not view["over"]:
        for k, line in enumerate(wrap(view["prompt"], WIDTH - 28, 14, 1)):
            c.text(14, 50 + 18 * k, line, size=14)
    sheet = view.get("score_sheet")
    # the end: the verdict above the board (the score sheet is the page's own table)
    top = max(0, final_banner(c, 10, 40, WIDTH - 20, sheet) - MY) if sheet else 0
    if top:
        c.add(f'<g transform="translate(0 {top:.0f})">')
    _board(t)
    y = MY + view["board"]["height"] * S + GAP
    y = _track(t, y) + GAP
    if view.get("resolving") or view.get("fight"):
        y = _now(t, y) + GAP
    players = view["player_states"]
    if seat is not None:
        y = _seat(t, players[seat], y) + GAP
    y = _store(t, y) + GAP
    y = _discards(t, y)
    for p in players:
        if p["seat"] != seat:
            y = _seat(t, p, y) + GAP
    c.parts.extend(t.top.parts)
    if top:
        c.add("</g>")
        y += top
    c.parts.insert(0, f'<rect x="0" y="0" width="{WIDTH}" height="{y:.0f}" fill="#f4efe4"/>')
    return c.svg(WIDTH, y, "trial")


# -- the board of the Ancient Forest --------------------------------------------------------------
def _board(t: _Table) -> None:
    c, view = t.c, t.view
    board = view["board"]
    c.rect(MX, MY, board["width"] * S, board["height"] * S, "#e4eccf", "#6d7d4a", 1.5, rx=12)
    at = {sp["id"]: sp for sp in board["spaces"]}
    for area in view["expeditions"]:
        at.update({sp["id"]: sp for sp in area["spaces"]})
    nodes = [_xy(sp["x"], sp["y"]) for sp in at.values()]
    for area in view["expeditions"]:
        _area(t, area, nodes)
    lines = tuple((at[a]["x"], at[a]["y"], at[z]["x"], at[z]["y"]) for a, z in board["lines"])

    def draw_lines(sub: Canvas) -> None:
        for ax, ay, zx, zy in lines:
            (x1, y1), (x2, y2) = _xy(ax, ay), _xy(zx, zy)
            sub.line(x1, y1, x2, y2, "#9b8a5e", 3)

    _drawn(c, ("lines", lines), draw_lines)
    locations = {loc["space"]: loc for loc in view["locations"]}
    camps = {camp["space"]: camp for camp in view["campsites"]}
    for sp in board["spaces"]:
        if sp["id"] not in locations:
            _space(t, sp, camps.get(sp["id"]))
    offered = []
    for sp in board["spaces"]:
        if sp["id"] in locations:
            acts = t.take(("space", sp["id"]))
            _location(t, locations[sp["id"]], sp, _one(acts) if not any(a["kind"] == "paw" for a in acts) else None)
            if len(acts) > 1 or any(a["kind"] == "paw" for a in acts):
                offered.append((sp, acts))
    for area in view["expeditions"]:
        for sp in area["spaces"]:
            _pieces(t, sp)
    for sp in board["spaces"]:
        _pieces(t, sp)
    for sp, acts in offered:
        x, y = _free_spot(_xy(sp["x"], sp["y"]), nodes, len(acts) * OFFER)
        _offer(t, acts, x, y)


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


def _space_info(t: _Table, sp: dict[str, Any], camp: dict[str, Any] | None) -> str:
    parts = [sp["name"]]
    tunnel = sp.get("tunnel")
    if tunnel:
        parts.append("a tunnel: passable tunnel spaces are 1 step from each other" if tunnel["passable"]
                     else "a collapsed tunnel: it cannot be used for movement")
    if camp:
        parts.append(f"a campsite: {words.campsite(camp['bonus'])}")
        tent = _tent_text(t, camp["tent"])
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


def _space(t: _Table, sp: dict[str, Any], camp: dict[str, Any] | None) -> None:
    x, y = _xy(sp["x"], sp["y"])
    acts = t.take(("space", sp["id"]))
    one = _one(acts)
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
    _drawn(t.c, key, draw)
    if len(acts) > 1:
        _chips(t, acts, x - 20, y + SPACE_R + 4)


def _tent_text(t: _Table, tent: str | None) -> str:
    if tent is None:
        return ""
    if tent == "face_down":
        return "a tent token lies here face down"
    entry = t.texts["tents"][tent]
    return f"the tent token here: {t.tent_name(tent)} ({entry['text']})"


def _location(t: _Table, loc: dict[str, Any], sp: dict[str, Any], action: dict[str, Any] | None) -> None:
    c = t.c
    x, y = _xy(sp["x"], sp["y"])
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
        _paws(c, t.view, loc["space"], loc["paws"], x - w / 2 + 8, y + h / 2, 13, r=6)


def _short_cost(pay: str) -> str:
    """A shortcut's cost as the board prints it beside the path: "2 food", "1 tea leaf"."""
    return words.shortcut(pay).removeprefix("pay ").replace("food tokens", "food").replace("food token", "food")


def _xspace(t: _Table, sp: dict[str, Any], flag: int | None) -> None:
    """A space of an expedition area: a finishing space shows its fame, and the flags put on it."""
    x, y = _xy(sp["x"], sp["y"])
    acts = t.take(("space", sp["id"]))
    one = _one(acts)
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

    _drawn(t.c, ("xspace", sp["id"], sp["kind"], x, y, info, flag, bool(acts),
                 (one["id"], one["label"]) if one else None), draw)
    if len(acts) > 1:
        _chips(t, acts, x - 20, y + SPACE_R + 4)


def _tile_lines(name: str) -> list[str]:
    """A tile's name a word a line, in at most 3 lines: "Ruined" / "raspberry" / "grove" (each word of the
    tiles fits a tile's width at the readable size)."""
    lines = name.split()
    while len(lines) > 3:
        lines[-2:] = [f"{lines[-2]} {lines[-1]}"]
    return lines


def _pieces(t: _Table, sp: dict[str, Any]) -> None:
    c, view = t.c, t.view
    x, y = _xy(sp["x"], sp["y"])
    n = len(sp["pieces"])
    for i, who in enumerate(sp["pieces"]):
        px, py = x + (i - (n - 1) / 2) * 15, y - 20
        p = view["player_states"][who]
        with c.group("piece", None, f"{p['name']}'s adventurer, the {p['character']}", seat=who):
            c.circle(px, py, 9, SEAT_COLOURS[who], "#111", 1.5)
            c.text(px, py + 4, str(who + 1), size=MIN_FONT, anchor="middle", weight="bold", fill="#fff")


def _area(t: _Table, area: dict[str, Any], nodes: list[tuple[float, float]]) -> None:
    c = t.c
    spaces = {sp["id"]: sp for sp in area["spaces"]}
    xs = [sp["x"] for sp in area["spaces"]]
    ys = [sp["y"] for sp in area["spaces"]]
    x0, y0 = _xy(min(xs) - 30, min(ys) - 80)
    x1, y1 = _xy(max(xs) + 30, max(ys) + 30)
    y0 = max(y0, MY + 4)
    # the name and the deck over the area's top left; lower the top where the forest's spaces would cover them
    own = {_xy(sp["x"], sp["y"]) for sp in area["spaces"]}
    if any(x0 <= nx <= x0 + 180 and y0 - 14 <= ny <= y0 + 52 for nx, ny in nodes if (nx, ny) not in own):
        y0 = max(_xy(0, min(ys) - 50)[1], MY + 4)
    acts = t.take(("area", str(area["id"])))
    info = words.expedition(area, t.texts)
    paw_acts = [a for a in acts if a.get("kind") == "paw"]
    with c.group("expedition", _one(acts) if not paw_acts else None, info, area=area["id"]):
        c.rect(x0, y0, x1 - x0, y1 - y0, "#dfe9f2", "#5a7a9a", 1.2, rx=10)
        c.text(x0 + 8, y0 + 17, area["name"], size=13, weight="bold", fill="#234")
        count = plural(area["deck"], "card")
        c.text(x0 + 8, y0 + 33, count, size=MIN_FONT, fill="#234")
        _paws(c, t.view, f"{area['id']}_section", area["paws"], x0 + 20 + text_width(count, MIN_FONT), y0 + 29, 16)
    lines = tuple((line["from"], line["to"], line["line"], line["pay"]) for line in area["lines"])

    def draw_lines(sub: Canvas) -> None:
        for frm, to, kind, pay in lines:
            a, z = spaces[frm], spaces[to]
            (ax, ay), (zx, zy) = _xy(a["x"], a["y"]), _xy(z["x"], z["y"])
            sub.line(ax, ay, zx, zy, "#4d6a86", 2.5, LINE_DASH.get(kind, ""))
            if pay:
                cost = words.shortcut(pay)
                with sub.group("shortcut", None, f"A shortcut from {a['name']} to {z['name']}: {cost} to take it"):
                    sub.text((ax + zx) / 2, (ay + zy) / 2 - 6, _short_cost(pay), size=MIN_FONT,
                             anchor="middle", fill="#8a1c1c", weight="bold", extra=HALO)

    _drawn(c, ("area lines", area["id"], lines, tuple((sp["x"], sp["y"], sp["name"]) for sp in area["spaces"])),
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
        _offer(t, acts, px, py)


# -- what is being resolved ----------------------------------------------------------------------
def _now(t: _Table, y: float) -> float:
    """The card being resolved, whole, and the fight under way."""
    c, view = t.c, t.view
    x = 10
    resolving = view.get("resolving")
    fight = view.get("fight")
    lines: list[str] = []
    if fight:
        att = seat_name(fight["attacker"])
        other = (seat_name(fight["defender"]) if fight["defender"] is not None
                 else t.card_name(fight["opponent"]) if fight["opponent"] else "the opponent")
        a, d = fight["strength"]
        lines.append(f"Fight: {att}, strength {a}, against {other}, strength {d}")
    if resolving:
        who = seat_name(resolving["seat"])
        card_id = resolving["card"]
        title = f"{who} resolves {t.card_name(card_id)}" + (f": {resolving['option']}" if resolving["option"] else "")
        body, h = t.card_body(card_id, WIDTH - 20)
        _card(c, x, y, WIDTH - 20, title, body, None, None, "#fff7e0", card=card_id)
        y += h + 6
    for line in lines:
        c.text(x + 4, y + 16, line, size=14, weight="bold", fill="#7a2020")
        y += 22
    return y


# -- the encounter track, the help spot, the decks ---------------------------------------------------
def _track(t: _Table, y: float) -> float:
    c, view = t.c, t.view
    enc = view["encounters"]
    c.text(10, y + 16, f"The encounter track · {plural(enc['deck'], 'card')} in the deck", size=15, weight="bold")
    top = y + 26
    slots = enc["slots"]
    bodies = [t.card_body(k) if k else ("", 0.0) for k in slots]
    h = max([height for _, height in bodies] + [90])
    offered = False
    for k, cid in enumerate(slots):
        x = 10 + k * (CARD_W + 8)
        acts = t.take(("encounter", str(k))) + (t.take(("card", cid)) if cid else [])
        if not cid:
            with c.group("encounter", None, "An empty slot of the encounter track: the deck has run out."):
                c.rect(x, top, CARD_W, h, "none", "#7a6a4a", 1, rx=8, extra=' stroke-dasharray="6 4"')
                c.text(x + 10, top + 22, "(empty)", size=MIN_FONT, fill="#555")
            continue
        paws = [a for a in acts if a.get("kind") == "paw"]
        _card(c, x, top, CARD_W, t.card_name(cid), bodies[k][0], _one(acts) if not paws else None, h, "#fffaf0",
              card=cid)
        if paws or len(acts) > 1:
            _offer(t, acts, x + 6, top + h + 6)
            offered = True
    bottom = top + h + 6 + (OFFER_H + 6 if offered else 0)
    if enc["paws"]:
        c.text(10, bottom + 14, "Paw tokens in the encounter section:", size=MIN_FONT)
        _paws(c, view, "encounter_section", enc["paws"], 250, bottom + 10, 18)
        bottom += 24
    # the expedition decks' top cards a deed turned face up (Pathfinder)
    for area in view["expeditions"]:
        if area["top"]:
            text = f"On top of the deck of {words.AREAS.get(area['id'], area['name'])}, face up: "
            with c.group("card", None, text + t.card_info(area["top"]), card=area["top"]):
                c.text(10, bottom + 14, text + t.card_name(area["top"]), size=MIN_FONT)
            bottom += 20
    return max(bottom, _side(t, 10 + 3 * (CARD_W + 8), top))


def _side(t: _Table, x: float, y: float) -> float:
    """The help spot, the deed deck and its discard pile, the legendary deed tokens and the tray."""
    c, view = t.c, t.view
    w = WIDTH - 10 - x
    acts = t.take(("help", ""))
    help_food = [words.food(f, n) for f, n in view["help_spot"]["food"].items() if n]
    info = ("The help spot: gain 1 deed card, or 1 raspberry, acorn or mushroom; a paw token goes here from "
            "any space but an expedition's, and a strong one gives nothing more."
            + (f" Left here for the taking: {', '.join(help_food)}." if help_food else ""))
    paws = view["help_spot"]["paws"]
    box_h = 52 + (22 if paws else 0) + (OFFER_H + 6 if acts else 0)
    with c.group("help-spot", _one(acts) if not any(a.get("kind") == "paw" for a in acts) else None, info):
        c.rect(x, y, w, box_h, "#eef5e4", "#6a8a3a", 1, rx=8)
        c.text(x + 10, y + 20, "The help spot", size=14, weight="bold")
        c.text(x + 10, y + 40, "a deed card or a food token", size=MIN_FONT)
        _paws(c, view, "help_spot", paws, x + 16, y + 56, 16)
    if any(a.get("kind") == "paw" for a in acts):
        _offer(t, acts, x + 10, y + box_h - OFFER_H - 6)
    y += box_h + 8
    deeds = view["deeds"]
    pile = deeds["discard"]
    top = pile[-1] if pile else None
    with c.group("deeds", None, f"The deed deck: {plural(deeds['deck'], 'card')}. The discard pile: "
                 f"{plural(len(pile), 'card')}" + (f"; on top: {t.card_info(top)}" if top else ".")):
        c.rect(x, y, w, 58 if top else 40, "#efe7f5", "#6a4a8a", 1, rx=8)
        icon(c, "card", x + 8, y + 8, 22, "#6a4a8a")
        c.text(x + 36, y + 25, f"Deed deck {deeds['deck']} · discards {len(pile)}", size=MIN_FONT, weight="bold")
        if top:
            c.text(x + 10, y + 48, f"On top: {t.card_name(top)}", size=MIN_FONT)
    y += (58 if top else 40) + 8
    for tok in view["legendary"]:
        holder = tok["holder"]
        info = (f"{tok['name']}: the first adventurer with 5 cards in the {tok['column']} column of their story "
                f"takes it; 3 fame points at the end" + (f". {seat_name(holder)} holds it." if holder is not None
                                                        else "."))
        with c.group("legendary", None, info):
            c.rect(x, y, w, 26, SEAT_COLOURS[holder] if holder is not None else "#f0e0b0", "#7a5c00", 1, rx=13)
            text = tok["name"] + (f" · {seat_name(holder)}" if holder is not None else "")
            c.text(x + w / 2, y + 18, text, size=MIN_FONT, anchor="middle", weight="bold",
                   fill="#fff" if holder is not None else "#222")
        y += 32
    c.text(x, y + 14, "The tray:", size=MIN_FONT, weight="bold")
    cx = x + 66
    for f, n in view["tray"].items():
        name, colour = FOOD_ICONS[f]
        cx += _resource(c, name, n, cx, y, f"The tray: {words.food(f, n)}", colour, size=16)
    y += 24
    tunnels = view["board"]["tunnel_tokens_in_tray"]
    c.text(x, y + 14, f"Tunnel tokens {tunnels} · tents in the box {view['tents']['box']}", size=MIN_FONT)
    return y + 22


# -- a character board ----------------------------------------------------------------------------
def _seat(t: _Table, p: dict[str, Any], y: float) -> float:
    c, view = t.c, t.view
    who = p["seat"]
    me = who == t.seat
    x0, w = 10, WIDTH - 20
    start = y
    acts = t.take(("seat", str(who)))
    where = _space_name(view, p["position"])
    head = (f"{p['name']}{' (you)' if me else ''} · the {p['character']} · on {where}"
            + (" · first player token" if p["first_player"] else ""))
    body = Canvas()
    cy: float = y + 10
    with body.group("seat-head", _one(acts), None):
        if acts:
            body.rect(x0 + 4, cy - 8, w - 8, HIT, "none", rx=6, extra=' pointer-events="all"')
        body.text(x0 + 12, cy + 16, head, size=15, weight="bold", fill=SEAT_COLOURS[who])
    cy += 28
    # food, paw tokens, tents, cards in hand; the skills
    cx: float = x0 + 12
    body.text(cx, cy + 15, "Food", size=MIN_FONT, weight="bold")
    cx += 40
    for f, n in p["food"].items():
        name, colour = FOOD_ICONS[f]
        cx += _resource(body, name, n, cx, cy, f"{p['name']}'s food: {words.food(f, n)}", colour)
    home = p["paws"]["home"] + (1 if p["paws"]["strong_home"] else 0)
    hand = len(p["hand"]) if "hand" in p else p["hand_size"]
    for caption, name, n, info, colour in (
            ("Paw tokens", "paw", home, f"Paw tokens on {p['name']}'s character board: {home}"
             + (", the strong one among them" if p["paws"]["strong_home"] else ", not the strong one"),
             SEAT_COLOURS[who]),
            ("Tents", "tent", p["tents"], f"Tent tokens left on {p['name']}'s character board: {p['tents']}",
             "#7b5e3b"),
            ("Hand", "card", hand, f"Cards in {p['name']}'s hand: {hand}", "#6a4a8a")):
        cx += 14
        body.text(cx, cy + 15, caption, size=MIN_FONT, weight="bold")
        cx += len(caption) * 7 + 8
        cx += _resource(body, name, n, cx, cy, info, colour)
    cy += 28
    sk = p["skills"]
    skills = [("Movement", sk["movement"], "the spaces a move may cover"),
              ("Strength", sk["strength"], "strength in a fight, before the dice"),
              ("Dice", sk["dice"], "fight dice rolled"), ("Trading", sk["trading"], "trading symbols at a store")]
    if sk["card_draw"]:
        skills.append(("Card draw", sk["card_draw"], "more cards at a lookout tower"))
    boosts = [plural(n, f"one-time {k.replace('_', '-')} symbol") for k, n in p["one_time_symbols"].items() if n]
    line = " · ".join(f"{name} {n}" for name, n, _ in skills)
    with body.group("skills", None, f"{p['name']}'s skills: " + "; ".join(f"{name} {n}: {what}"
                                                                          for name, n, what in skills)):
        body.text(x0 + 12, cy + 14, line + (" · and " + ", ".join(boosts) if boosts else ""), size=MIN_FONT)
    cy += 22
    extras = []
    if p["legendary"]:
        extras.append(", ".join(_legendary_name(view, tok) for tok in p["legendary"]))
    flags = [f"{words.AREAS.get(a, a)} ({_space_name(view, s).split(': ')[-1]})" for a, s in p["flags"].items() if s]
    if flags:
        extras.append("flags: " + ", ".join(flags))
    if p["gallery"]:
        extras.append("in the gallery: " + ", ".join(t.object_name(a) for a in p["gallery"]))
    if p["kept_tents"]:
        extras.append("kept tent tokens: " + ", ".join(t.tent_name(k) for k in p["kept_tents"]))
    for line in wrap(" · ".join(extras), w - 24, MIN_FONT, 6) if extras else []:
        body.text(x0 + 12, cy + 14, line, size=MIN_FONT, fill="#333")
        cy += 18
    cy += 4
    # the morality track
    m = p["morality"]
    fame = view["texts"]["morality_fame"]
    mid = len(fame) // 2
    leaning = {"good": "good", "evil": "evil", "neither": "neither good nor evil"}[m["leaning"]]
    label = "Morality: good"
    spot = mid + m["position"]
    width = w - 24 - 50
    info = (f"{p['name']}'s morality track: {leaning}, worth {plural(m['fame'], 'fame point')} at the end "
            "(each spot shows its fame; to the left is good, to the right evil)")
    _drawn(body, ("morality", x0, cy, width, spot, who, info, tuple(fame)),
           lambda sub: track(sub, x0 + 12, cy, width, label, len(fame), {spot: [SEAT_COLOURS[who]]}, info,
                             labels=fame))
    # the token's spot, ringed in the seat's colour (the track's cells as ui.svg.track lays them out)
    label_w = text_width(label, MIN_FONT) + 10
    cell = max(MIN_FONT * 1.8, (width - label_w) / len(fame))
    body.rect(x0 + 12 + label_w + spot * cell - 2, cy - 2, cell + 2, MIN_FONT * 1.8 + 4, "none",
              SEAT_COLOURS[who], 3, rx=4)
    body.text(x0 + w - 12, cy + MIN_FONT * 1.3, "evil", size=MIN_FONT, anchor="end", weight="bold")
    cy += 40
    # the backpack
    cy = _backpack(t, body, p, x0 + 12, cy, me) + 8
    # the hand
    if "hand" in p:
        cy = _hand(t, body, p, x0 + 12, cy)
    else:
        backs = p["hand_backs"]
        line = f"Hand: {plural(backs['deed'], 'deed card')} and {plural(backs['encounter'], 'encounter card')}"
        if p["set_aside"]:
            line += f", {p['set_aside']} of them set aside until the end of the turn"
        known = p.get("known_cards") or []
        if known:
            line += "; known to you: " + ", ".join(t.card_name(k) for k in known)
        for text in wrap(line, w - 24, MIN_FONT, 4):
            body.text(x0 + 12, cy + 14, text, size=MIN_FONT)
            cy += 18
        cy += 4
    # the story
    cy = _story(t, body, p, x0 + 12, cy, w - 24)
    if p.get("tent_tokens") and me:
        cy = _tents(t, body, p, x0 + 12, cy)
    end = cy + 8
    c.rect(x0, start, w, end - start, "#fbf8f1", SEAT_COLOURS[who], 3 if me else 1.2, rx=10)
    c.parts.extend(body.parts)
    return end


def _legendary_name(view: dict[str, Any], tok_id: str) -> str:
    for tok in view["legendary"]:
        if tok["id"] == tok_id:
            return str(tok["name"])
    return tok_id


def _backpack(t: _Table, c: Canvas, p: dict[str, Any], x: float, y: float, me: bool) -> float:
    """The 5 slots of the backpack, the last ones showing their movement symbol until an item covers them."""
    pack = t.texts["backpack"]
    slots, moving = int(pack["slots"]), int(pack["movement_slots"])
    cell = 118
    c.text(x, y + 16, "Backpack", size=MIN_FONT + 1, weight="bold")
    x += 84
    for k in range(slots):
        c.rect(x + k * cell, y, cell - 6, 26, "#ece6d6", "#b0a68a", 1, rx=4)
        if k >= slots - moving:
            c.text(x + k * cell + (cell - 6) / 2, y + 18, "movement", size=MIN_FONT, anchor="middle", fill="#8d8470")
    at = 0
    below = y + 26
    for obj in p["backpack"]:
        entry = t.texts["objects"][obj]
        size = int(entry["slots"])
        acts = t.take(("object", obj)) if (me or t.seat is None) else []
        ox, ow = x + at * cell, cell * size - 6
        with c.group("object", _one(acts), t.object_info(obj), object=obj):
            c.rect(ox, y, ow, 26, "#e6ecfa", "#557", 1.2, rx=4)
            name = wrap(entry["name"], ow - 10, MIN_FONT, 1)[0]
            c.text(ox + 6, y + 18, name, size=MIN_FONT)
        if len(acts) > 1:
            below = _chips(t, acts, ox, y + 28)
        at += size
    return below


def _hand(t: _Table, c: Canvas, p: dict[str, Any], x: float, y: float) -> float:
    cards = [(k, False) for k in p["hand"]] + [(k, True) for k in p["aside"]]
    c.text(x, y + 16, f"Hand: {plural(len(p['hand']), 'card')}"
           + (f", and {len(p['aside'])} set aside until the end of the turn" if p["aside"] else ""),
           size=MIN_FONT + 1, weight="bold")
    y += 24
    per_row = 4
    for row in range(0, len(cards), per_row):
        chunk = cards[row:row + per_row]
        bodies = [t.card_body(k, CARD_W - 4) for k, _ in chunk]
        h = max(height for _, height in bodies)
        for i, (cid, aside) in enumerate(chunk):
            cx = x + i * (CARD_W + 4)
            acts = [] if aside else t.take(("card", cid))
            title = t.card_name(cid) + (" (set aside)" if aside else "")
            _card(c, cx, y, CARD_W - 4, title, bodies[i][0], _one(acts), h, "#e8e4dc" if aside else "#fffaf0",
                  card=cid)
            if len(acts) > 1:
                _chips(t, acts, cx + 6, y + h - HIT - 4)
        y += h + 6
    return y + 4


def _story(t: _Table, c: Canvas, p: dict[str, Any], x: float, y: float, w: float) -> float:
    c.text(x, y + 16, f"Story · fame from its face-up cards: {p['story_fame']}", size=MIN_FONT + 1, weight="bold")
    y += 24
    col_w = w / 4
    bottom = y
    for k, (col, title) in enumerate(COLUMN_TITLES.items()):
        cx = x + k * col_w
        cards = [e for e in p["story"] if e["column"] == col]
        c.text(cx, y + 14, f"{title} ({len(cards)})", size=MIN_FONT, weight="bold")
        cy = y + 20
        for e in cards:
            text = t.texts["cards"][e["card"]]["text"] if e["card"] else ""
            cy += _drawn(c, ("story", e["card"], text, e["face_up"], cx, cy, col_w),
                         partial(_story_card, t, e=e, x=cx, y=cy, col_w=col_w))
        bottom = max(bottom, cy)
    return bottom + 4


def _story_card(t: _Table, c: Canvas, *, e: dict[str, Any], x: float, y: float, col_w: float) -> float:
    """A card of a story by its name (in two lines when it needs them), its whole text on hover or tap;
    returns the room it takes."""
    if e["card"] is None:
        with c.group("story-card", None, "A card added face down: no symbols and no fame, but it counts toward "
                     "the legendary deed tokens."):
            c.rect(x, y, col_w - 8, 20, "#c9c0ad", rx=3)
            c.text(x + 6, y + 15, "face down", size=MIN_FONT, fill="#333")
        return 22
    info = ("Face down (no symbols, no fame): " if not e["face_up"] else "") + t.card_info(e["card"])
    name = t.card_name(e["card"]) + ("" if e["face_up"] else " (face down)")
    lines = wrap(name, col_w - 20, MIN_FONT, 3)
    with c.group("story-card", None, info, card=e["card"]):
        c.rect(x, y, col_w - 8, 5 + 15 * len(lines), "#f5ecd4" if e["face_up"] else "#c9c0ad", rx=3)
        for k, line in enumerate(lines):
            c.text(x + 6, y + 15 + 15 * k, line, size=MIN_FONT)
    return 7 + 15 * len(lines)


def _tents(t: _Table, c: Canvas, p: dict[str, Any], x: float, y: float) -> float:
    c.text(x, y + 16, "Your tent tokens (face down: only you see them)", size=MIN_FONT + 1, weight="bold")
    y += 24
    tents = p["tent_tokens"]
    texts = [t.texts["tents"][k] for k in tents]
    h = max([card_height(e["text"], CARD_W - 4) for e in texts] + [40])
    for i, (tent, entry) in enumerate(zip(tents, texts, strict=True)):
        acts = t.take(("tent", tent))
        cx = x + (i % 4) * (CARD_W + 4)
        cy = y + (i // 4) * (h + 6)
        card(c, cx, cy, CARD_W - 4, f"Tent: {t.tent_name(tent)}", entry["text"], action=_one(acts), height=h,
             fill="#f6e3b4", tent=tent)
    rows = (len(tents) + 3) // 4
    return y + rows * (h + 6)


# -- the store, the gallery and the universal campsite -------------------------------------------
def _store(t: _Table, y: float) -> float:
    c, view = t.c, t.view
    x = 10
    c.text(x, y + 16, "The store", size=15, weight="bold")
    y += 24
    slots = view["store"]["slots"]
    cols = max(int(s["column"]) for s in slots)
    rows = max(int(s["row"]) for s in slots)
    head_w, cell_w, cell_h = 96, 132, 62
    column_price = {int(s["column"]): s["price"][0] for s in slots if int(s["row"]) == 1}
    row_price = {int(s["row"]): s["price"][1] for s in slots if int(s["column"]) == 1}
    grid_y = y + 26
    slot_acts = [t.take(("slot", str(i))) + (t.take(("store_item", s["item"])) if s["item"] else [])
                 for i, s in enumerate(slots)]
    ones = [_one(acts) for acts in slot_acts]

    def draw_grid(sub: Canvas) -> None:
        for col in range(1, cols + 1):
            _price_symbol(sub, column_price[col], x + head_w + (col - 1) * cell_w + 8, y, "column")
        for r in range(1, rows + 1):
            _price_symbol(sub, row_price[r], x, grid_y + (r - 1) * cell_h + 18, "row")
        for i, slot in enumerate(slots):
            sx = x + head_w + (int(slot["column"]) - 1) * cell_w
            sy = grid_y + (int(slot["row"]) - 1) * cell_h
            price = words.price(slot["price"])
            if slot["item"]:
                what = f"{slot['count']} × {t.object_name(slot['item'])}"
                info = f"The store, row {slot['row']}, column {slot['column']}: {what}, for {price}. " + \
                    t.object_info(slot["item"])
            else:
                info = f"The store, row {slot['row']}, column {slot['column']}: an empty {slot['size']} slot ({price})."
            with sub.group("store-slot", ones[i], info, slot=i):
                sub.rect(sx, sy, cell_w - 6, cell_h - 6, "#fffaf0" if slot["item"] else "#f0ead8", "#8a7a5a", 1,
                         rx=5)
                if slot["item"]:
                    lines = wrap(t.object_name(slot["item"]), cell_w - 40, MIN_FONT, 2)
                    for k, line in enumerate(lines):
                        sub.text(sx + 6, sy + 18 + 15 * k, line, size=MIN_FONT, weight="bold")
                    sub.text(sx + cell_w - 12, sy + 18, f"×{slot['count']}", size=MIN_FONT, anchor="end")
                else:
                    sub.text(sx + 6, sy + 18, f"empty ({slot['size']})", size=MIN_FONT, fill="#666")

    # the grid is drawn again only when a slot or a choice on it changed
    key = tuple((s["item"], s["count"], s["size"], tuple(s["price"]), s["row"], s["column"]) for s in slots)
    _drawn(c, ("store", x, y, key, tuple((a["id"], a["label"]) if a else None for a in ones)), draw_grid)
    y = grid_y
    for slot, acts in zip(slots, slot_acts, strict=True):
        if len(acts) > 1:
            _chips(t, acts, x + head_w + (int(slot["column"]) - 1) * cell_w + 4,
                   y + (int(slot["row"]) - 1) * cell_h + cell_h - 34)
    y += rows * cell_h
    # the gallery and the universal campsite, beside or under the grid
    gx = x + head_w + cols * cell_w + 10
    gw = WIDTH - 10 - gx
    gy = y - rows * cell_h - 26
    if gw < 200:
        gx, gy, gw = x, y + 6, WIDTH - 20
    gallery = view["store"]["gallery"]
    shown = [f"{seat_name(int(w))}: {', '.join(t.object_name(a) for a in arts)}" for w, arts in gallery.items() if arts]
    with c.group("gallery", None, "The gallery: an artifact left here during a store visit gives 1 food token (a "
                 "small one) or 1 tea leaf (a large one), and still counts its fame at the end."
                 + (" " + "; ".join(shown) + "." if shown else "")):
        lines = wrap("The gallery: " + ("; ".join(shown) if shown else "empty"), gw - 16, MIN_FONT, 6)
        gh = 12 + 16 * len(lines)
        c.rect(gx, gy, gw, gh, "#f3ece0", "#8a7a5a", 1, rx=6)
        for k, line in enumerate(lines):
            c.text(gx + 8, gy + 18 + 16 * k, line, size=MIN_FONT)
    gy += gh + 8
    acts = t.take(("universal", ""))
    univ = view["campsites"][-1]
    tent = _tent_text(t, univ["tent"])
    with c.group("universal", _one(acts), f"The universal campsite: camp here when your space is not a campsite: "
                 f"{words.UNIVERSAL}" + (f"; {tent}" if tent else ".")):
        c.rect(gx, gy, gw, 46, "#f6e3b4", "#7b5e3b", 1, rx=6)
        icon(c, "tent", gx + 8, gy + 10, 26, "#7b5e3b")
        c.text(gx + 42, gy + 20, "The universal campsite", size=MIN_FONT, weight="bold")
        c.text(gx + 42, gy + 37, "a tent token lies here" if univ["tent"] else "no tent token here", size=MIN_FONT)
    return max(y, gy + 46)


def _price_symbol(c: Canvas, food: str, x: float, y: float, where: str) -> None:
    word = words.FOODS.get(food, (food,))[0] if food != "any_food" else "any food"
    what = "any food token" if food == "any_food" else word
    with c.group("price", None, f"The price symbol of this {where}: {what}"):
        if food in FOOD_ICONS:
            name, colour = FOOD_ICONS[food]
            icon(c, name, x, y, 18, colour)
            c.text(x + 22, y + 15, word, size=MIN_FONT)
        else:
            c.text(x, y + 15, word, size=MIN_FONT, weight="bold")


def _discards(t: _Table, y: float) -> float:
    """The deed discard pile, card by card, when a choice takes from it (a ruined lookout tower, Delver)."""
    c, view = t.c, t.view
    pile = [k for k in view["deeds"]["discard"] if ("card", k) in t.by]
    if not pile:
        return y
    c.text(10, y + 16, "The deed discard pile", size=15, weight="bold")
    y += 24
    for i, cid in enumerate(pile):
        x = 10 + (i % 4) * (CARD_W + 8)
        cy = y + (i // 4) * (HIT + 6)
        acts = t.take(("card", cid))
        with c.group("discard-card", _one(acts), t.card_info(cid), card=cid):
            c.rect(x, cy, CARD_W, HIT, "#fffaf0", "#8a7a55", 1, rx=6)
            c.text(x + 8, cy + 24, t.card_name(cid), size=MIN_FONT, weight="bold")
    return y + ((len(pile) + 3) // 4) * (HIT + 6) + GAP


def _space_name(view: dict[str, Any], space: str | None) -> str:
    if space is None:
        return "no space yet"
    for sp in view["board"]["spaces"]:
        if sp["id"] == space:
            return str(sp["name"])
    for area in view["expeditions"]:
        for sp in area["spaces"]:
            if sp["id"] == space:
                return str(sp["name"])
    return "an unknown space"
