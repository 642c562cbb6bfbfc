"""Greylune as SVG for the browser: the Village, the track, the Event, Quests, every player board.

Every legal action that concerns a piece of the board is a clickable element carrying
`data-action="<id>"`, drawn on (or beside) that piece; the rest go to the action bar.
"""

from __future__ import annotations

from functools import cache
from html import escape
from typing import Any

from ...engine import ActionSpace, seat_name
from ...ui.svg import Canvas, score_sheet
from .actions import GAPS

COLORS = ("#2f6db5", "#e07b1f", "#c43b3b", "#7d4bb3")
CARD_W, CARD_H, GAP = 150, 86, 44
VX, VY = 20, 90
TX, TY, ROW_H = 580, 90, 74
BOARD_Y0, BOARD_H = 550, 200


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


def _short(action: int) -> str:
    spec = _space().specs[action]
    p = dict(spec.params)
    return {
        "place": "place", "clear": "take back", "event_gap": "to Event", "coins": f"coins g{p.get('gap')}",
        "activate": f"activate g{p.get('gap')}", "tell_boost": "tell as 3",
        "use_item": f"use {p.get('ability', 0)}",
        "discard_item": "discard", "ready_card": "ready", "pick_story": "tell",
        "space_bonus": "bonus", "stop": "stop here", "quest": "complete",
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
        self.add(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{rx}" fill="{fill}" '
                 f'stroke="{stroke}"{extra}/>')

    def text(self, x: float, y: float, s: str, size: int = 11, anchor: str = "start", weight: str = "normal",
             fill: str = "#111") -> None:
        self.add(f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}" '
                 f'fill="{fill}">{escape(s)}</text>')

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
    sheet = view.get("score_sheet") or []
    height = BOARD_Y0 + BOARD_H * len(players) + 80 + (22 * (len(sheet) + 1) + 50 if sheet else 0)
    svg.add(f'<svg xmlns="http://www.w3.org/2000/svg" width="1100" height="{height}" '
            f'viewBox="0 0 1100 {height}" font-family="sans-serif">')
    svg.rect(0, 0, 1100, height, "#f4efe4", "none", 0)
    svg.text(20, 24, f"Greylune - year {view['year']} (period {view['period']})", 16, weight="bold")
    svg.text(20, 42, view["prompt"], 12)
    decision = view.get("decision") or {}
    if decision.get("kind") == "Story":
        svg.text(20, 58, f"Story so far: value {decision['total']} from {decision['cards']} card(s)", 11)
    elif decision.get("kind") == "Meet":
        svg.text(20, 58, f"Boosts for this Encounter: +{decision['strength_boost']} Strength, "
                         f"+{decision['magic_boost']} Magic, {decision['ignores']} requirement(s) ignored", 11)
    elif decision.get("kind") == "Move":
        svg.text(20, 58, f"Move up to {decision['reach']} space(s)", 11)
    _score_track(svg, players)
    _village(svg, view)
    _track(svg, view)
    _event(svg, view)
    for i, p in enumerate(players):
        _board(svg, p, BOARD_Y0 + BOARD_H * i, p["seat"] == seat, view["first_player"])
    if sheet:
        # the end: the final scoring, a row per kind and a column per player
        y0 = BOARD_Y0 + BOARD_H * len(players) + 10
        winners = view["result"]["winners"]
        svg.text(20, y0 + 16, "Final scoring — " + " and ".join(seat_name(w) for w in winners)
                 + (" wins" if len(winners) == 1 else " share the victory"), 15, weight="bold")
        table = Canvas()
        score_sheet(table, 20, y0 + 26, 1060, sheet, [seat_name(p["seat"]) for p in players], winners, COLORS)
        svg.parts.extend(table.parts)
    # the action bar: every remaining legal action
    y = height - 60
    svg.text(20, y - 6, "Actions:", 12, weight="bold")
    x = 20.0
    for a in actions:
        if int(a["id"]) in svg.used:
            continue
        label = str(a["label"])[:48]
        w = 6.2 * len(label) + 12
        if x + w > 1080:
            x, y = 20.0, y + 20
        svg.add(f'<g class="action" data-action="{a["id"]}" style="cursor:pointer">'
                f'<title>{escape(label)}</title>')
        svg.rect(x, y, w, 17, "#ffe680", "#a08000", 3)
        svg.text(x + 6, y + 12, label, 11)
        svg.add("</g>")
        x += w + 4
    svg.add("</svg>")
    return "".join(svg.parts)


def _score_track(svg: _Svg, players: list[dict[str, Any]]) -> None:
    x0, y0, step = 330, 52, 26
    svg.text(x0 - 8, y0 + 12, "VP", 11, "end", "bold")
    for v in range(25):
        fill = "#d9c9a3" if v not in (8, 20) else "#e8b04a"
        svg.rect(x0 + v * step, y0, step - 2, 16, fill, "#8a7a5a", 2)
        svg.text(x0 + v * step + 12, y0 + 12, str(v), 9, "middle")
    for p in players:
        v = p["vp"]
        svg.add(f'<circle cx="{x0 + (v % 25) * step + 6 + 4 * p["seat"]}" cy="{y0 + 22}" r="4" '
                f'fill="{COLORS[p["seat"]]}"><title>{seat_name(p["seat"])}: {v} VP</title></circle>')
        if v >= 25:
            svg.text(x0 + (v % 25) * step, y0 + 36, f"+{25 * (v // 25)}", 8)


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
        else:
            fill = {"building": "#dfe9d4", "item": "#e6dcf2", "companion": "#f6dcd0"}[card["kind"]]
            svg.rect(x, y, CARD_W, CARD_H, fill)
            svg.text(x + 5, y + 14, card["name"][:24], 11, weight="bold")
            cost = "free" if card["kind"] == "building" and not card["cost"] else f"cost {card['cost']}"
            svg.text(x + 5, y + 28, f"{card['kind']} - {cost}", 10)
            for i, v in enumerate(card["seals"]):
                svg.add(f'<circle cx="{x + 12 + 18 * i}" cy="{y + 40}" r="7" fill="#b22" stroke="#611"/>')
                svg.text(x + 12 + 18 * i, y + 44, str(v), 9, "middle", fill="#fff")
            if decision.get("kind") == "ChooseSeal" and decision["slot"] == slot:
                svg.text(x + 80, y + 44, "choose a Seal", 9)
        svg.buttons(("slot", slot), x + 3, y + CARD_H - 34, CARD_W - 6)
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
    for d, crest in enumerate(view["track"]):
        y = TY + d * ROW_H
        svg.rect(TX, y, 500, ROW_H - 4, "#e3ecf3" if d else "#eee3cc")
        bonus = " (1 coin)" if d == 1 else " (1 VP)" if d == 2 else ""
        svg.text(TX + 6, y + 16, f"{d} {crest}{bonus}", 11, weight="bold")
        for i, p in enumerate(q for q in view["player_states"] if q["adventurer"] == d):
            svg.add(f'<rect x="{TX + 8 + 14 * i}" y="{y + 24}" width="10" height="16" '
                    f'fill="{COLORS[p["seat"]]}"><title>{seat_name(p["seat"])}\'s Adventurer</title></rect>')
        svg.buttons(("space", d), TX + 6, y + 46, 90)
        x = TX + 100.0
        for e in view["encounters"]:
            if e["distance"] != d:
                continue
            svg.rect(x, y + 4, 120, ROW_H - 12, "#fff8e8", "#7a6a4a")
            svg.text(x + 4, y + 16, f"{e['name']} [{e['story']}]", 10, weight="bold")
            for k, side in enumerate(e["sides"]):
                svg.text(x + 4, y + 28 + 10 * k, f"{side['req']} > {side['reward']}"[:26], 8)
            svg.buttons(("enc", e["id"]), x + 3, y + ROW_H - 26, 116)
            x += 124
        if d in quests:
            q = quests[d]
            qx = TX + 500 - 96
            svg.rect(qx, y + 4, 92, ROW_H - 12, "#f3e0f0", "#8a4a8a")
            svg.text(qx + 4, y + 16, f"Quest: {q['name']}"[:18], 9, weight="bold")
            svg.text(qx + 4, y + 28, f"{q['vp'][0]} / {q['vp'][1]} VP", 9)
            for i, p in enumerate(q["done_by"]):
                svg.add(f'<circle cx="{qx + 8 + 12 * i}" cy="{y + 40}" r="5" fill="{COLORS[p]}"/>')
            svg.buttons(("quest", d), qx + 2, y + ROW_H - 26, 88)


def _event(svg: _Svg, view: dict[str, Any]) -> None:
    ev = view["event"]
    x, y = 20, 480
    if not ev:
        return
    svg.text(x, y - 6, f"Event: {ev['name']}", 12, weight="bold")
    ox = float(x)
    for k, opt in enumerate(ev["options"]):
        taken = ev["festival_taken"][k] if k < len(ev["festival_taken"]) else -1
        w = 6 * len(opt) + 16
        svg.rect(ox, y, w, 20, "#dde" if taken < 0 else COLORS[taken])
        svg.text(ox + 4, y + 14, f"{k}) {opt}", 10)
        svg.buttons(("event", k), ox + w + 2, y + 2, 60)
        ox += w + 70
    for p, n in enumerate(ev["villagers"]):
        if n:
            svg.add(f'<circle cx="{ox + 10 * p}" cy="{y + 10}" r="5" fill="{COLORS[p]}"/>')


def _board(svg: _Svg, p: dict[str, Any], y: float, me: bool, first_player: int) -> None:
    seat = p["seat"]
    svg.rect(20, y, 1060, BOARD_H - 10, "#fbf8f1", COLORS[seat], 6, ' stroke-width="2"' if me else "")
    v = p["villagers"]
    first = " - first player" if seat == first_player else ""
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
    for k in range(3):
        svg.buttons(("special", k), 80 + k * 60, y + 80, 58)
    svg.text(30, y + 112, f"Income: {', '.join(p['income']) or '-'}", 10)
    svg.text(30, y + 126, "Bonus:", 10)
    for k, name in enumerate(("Coins", "Skills", "Villager")):
        have = name in p["bonus_tokens"]
        svg.rect(70 + k * 62, y + 116, 58, 14, "#e8b04a" if have else "#eee", "#999", 7)
        svg.text(74 + k * 62, y + 127, name, 9)
        svg.buttons(("bonus", k), 70 + k * 62, y + 132, 60)
    parts = ", ".join(f"{kind} {vp}" for kind, vp in p["end_game"].items() if kind != "total")
    svg.text(30, y + 168, f"End-game VP now: {p['end_game']['total']} ({parts})", 9)
    x = 270.0
    svg.text(x, y + 52, "Companions", 10, weight="bold")
    for c in p["companions"]:
        _small_card(svg, c, x, y + 56)
        x += 92
    x = max(x, 270.0 + 92 * 1) + 10
    svg.text(x, y + 52, f"Items ({len(p['items'])}/{p['item_limit']})", 10, weight="bold")
    for c in p["items"]:
        _small_card(svg, c, x, y + 56)
        x += 92
    x = 270.0
    svg.text(x, y + 134, "Untold:", 10, weight="bold")
    x += 44
    for e in p["untold"]:
        svg.rect(x, y + 124, 84, 16, "#fff8e8", "#7a6a4a", 3)
        svg.text(x + 3, y + 136, f"{e['name'][:12]} [{e['story']}]", 9)
        svg.buttons(("story", e["id"]), x, y + 142, 84)
        x += 88
    svg.text(x + 6, y + 134, "Told: " + ", ".join(e["name"] for e in p["told"])[:80], 9)


def _small_card(svg: _Svg, c: dict[str, Any], x: float, y: float) -> None:
    fill = "#e6dcf2" if c["kind"] == "item" else "#f6dcd0"
    svg.rect(x, y, 88, 60, "#ccc" if c["exhausted"] else fill)
    svg.text(x + 4, y + 13, c["name"][:15], 9, weight="bold")
    if c["exhausted"]:
        svg.text(x + 4, y + 25, "exhausted", 8)
    svg.buttons(("card", c["id"]), x + 2, y + 30, 86)
