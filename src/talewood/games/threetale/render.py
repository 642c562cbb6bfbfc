"""ThreeTale as SVG for the browser, drawn from a seat's view (view.py) alone.

The Map as its tiles lie (each tile's four spaces, the tokens, the Heroes, the Future's pieces), beside
it each Hero's dashboard (Virtues, Speed, Spirit, Shevitsa, Talents, Artifacts, Quests), the Future's
clock and the Battle under way. Every legal action that concerns a piece is clickable on that piece
(`data-action`): a step on the space it leads to, a tile's snap on that side of the tile, a Virtue on
its row, a Talent, an Artifact or a Hero on its dashboard; the rest are the choice list under the board.
Every tile, token, card and Talent carries its full text (`data-info`).
"""

from __future__ import annotations

from typing import Any

from ...ui.svg import Canvas, final_banner
from ...ui.text import count
from .actions import DIRECTIONS

WIDTH = 1240
MAP_W = 700
PANEL_X = MAP_W + 20
PANEL_W = WIDTH - PANEL_X - 10
HERO_COLOURS = ("#c0392b", "#1f6fb5", "#2e8b3e")
SPACE_STYLE: dict[str, tuple[str, str]] = {
    "tree": ("#3f6b2f", "Trees"), "altar": ("#b58a2e", "Altar"), "portal": ("#6c4fb3", "Portal"),
    "white": ("#f2f2f2", "White"), "red": ("#e26d5a", "Red"), "black": ("#555555", "Black"),
    "battle1": ("#e9b9a9", "B1"), "battle2": ("#e39c86", "B2"), "battle3": ("#d97a60", "B3"),
    "treasure1": ("#f3e2a0", "T1"), "treasure2": ("#eccf72", "T2"), "treasure3": ("#e2bb46", "T3"),
    "quest": ("#b9d7ee", "Quest"), "empty": ("#e7e0cc", ""), "dark": ("#2d2a33", "dark"),
}
STEP = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0), "north-east": (1, -1),
        "south-east": (1, 1), "south-west": (-1, 1), "north-west": (-1, -1)}
SIDE_ARROW = {0: "▲", 1: "▶", 2: "▼", 3: "◀"}
ON_SPACE = ("space", "start_space", "step")
ON_TILE = ("snap", "tile", "portal_to", "choose_tile")
ON_HERO = ("give_to", "bless_to", "keeper", "hero", "stone", "give_ring", "order_hero")
ON_VIRTUE = ("raise_virtue", "lower_virtue")
ON_ARTIFACT = ("equip", "use_artifact", "artifact")
ON_TALENT = ("develop", "talent")
VERB = {"give_to": "Give", "bless_to": "Offering", "keeper": "Keeps it", "hero": "Choose", "stone": "Stone",
        "give_ring": "Give a Ring", "order_hero": "Next", "raise_virtue": "+", "lower_virtue": "−",
        "equip": "Slot", "use_artifact": "Use", "artifact": "Choose", "develop": "Develop", "talent": "Use",
        "use_bonus": "Use", "quest": "Keep", "portal_to": "Travel", "tile": "Choose", "choose_tile": "Place"}


def _short(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


class _Board:
    """The actions sorted by the piece they concern; what is drawn on a piece is taken off the list."""

    def __init__(self, view: dict[str, Any], actions: list[dict[str, Any]]) -> None:
        self.c = Canvas()
        self.view = view
        self.actions = actions
        self.cur = view.get("current_player")
        decision = view.get("decision") or {}
        self.decision = decision
        heroes = view["player_states"]
        pos = next((h["position"] for h in heroes if h["seat"] == self.cur and h.get("position")), None)
        self.here = (pos["x"], pos["y"]) if pos else None

    def acts(self, kinds: tuple[str, ...], **match: object) -> list[dict[str, Any]]:
        return [a for a in self.actions if a["kind"] in kinds and all(a.get(k) == v for k, v in match.items())]

    def chip(self, x: float, y: float, act: dict[str, Any], text: str, w: float | None = None,
             h: float = 16) -> float:
        w = w if w is not None else 8 + 6.4 * len(text)
        with self.c.group("chip", act):
            self.c.rect(x, y, w, h, "#f5b700", "#7a5c00", 1, rx=4)
            self.c.text(x + w / 2, y + h - 4, text, size=10, anchor="middle", weight="bold")
        return w + 3

    def chips(self, x: float, y: float, acts: list[dict[str, Any]], verb: str | None = None,
              max_x: float = WIDTH - 12) -> float:
        for a in acts:
            text = verb or VERB.get(a["kind"], a["kind"].replace("_", " "))
            w = 8 + 6.4 * len(text)
            if x + w > max_x:
                x, y = max_x - w, y + 18
            x += self.chip(x, y, a, text)
        return x


def render_svg(view: dict[str, Any], seat: int | None, actions: list[dict[str, Any]]) -> str:
    b = _Board(view, actions)
    c = b.c
    phase = {"prophecy": "the Prophecy Phase", "past": "the Past", "present": "the Present",
             "future": "the Future"}[view["phase"]]
    title = f"ThreeTale — {phase}"
    if view["phase"] in ("past", "future") and view["turn"]:
        title += f", turn {view['turn']}"
    if view["phase"] == "future" and view["round"]:
        title += f", round {view['round']}"
    c.text(14, 24, title, size=17, weight="bold", fill="#3b2f1b")
    if view.get("over"):
        c.text(14, 44, view.get("verdict") or "The game is over", size=13, weight="bold", fill="#7a1f1f")
    else:
        c.text(14, 44, _short(view["prompt"], 120), size=13)
    y_map = 60
    map_h = _map(b, 10, y_map)
    y = y_map + map_h + 10
    y = _drawn_tiles(b, 10, y)
    y = _battle(b, 10, y)
    y = _offer(b, 10, y)
    y = _heroes_to_choose(b, 10, y)
    y = _prophecies(b, 10, y)
    py = _future(b, PANEL_X, y_map)
    py = _this_turn(b, PANEL_X, py)
    for h in view["player_states"]:
        py = _dashboard(b, h, PANEL_X, py, h["seat"] == seat)
    y = max(y, py) + 6
    # the end: the verdict and what the team achieved (the score sheet is the page's own table)
    y = final_banner(c, 10, y, WIDTH - 20, view.get("score_sheet"))
    y = _choices(b, 10, y)
    c.parts.insert(0, f'<rect x="0" y="0" width="{WIDTH}" height="{y + 10:.0f}" fill="#f7f1e3"/>')
    return c.svg(WIDTH, y + 10, "threetale")


# -- the Map ----------------------------------------------------------------------------------------
def _map(b: _Board, x0: float, y0: float) -> float:
    """The laid tiles (with a tile's room around them for snapping); returns the height used."""
    c, view = b.c, b.view
    tiles = view["map"]
    if not tiles:
        c.rect(x0, y0, MAP_W, 40, "#efe6cf", "#b8a57a", 1)
        c.text(x0 + 12, y0 + 25, "The Map: no tile is laid yet", size=13)
        return 40
    xs = [s["x"] for t in tiles for s in t["spaces"]]
    ys = [s["y"] for t in tiles for s in t["spaces"]]
    minx, maxx, miny, maxy = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    cols, rows = maxx - minx + 1, maxy - miny + 1
    cell = max(22.0, min(58.0, (MAP_W - 20) / cols))
    height = rows * cell + 30
    c.rect(x0, y0, MAP_W, height, "#efe6cf", "#b8a57a", 1)
    c.text(x0 + 8, y0 + 15, f"The Map — {len(tiles)} tiles laid, {view['tiles_left']} in the stack", size=11,
           weight="bold")
    ox, oy = x0 + 10 - minx * cell, y0 + 22 - miny * cell
    heroes = {h["hero"]: h for h in view["player_states"] if h.get("hero")}
    decided = b.decision.get("tile")
    for t in tiles:
        tx, ty = ox + 2 * t["x"] * cell, oy + 2 * t["y"] * cell
        flipped = " (flipped)" if t["flipped"] else ""
        with c.group("tile", None, f"{t['text']}{flipped}", tile=t["id"]):
            c.rect(tx + 1, ty + 1, 2 * cell - 2, 2 * cell - 2, "#4a3b22" if t["flipped"] else "#8b7446",
                   "#f5b700" if decided == t["index"] else "#3b2f1b", 3 if decided == t["index"] else 1.5, rx=4)
        for sp in t["spaces"]:
            _space(b, sp, ox + sp["x"] * cell, oy + sp["y"] * cell, cell, heroes)
        c.text(tx + cell, ty + 2 * cell - 3, _short(t["name"], int(cell / 3)), size=max(7, cell / 6),
               fill="#fff", anchor="middle")
        for a in b.acts(("tile", "portal_to"), tile=t["index"]):
            b.chip(tx + 3, ty + 3, a, VERB[a["kind"]])
        for a in b.acts(("snap",), tile=t["index"]):
            side = a["side"]
            cx = tx + cell + (0, cell, 0, -cell)[side] * 1.25
            cy = ty + cell + (-cell, 0, cell, 0)[side] * 1.25
            b.chip(cx - 9, cy - 9, a, SIDE_ARROW[side], w=18, h=18)
    return float(height)


def _space(b: _Board, sp: dict[str, Any], x: float, y: float, cell: float, heroes: dict[str, Any]) -> None:
    c = b.c
    fill, short = SPACE_STYLE.get(sp["shows"], ("#ddd", sp["shows"]))
    tok = sp.get("token")
    info = f"The {sp['corner']} space: " + (SPACE_STYLE.get(sp["shows"], ("", sp["shows"]))[1] or "empty")
    if sp["shows"] == "dark":
        info = f"The {sp['corner']} space: the dark side of a flipped tile"
    if tok:
        info += f". {tok['name']}: {tok['text']}"
    act = _space_action(b, sp)
    with c.group("space", act, info, space=sp["space"]):
        c.rect(x + 3, y + 3, cell - 6, cell - 6, fill, "#f5b700" if act else "#3b2f1b", 3 if act else 0.6, rx=3)
        if short and cell >= 30:
            c.text(x + cell / 2, y + 13, short, size=8, anchor="middle",
                   fill="#fff" if sp["shows"] in ("tree", "black", "dark", "portal") else "#222")
        if tok:
            c.circle(x + cell / 2, y + cell * 0.62, cell * 0.2, "#fffaf0", "#6b4f1d", 1.2)
            key = tok["id"].removesuffix("_stone")
            mark = SPACE_STYLE[key][1] if key in SPACE_STYLE else tok["name"].removeprefix("The ")[:2]
            c.text(x + cell / 2, y + cell * 0.62 + 3, mark, size=max(6, cell / 6),
                   anchor="middle")
        if sp["figure"]:
            c.text(x + cell - 6, y + 12, "★", size=11, fill="#7a1f7a", anchor="end")
        if sp["virus"]:
            c.text(x + 6, y + 12, "✶", size=11, fill="#1c7a1c")
        if sp.get("hero"):
            h = heroes[sp["hero"]]
            c.circle(x + cell / 2, y + cell / 2, cell * 0.26, HERO_COLOURS[h["seat"]], "#fff", 2)
            c.text(x + cell / 2, y + cell / 2 + 4, h["name"].removeprefix("The ")[:2], size=max(7, cell / 5),
                   fill="#fff", anchor="middle", weight="bold")


def _space_action(b: _Board, sp: dict[str, Any]) -> dict[str, Any] | None:
    for a in b.actions:
        kind = a["kind"]
        if kind == "space" and a["space"] == sp["space"]:
            return a
        if kind == "start_space" and b.decision.get("tile") == sp["space"] >> 2 and a["corner"] == sp["space"] & 3:
            return a
        if kind == "step" and b.here is not None:
            dx, dy = STEP[DIRECTIONS[a["direction"]]]
            if (b.here[0] + dx, b.here[1] + dy) == (sp["x"], sp["y"]):
                return a
    return None


def _drawn_tiles(b: _Board, x: float, y: float) -> float:
    tiles = b.view.get("drawn_tiles") or []
    if not tiles:
        return y
    c = b.c
    c.text(x, y + 14, "Tiles drawn:", size=12, weight="bold")
    cx = x + 90
    for t in tiles:
        acts = b.acts(("choose_tile",), tile=t["index"])
        with c.group("drawn-tile", acts[0] if acts else None, t["text"], tile=t["id"]):
            c.rect(cx, y, 150, 22, "#e7dcc0", "#f5b700" if acts else "#6b4f1d", 2 if acts else 1, rx=4)
            c.text(cx + 75, y + 15, _short(t["name"], 24), size=11, anchor="middle")
        cx += 156
    return y + 30


def _battle(b: _Board, x: float, y: float) -> float:
    bt = b.view.get("battle")
    if not bt:
        return y
    c = b.c
    card = bt.get("card") or {}
    info = card.get("text") or bt["enemy"]
    with c.group("battle", None, info):
        c.rect(x, y, MAP_W, 64, "#f3d9d0", "#8b2b1b", 1.5)
        c.text(x + 10, y + 18, f"Battle: {bt['enemy']}", size=13, weight="bold", fill="#6b1b0b")
        c.text(x + 10, y + 36, f"Speed {bt['speed']}, Defense {bt['defense']} (of {bt['defense_at_start']}), "
                               f"Strength {bt['strength']}; next to attack: "
                               f"{'the Hero' if bt['attacks_next'] == 'hero' else 'the enemy'}", size=11)
        roll = bt["roll"]
        dice = f"last roll: {roll['positive']} positive of {roll['dice']} dice" if roll["dice"] else "no roll yet"
        c.text(x + 10, y + 53, f"Rounds: the Hero {bt['hero_rounds']}, the enemy {bt['enemy_rounds']}; {dice}",
               size=11)
    cx = x + MAP_W - 10
    for card in reversed(bt["enemy_bonus_cards"]):
        cx -= 130
        with c.group("enemy-bonus", None, f"{card['name']}: {card['text']}"):
            c.rect(cx, y + 6, 124, 18, "#fff", "#8b2b1b", 1, rx=3)
            c.text(cx + 62, y + 19, _short(card["name"], 20), size=10, anchor="middle")
    return y + 72


def _card_row(b: _Board, x: float, y: float, title: str, cls: str,
              cards: list[tuple[dict[str, Any] | None, str, str, str]]) -> float:
    """A titled row of cards (action, text to read, name, colour), wrapped to the map's width; a card
    that is a legal choice is clickable."""
    if not cards:
        return y
    c = b.c
    c.text(x, y + 14, title, size=12, weight="bold")
    cx, cy = x + 70, y
    for act, info, name, fill in cards:
        with c.group(cls, act, info):
            c.rect(cx, cy, 200, 22, fill, "#f5b700" if act else "#555", 2 if act else 1, rx=4)
            c.text(cx + 100, cy + 15, _short(name, 30), size=11, anchor="middle")
        cx += 206
        if cx + 200 > MAP_W:
            cx, cy = x + 70, cy + 26
    return cy + 30


def _offer(b: _Board, x: float, y: float) -> float:
    cards = []
    for card in b.view.get("offer") or []:
        is_art = "level" in card and "slot" in card
        acts = b.acts(("artifact",), artifact=card["index"]) if is_art else b.acts(("quest",), quest=card["index"])
        cards.append((acts[0] if acts else None, f"{card['name']}: {card['text']}", card["name"],
                      "#e6dcf2" if is_art else "#b9d7ee"))
    return _card_row(b, x, y, "On offer:", "offer-card", cards)


def _heroes_to_choose(b: _Board, x: float, y: float) -> float:
    cards = []
    for h in b.view.get("heroes_to_choose") or []:
        acts = b.acts(("pick_hero",), hero=h["index"])
        cards.append((acts[0] if acts else None, h["text"], h["name"], "#f0e6c8"))
    return _card_row(b, x, y, "Heroes:", "hero-card", cards)


def _prophecies(b: _Board, x: float, y: float) -> float:
    c = b.c
    c.text(x, y + 14, "Prophecies:", size=12, weight="bold")
    cx = x + 86
    for p in b.view["prophecies"]:
        fill = "#f7d774" if p["fulfilled"] else "#ece3cb"
        with c.group("prophecy", None, f"{p['text']} {p['story']}"):
            c.rect(cx, y, 196, 22, fill, "#6b4f1d", 1, rx=4)
            c.text(cx + 98, y + 15, _short(f"{p['sign']}. {p['name']}", 30), size=11, anchor="middle",
                   weight="bold" if p["fulfilled"] else "normal")
        cx += 202
    decks = b.view["decks"]
    c.text(x, y + 42, _short("Decks: " + ", ".join(f"{name} {n}" for name, n in decks.items()), 130), size=10,
           fill="#555")
    return y + 50


# -- the panels ------------------------------------------------------------------------------------
def _future(b: _Board, x: float, y: float) -> float:
    f = b.view.get("future")
    c = b.c
    if not f:
        c.text(x, y + 14, "The Future: not yet known", size=12, fill="#555")
        return y + 24
    line = f["clock_text"]
    with c.group("future", None, f"{f['text']} Reward: {f['reward']} points."):
        c.rect(x, y, PANEL_W, 56, "#e4dcf3", "#5b3f8f", 1.5)
        c.text(x + 8, y + 18, f"The Future {f['number']}: {f['name']}", size=13, weight="bold", fill="#3b2466")
        c.text(x + 8, y + 35, _short(line, 82), size=11, weight="bold")
        c.text(x + 8, y + 50, _short("Cards left: " + ", ".join(f"{k} {n}" for k, n in f["decks"].items()), 90),
               size=10, fill="#444")
    return y + 62


def _this_turn(b: _Board, x: float, y: float) -> float:
    t = b.view.get("this_turn")
    if not t or b.view.get("over"):
        return y
    c = b.c
    c.text(x, y + 13, f"{t['hero']}'s turn: {count(t['steps_left'], 'Step')}, {count(t['actions_left'], 'Action')}, "
                      f"{count(t['dice_to_turn'], 'die', 'dice')} to turn", size=11, weight="bold")
    y += 18
    if t["bonus_cards"]:
        cx = x
        for card in t["bonus_cards"]:
            with c.group("bonus-card", None, f"{card['name']}: {card['text']}"):
                c.rect(cx, y, 150, 18, "#ddd" if card["used"] else "#f0e6c8", "#6b4f1d", 1, rx=3)
                c.text(cx + 4, y + 13, _short(card["name"], 18), size=10)
            cx2 = cx + 152
            for a in b.acts(("use_bonus",), card=card["index"]):
                cx2 += b.chip(cx2, y + 1, a, f"{a['effect'] + 1}")
            cx = cx2 + 6
            if cx > x + PANEL_W - 150:
                cx, y = x, y + 22
        y += 22
    return y + 2


def _dashboard(b: _Board, h: dict[str, Any], x: float, y: float, me: bool) -> float:
    c = b.c
    colour = HERO_COLOURS[h["seat"]]
    top = y
    lines_h = 214 if h.get("hero") else 40
    c.rect(x, y, PANEL_W, lines_h, "#fffaf0", colour, 3 if me else 1.5)
    title = (f"{h['name']} — {h['player']}" if h.get("hero") else f"{h['player']}: no Hero yet") + \
        (" (you)" if me else "")
    with c.group("hero", None, h.get("text") or title, seat=h["seat"] + 1):
        c.circle(x + 14, y + 14, 8, colour)
        c.text(x + 28, y + 19, _short(title, 46), size=13, weight="bold", fill=colour)
    if not h.get("hero"):
        return y + lines_h + 6
    b.chips(x + 330, y + 5, b.acts(ON_HERO, hero=h["index"]))
    pos = h.get("position")
    c.text(x + 10, y + 36, f"Speed {h['speed']} (now {h['speed_now']})   Spirit {h['spirit']}   "
                           f"Shevitsa {h['shevitsa']}   Offerings {h['offerings']}   "
                           f"Sacred Stones {h['sacred_stones']}", size=11)
    where = f"on the {pos['corner']} space of {pos['tile_name']}" if pos else "not on the Map"
    extra = ""
    if "rings" in h:
        extra = f"   Rings {h['rings']}   Seeds {h['seeds']}   Heads {', '.join(map(str, h['heads'])) or 'none'}"
    c.text(x + 10, y + 51, _short(where + extra, 80), size=10, fill="#555")
    deciding = h["seat"] == b.cur
    y += 58
    for i, (name, value) in enumerate(h["virtues"].items()):
        vx, vy = x + 10 + (i % 3) * 165, y + (i // 3) * 22
        band = h["bands"].get(name)
        label = f"{name.capitalize()} {value}" + (f" (band {band})" if band is not None else "")
        c.text(vx, vy + 13, label, size=11)
        for k in range(min(value, 10)):
            c.rect(vx + 4 + k * 7, vy + 15, 5, 4, colour, rx=1)
        if deciding:
            cx = vx + 106
            for a in b.acts(ON_VIRTUE):
                if a["virtue"] == list(h["virtues"]).index(name):
                    cx += b.chip(cx, vy, a, VERB[a["kind"]], w=18)
    y += 48
    c.text(x + 10, y + 12, "Talents", size=11, weight="bold")
    for i, tal in enumerate(h["talents"]):
        tx, ty = x + 62 + (i % 3) * 150, y + (i // 3) * 20
        acts = b.acts(ON_TALENT, talent=tal["index"])
        info = f"{tal['name']} (Level {tal['level']}{', developed' if tal['developed'] else ''}): {tal['text']}"
        with c.group("talent", acts[0] if acts else None, info):
            c.rect(tx, ty, 146, 17, "#cfe6c4" if tal["developed"] else "#eee",
                   "#f5b700" if acts else "#888", 2 if acts else 0.8, rx=3)
            c.text(tx + 4, ty + 12, _short(f"{tal['level']}. {tal['name']}", 24), size=10,
                   weight="bold" if tal["developed"] else "normal")
        for extra_act in acts[1:]:
            b.chip(tx + 100, ty, extra_act, VERB[extra_act["kind"]])
    y += 44
    c.text(x + 10, y + 12, "Artifacts", size=11, weight="bold")
    ax, ay = x + 70, y
    if not h["artifacts"]:
        c.text(ax, ay + 12, "none", size=10, fill="#777")
    for art in h["artifacts"]:
        acts = b.acts(ON_ARTIFACT, artifact=art["index"])
        slotted = " (in its slot)" if art.get("in_slot") else ""
        info = f"{art['name']} (Level {art['level']}, {art['slot']}, {art['usage'].replace('_', '-')}){slotted}: " \
               f"{art['text']}"
        w = 8 + 6 * min(len(art["name"]), 22)
        if ax + w + 40 * len(acts) > x + PANEL_W:
            ax, ay = x + 70, ay + 20
        with c.group("artifact", None, info):
            c.rect(ax, ay, w, 17, "#e6dcf2" if art.get("in_slot") else "#f3eefa", "#6a4f9a", 1, rx=3)
            c.text(ax + 4, ay + 12, _short(art["name"], 22), size=10)
        ax += w + 2
        for a in acts:
            ax += b.chip(ax, ay, a, VERB[a["kind"]])
        ax += 4
    y = max(y, ay) + 22
    quests = h["quests"]
    if quests:
        with c.group("quests", None, " ".join(f"{q['name']}: {q['text']}" for q in quests)):
            c.text(x + 10, y + 12, _short("Quests: " + ", ".join(f"{q['name']} ({q['progress']} of {q['needs']})"
                                                                for q in quests), 84), size=10)
    return max(top + lines_h, y + 20) + 6


def _choices(b: _Board, x: float, y: float) -> float:
    """Every legal action not drawn on a piece: one button each, with its full label."""
    rest = [a for a in b.actions if int(a["id"]) not in b.c.acted]
    if not rest:
        return y
    c = b.c
    c.text(x, y + 14, "Choose:", size=12, weight="bold")
    y += 20
    col_w = (WIDTH - 20) / 2
    for i, a in enumerate(rest):
        bx, by = x + (i % 2) * col_w, y + (i // 2) * 24
        with c.group("choice", a):
            c.rect(bx, by, col_w - 6, 21, "#f5b700", "#7a5c00", 1, rx=4)
            c.text(bx + 8, by + 15, _short(str(a["label"]), 100), size=11)
    return y + ((len(rest) + 1) // 2) * 24 + 4
