"""The Trial of the Forest as SVG for the browser, drawn from one seat's view (view.py) only.

The forest graph (spaces, paths, tunnels, location tiles, campsites, starts and exits), the three
expedition areas with their lines and finishing spaces, every adventurer, the encounter track, the
help spot, the store, the decks and the legendary tokens, then a panel per seat (story, hand, food,
backpack, morality, skills, flags, paws and tents). A legal action that concerns a piece of the board
is a clickable element carrying `data-action="<id>"` drawn on that piece; every card, item, tile and
tent carries its text in `data-info`. The page lists every legal action as a button as well.
"""

from __future__ import annotations

from typing import Any

from ...engine import plural, seat_name
from ...ui.svg import Canvas, final_banner

SEAT_COLOURS = ("#c0392b", "#1f5fbf", "#2a8a3e", "#d4a017")
FOOD_COLOURS = {"raspberry": "#c2185b", "acorn": "#8d5524", "mushroom": "#9e9e9e", "tea": "#4caf50"}
TILE_COLOURS = {"store": "#f3d9a4", "tower": "#cfd8e8", "ruins": "#d7ccc8", "grove": "#c8e6c9"}
COLUMN_TITLES = {"morality": "Good / evil", "trading": "Trading", "pioneering": "Pioneering", "fighting": "Fighting"}
LINE_DASH = {"plain": "", "dotted": ' stroke-dasharray="2 5"', "dashed": ' stroke-dasharray="9 6"'}

SCALE = 0.72
BX, BY = 10, 64                        # the board's top-left corner
PANEL_X = 1080                          # the right-hand column: encounters, help spot, store, decks
WIDTH = 1560
SEAT_H = 190

SPACE_KINDS = {"move_to", "space", "step", "flag", "start"}
OBJECT_KINDS = {"sell", "drop", "weapon", "gallery"}


def _xy(x: float, y: float) -> tuple[float, float]:
    return BX + x * SCALE, BY + y * SCALE


def _words(name: str) -> str:
    return name.replace("_", " ")


class _Board:
    """The canvas and the legal actions, sorted by the piece of the board each one concerns."""

    def __init__(self, view: dict[str, Any], seat: int | None, actions: list[dict[str, Any]]) -> None:
        self.c = Canvas()
        self.top = Canvas()                 # the chips, drawn last so that nothing covers them
        self.view = view
        self.seat = seat
        self.texts = view["texts"]
        self.by: dict[tuple[str, str], list[dict[str, Any]]] = {}
        me = view["player_states"][seat] if seat is not None else None
        here = me["position"] if me else None
        for a in actions:
            kind = a.get("kind", "")
            key: tuple[str, str] = ("bar", "")
            if kind in SPACE_KINDS:
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
                    key = ("area", self._area_of(here))
            elif kind in ("play", "card"):
                key = ("card", str(a["card"]))
            elif kind == "buy":
                key = ("store_item", str(a["item"]))
            elif kind == "slot":
                key = ("slot", str(a["slot"]))
            elif kind in OBJECT_KINDS:
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
                key = ("space", here)
            self.by.setdefault(key, []).append(a)

    def _area_of(self, space: str | None) -> str:
        for area in self.view["expeditions"]:
            if any(sp["id"] == space for sp in area["spaces"]):
                return str(area["id"])
        return ""

    def take(self, key: tuple[str, str]) -> list[dict[str, Any]]:
        return self.by.pop(key, [])

    def chips(self, acts: list[dict[str, Any]], x: float, y: float, short: str = "", width: float = 150) -> float:
        """A small clickable chip per action from (x, y); returns the y below them."""
        cx, cy = x, y
        for a in acts:
            text = short or _chip_text(a)
            w = 7 + 6.1 * len(text)
            if cx + w > x + width and cx > x:
                cx, cy = x, cy + 18
            with self.top.group("chip", a):
                self.top.rect(cx, cy, w, 16, "#ffe680", "#a08000", 1, rx=4)
                self.top.text(cx + 4, cy + 12, text, size=10)
            cx += w + 3
        return cy + 18 if acts else y

    def card_info(self, card: str) -> str:
        t = self.texts["cards"][card]
        icons = ", ".join(_words(i) for i in t["icons"]) or "no icon"
        enh = ", ".join(_words(e) for e in t["enhancement"]) or "none"
        extra = "; blue triangle" if t["blue_triangle"] else ""
        return (f"{t['name']} ({t['deck']} card; {icons}; {t['fame']} fame; enhancement: {enh}{extra}): "
                f"{t['text']}")

    def object_info(self, obj: str) -> str:
        t = self.texts["objects"][obj]
        size = "2 backpack slots" if t["slots"] == 2 else "1 backpack slot"
        return f"{t['name']} ({size}, {t['fame']} fame): {t['text']}"

    def object_name(self, obj: str) -> str:
        return str(self.texts["objects"][obj]["name"])

    def card_name(self, card: str) -> str:
        return str(self.texts["cards"][card]["name"])


def _chip_text(a: dict[str, Any]) -> str:
    kind = a.get("kind")
    if kind == "paw":
        return "strong paw" if int(a.get("strong", 0)) else "paw"
    if kind == "play":
        return "play"
    return {"buy": "buy", "sell": "sell", "drop": "discard", "weapon": "fight with", "gallery": "to gallery",
            "step": "advance", "flag": "flag", "start": "start", "move_to": "move here", "space": "choose",
            "camp": "camp", "card": "choose", "slot": "choose", "tent": "put up", "area": "choose",
            "seat": "choose", "universal": "camp here"}.get(str(kind), str(a["label"])[:24])


def render_svg(view: dict[str, Any], seat: int | None, actions: list[dict[str, Any]]) -> str:
    b = _Board(view, seat, actions)
    c = b.c
    players = view["player_states"]
    sheet = view.get("score_sheet")
    end = Canvas()
    # the end: the verdict (the score sheet is the page's own table)
    below = final_banner(end, 10, 0, WIDTH - 20, sheet) if sheet else 0
    height = BY + view["board"]["height"] * SCALE + 20 + SEAT_H * len(players) + below
    c.rect(0, 0, WIDTH, height, "#f4efe4", rx=0)
    day = f"day {view['day']} of {view['days']}" if not view["over"] else "the game is over"
    c.text(14, 24, f"The Trial of the Forest — {day}", size=18, weight="bold", fill="#2f3b1f")
    c.text(14, 46, view["prompt"], size=13)
    board = view["board"]
    c.rect(BX, BY, board["width"] * SCALE, board["height"] * SCALE, "#e4eccf", "#6d7d4a", 1.5, rx=12)
    _expeditions(b)
    _forest(b)
    _pieces(b)
    _panel(b)
    y = BY + view["board"]["height"] * SCALE + 14
    for p in players:
        _seat(b, p, y)
        y += SEAT_H
    c.parts.extend(b.top.parts)
    if sheet:
        final_banner(c, 10, y + 6, WIDTH - 20, sheet)
    return c.svg(WIDTH, height, "trial")


# -- the forest ---------------------------------------------------------------------------------
def _forest(b: _Board) -> None:
    c, view = b.c, b.view
    board = view["board"]
    at = {sp["id"]: sp for sp in board["spaces"]}
    for area in view["expeditions"]:
        for sp in area["spaces"]:
            at[sp["id"]] = sp
    for a, z in board["lines"]:
        (x1, y1), (x2, y2) = _xy(at[a]["x"], at[a]["y"]), _xy(at[z]["x"], at[z]["y"])
        c.line(x1, y1, x2, y2, "#9b8a5e", 3)
    locations = {loc["space"]: loc for loc in view["locations"]}
    camps = {camp["space"]: camp for camp in view["campsites"]}
    for sp in board["spaces"]:
        x, y = _xy(sp["x"], sp["y"])
        acts = b.take(("space", sp["id"]))
        if sp["id"] in locations:
            _location(b, locations[sp["id"]], sp, x, y, acts)
            continue
        info = sp["name"]
        tunnel = sp.get("tunnel")
        if tunnel:
            state = "passable" if tunnel["passable"] else "collapsed"
            info += f" — a tunnel ({state}): passable tunnel spaces are 1 step from each other"
        camp = camps.get(sp["id"])
        if camp:
            tent = _tent_text(b, camp["tent"])
            info += f" — campsite: {_words(camp['bonus'])}" + (f"; {tent}" if tent else "")
        if sp["kind"] == "exit":
            info += f" — exit of {sp.get('exit_of', '').replace('_', ' ')}"
        fill = {"campsite": "#f6e3b4", "start": "#fff", "exit": "#dfe7f5",
                "tunnel": "#d9cbb0"}.get(sp["kind"], "#f8f4e6")
        one = acts[0] if len(acts) == 1 else None
        with c.group(f"space {sp['kind']}", one, info, space=sp["id"]):
            c.circle(x, y, 13, fill, "#f5b700" if acts else "#6b5b3e", 3 if acts else 1.2)
            if tunnel:
                c.circle(x, y, 8, "#3b2f1e" if not tunnel["passable"] else "none", "#3b2f1e", 2)
            if camp:
                c.add(f'<path d="M{x - 8:.0f},{y + 7:.0f} L{x:.0f},{y - 8:.0f} L{x + 8:.0f},{y + 7:.0f} Z" '
                      f'fill="{"#7b5e3b" if camp["tent"] else "none"}" stroke="#7b5e3b" stroke-width="1.5"/>')
            if sp["kind"] == "start":
                c.text(x, y + 4, "S", size=11, anchor="middle", weight="bold")
        if len(acts) > 1:
            b.chips(acts, x - 30, y + 16, width=90)


def _tent_text(b: _Board, tent: str | None) -> str:
    if tent is None:
        return ""
    if tent == "face_down":
        return "a tent lies here face down"
    return f"the tent here is {b.texts['tents'][tent]['name']}: {b.texts['tents'][tent]['text']}"


def _location(b: _Board, loc: dict[str, Any], sp: dict[str, Any], x: float, y: float,
              acts: list[dict[str, Any]]) -> None:
    c = b.c
    w, h = 92, 46
    state = {"intact": "", "ruined": " (ruined)", "restored": " (restored)"}.get(loc["state"], "")
    info = f"{sp['name']}: {loc['side']}{state} — {loc['text']}"
    if loc["type"] == "ruins":
        seen = loc["items"]
        info += (f" Items here: {', '.join(b.object_name(i) for i in seen)}." if seen is not None else
                 f" {loc['common_items']} common and {loc['rare_items']} rare item(s) lie here face down.")
    one = acts[0] if len(acts) == 1 else None
    fill = TILE_COLOURS.get(loc["type"], "#eee") if loc["state"] != "ruined" else "#bdb5a6"
    with c.group("location", one, info, space=sp["id"]):
        c.rect(x - w / 2, y - h / 2, w, h, fill, "#f5b700" if acts else "#5d4a2e", 3 if acts else 1.2, rx=6)
        c.text(x, y - 8, loc["side"][:17], size=10, anchor="middle", weight="bold")
        c.text(x, y + 5, (loc["type"] + state)[:20], size=9, anchor="middle", fill="#444")
        for i, who in enumerate(loc["paws"]):
            _paw(c, x - w / 2 + 8 + 12 * i, y + h / 2 - 8, who)
    if len(acts) > 1:
        b.chips(acts, x - w / 2, y + h / 2 + 2, width=w + 40)


def _paw(c: Canvas, x: float, y: float, who: int, strong: bool = False) -> None:
    c.circle(x, y, 6 if strong else 5, SEAT_COLOURS[who], "#000" if strong else "#fff", 2 if strong else 1)


def _expeditions(b: _Board) -> None:
    c, view = b.c, b.view
    for area in view["expeditions"]:
        spaces = {sp["id"]: sp for sp in area["spaces"]}
        xs = [sp["x"] for sp in area["spaces"]]
        ys = [sp["y"] for sp in area["spaces"]]
        x0, y0 = _xy(min(xs) - 28, min(ys) - 56)
        x1, y1 = _xy(max(xs) + 28, max(ys) + 28)
        acts = b.take(("area", str(area["id"])))
        artifacts = ", ".join(b.object_name(a) for a in area["artifacts"]) or "none left"
        flags = ", ".join(f"{seat_name(int(w))} on {spaces[s]['name'].split(': ')[-1]}"
                          for w, s in area["flags"].items())
        info = (f"{area['name']}: {plural(area['deck'], 'card')} in its deck, {len(area['discard'])} discarded; "
                f"artifacts: {artifacts}" + (f"; flags: {flags}" if flags else ""))
        with c.group("expedition", None, info, area=area["id"]):
            c.rect(x0, y0, x1 - x0, y1 - y0, "#dfe9f2", "#f5b700" if acts else "#5a7a9a", 3 if acts else 1.2, rx=10)
            c.text(x0 + 8, y0 + 16, area["name"], size=12, weight="bold", fill="#234")
            c.text(x0 + 8, y0 + 30, f"deck {area['deck']}  ·  artifacts: {artifacts}"[:60], size=9, fill="#234")
            for i, who in enumerate(area["paws"]):
                _paw(c, x1 - 12 - 12 * i, y0 + 14, who)
        b.chips(acts, x0 + 8, y0 + 34, width=x1 - x0 - 16)
        if area["top"]:
            with c.group("card", None, "The top card, face up: " + b.card_info(area["top"])):
                c.text(x1 - 8, y1 - 6, f"top: {b.card_name(area['top'])}", size=9, anchor="end")
        for line in area["lines"]:
            (ax, ay), (zx, zy) = _xy(spaces[line["from"]]["x"], spaces[line["from"]]["y"]), \
                _xy(spaces[line["to"]]["x"], spaces[line["to"]]["y"])
            c.line(ax, ay, zx, zy, "#4d6a86", 2.5, LINE_DASH.get(line["line"], ""))
            if line["pay"]:
                c.text((ax + zx) / 2, (ay + zy) / 2 - 4, _words(line["pay"]), size=8, anchor="middle", fill="#7a2020")
        flag_at = {s: int(w) for w, s in area["flags"].items()}
        for sp in area["spaces"]:
            x, y = _xy(sp["x"], sp["y"])
            acts = b.take(("space", sp["id"]))
            info = sp["name"] + (f" — finishing space: {sp['fame']} fame" if sp["kind"] == "finish" else "")
            with c.group(f"xspace {sp['kind']}", acts[0] if len(acts) == 1 else None, info, space=sp["id"]):
                fill = "#fff7cc" if sp["kind"] == "finish" else "#f4f8fc"
                c.circle(x, y, 12, fill, "#f5b700" if acts else "#4d6a86", 3 if acts else 1.2)
                if sp["kind"] == "finish":
                    c.text(x, y + 4, str(sp["fame"]), size=11, anchor="middle", weight="bold")
                if sp["id"] in flag_at:
                    who = flag_at[sp["id"]]
                    c.add(f'<path d="M{x + 6:.0f},{y - 4:.0f} l0,-16 l10,5 l-10,5" fill="{SEAT_COLOURS[who]}" '
                          f'stroke="#222" stroke-width="1"/>')
            if len(acts) > 1:
                b.chips(acts, x - 30, y + 14, width=90)


def _pieces(b: _Board) -> None:
    c, view = b.c, b.view
    spaces = list(view["board"]["spaces"]) + [sp for area in view["expeditions"] for sp in area["spaces"]]
    for sp in spaces:
        x, y = _xy(sp["x"], sp["y"])
        for i, who in enumerate(sp["pieces"]):
            px, py = x - 14 + 10 * i, y - 22
            p = view["player_states"][who]
            with c.group("piece", None, f"{p['name']}'s adventurer ({p['character']})", seat=who):
                c.circle(px, py, 8, SEAT_COLOURS[who], "#111", 1.5)
                c.text(px, py + 4, str(who + 1), size=10, anchor="middle", weight="bold", fill="#fff")


# -- the right-hand column ----------------------------------------------------------------------
def _panel(b: _Board) -> None:
    c, view = b.c, b.view
    x, y = PANEL_X, BY
    c.text(x, y + 12, f"Encounters (deck {view['encounters']['deck']})", size=13, weight="bold")
    y += 20
    for k, card in enumerate(view["encounters"]["slots"]):
        acts = b.take(("encounter", str(k))) + (b.take(("card", card)) if card else [])
        cx = x + k * 158
        info = b.card_info(card) if card else "An empty encounter slot."
        with c.group("encounter", None, info, slot=k):
            c.rect(cx, y, 152, 74, "#fff8e8" if card else "none", "#f5b700" if acts else "#7a6a4a",
                   3 if acts else 1, rx=6)
            if card:
                t = b.texts["cards"][card]
                c.text(cx + 6, y + 15, t["name"][:22], size=11, weight="bold")
                c.text(cx + 6, y + 29, f"{t['fame']} fame · {', '.join(_words(i) for i in t['icons'])}"[:28], size=9)
                c.text(cx + 6, y + 41, t["text"][:30], size=8, fill="#555")
        b.chips(acts, cx + 4, y + 50, width=146)
    paws = view["encounters"]["paws"]
    for i, who in enumerate(paws):
        _paw(c, x + 6 + 12 * i, y + 82, who)
    y += 96
    # the help spot
    acts = b.take(("help", ""))
    help_food = ", ".join(f"{n} {f}" for f, n in view["help_spot"]["food"].items() if n)
    info = ("The help spot: gain 1 deed card or 1 raspberry, acorn or mushroom; usable from anywhere but an "
            "expedition." + (f" Left here: {help_food}." if help_food else ""))
    with c.group("help-spot", None, info):
        c.rect(x, y, 220, 40, "#eef5e4", "#f5b700" if acts else "#6a8a3a", 3 if acts else 1, rx=6)
        c.text(x + 8, y + 15, "Help spot" + (f" ({help_food})" if help_food else ""), size=11, weight="bold")
        for i, who in enumerate(view["help_spot"]["paws"]):
            _paw(c, x + 120 + 12 * i, y + 12, who)
    b.chips(acts, x + 8, y + 20, width=210)
    deeds = view["deeds"]
    top = deeds["discard"][-1] if deeds["discard"] else None
    with c.group("deeds", None, "The deed deck and its discard pile" +
                 (f"; on top of the pile: {b.card_info(top)}" if top else "")):
        c.rect(x + 230, y, 240, 40, "#efe7f5", "#6a4a8a", 1, rx=6)
        c.text(x + 238, y + 15, f"Deed deck {deeds['deck']} · discards {len(deeds['discard'])}", size=11,
               weight="bold")
        if top:
            c.text(x + 238, y + 31, f"top discard: {b.card_name(top)}"[:38], size=9)
    y += 52
    # legendary tokens and the tray
    for i, tok in enumerate(view["legendary"]):
        holder = tok["holder"]
        info = (f"{tok['name']}: the first to have 5 cards in the {tok['column']} column takes it (3 fame)" +
                (f"; held by {seat_name(holder)}" if holder is not None else ""))
        with c.group("legendary", None, info):
            c.rect(x + i * 158, y, 152, 24, SEAT_COLOURS[holder] if holder is not None else "#f0e0b0", "#7a5c00", 1,
                   rx=12)
            c.text(x + i * 158 + 76, y + 16, tok["name"], size=10, anchor="middle", weight="bold",
                   fill="#fff" if holder is not None else "#222")
    y += 32
    tray = " · ".join(f"{n} {f}" for f, n in view["tray"].items())
    c.text(x, y + 12, f"Tray: {tray} · tunnel tokens {view['board']['tunnel_tokens_in_tray']}", size=10)
    c.text(x, y + 26, f"Tents in the box: {view['tents']['box']} · used: {len(view['tents']['used'])}", size=10)
    y += 36
    # the store
    acts_univ = b.take(("universal", ""))
    univ = view["campsites"][-1]
    with c.group("universal", acts_univ[0] if len(acts_univ) == 1 else None,
                 "The universal campsite: camp here when your space is not a campsite: 1 deed card or 1 "
                 "raspberry, acorn or mushroom" + ("; " + _tent_text(b, univ["tent"]) if univ["tent"] else "")):
        c.rect(x, y, 470, 22, "#f6e3b4", "#f5b700" if acts_univ else "#7b5e3b", 3 if acts_univ else 1, rx=6)
        c.text(x + 8, y + 15, "Universal campsite" + (" (a tent lies here)" if univ["tent"] else ""), size=10,
               weight="bold")
    y += 30
    c.text(x, y + 12, "Store", size=13, weight="bold")
    y += 18
    slots = view["store"]["slots"]
    for i, slot in enumerate(slots):
        sx, sy = x + (slot["column"] - 1) * 118, y + (slot["row"] - 1) * 58
        acts = b.take(("slot", str(i))) + (b.take(("store_item", slot["item"])) if slot["item"] else [])
        price = " + ".join(_words(p) for p in slot["price"])
        what = (f"{slot['count']} × {b.object_name(slot['item'])}" if slot["item"] else "empty")
        info = f"Store row {slot['row']}, column {slot['column']} ({slot['size']} slot), price {price}: {what}"
        if slot["item"]:
            info += " — " + b.object_info(slot["item"])
        with c.group("store-slot", acts[0] if len(acts) == 1 else None, info, slot=i):
            c.rect(sx, sy, 112, 52, "#fffaf0" if slot["item"] else "#f0ead8", "#f5b700" if acts else "#8a7a5a",
                   3 if acts else 1, rx=5)
            c.text(sx + 5, sy + 13, what[:19], size=10, weight="bold")
            c.text(sx + 5, sy + 26, price[:22], size=8, fill="#555")
        if len(acts) > 1:
            b.chips(acts, sx + 4, sy + 32, width=108)
    y += 58 * max(int(s["row"]) for s in slots) + 4
    gallery = view["store"]["gallery"]
    shown = "; ".join(f"{seat_name(int(w))}: {', '.join(b.object_name(a) for a in arts)}"
                      for w, arts in gallery.items() if arts)
    c.text(x, y + 12, f"Gallery: {shown or 'empty'}"[:80], size=10)


# -- each seat ----------------------------------------------------------------------------------
def _seat(b: _Board, p: dict[str, Any], y: float) -> None:
    c, view = b.c, b.view
    who = p["seat"]
    me = who == b.seat
    acts = b.take(("seat", str(who)))
    c.rect(10, y, WIDTH - 20, SEAT_H - 8, "#fbf8f1", SEAT_COLOURS[who], 3 if me else 1.2, rx=8)
    where = _space_name(view, p["position"])
    head = (f"{p['name']}{' (you)' if me else ''} — {p['character']} — on {where}"
            + (" — first player" if p["first_player"] else ""))
    c.text(22, y + 20, head, size=13, weight="bold", fill=SEAT_COLOURS[who])
    b.chips(acts, 560, y + 8, width=200)
    food = "  ".join(f"{n} {f}" for f, n in p["food"].items())
    m = p["morality"]
    sk = p["skills"]
    c.text(22, y + 38, f"Food: {food}   ·   Morality {m['position']:+d} ({m['leaning']}, {m['fame']} fame)   ·   "
                       f"Fame from the story {p['story_fame']}", size=11)
    c.text(22, y + 54, f"Movement {sk['movement']} · strength {sk['strength']} · dice {sk['dice']} · trading "
                       f"{sk['trading']} · card draw {sk['card_draw']}   ·   paw tokens at home {p['paws']['home']}"
                       f"{' (strong among them)' if p['paws']['strong_home'] else ''} · tents {p['tents']}",
           size=11)
    extras = []
    boosts = [f"{n} {_words(k)}" for k, n in p["one_time_symbols"].items() if n]
    if boosts:
        extras.append("one-time symbols: " + ", ".join(boosts))
    if p["legendary"]:
        extras.append("legendary: " + ", ".join(_words(t).removeprefix("legendary ") for t in p["legendary"]))
    flags = [f"{_words(a)}" for a, s in p["flags"].items() if s]
    if flags:
        extras.append("flags: " + ", ".join(flags))
    if p["gallery"]:
        extras.append("gallery: " + ", ".join(b.object_name(a) for a in p["gallery"]))
    if extras:
        c.text(22, y + 70, "   ·   ".join(extras)[:190], size=10, fill="#444")
    # the story: four columns
    for k, (col, title) in enumerate(COLUMN_TITLES.items()):
        cx = 22 + k * 190
        cards = [e for e in p["story"] if e["column"] == col]
        c.text(cx, y + 90, f"{title} ({len(cards)})", size=11, weight="bold")
        for i, e in enumerate(cards[:6]):
            cy = y + 96 + i * 14
            if e["card"] is None:
                c.rect(cx, cy, 180, 12, "#c9c0ad", rx=2)
                c.text(cx + 4, cy + 10, "face down", size=9, fill="#333")
                continue
            info = ("Face down (no symbols, no fame): " if not e["face_up"] else "") + b.card_info(e["card"])
            with c.group("story-card", None, info):
                c.rect(cx, cy, 180, 12, "#f5ecd4" if e["face_up"] else "#c9c0ad", rx=2)
                c.text(cx + 4, cy + 10, b.card_name(e["card"])[:28] + ("" if e["face_up"] else " (down)"), size=9)
        if len(cards) > 6:
            c.text(cx, y + 96 + 6 * 14 + 10, f"+{len(cards) - 6} more", size=9)
    # the hand, the backpack, the tents
    hx = 790
    if "hand" in p:
        c.text(hx, y + 90, f"Hand ({len(p['hand'])}) and set aside ({len(p['aside'])})", size=11, weight="bold")
        for i, card in enumerate(p["hand"] + p["aside"]):
            cx, cy = hx + (i % 4) * 120, y + 96 + (i // 4) * 26
            acts = b.take(("card", card))
            aside = i >= len(p["hand"])
            with c.group("hand-card", acts[0] if len(acts) == 1 else None,
                         ("Set aside until the end of the turn: " if aside else "") + b.card_info(card), card=card):
                c.rect(cx, cy, 116, 22, "#ddd" if aside else "#fff8e8", "#f5b700" if acts else "#7a6a4a",
                       3 if acts else 1, rx=4)
                c.text(cx + 4, cy + 15, b.card_name(card)[:18], size=10)
            if len(acts) > 1:
                b.chips(acts, cx, cy + 22, width=116)
    else:
        backs = p["hand_backs"]
        hand = f"{plural(backs['deed'], 'deed card')} and {plural(backs['encounter'], 'encounter card')}"
        c.text(hx, y + 90, f"Hand: {hand} face down"
                           + (f", {p['set_aside']} set aside" if p["set_aside"] else ""), size=11, weight="bold")
        if p.get("known_cards"):
            c.text(hx, y + 106, "Known to you: " + ", ".join(b.card_name(k) for k in p["known_cards"]), size=10)
    bx = 1290
    c.text(bx, y + 20, f"Backpack ({p['backpack_slots_used']} of 5 slots)", size=11, weight="bold")
    for i, obj in enumerate(p["backpack"]):
        ox, oy = bx + (i % 2) * 126, y + 26 + (i // 2) * 24
        acts = b.take(("object", obj)) if me or b.seat is None else []
        with c.group("object", acts[0] if len(acts) == 1 else None, b.object_info(obj), object=obj):
            c.rect(ox, oy, 122, 20, "#eef", "#f5b700" if acts else "#557", 3 if acts else 1, rx=4)
            c.text(ox + 4, oy + 14, b.object_name(obj)[:19], size=10)
        if len(acts) > 1:
            b.chips(acts, ox, oy + 20, width=122)
    if "tent_tokens" in p:
        c.text(bx, y + 104, "Your tents:", size=10, weight="bold")
        for i, tent in enumerate(p["tent_tokens"]):
            acts = b.take(("tent", tent))
            tx, ty = bx + (i % 2) * 126, y + 110 + (i // 2) * 22
            t = b.texts["tents"][tent]
            with c.group("tent", acts[0] if len(acts) == 1 else None, f"{t['name']}: {t['text']}", tent=tent):
                c.rect(tx, ty, 122, 18, "#f6e3b4", "#f5b700" if acts else "#7b5e3b", 3 if acts else 1, rx=4)
                c.text(tx + 4, ty + 13, t["name"].removeprefix("Tent: ")[:19], size=9)
    if p["kept_tents"]:
        c.text(bx, y + SEAT_H - 16, "Kept: " + ", ".join(b.texts["tents"][x]["name"] for x in p["kept_tents"])[:40],
               size=9)


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
    return space
