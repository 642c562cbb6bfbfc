"""Greylune as SVG for the browser, laid out as the table is: the season board and the VP track, the
Village's 3x3 cards with the gaps between them, the Event, the Adventure track with its Encounters and
Heroic Quests, and each player's board.

Every text a player reads is drawn at ui.svg.MIN_FONT or more, and whole: a Village card shows all its
words, a card a player holds its name (its words on hover or tap, `data-info`). Each decision whose
choices are places or pieces is chosen on them (`data-action`): a gap to place a Villager in, a card's
buttons to activate it or gain coins naming it (an arrow points at the gap the Villager comes from), a
space of the track, an Encounter, a Quest, a Seal, a card or a story on a player's board; the page lists
the rest (moving on to the next season, yes and no, the sides of an Encounter, …).

The server draws every seat's board after every move, and most of the table does not change from one move
to the next: a piece no choice is made on (a card's face, an Encounter, a skill track, the VP track) is
drawn once for its words and place and kept (lru caches), and the icons are drawn once in <defs>.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from ...engine import plural, seat_name
from ...ui.icons import ICONS, SIZE
from ...ui.svg import MIN_FONT, Canvas, final_banner, text_width, wrap
from .actions import GAPS
from .scoring import SHEET_ROWS

COLORS = ("#2f6db5", "#e07b1f", "#c43b3b", "#7d4bb3")
FILL = {"building": "#e3edd8", "item": "#ece3f5", "companion": "#f8e2d6"}
KIND = {"building": "Building", "item": "Item", "companion": "Companion"}
WIDTH = 980
X0 = 16
CARD_W, GAP_X, GAP_Y = 272, 56, 56          # the Village: cards and the gaps between them
LINE = 16                                    # a line of 12 px text
BUTTON_H = 36                                # a button on a card: large enough for a finger
SPACE_W = (WIDTH - 2 * X0 - 5 * 8) / 6       # a column of the Adventure track
VERB = {"building": "Use", "item": "Buy", "companion": "Recruit"}
SPECIAL_SHORT = ("Tell a story", "Move 1 space", "Gain 1 Magic")


def _key(action: dict[str, Any], decision: dict[str, Any]) -> tuple[str, int]:
    """The piece of the board an action is chosen on; ("panel", 0) for what the page lists. The action
    comes with its kind and parameters from the game's own action space (a content variant has its own)."""
    params = action
    kind = action["kind"]
    if kind in ("place", "clear", "event_gap"):
        return ("gap", int(params["gap"]))
    if kind in ("coins", "activate"):
        return ("slot", int(params["slot"]))
    if kind == "event":
        return ("event", int(params["option"]))
    if kind == "move_to":
        return ("space", int(params["space"]))
    if kind == "encounter":
        return ("enc", int(params["encounter"]))
    if kind == "space_bonus":
        return ("bonus_space", int(decision.get("space", 0)))
    if kind == "quest":
        return ("quest", int(decision.get("space", 0)))
    if kind in ("tell", "tell_boost", "pick_story"):
        return ("story", int(params["encounter"]))
    if kind in ("use_item", "potion", "discard_item", "ready_card"):
        return ("card", int(params["card"]))
    if kind == "special":
        return ("special", 0)
    if kind == "bonus":
        return ("bonus", int(params["token"]))
    if kind == "seal" and decision.get("kind") == "ChooseSeal":
        return ("seal", int(params["value"]))
    return ("panel", 0)


def _arrow(gap: int, slot: int) -> str:
    """Where the gap a Villager comes from lies, seen from the card in `slot`."""
    a, b = GAPS[gap]
    other = a if b == slot else b
    if other // 3 == slot // 3:
        return "←" if other < slot else "→"
    return "↑" if other < slot else "↓"


class Board:
    """The drawing: the canvas and the legal actions by the piece they are chosen on."""

    def __init__(self, view: dict[str, Any], seat: int | None, actions: list[dict[str, Any]]) -> None:
        self.c = Canvas()
        self.view = view
        self.seat = seat
        self.decision = view.get("decision") or {}
        self.on: dict[tuple[str, int], list[dict[str, Any]]] = {}
        self.icons: set[str] = set()            # drawn once in <defs>, then used (the drawing stays small)
        for a in actions:
            self.on.setdefault(_key(a, self.decision), []).append(a)

    def text(self, x: float, y: float, s: object, size: float = MIN_FONT, **kw: Any) -> None:
        self.c.text(x, y, s, size=size, **kw)

    def lines(self, x: float, y: float, s: str, width: float, size: float = MIN_FONT, **kw: Any) -> float:
        """`s` whole, wrapped to `width`, from baseline y; returns the y below it."""
        rows = _lines(s, width, size)
        for k, row in enumerate(rows):
            self.c.text(x, y + k * (size + 4), row, size=size, **kw)
        return y + len(rows) * (size + 4)

    def button(self, action: dict[str, Any], x: float, y: float, label: str, w: float | None = None) -> float:
        """A button for `action`; returns its width."""
        w = w or text_width(label, MIN_FONT) + 18
        with self.c.group("button", action):
            self.c.rect(x, y, w, BUTTON_H, "#ffe680", "#a08000", 1, rx=5)
            self.text(x + w / 2, y + 21, label, anchor="middle", weight="bold")
        return w

    def buttons(self, items: list[tuple[dict[str, Any], str]], x: float, y: float, width: float) -> float:
        """Buttons flowing in rows from (x, y) within `width`; returns the y below them."""
        if not items:
            return y
        cx, cy = x, y
        for action, label in items:
            w = text_width(label, MIN_FONT) + 18
            if cx + w > x + width and cx > x:
                cx, cy = x, cy + BUTTON_H + 6
            cx += self.button(action, cx, cy, label, min(w, width)) + 6
        return cy + BUTTON_H + 6

    def icon(self, name: str, x: float, y: float, size: float, colour: str) -> None:
        """The game-icons.net icon `name` (ui/icons.py) in a `size` square at x, y."""
        self.icons.add(name)
        self.c.add(f'<use href="#greylune-{name}" x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" '
                   f'color="{colour}" aria-hidden="true"/>')

    def defs(self) -> str:
        return "<defs>" + "".join(f'<symbol id="greylune-{name}" viewBox="0 0 {SIZE} {SIZE}">{ICONS[name]}</symbol>'
                                  for name in sorted(self.icons)) + "</defs>"

    def villagers(self, x: float, y: float, counts: list[int], across: bool) -> None:
        """Each player's Villagers here: their colour's meeple and how many."""
        if any(counts):
            self.icons.add("villager")
            self.c.add(_villagers(x, y, tuple(counts), across))


@lru_cache(maxsize=2048)
def _villagers(x: float, y: float, counts: tuple[int, ...], across: bool) -> str:
    c = Canvas()
    k = 0
    for p, n in enumerate(counts):
        if not n:
            continue
        px, py = (x + 40 * k, y) if across else (x, y + 24 * k)
        with c.group("villagers", None, f"{seat_name(p)}: {plural(n, 'Villager')}"):
            c.add(f'<use href="#greylune-villager" x="{px:g}" y="{py:g}" width="20" height="20" color="{COLORS[p]}" '
                  f'aria-hidden="true"/>')
            c.text(px + 22, py + 16, n, size=MIN_FONT, fill=COLORS[p], weight="bold")
        k += 1
    return "".join(c.parts)


def render_svg(view: dict[str, Any], seat: int | None, actions: list[dict[str, Any]]) -> str:
    """The page for `seat`; `actions` as the server sends them (the game's own action space's JSON: id,
    kind and parameters, and the label)."""
    b = Board(view, seat, actions)
    y = _head(b)
    y = _village(b, y + 10)
    y = _event(b, y + 8)
    y = _track(b, y + 14)
    for p in view["player_states"]:
        y = _player(b, p, y + 10)
    y = final_banner(b.c, X0, y + 12, WIDTH - 2 * X0, view.get("score_sheet"))
    drawn = b.c.parts
    b.c.parts = [b.defs()]
    b.c.rect(0, 0, WIDTH, y + 10, "#f4efe4", rx=0)
    b.c.parts.extend(drawn)
    return b.c.svg(WIDTH, y + 10, "greylune", font="sans-serif")


def _head(b: Board) -> float:
    """The year, the season board (who is in which season) and the VP track."""
    view, c = b.view, b.c
    b.text(X0, 26, f"Greylune — year {view['year']} of 5 (period {'I' * view['period']})", 18, weight="bold")
    x = 420.0
    for season in ("Spring", "Summer", "Autumn"):
        c.add(_season(season, tuple(p["seat"] for p in view["player_states"] if p["season"] == season), x))
        x += 176
    y0, cell = 46.0, (WIDTH - 2 * X0 - 34) / 25
    c.add(_vp_track(y0, cell))
    for p in view["player_states"]:
        v = p["vp"]
        x = X0 + 34 + (v % 25) * cell + 7 + 9 * p["seat"]
        with c.group("marker", None, f"{seat_name(p['seat'])}: {v} VP"):
            c.circle(x, y0 + 32, 6, COLORS[p["seat"]], "#fff", 1)
    past = [p for p in view["player_states"] if p["vp"] >= 25]
    if past:          # the track has 25 spaces: past 24 a marker goes round again
        b.text(X0 + 34, y0 + 56, "Round the track again: " + ", ".join(
            f"{seat_name(p['seat'])} has {p['vp']} VP" for p in past), fill="#555")
        return y0 + 62
    return y0 + 44


@lru_cache(maxsize=64)
def _season(season: str, who: tuple[int, ...], x: float) -> str:
    """A season of the season board, with the markers of the players in it."""
    c = Canvas()
    with c.group("season", None, f"{season}: " + (", ".join(seat_name(p) for p in who) or "no one")):
        c.rect(x, 6, 170, 30, "#efe6cf", "#b8a77a", 1, rx=6)
        c.text(x + 8, 26, season, size=MIN_FONT, weight="bold")
        for k, p in enumerate(who):
            c.circle(x + 80 + 22 * k, 21, 10, COLORS[p])
            c.text(x + 80 + 22 * k, 25, p + 1, size=MIN_FONT, anchor="middle", fill="#fff", weight="bold")
    return "".join(c.parts)


@cache
def _vp_track(y0: float, cell: float) -> str:
    """The VP track, 0 to 24; the 8 and 20 VP spaces (Bonus tokens) stand out."""
    c = Canvas()
    with c.group("track", None, "The VP track: each player's victory points gained during the game. Reaching "
                                "8 VP, then 20 VP, a player takes one of their Bonus tokens."):
        c.text(X0, y0 + 19, "VP", size=MIN_FONT, weight="bold")
        for v in range(25):
            x = X0 + 34 + v * cell
            c.rect(x, y0, cell - 2, 26, "#e8b04a" if v in (8, 20) else "#d9c9a3", "#8a7a5a", 1, rx=3)
            c.text(x + (cell - 2) / 2, y0 + 18, v, size=MIN_FONT, anchor="middle")
    return "".join(c.parts)


@lru_cache(maxsize=2048)
def _lines(text: str, width: float, size: float = MIN_FONT) -> tuple[str, ...]:
    """`text` wrapped whole (the same texts are drawn move after move: wrapped once)."""
    return tuple(wrap(text, width, size, 99))


def _card_lines(card: dict[str, Any]) -> tuple[str, ...]:
    return _lines(card["brief"], CARD_W - 16)


def _cost_words(card: dict[str, Any]) -> str:
    return ("a Seal's value" if "discard a Seal token and pay" in card["text"]
            else "free" if not card["cost"] else plural(card["cost"], "coin"))


@lru_cache(maxsize=2048)
def _card_face(name: str, kind: str, tavern: bool, cost: str, brief: str, seals: tuple[int, ...], around: int,
               x: float, top: float, h: float) -> str:
    """A Village card's face: its Seals, name, kind and cost, the Villagers beside it and its whole text."""
    c = Canvas()
    c.rect(x, top, CARD_W, h, FILL[kind], "#6b5a3a", 1, rx=8)
    for k, v in enumerate(seals):      # the Seals, top right
        c.add(f'<g class="seal">{_seal_face(x + CARD_W - 20 - 30 * k, top + 18, v, 13)}</g>')
    c.text(x + 8, top + 20, name, size=14, weight="bold")
    extra = f" · {plural(around, 'Villager')} beside it" if around else ""
    c.text(x + 8, top + 40, f"{'Tavern' if tavern else KIND[kind]} · {cost}{extra}", size=MIN_FONT, fill="#444")
    for k, line in enumerate(_lines(brief, CARD_W - 16)):
        c.text(x + 8, top + 58 + LINE * k, line, size=MIN_FONT)
    return "".join(c.parts)


def _slot_actions(b: Board, slot: int) -> list[tuple[dict[str, Any], str]]:
    """The buttons of a Village card: activate it, gain coins naming it, each by the gap its Villager leaves."""
    card = b.view["village"][slot]
    out = []
    for a in b.on.get(("slot", slot), []):
        arrow = _arrow(int(a["gap"]), slot)
        if a["kind"] == "activate":
            price = str(a["label"]).split(" for ", 1)[1].split(" (Villager", 1)[0]
            price = price.replace("a Seal's value in coins", "a Seal")
            out.append((a, f"{VERB[card['kind']]}: {price} {arrow}"))
        else:
            n = str(a["label"]).split(" ", 2)[1]
            out.append((a, f"{'No' if n == 'no' else '+' + n} coins {arrow}" if n != "1" else f"+1 coin {arrow}"))
    return out


def _columns(acts: list[tuple[dict[str, Any], str]]) -> int:
    """Two buttons to a row on a Village card when every label fits half its width, else one."""
    half = (CARD_W - 22) / 2
    return 2 if all(text_width(label, MIN_FONT) + 14 <= half for _, label in acts) else 1


def _village(b: Board, y0: float) -> float:
    view, c = b.view, b.c
    b.text(X0, y0 + 14, "Village", 15, weight="bold")
    decks = view["decks"]
    b.text(WIDTH - X0, y0 + 14, f"Village deck {decks['village']} · Encounter deck {decks['encounters']} · "
                                f"Events left {decks['events']}", anchor="end", fill="#555")
    y = y0 + 24
    tops: list[float] = []
    heights: list[float] = []
    for r in range(3):
        need = 70.0
        for col in range(3):
            slot = r * 3 + col
            card = view["village"][slot]
            if card is None:
                continue
            acts = _slot_actions(b, slot)
            rows = -(-len(acts) // _columns(acts)) if acts else 0
            need = max(need, 60.0 + LINE * len(_card_lines(card)) + (BUTTON_H + 6) * rows + (4 if acts else 0))
        tops.append(y)
        heights.append(need)
        y += need + GAP_Y
    for slot in range(9):
        r, col = divmod(slot, 3)
        x, top, h = float(X0 + col * (CARD_W + GAP_X)), tops[r], heights[r]
        card = view["village"][slot]
        if card is None:
            c.rect(x, top, CARD_W, h, "none", "#bbb", 1, extra=' stroke-dasharray="5 4"')
            b.text(x + CARD_W / 2, top + h / 2 + 5, "Empty space", anchor="middle", fill="#888")
            continue
        seals = card["seals"]
        info = f"{card['name']}: {card['text']}" + (f" Seals on it: {', '.join(map(str, seals))}." if seals else "")
        c.add(_piece("card", info, _card_face(card["name"], card["kind"], card["tavern"], _cost_words(card),
                                              card["brief"], tuple(seals), card["extra_cost"], x, top, h),
                     slot + 1))
        if seals and b.decision.get("kind") == "ChooseSeal" and b.decision.get("slot") == slot:
            for k, v in enumerate(seals):
                for a in b.on.get(("seal", v), []):
                    _seal(b, x + CARD_W - 20 - 30 * k, top + 18, v, a)
        acts = _slot_actions(b, slot)
        if acts:
            cols = _columns(acts)
            by = top + h - (BUTTON_H + 6) * -(-len(acts) // cols) - 2
            w = (CARD_W - 16 - 6 * (cols - 1)) / cols
            for k, (a, label) in enumerate(acts):
                b.button(a, x + 8 + (k % cols) * (w + 6), by + (k // cols) * (BUTTON_H + 6), label, w)
    for g, (sa, sb) in enumerate(GAPS):
        ra, ca = divmod(sa, 3)
        ax = X0 + ca * (CARD_W + GAP_X)
        across = sb != sa + 1                  # a gap between two rows: its Villagers side by side
        if not across:
            gx, gy, w, h = ax + CARD_W + 6.0, tops[ra] + 4, GAP_X - 12.0, heights[ra] - 8
        else:
            gx, gy, w, h = ax + 8, tops[ra] + heights[ra] + 6, CARD_W - 16, GAP_Y - 12
        here = view["gaps"][g]["villagers"]
        places = [a for a in b.on.get(("gap", g), []) if a["kind"] == "place"]
        info = f"The gap {_gap_words(view, g)}: " + (
            ", ".join(f"{seat_name(p)} {n}" for p, n in enumerate(here) if n) or "no Villager") + "."
        if any(here):
            b.icons.add("villager")
        face = (f'<rect x="{gx:.0f}" y="{gy:.0f}" width="{w:.0f}" height="{h:.0f}" rx="6" fill="#efe6cf" '
                f'stroke="#c9b98f" stroke-width="1"/>'
                + _villagers(gx + 4, gy + 4 if not across else gy + (h - 20) / 2, tuple(here), across))
        if places:
            with c.group("gap", places[0], info):
                c.add(face)
        else:
            c.add(_piece("gap", info, face))
        rest = [(a, "Event" if a["kind"] == "event_gap" else "Camp")
                for a in b.on.get(("gap", g), []) if a not in places]
        for k, (a, label) in enumerate(rest):
            if across:
                b.button(a, gx + w - 66 * (len(rest) - k), gy + (h - BUTTON_H) / 2, label, 62)
            else:
                b.button(a, gx, gy + h - (BUTTON_H + 4) * (len(rest) - k), label, w)
    return y - GAP_Y + 8


def _gap_words(view: dict[str, Any], g: int) -> str:
    names = []
    for slot in GAPS[g]:
        card = view["village"][slot]
        r, col = divmod(slot, 3)
        names.append(card["name"] if card else f"the empty space in row {r + 1}, column {col + 1}")
    return f"between {names[0]} and {names[1]}"


def _seal(b: Board, cx: float, cy: float, value: int, action: dict[str, Any] | None) -> None:
    with b.c.group("seal", action, f"A Seal token of value {value}."):
        b.c.add(_seal_face(cx, cy, value, 13 if action is None else 16))


def _seal_face(cx: float, cy: float, value: int, r: float) -> str:
    return (f'<circle cx="{cx:.0f}" cy="{cy:.0f}" r="{r:g}" fill="#b22" stroke="#611" stroke-width="1"/>'
            f'<text x="{cx:.0f}" y="{cy + 5:.0f}" font-size="{MIN_FONT}" fill="#fff" text-anchor="middle" '
            f'font-weight="bold">{value}</text>')


def _event(b: Board, y0: float) -> float:
    """The Event of the year: its options, who took part."""
    ev = b.view["event"]
    if not ev:
        return y0
    c = b.c
    with c.group("event", None, ev["text"]):
        b.text(X0, y0 + 16, f"Event: {ev['name']}", 15, weight="bold")
        b.text(X0 + text_width(f"Event: {ev['name']}", 15) + 12, y0 + 16,
               "once a year, in Spring or Summer, with a Villager", fill="#555")
        b.villagers(WIDTH - X0 - 40 * sum(1 for n in ev["villagers"] if n), y0, ev["villagers"], True)
    x, y = float(X0), y0 + 26
    for k, opt in enumerate(ev["options"]):
        taken = ev["festival_taken"][k] if k < len(ev["festival_taken"]) else -1
        acts = b.on.get(("event", k), [])
        label = opt[:1].upper() + opt[1:] + (f" (taken by {seat_name(taken)})" if taken >= 0 else "")
        w = min(text_width(label, MIN_FONT) + 20, WIDTH - 2 * X0)
        if x + w > WIDTH - X0:
            x, y = float(X0), y + 52
        with c.group("event-option", acts[0] if acts else None, f"{ev['name']}: {label}"):
            c.rect(x, y, w, 44, "#dde3f0" if taken < 0 else "#ddd", COLORS[taken] if taken >= 0 else "#667", 1, rx=6)
            b.text(x + 10, y + 27, label)
        x += w + 8
    return y + 52


def _track(b: Board, y0: float) -> float:
    """The Adventure track: a column per space, its Adventurers, its Encounters and its Heroic Quest."""
    view, c = b.view, b.c
    b.text(X0, y0 + 16, "Adventure track", 15, weight="bold")
    y0 += 26
    quests = {q["space"]: q for q in view["quests"]}
    spaces = view["texts"]["spaces"]
    bottom = y0
    for d, crest in enumerate(view["track"]):
        x = X0 + d * (SPACE_W + 8)
        moves = b.on.get(("space", d), [])
        here = [p["seat"] for p in view["player_states"] if p["adventurer"] == d]
        with c.group("space", moves[0] if moves else None, spaces[crest]):
            c.rect(x, y0, SPACE_W, 76, "#eee3cc" if d == 0 else "#e3ecf3", "#6b7a8a", 1, rx=6)
            b.text(x + 8, y0 + 20, f"{d} · {crest}", 14, weight="bold")
            bonus = {1: "or 1 coin", 2: "or 1 VP"}.get(d, "")
            if bonus:
                b.text(x + 8, y0 + 38, bonus, fill="#444")
            for k, p in enumerate(here):
                b.icon("flag", x + 8 + 26 * k, y0 + 46, 24, COLORS[p])
        y = y0 + 84
        for a in b.on.get(("bonus_space", d), []):
            label = str(a["label"]).split(" instead", 1)[0]
            y = b.buttons([(a, label)], x, y, SPACE_W)
        for e in (e for e in view["encounters"] if e["distance"] == d):
            y = _encounter(b, e, x, y) + 8
        if d in quests:
            y = _quest(b, quests[d], x, y) + 8
        bottom = max(bottom, y)
    return bottom


def _side(side: dict[str, Any]) -> str:
    return side["reward"] if side["req"] == "nothing" else f"{side['req']} → {side['reward']}"


def _encounter(b: Board, e: dict[str, Any], x: float, y: float) -> float:
    """An Encounter card: its name, story value and each side (requirement → reward), whole."""
    acts = b.on.get(("enc", e["id"]), [])
    face, h = _encounter_face(e["name"], e["story"], e["income"] or "", tuple(_side(side) for side in e["sides"]),
                              x, y)
    if acts:
        with b.c.group("encounter", acts[0], f"{e['name']}: {e['text']}"):
            b.c.add(face)
    else:
        b.c.add(_piece("encounter", f"{e['name']}: {e['text']}", face))
    return y + h


@lru_cache(maxsize=2048)
def _piece(cls: str, info: str, face: str, slot: int = 0) -> str:
    """A readable piece no choice is made on, drawn once for the moves it does not change."""
    c = Canvas()
    with c.group(cls, None, info, **({"slot": slot} if slot else {})):
        c.add(face)
    return "".join(c.parts)


@lru_cache(maxsize=2048)
def _encounter_face(name: str, story: int, income: str, sides: tuple[str, ...], x: float, y: float
                    ) -> tuple[str, float]:
    c = Canvas()
    names = _lines(name, SPACE_W - 16, 13)
    rows = [_lines(side, SPACE_W - 16) for side in sides]
    h = 30 + 17 * len(names) + LINE * sum(len(r) for r in rows) + (LINE if income else 0)
    c.rect(x, y, SPACE_W, h, "#fff8e8", "#7a6a4a", 1, rx=6)
    yy = y + 18
    for line in names:
        c.text(x + 8, yy, line, size=13, weight="bold")
        yy += 17
    c.text(x + 8, yy, f"story {story}", size=MIN_FONT, fill="#6a4a00")
    yy += LINE + 2
    for k, lines in enumerate(rows):
        for line in lines:
            c.text(x + 8, yy, line, size=MIN_FONT, fill="#222" if k == 0 else "#35507a")
            yy += LINE
    if income:
        c.text(x + 8, yy, f"Income token: {income}", size=MIN_FONT, fill="#6a4a00")
    return "".join(c.parts), h


def _quest(b: Board, q: dict[str, Any], x: float, y: float) -> float:
    what = q["text"].split(": ", 1)[1].split(". ", 1)[0]
    rows = wrap(what, SPACE_W - 16, MIN_FONT, 99)
    h = 64 + LINE * len(rows)
    acts = b.on.get(("quest", q["space"]), [])
    done = (" Done by " + ", ".join(seat_name(p) for p in q["done_by"]) + ".") if q["done_by"] else ""
    with b.c.group("quest", acts[0] if acts else None, q["text"] + done):
        b.c.rect(x, y, SPACE_W, h, "#f3e0f0", "#8a4a8a", 1, rx=6)
        b.text(x + 8, y + 18, f"Quest: {q['name']}", 13, weight="bold", fill="#5a1a5a")
        yy = b.lines(x + 8, y + 36, what, SPACE_W - 16)
        b.text(x + 8, yy + 2, f"{q['vp'][0]} VP first, then {q['vp'][1]}", fill="#5a1a5a")
        for k, p in enumerate(q["done_by"]):
            b.c.circle(x + SPACE_W - 14 - 16 * k, y + 14, 6, COLORS[p], "#fff", 1)
    return y + h


def _held(b: Board, card: dict[str, Any], x: float, y: float, w: float) -> float:
    """A card a player holds: its name (its words on hover or tap), exhausted or not, its buttons."""
    acts = b.on.get(("card", card["id"]), [])
    names = _lines(card["name"], w - 16)
    h = 14.0 + LINE * len(names) + (LINE if card["exhausted"] else 0) + 4
    labels = []
    uses = sum(1 for a in acts if a["kind"] == "use_item")
    for a in acts:
        kind = a["kind"]
        if kind == "use_item":
            n = int(a["ability"])
            labels.append((a, "Use" if uses == 1 else f"Ability {n + 1}"))
        else:
            labels.append((a, {"potion": "Use", "discard_item": "Discard", "ready_card": "Ready"}[kind]))
    h += (BUTTON_H + 6) * len(labels)
    b.c.add(_held_face(card["name"], card["kind"], card["text"], card["exhausted"], x, y, w, h))
    by = y + h - (BUTTON_H + 6) * len(labels)
    for a, label in labels:
        b.button(a, x + 6, by, label, w - 12)
        by += BUTTON_H + 6
    return h


@lru_cache(maxsize=2048)
@lru_cache(maxsize=2048)
def _held_face(name: str, kind: str, text: str, exhausted: bool, x: float, y: float, w: float, h: float) -> str:
    c = Canvas()
    with c.group("held", None, f"{name}{' (exhausted)' if exhausted else ''}: {text}"):
        c.rect(x, y, w, h, "#ccc" if exhausted else FILL[kind], "#6b5a3a", 1, rx=6)
        yy = y + 18
        for line in _lines(name, w - 16):
            c.text(x + 8, yy, line, size=MIN_FONT, weight="bold")
            yy += LINE
        if exhausted:
            c.text(x + 8, yy, "exhausted", size=MIN_FONT, fill="#555")
    return "".join(c.parts)


@lru_cache(maxsize=2048)
def _skill(name: str, value: int, x: float, y: float, colour: str) -> str:
    """A skill's track, 0 to 5, its marker on `value`."""
    c = Canvas()
    with c.group("skill", None, f"{name}: {value} (the track goes from 0 to 5)"):
        c.text(x, y + 17, name, size=MIN_FONT, weight="bold")
        for i in range(6):
            cx = x + 66 + 24 * i
            c.rect(cx, y, 22, 24, colour if i == value else "#f3efe6", "#999", 1, rx=3)
            c.text(cx + 11, y + 17, i, size=MIN_FONT, anchor="middle", fill="#fff" if i == value else "#777")
    return "".join(c.parts)


def _player(b: Board, p: dict[str, Any], y0: float) -> float:
    view, c = b.view, b.c
    seat = p["seat"]
    me = seat == b.seat
    texts = view["texts"]
    frame = len(c.parts)        # the frame goes under what is drawn here, once its height is known
    colour = COLORS[seat]
    first = " · first player" if seat == view["first_player"] else ""
    b.text(X0 + 12, y0 + 24, f"{seat_name(seat)}{' (you)' if me else ''}{first} · {p['season']}", 15,
           weight="bold", fill=colour)
    x = X0 + 12 + text_width(f"{seat_name(seat)}{' (you)' if me else ''}{first} · {p['season']}", 15) + 24
    for name, shown, what in (("coins", plural(p["coins"], "coin"), plural(p["coins"], "coin")),
                              ("points", f"{p['vp']} VP", f"{p['vp']} VP on the track")):
        with c.group("resource", None, f"{seat_name(seat)}: {what}"):
            b.icon(name, x, y0 + 8, 22, "#6a4a00")
            b.text(x + 26, y0 + 25, shown, weight="bold")
        x += 26 + text_width(shown, MIN_FONT) + 18
    b.text(x, y0 + 25, f"Adventurer on {'the Village' if not p['adventurer'] else 'space ' + str(p['adventurer'])}")
    c.add(_skill("Strength", p["strength"], X0 + 12, y0 + 36, "#c33"))
    c.add(_skill("Magic", p["magic"], X0 + 240, y0 + 36, "#36c"))
    v = p["villagers"]
    where = (f"Villagers: {v['active']} active, {v['village']} in the Village, {v['campsite']} in the Campsite, "
             f"{v['event']} on the Event, {v['special']} on the special action, {v['supply']} in the supply")
    y = b.lines(X0 + 12, y0 + 82, where, WIDTH - 2 * X0 - 24)
    # the special action, Income and Bonus tokens
    acting = seat == view.get("current_player")       # the special action and Bonus tokens are this board's own
    specials = [(a, SPECIAL_SHORT[int(a["option"])])
                for a in b.on.get(("special", 0), [])] if acting else []
    with c.group("special", None, "The special action on your board (Summer, once a year): place a Villager to "
                                  "tell a story worth up to 3 (2 coins + 1 Strength + 2 VP), move your Adventurer "
                                  "1 space, or gain 1 Magic."):
        b.text(X0 + 12, y + 14, "Special action:", weight="bold")
        b.text(X0 + 120, y + 14, "tell a story, move 1 space or gain 1 Magic" if not specials else "", fill="#444")
    if specials:
        y = b.buttons(specials, X0 + 120, y, WIDTH - 2 * X0 - 140) + 2
    else:
        y += 24
    x = X0 + 12
    b.text(x, y + 20, "Income:", weight="bold")
    x += 62
    if not p["income"]:
        b.text(x, y + 20, "none", fill="#555")
        x += 40
    for name in p["income"]:
        w = text_width(name, MIN_FONT) + 16
        with c.group("token", None, texts["income"][name]):
            c.rect(x, y + 4, w, 24, "#f0e2b6", "#999", 1, rx=12)
            b.text(x + 8, y + 21, name)
        x += w + 6
    x += 18
    b.text(x, y + 20, "Bonus tokens:", weight="bold")
    x += 102
    for k, name in enumerate(("Coins", "Skills", "Villager")):
        have = name in p["bonus_tokens"]
        acts = b.on.get(("bonus", k), []) if acting else []
        w = text_width(name, MIN_FONT) + 20
        with c.group("token", acts[0] if acts else None, texts["bonus"][name] + ("" if have else " (taken)")):
            c.rect(x, y + 4 - (6 if acts else 0), w, 24 + (12 if acts else 0), "#e8b04a" if have else "#eee",
                   "#f5b700" if acts else "#999", 1, rx=12)
            b.text(x + 10, y + 21, name, fill="#222" if have else "#888")
        x += w + 6
    y += 40
    # Companions and Items, then stories
    cards = [*p["companions"], *p["items"]]
    x = X0 + 12
    b.text(x, y + 14, f"Companions ({len(p['companions'])} of 3) and Items ({len(p['items'])} of {p['item_limit']}):",
           weight="bold")
    y += 22
    tallest = 0.0
    for card in cards:
        if x + 150 > WIDTH - X0 - 8:
            x, y = X0 + 12, y + tallest + 8
            tallest = 0.0
        tallest = max(tallest, _held(b, card, x, y, 150))
        x += 156
    y += tallest + (8 if cards else 0)
    x = X0 + 12
    b.text(x, y + 14, f"Untold stories ({len(p['untold'])}):", weight="bold")
    y += 22
    tallest = 0.0
    for e in p["untold"]:
        if x + 150 > WIDTH - X0 - 8:
            x, y = X0 + 12, y + tallest + 8
            tallest = 0.0
        tallest = max(tallest, _story(b, e, x, y))
        x += 156
    y += tallest + (8 if p["untold"] else 0)
    told = p["told"]
    if told:
        y = b.lines(X0 + 12, y + 14, f"Told stories ({len(told)}): " + ", ".join(
            f"{e['name']} (story {e['story']})" for e in told), WIDTH - 2 * X0 - 24) - 8
    end = p["end_game"]
    breakdown = ", ".join(f"{label} {end[kind]}" for kind, label in SHEET_ROWS if kind != "total")
    with c.group("scoring", None, f"If the game ended now, {seat_name(seat)} would score {end['total']} VP: "
                                  f"{breakdown}."):
        y = b.lines(X0 + 12, y + 20, f"If the game ended now: {end['total']} VP ({breakdown})",
                    WIDTH - 2 * X0 - 24, fill="#444")
    bottom = y + 6
    parts = c.parts[frame:]
    del c.parts[frame:]
    c.add(f'<g class="player" data-seat="{seat + 1}">')
    c.rect(X0, y0, WIDTH - 2 * X0, bottom - y0, "#fffaf0" if me else "#fbf8f1", colour, 2.5 if me else 1.2, rx=8)
    c.parts.extend(parts)
    c.add("</g>")
    return bottom


def _story(b: Board, e: dict[str, Any], x: float, y: float) -> float:
    acts = b.on.get(("story", e["id"]), [])
    labels = []
    for a in acts:
        kind = a["kind"]
        labels.append((a, {"tell": "Tell", "tell_boost": "Tell as 3", "pick_story": "Move to Told"}[kind]))
    names = wrap(e["name"], 134, MIN_FONT, 99)
    h = 26 + LINE * len(names) + (BUTTON_H + 6) * len(labels)
    with b.c.group("story", None, f"{e['name']}: {e['text']}"):
        b.c.rect(x, y, 150, h, "#fff8e8", "#7a6a4a", 1, rx=6)
        yy = y + 18
        for line in names:
            b.text(x + 8, yy, line, weight="bold")
            yy += LINE
        b.text(x + 8, yy, f"story {e['story']}", fill="#6a4a00")
    by = y + h - (BUTTON_H + 6) * len(labels)
    for a, label in labels:
        b.button(a, x + 6, by, label, 138)
        by += BUTTON_H + 6
    return h
