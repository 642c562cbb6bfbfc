"""Greylune as SVG for the browser: the Village, the track, the Event, Quests, every player board.

Every legal action that concerns a piece of the board is a clickable element carrying
`data-action="<id>"`, drawn on (or beside) that piece; the rest go to the action bar. Every card,
tile, token and space is a group with `data-info` (its full text, from the view): names and texts
on the board are wrapped or end in "…", never cut, and the page shows the whole text on hover or tap.
"""

from __future__ import annotations

from functools import cache
from html import escape
from typing import Any

from ...engine import ActionSpace, plural, seat_name
from ...ui.svg import Canvas, attr, final_banner, wrap
from .actions import GAPS
from .scoring import SHEET_ROWS

COLORS = ("#2f6db5", "#e07b1f", "#c43b3b", "#7d4bb3")
CARD_W, CARD_H, GAP = 150, 86, 44
VX, VY = 20, 90
TX, TY, ROW_H, TRACK_W = 580, 90, 84, 500
EVENT_Y, EVENT_W = 462, 540              # the Event, under the Village (left of the track)
BOARD_Y0, BOARD_H = 610, 200
WIDTH = 1100
SPECIAL_SHORT = ("story", "move 1", "+1 Magic")      # the special action's options (actions.SPECIAL_OPTIONS)


@cache
def _space() -> ActionSpace:
    """Greylune's action space (the Game builds it from its content)."""
    from .. import load

    return load("greylune").action_space


def _key(action: int) -> tuple[str, int]:
    """Which piece of the board an action concerns."""
    spec = _space().specs[action]
    params = dict(spec.params)
    kind = spec.kind
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
    if kind in ("tell", "tell_boost", "pick_story"):
        return ("story", int(params["encounter"]))
    if kind in ("use_item", "potion", "discard_item", "ready_card"):
        return ("card", int(params["card"]))
    if kind == "special":
        return ("special", int(params["option"]))
    if kind == "bonus":
        return ("bonus", int(params["token"]))
    return ("bar", 0)


def _from(params: dict[str, Any]) -> str:
    """An arrow on a card's button pointing at the gap its Villager comes from (left, right, up or down)."""
    a, b = GAPS[int(params["gap"])]
    slot = int(params["slot"])
    other = a if b == slot else b
    if other // 3 == slot // 3:
        return "←" if other < slot else "→"
    return "↑" if other < slot else "↓"


def _short(action: int) -> str:
    spec = _space().specs[action]
    p = dict(spec.params)
    if spec.kind == "special":
        return SPECIAL_SHORT[int(p["option"])]
    if spec.kind in ("coins", "activate"):
        return f"{spec.kind} {_from(p)}"
    return {
        "place": "place", "clear": "take back", "event_gap": "to Event", "tell_boost": "tell as 3",
        "use_item": f"use {int(p.get('ability', 0)) + 1}",
        "discard_item": "discard", "ready_card": "ready", "pick_story": "tell",
        "space_bonus": "bonus", "stop": "stop here", "quest": "complete", "event": "take",
    }.get(spec.kind, spec.kind.replace("_", " "))


class _Svg:
    def __init__(self, actions: list[dict[str, Any]], decision: dict[str, Any]) -> None:
        self.parts: list[str] = []
        self.by_key: dict[tuple[str, int], list[dict[str, Any]]] = {}
        here = decision["space"] if decision.get("kind") == "Arrive" else -1
        for a in actions:
            key = _key(int(a["id"]))
            kind = _space().specs[int(a["id"])].kind
            if here >= 0 and kind in ("space_bonus", "stop"):
                key = ("space", here)
            elif here >= 0 and kind == "quest":
                key = ("quest", here)
            self.by_key.setdefault(key, []).append(a)
        self.used: set[int] = set()

    def add(self, text: str) -> None:
        self.parts.append(text)

    def rect(self, x: float, y: float, w: float, h: float, fill: str, stroke: str = "#333", rx: int = 4,
             extra: str = "") -> None:
        self.add(f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx}" fill="{fill}" '
                 f'stroke="{stroke}"{extra}/>')

    def text(self, x: float, y: float, s: str, size: int = 11, anchor: str = "start", weight: str = "normal",
             fill: str = "#111") -> None:
        self.add(f'<text x="{x:g}" y="{y:g}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}" '
                 f'fill="{fill}">{escape(s)}</text>')

    def lines(self, x: float, y: float, s: str, width: float, size: int = 11, lines: int = 1, step: float = 0,
              weight: str = "normal", fill: str = "#111") -> int:
        """`s` wrapped into at most `lines` lines from baseline y (never cut: it ends in "…"); returns the
        number of lines drawn."""
        rows = wrap(s, width, size, lines)
        for i, row in enumerate(rows):
            self.text(x, y + i * (step or size + 2), row, size, weight=weight, fill=fill)
        return len(rows)

    def open_info(self, info: str, cls: str = "") -> None:
        """A readable piece: its full text in data-info (the page's info panel) and a plain tooltip."""
        self.add(f'<g class="info{" " + cls if cls else ""}" data-info={attr(info)}><title>{escape(info)}</title>')

    def close(self) -> None:
        self.add("</g>")

    def buttons(self, key: tuple[str, int], x: float, y: float, max_w: float = 150) -> None:
        """Clickable buttons for the actions concerning `key`, laid out from (x, y)."""
        cx, cy = x, y
        for a in self.by_key.get(key, []):
            label = _short(int(a["id"]))
            w = 7 * len(label) + 10
            if cx + w > x + max_w and cx > x:
                cx, cy = x, cy + 17
            self.add(f'<g class="action" data-action="{a["id"]}" style="cursor:pointer">'
                     f'<title>{escape(str(a["label"]))}</title>')
            self.rect(cx, cy, w, 15, "#ffe680", "#a08000", 3)
            self.text(cx + 5, cy + 11, label, 10)
            self.add("</g>")
            self.used.add(int(a["id"]))
            cx += w + 3


def render_svg(view: dict[str, Any], seat: int | None, actions: list[dict[str, Any]]) -> str:
    svg = _Svg(actions, view.get("decision") or {})
    players = view["player_states"]
    sheet_y = BOARD_Y0 + BOARD_H * len(players) + 10
    table = Canvas()
    # the end: the verdict (the score sheet is the page's own table)
    bottom = final_banner(table, 20, sheet_y + 26, 1060, view.get("score_sheet"))
    height = bottom + 70
    svg.add(f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height:.0f}" '
            f'viewBox="0 0 {WIDTH} {height:.0f}" font-family="sans-serif">')
    svg.rect(0, 0, WIDTH, height, "#f4efe4", "none", 0)
    svg.text(20, 24, f"Greylune - year {view['year']} (period {view['period']})", 16, weight="bold")
    svg.lines(20, 46, view["prompt"], WIDTH - 40, 12)
    decision = view.get("decision") or {}
    if decision.get("kind") == "Story":
        svg.text(20, 62, f"Story so far: value {decision['total']} from {plural(decision['cards'], 'card')}", 11)
    elif decision.get("kind") in ("Meet", "QuestPotions"):
        ignored = f", {decision['ignores']} requirement(s) ignored" if "ignores" in decision else ""
        svg.text(20, 62, f"Boosts so far: +{decision['strength_boost']} Strength, "
                         f"+{decision['magic_boost']} Magic{ignored}", 11)
    _score_track(svg, players)
    _village(svg, view)
    _track(svg, view)
    _event(svg, view)
    for i, p in enumerate(players):
        _board(svg, view, p, BOARD_Y0 + BOARD_H * i, p["seat"] == seat)
    svg.parts.extend(table.parts)
    # the action bar: every remaining legal action
    y = height - 60
    svg.text(20, y - 6, "Actions:", 12, weight="bold")
    x = 20.0
    for a in actions:
        if int(a["id"]) in svg.used:
            continue
        label = wrap(str(a["label"]), 420, 11)[0]
        w = 6.4 * len(label) + 12
        if x + w > WIDTH - 20:
            x, y = 20.0, y + 20
        svg.add(f'<g class="action" data-action="{a["id"]}" style="cursor:pointer">'
                f'<title>{escape(str(a["label"]))}</title>')
        svg.rect(x, y, w, 17, "#ffe680", "#a08000", 3)
        svg.text(x + 6, y + 12, label, 11)
        svg.add("</g>")
        x += w + 4
    svg.add("</svg>")
    return "".join(svg.parts)


def _score_track(svg: _Svg, players: list[dict[str, Any]]) -> None:
    """The VP track, 0-24, right of the title; the 8 and 20 VP spaces (Bonus tokens) stand out."""
    x0, y0, step = 330, 4, 26
    svg.text(x0 - 6, y0 + 17, "VP", 11, "end", "bold")
    for v in range(25):
        fill = "#d9c9a3" if v not in (8, 20) else "#e8b04a"
        svg.rect(x0 + v * step, y0, step - 2, 22, fill, "#8a7a5a", 2)
        svg.text(x0 + v * step + 12, y0 + 10, str(v), 9, "middle")
    laps = []
    for p in players:
        v = p["vp"]
        svg.add(f'<circle cx="{x0 + (v % 25) * step + 5 + 5 * p["seat"]}" cy="{y0 + 17}" r="3" '
                f'fill="{COLORS[p["seat"]]}"><title>{seat_name(p["seat"])}: {v} VP</title></circle>')
        if v >= 25:
            laps.append(f"P{p['seat'] + 1} +{25 * (v // 25)}")
    if laps:
        svg.text(x0 + 25 * step + 2, y0 + 15, " ".join(laps), 9)


def _slot_xy(slot: int) -> tuple[float, float]:
    r, c = divmod(slot, 3)
    return VX + c * (CARD_W + GAP), VY + r * (CARD_H + GAP)


def _village(svg: _Svg, view: dict[str, Any]) -> None:
    svg.text(VX, VY - 8, "Village", 13, weight="bold")
    decision = view.get("decision") or {}
    for slot in range(9):
        x, y = _slot_xy(slot)
        card = view["village"][slot]
        if card is None:
            svg.rect(x, y, CARD_W, CARD_H, "none", "#bbb", extra=' stroke-dasharray="4 3"')
            svg.buttons(("slot", slot), x + 3, y + CARD_H - 34, CARD_W - 6)
            continue
        seals = card["seals"]
        svg.open_info(f"{card['name']}: {card['text']}" + (f" Seals on it: {', '.join(map(str, seals))}."
                                                           if seals else ""), "card")
        fill = {"building": "#dfe9d4", "item": "#e6dcf2", "companion": "#f6dcd0"}[card["kind"]]
        svg.rect(x, y, CARD_W, CARD_H, fill)
        for i, v in enumerate(seals):       # the Seals, top right; the name keeps the rest of the width
            cx = x + CARD_W - 10 - 17 * i
            svg.add(f'<circle cx="{cx:g}" cy="{y + 11:g}" r="7" fill="#b22" stroke="#611"/>')
            svg.text(cx, y + 14, str(v), 9, "middle", fill="#fff")
        svg.lines(x + 5, y + 14, card["name"], CARD_W - 10 - 17 * len(seals), 11, 2, 13, weight="bold")
        cost = "free" if card["kind"] == "building" and not card["cost"] else f"cost {card['cost']}"
        kind = "Tavern" if card["tavern"] else card["kind"]
        svg.text(x + 5, y + 43, f"{kind} - {cost}" + (" - choose a Seal" if decision.get("kind") == "ChooseSeal"
                                                        and decision["slot"] == slot else ""), 10)
        if svg.by_key.get(("slot", slot)):
            svg.buttons(("slot", slot), x + 3, y + CARD_H - 34, CARD_W - 6)
        else:                               # what the card does, as far as it fits
            svg.lines(x + 5, y + 56, card["brief"], CARD_W - 10, 9, 3, 10, fill="#333")
        svg.close()
    for g, (a, b) in enumerate(GAPS):
        ax, ay = _slot_xy(a)
        if b == a + 1:
            gx, gy, w, h = ax + CARD_W + 4, ay + 8, GAP - 8, CARD_H - 16
        else:
            gx, gy, w, h = ax + 8, ay + CARD_H + 4, CARD_W - 16, GAP - 8
        svg.rect(gx, gy, w, h, "#efe6cf", "#c9b98f", 6)
        dots = [(p, n) for p, n in enumerate(view["gaps"][g]["villagers"]) for _ in range(n)]
        for i, (p, _) in enumerate(dots):
            px = gx + 8 + (i % 3) * 10 if b == a + 1 else gx + 10 + i * 12
            py = gy + 10 + (i // 3) * 12 if b == a + 1 else gy + h / 2
            svg.add(f'<circle cx="{px}" cy="{py}" r="5" fill="{COLORS[p]}"><title>{seat_name(p)}</title></circle>')
        if svg.by_key.get(("gap", g)):
            svg.buttons(("gap", g), gx, gy + h - 16, 120)


def _track(svg: _Svg, view: dict[str, Any]) -> None:
    svg.text(TX, TY - 8, "Adventure track", 13, weight="bold")
    quests = {q["space"]: q for q in view["quests"]}
    spaces = view["texts"]["spaces"]
    for d, crest in enumerate(view["track"]):
        y = TY + d * ROW_H
        svg.rect(TX, y, TRACK_W, ROW_H - 4, "#e3ecf3" if d else "#eee3cc")
        svg.open_info(spaces[crest], "space")
        svg.text(TX + 6, y + 16, f"{d} {crest}", 11, weight="bold")
        bonus = "+1 coin" if d == 1 else "+1 VP" if d == 2 else ""
        if bonus:
            svg.text(TX + 6, y + 29, bonus, 9)
        for i, p in enumerate(q for q in view["player_states"] if q["adventurer"] == d):
            svg.add(f'<rect x="{TX + 8 + 14 * i}" y="{y + 33}" width="10" height="14" '
                    f'fill="{COLORS[p["seat"]]}"><title>{seat_name(p["seat"])}\'s Adventurer</title></rect>')
        svg.buttons(("space", d), TX + 4, y + 50, 88)
        svg.close()
        here = [e for e in view["encounters"] if e["distance"] == d]
        right = TX + TRACK_W - (104 if d in quests else 4)
        left = TX + 96.0
        w = min(150.0, (right - left - 4 * (len(here) - 1)) / max(1, len(here)))
        for k, e in enumerate(here):
            _encounter(svg, e, left + k * (w + 4), y + 4, w, ROW_H - 12)
        if d in quests:
            q = quests[d]
            qx = TX + TRACK_W - 100
            svg.open_info(q["text"] + (" Done by " + ", ".join(seat_name(p) for p in q["done_by"]) + "."
                                       if q["done_by"] else ""), "quest")
            svg.rect(qx, y + 4, 96, ROW_H - 12, "#f3e0f0", "#8a4a8a")
            svg.text(qx + 4, y + 15, "Quest", 8, fill="#6a2a6a")
            svg.lines(qx + 4, y + 26, q["name"], 88, 10, 2, 11, weight="bold")
            svg.text(qx + 4, y + 49, f"{q['vp'][0]} / {q['vp'][1]} VP", 9)
            for i, p in enumerate(q["done_by"]):
                svg.add(f'<circle cx="{qx + 60 + 9 * i}" cy="{y + 46}" r="4" fill="{COLORS[p]}"/>')
            svg.buttons(("quest", d), qx + 2, y + ROW_H - 26, 92)
            svg.close()


def _side_text(side: dict[str, Any]) -> str:
    req = "" if side["req"] == "nothing" else f"{side['req']} → "
    return f"{req}{side['reward']}"


def _encounter(svg: _Svg, e: dict[str, Any], x: float, y: float, w: float, h: float) -> None:
    """An Encounter card: its name and story value, each side (requirement → reward) wrapped; the full
    text in its info."""
    svg.open_info(f"{e['name']}: {e['text']}", "encounter")
    svg.rect(x, y, w, h, "#fff8e8", "#7a6a4a")
    svg.text(x + w - 4, y + 11, f"[{e['story']}]", 9, "end", "bold")
    sides = e["sides"]
    # a one-sided card has room for its name on two lines
    named = svg.lines(x + 4, y + 11, e["name"], w - 26, 10, 1 if len(sides) == 2 else 2, 11, weight="bold")
    ly = y + 12 + 11 * named
    per_side = 2 if len(sides) == 2 else 4 - named
    for side in sides:
        ly += 10 * svg.lines(x + 4, ly, _side_text(side), w - 8, 9, per_side, 10)
    svg.buttons(("enc", e["id"]), x + 3, y + h - 18, w - 6)
    svg.close()


def _event(svg: _Svg, view: dict[str, Any]) -> None:
    """The Event, under the Village: its options in rows that stay left of the Adventure track."""
    ev = view["event"]
    if not ev:
        return
    x0, y = 20.0, EVENT_Y
    svg.open_info(ev["text"], "event")
    svg.text(x0, y, f"Event: {ev['name']}", 12, weight="bold")
    for p, n in enumerate(ev["villagers"]):
        if n:
            svg.add(f'<circle cx="{x0 + 130 + 12 * p}" cy="{y - 4}" r="5" fill="{COLORS[p]}">'
                    f'<title>{seat_name(p)} takes part</title></circle>')
    svg.close()
    ox, oy = x0, y + 6
    for k, opt in enumerate(ev["options"]):
        taken = ev["festival_taken"][k] if k < len(ev["festival_taken"]) else -1
        label = f"{k + 1}) {opt}"
        tw = min(6.0 * len(label) + 10, EVENT_W - 60)
        has_button = bool(svg.by_key.get(("event", k)))
        w = tw + (50 if has_button else 0)
        if ox + w > x0 + EVENT_W and ox > x0:
            ox, oy = x0, oy + 24
        who = f" (taken by {seat_name(taken)})" if taken >= 0 else ""
        svg.open_info(f"{ev['name']}, option {k + 1}: {opt}{who}", "event-option")
        svg.rect(ox, oy, tw, 20, "#dde" if taken < 0 else COLORS[taken])
        svg.lines(ox + 4, oy + 14, label, tw - 8, 10)
        svg.buttons(("event", k), ox + tw + 3, oy + 3, 48)
        svg.close()
        ox += w + 8


def _board(svg: _Svg, view: dict[str, Any], p: dict[str, Any], y: float, me: bool) -> None:
    seat = p["seat"]
    texts = view["texts"]
    svg.rect(20, y, 1060, BOARD_H - 10, "#fbf8f1", COLORS[seat], 6, ' stroke-width="2"' if me else "")
    v = p["villagers"]
    first = " - first player" if seat == view["first_player"] else ""
    svg.text(30, y + 18, f"{seat_name(seat)}{' (you)' if me else ''}{first} - {p['season']} - {p['coins']} coins - "
                         f"{p['vp']} VP - Adventurer on space {p['adventurer']}", 12, weight="bold",
             fill=COLORS[seat])
    svg.text(30, y + 34, f"Villagers: {v['active']} active, {v['village']} in the Village, {v['campsite']} "
                         f"in the Campsite, {v['event']} on the Event, {v['special']} on the special space, "
                         f"{v['supply']} in the supply", 10)
    for row, (name, val) in enumerate((("Strength", p["strength"]), ("Magic", p["magic"]))):
        yy = y + 44 + row * 16
        svg.text(30, yy + 10, name, 10)
        for i in range(6):
            svg.rect(90 + i * 16, yy, 14, 12, "#c33" if (i == val and row == 0) else
                     "#36c" if (i == val and row == 1) else "#eee", "#999", 2)
    svg.text(30, y + 90, "Special:", 10)
    sx = 80.0
    for k in range(3):
        if svg.by_key.get(("special", k)):
            svg.buttons(("special", k), sx, y + 80, 70)
            sx += 7 * len(_short(svg.by_key[("special", k)][0]["id"])) + 14
    svg.text(30, y + 112, "Income:", 10)
    ix = 74.0
    for name in p["income"]:
        w = 6.0 * len(name) + 10
        svg.open_info(texts["income"][name], "token")
        svg.rect(ix, y + 102, w, 14, "#f0e2b6", "#999", 7)
        svg.text(ix + 5, y + 113, name, 9)
        svg.close()
        ix += w + 3
    if not p["income"]:
        svg.text(ix, y + 112, "-", 10)
    svg.text(30, y + 130, "Bonus:", 10)
    for k, name in enumerate(("Coins", "Skills", "Villager")):
        have = name in p["bonus_tokens"]
        svg.open_info(texts["bonus"][name] + ("" if have else " (already taken)"), "token")
        svg.rect(70 + k * 62, y + 120, 58, 14, "#e8b04a" if have else "#eee", "#999", 7)
        svg.text(74 + k * 62, y + 131, name, 9)
        svg.buttons(("bonus", k), 70 + k * 62, y + 136, 60)
        svg.close()
    parts = ", ".join(f"{label} {p['end_game'][kind]}" for kind, label in SHEET_ROWS if kind != "total")
    svg.open_info(f"End-game VP now, the final scoring if the game ended here: {parts}; "
                  f"{p['end_game']['total']} VP in all.", "scoring")
    svg.lines(30, y + 168, f"End-game VP now: {p['end_game']['total']} ({parts})", 230, 9, 3, 10)
    svg.close()
    cards = len(p["companions"]) + len(p["items"])
    cw = min(88.0, (1070 - 270 - 14) / max(1, cards) - 4)
    x = 270.0
    svg.text(x, y + 52, "Companions", 10, weight="bold")
    for c in p["companions"]:
        _small_card(svg, c, x, y + 56, cw)
        x += cw + 4
    x = max(x, 270.0 + 92) + 10
    svg.text(x, y + 52, f"Items ({len(p['items'])}/{p['item_limit']})", 10, weight="bold")
    for c in p["items"]:
        _small_card(svg, c, x, y + 56, cw)
        x += cw + 4
    x = 270.0
    svg.text(x, y + 134, "Untold:", 10, weight="bold")
    x += 44
    for e in p["untold"]:
        svg.open_info(f"{e['name']}: {e['text']}", "story")
        svg.rect(x, y + 124, 84, 16, "#fff8e8", "#7a6a4a", 3)
        svg.lines(x + 3, y + 136, e["name"], 62, 9)
        svg.text(x + 81, y + 136, f"[{e['story']}]", 9, "end")
        svg.buttons(("story", e["id"]), x, y + 142, 84)
        svg.close()
        x += 88
    told = p["told"]
    if told:
        svg.open_info("Told stories: " + "; ".join(f"{e['name']} (story value {e['story']})" for e in told), "story")
        svg.lines(x + 6, y + 136, f"Told ({len(told)}): " + ", ".join(e["name"] for e in told), 1070 - x - 6, 9)
        svg.close()


def _small_card(svg: _Svg, c: dict[str, Any], x: float, y: float, w: float = 88) -> None:
    fill = "#e6dcf2" if c["kind"] == "item" else "#f6dcd0"
    svg.open_info(f"{c['name']}{' (exhausted)' if c['exhausted'] else ''}: {c['text']}", "card")
    svg.rect(x, y, w, 60, "#ccc" if c["exhausted"] else fill)
    shown = svg.lines(x + 4, y + 12, c["name"], w - 8, 9, 2, 10, weight="bold")
    if c["exhausted"]:
        svg.text(x + 4, y + 14 + 10 * shown, "exhausted", 8)
    svg.buttons(("card", c["id"]), x + 2, y + 40, w - 2)
    svg.close()
