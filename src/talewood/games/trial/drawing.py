"""What the Trial's drawing (render.py) shares between the board's regions: the colours and sizes, the
drawing in progress (the canvas, the seat, the legal actions sorted by the piece they concern), placed and
offered paw tokens, cards and resources drawn whole (kept for the next move: most of the table is the same
from one move to the next), and the buttons of a piece's other choices.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...ui.svg import MIN_FONT, Canvas, card, card_height, icon, resource
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


def board_xy(x: float, y: float) -> tuple[float, float]:
    return MX + x * S, MY + y * S


class Drawing:
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


def single(acts: list[dict[str, Any]]) -> dict[str, Any] | None:
    return acts[0] if len(acts) == 1 else None


def _paw(c: Canvas, x: float, y: float, who: int, r: float = 7, strong: bool = False) -> None:
    """A placed paw token: the seat's colour, the golden rim for the strong one."""
    c.circle(x, y, r, SEAT_COLOURS[who], GOLD if strong else "#fff", 2.5 if strong else 1.5)


def draw_paws(c: Canvas, view: dict[str, Any], place: str, who: list[int], x: float, y: float, step: float,
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


def drawn_once(c: Canvas, key: tuple[Any, ...], draw: Callable[[Canvas], Any]) -> Any:
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


def resource_count(c: Canvas, name: str, count: object, x: float, y: float, info: str, colour: str,
              size: float = MIN_FONT * 1.5) -> float:
    return float(drawn_once(c, ("resource", name, count, x, y, info, colour, size),
                        lambda sub: resource(sub, name, count, x, y, info, colour, size)))


def card_box(c: Canvas, x: float, y: float, width: float, title: str, body: str, action: dict[str, Any] | None,
          height: float | None, fill: str, **data: str) -> None:
    """A card drawn whole (ui.svg.card), kept for the next move."""
    key = ("card", x, y, width, title, body, action["id"] if action else None, action["label"] if action else None,
           height, fill, tuple(data.items()))
    extra: dict[str, Any] = dict(data)
    drawn_once(c, key,
               lambda sub: card(sub, x, y, width, title, body, action=action, height=height, fill=fill, **extra))


_BODIES: dict[tuple[str, str, int], tuple[str, float]] = {}


def _paw_choices(t: Drawing, acts: list[dict[str, Any]], x: float, y: float) -> None:
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


def chips(t: Drawing, acts: list[dict[str, Any]], x: float, y: float) -> float:
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


def offer_choices(t: Drawing, acts: list[dict[str, Any]], x: float, y: float) -> None:
    """What a piece offers besides itself: paw tokens as tokens, anything else as buttons."""
    paws = [a for a in acts if a.get("kind") == "paw"]
    rest = [a for a in acts if a.get("kind") != "paw"]
    if paws:
        _paw_choices(t, paws, x + HIT / 2, y + HIT / 2)
        x += len(paws) * OFFER + 4
    if rest:
        chips(t, rest, x, y)


def space_name(view: dict[str, Any], space: str | None) -> str:
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
