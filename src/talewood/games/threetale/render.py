"""ThreeTale as SVG for the browser, drawn from a seat's view (view.py) alone.

From the top: the tale's chapter and the decision; the Future (its goal and its clock), the turn under way
(Steps, Actions, dice to turn, the Bonus cards drawn), the Battle or the roll under way; the three Hero
boards side by side (Speed, Spirit, Shevitsa and the other stones as icons with counts, each Virtue on its
0–13 track, the six Talents, the Artifacts and Quests); the cards to choose from (Heroes, tiles, Artifacts,
Quests) with their whole text; the Map as its tiles lie, lettered and numbered a tile a column and a row
as the terminal's codes are; the Prophecies and the decks.

Every choice that concerns a piece is chosen on it (`data-action`): a step on the space it leads to, a new
tile's place on the empty place it would fill, its turn on a picture of the tile so turned, a tile or a
space on the Map, a Virtue on its track, a Talent, an Artifact, a Bonus card's effect, a Hero on their
board. The rest (end the turn, roll, escape…) are the page's buttons. Every text is drawn at 12 units or
more and never cut: what does not fit is wrapped, and every piece carries its whole text (`data-info`).
"""

from __future__ import annotations

from typing import Any

from ...ui.svg import MIN_FONT, Canvas, final_banner, icon, text_width, wrap
from ...ui.text import count
from .actions import DIRECTIONS
from .choices import column, initials, origin

W = 980                      # the board's width when the Map is narrower
PAD = 8
DASH_W = 312                 # a Hero board
DASH_GAP = 14
CELL = 58                    # a space of the Map
BAND = 32                    # a tile's name, under its four spaces
TILE_W, TILE_H = 2 * CELL, 2 * CELL + BAND
LINE = 16                    # a line of 12-unit text
HERO_COLOURS = ("#b03a2e", "#1f5f9e", "#2a7a38")
INK, PARCHMENT, MUTED = "#2b2418", "#fbf6ea", "#5c5443"
SPACE_FILL = {"tree": "#4c7a3a", "altar": "#d2ab55", "portal": "#8a6fcf", "dark": "#2d2a33"}
SPACE_ICON = {"tree": ("forest", "#e4f0d8"), "altar": ("altar", "#4a3510"), "portal": ("portal", "#f3edff")}
TOKEN_LOOK = {   # a Past token: icon, fill, its icon's colour
    "battle": ("fight", "#8f2a1e", "#fff3ee"), "treasure": ("treasure", "#e0b646", "#4a3510"),
    "quest": ("story", "#3d6fa3", "#eef5ff"), "offering": ("offering", "#f6e7b8", "#6b4f1d"),
}
STONES = {"white": "#fdfdfd", "red": "#cc3b2c", "black": "#2a2a2a", "wisdom_stone": "#fdfdfd",
          "parallel_virtue": "#fdfdfd"}
OBJECT_LOOK = {  # a Future piece by its kind (the Future Book's backs and borders)
    "aiding": ("aiding", "#fffdf5", "#c9a227", "#8a6d12"),
    "conditional": ("conditional", "#262626", "#b87333", "#f2d2b0"),
    "hostile": ("fight", "#9c2a1c", "#8c949c", "#fff1ec"), "mixed": ("mixed", "#6a5a8c", "#c9a227", "#f4efff"),
    "special": ("magic", "#d9dde3", "#2f6db5", "#1d3d66"),
}
PIECE_ICON = {"ring": "ring", "seed": "seed", "head": "head", "wow": "ark", "incubator": "egg",
              "elixir": "potion", "reflector": "mirror", "virus": "virus", "fountain": "fountain",
              "ark": "ark", "tree": "living-tree", "throne": "throne", "vicinator": "vicinator"}
FIGURE_ICON = {"nine_rings": "fountain", "information_flood": "ark", "parallel_land": "living-tree",
               "path_of_initiation": "throne", "crown_of_evil": "vicinator"}
STEP = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0), "north-east": (1, -1),
        "south-east": (1, 1), "south-west": (-1, 1), "north-west": (-1, -1)}
CORNER_AT = {"north-west": (0, 0), "north-east": (1, 0), "south-east": (1, 1), "south-west": (0, 1)}
SIDE_STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))
SPACE_WORDS = {
    "tree": "Trees (no Hero may pass)", "altar": "an Altar", "portal": "a Portal", "white": "a White Stone slot",
    "red": "a Red Stone slot", "black": "a Black Stone slot", "battle1": "a Battle 1 slot",
    "battle2": "a Battle 2 slot", "battle3": "a Battle 3 slot", "treasure1": "a Treasure 1 slot",
    "treasure2": "a Treasure 2 slot", "treasure3": "a Treasure 3 slot", "quest": "a Quest slot",
    "empty": "an open space", "dark": "the dark side of a flipped tile",
}
VIRTUE_EFFECT = {
    "hope": ("turn {n} die a turn", "turn {n} dice a turn"),
    "faith": ("draw {n} Bonus card a turn", "draw {n} Bonus cards a turn"),
    "endeavor": ("{n} more Action a turn", "{n} more Actions a turn"),
    "endurance": ("raise {n} of your Virtues at the end of your turn", "raise {n} of your Virtues at the end of "
                  "your turn"),
    "mercy": ("raise {n} Virtue of another Hero at the end of your turn", "raise {n} Virtues of other Heroes at "
              "the end of your turn"),
}
BANDS = ((0, 2), (3, 6), (7, 10), (11, 13))
DECK_GROUPS = (("Artifacts", "Level {} Artifacts"), ("Battle cards", "Level {} Battle cards"),
               ("Treasure cards", "Level {} Treasure cards"))


class _Board:
    """The drawing under way: the canvas, the view, and the legal actions by what they concern."""

    def __init__(self, view: dict[str, Any], actions: list[dict[str, Any]], seat: int | None) -> None:
        self.c = Canvas()
        self.view = view
        self.seat = seat
        self.actions = actions
        self.decision = view.get("decision") or {}
        self.heroes = view["player_states"]

    def acts(self, *kinds: str, **match: object) -> list[dict[str, Any]]:
        """The legal actions of these kinds (and parameters) not yet drawn on a piece."""
        return [a for a in self.actions if a["kind"] in kinds and int(a["id"]) not in self.c.acted
                and all(a.get(k) == v for k, v in match.items())]

    def first(self, *kinds: str, **match: object) -> dict[str, Any] | None:
        found = self.acts(*kinds, **match)
        return found[0] if found else None


def render_svg(view: dict[str, Any], seat: int | None, actions: list[dict[str, Any]]) -> str:
    b = _Board(view, actions, seat)
    c = b.c
    body: list[str] = []
    c.parts = body
    width = max(W, _map_width(b) + 2 * PAD)
    # the top: the chapter and the decision (or the end) in the first column, narrow enough for a phone;
    # the Future, the turn, the Battle or the roll under way beside it
    left = _header(b, PAD, DASH_W)
    rx = PAD + DASH_W + DASH_GAP
    rw = 2 * DASH_W + DASH_GAP
    y = _future(b, rx, PAD, rw)
    y = _this_turn(b, rx, y, rw)
    y = _battle(b, rx, y, rw)
    y = _roll(b, rx, y, rw)
    y = _boards(b, PAD, max(left, y))
    y = _to_choose(b, PAD, y, width - 2 * PAD)
    y = _map(b, PAD, y, width - 2 * PAD)
    y = _prophecies(b, PAD, y, width - 2 * PAD)
    y = _decks(b, PAD, y, width - 2 * PAD)
    height = y + PAD
    c.parts = [f'<rect x="0" y="0" width="{width}" height="{height:.0f}" fill="#f4ecd8"/>', *body]
    return c.svg(width, height, "threetale")


# -- text ---------------------------------------------------------------------------------------------
def para(c: Canvas, x: float, y: float, width: float, text: str, size: float = MIN_FONT, weight: str = "normal",
         fill: str = INK, anchor: str = "start") -> float:
    """`text` wrapped into as many lines as it needs (never cut), its first baseline `size` below y;
    returns the y under it."""
    step = round(size * 1.3)
    rows = wrap(text, width, size, 99)
    tx = x + width / 2 if anchor == "middle" else x
    for k, row in enumerate(rows):
        c.text(tx, y + size + step * k, row, size=size, weight=weight, fill=fill, anchor=anchor)
    return y + size + step * (len(rows) - 1) + size * 0.45


def para_height(text: str, width: float, size: float = MIN_FONT) -> float:
    return size * 1.45 + round(size * 1.3) * (len(wrap(text, width, size, 99)) - 1)


def button(c: Canvas, act: dict[str, Any], x: float, y: float, w: float, text: str, h: float = 26) -> float:
    """A clickable label drawn on the board (the page rings it); returns its height."""
    rows = wrap(text, w - 12, MIN_FONT, 99)
    h = max(h, 10 + LINE * len(rows))
    with c.group("board-button", act):
        c.rect(x, y, w, h, "#fff4cc", "#a07a10", 1.2, rx=6)
        for k, row in enumerate(rows):
            c.text(x + 6, y + 17 + LINE * k, row, size=MIN_FONT, fill=INK)
    return h


def box(c: Canvas, x: float, y: float, w: float, h: float, fill: str = PARCHMENT, stroke: str = "#a8956a",
        sw: float = 1.2) -> None:
    c.rect(x, y, w, h, fill, stroke, sw, rx=8)


# -- the top -------------------------------------------------------------------------------------------
def _header(b: _Board, x: float, w: float) -> float:
    """The tale's chapter, turn and round, then the decision — or at the end the verdict and what the team
    achieved; returns the y below."""
    c, view = b.c, b.view
    phase = {"prophecy": "the Prophecy Phase", "past": "the Past", "present": "the Present",
             "future": "the Future"}[view["phase"]]
    where = phase[:1].upper() + phase[1:]
    if view["phase"] in ("past", "future") and view["turn"]:
        where += f", turn {view['turn']}"
    if view["phase"] == "future" and view["round"]:
        where += f", round {view['round']}"
    c.text(x + 4, PAD + 20, "ThreeTale", size=20, weight="bold", fill="#3b2f1b")
    y = para(c, x + 4, PAD + 26, w - 8, where, size=16, weight="bold", fill="#3b2f1b") + 4
    if view.get("over"):
        return final_banner(c, x, y, w, view.get("score_sheet"), lines=12)
    prompt = view["prompt"]
    return para(c, x + 4, y, w - 8, prompt[:1].upper() + prompt[1:], size=14) + 10


def _future(b: _Board, x: float, y: float, w: float) -> float:
    c = b.c
    f = b.view.get("future")
    if not f:
        names = ", ".join(p["name"] for p in b.view["prophecies"])
        text = f"The Future is not yet known: one of the Prophecies ({names}) will be fulfilled."
        return para(c, x + 4, y, w - 8, text, fill=MUTED) + 8
    goal = f["text"].split(" Set up.", 1)[0].removeprefix("Goal. ")
    title = f"The Future {f['number']}: {f['name']}"
    parts: list[str] = []
    c.parts, outer = parts, c.parts
    with c.group("future", None, f"{title}. {f['text']} Reward: {f['reward']} points."):
        c.text(x + 12, y + 24, title, size=16, weight="bold", fill="#3b2466")
        yy = para(c, x + 12, y + 30, w - 24, goal)
        yy = _clock(c, f, x + 12, yy + 4, w - 24)
        yy = para(c, x + 12, yy, w - 24, _future_decks(f), fill=MUTED)
    c.parts = outer
    box(c, x, y, w, yy - y + 6, "#ece6f7", "#5b3f8f", 1.5)
    c.parts.extend(parts)
    return yy + 16


def _future_decks(f: dict[str, Any]) -> str:
    return "Cards left: " + "; ".join(f"{name}: {n}" for name, n in f["decks"].items()) + "."


def _clock(c: Canvas, f: dict[str, Any], x: float, y: float, w: float) -> float:
    """The Future's clock as a track of boxes (the flips, the tiles left, the Tentacles) and its words."""
    clock = f["clock"]
    marks: list[bool] = []
    if clock["kind"] == "flips":
        marks = [k < clock["flipped"] for k in range(clock["lose_at"])]
    elif clock["kind"] == "tentacles":
        marks = [True] * clock["tentacles_left"]
    for k, on in enumerate(marks[:30]):
        c.rect(x + k * 22, y, 18, 18, "#5b3f8f" if on else "#fbf8ff", "#5b3f8f", 1, rx=3)
    if marks:
        x += min(30, len(marks)) * 22 + 6
    para(c, x, y, w - (min(30, len(marks)) * 22 + 6 if marks else 0), f["clock_text"] + ".", weight="bold")
    return y + 24


# -- the turn, the Battle, a roll -----------------------------------------------------------------------
def _this_turn(b: _Board, x: float, y: float, w: float) -> float:
    t = b.view.get("this_turn")
    if not t or b.view.get("over"):
        return y
    c = b.c
    colour = HERO_COLOURS[t["seat"]]
    c.text(x + 4, y + 16, f"{t['hero']}'s turn", size=14, weight="bold", fill=colour)
    cx = x + 12 + text_width(f"{t['hero']}'s turn", 14)
    for name, words in (("step", count(t["steps_left"], "Step") + " left"),
                        ("action", count(t["actions_left"], "Action") + " left"),
                        ("die", count(t["dice_to_turn"], "die", "dice") + " to turn")):
        with c.group("turn-count", None, f"This turn: {words}"):
            icon(c, name, cx, y + 2, 18, colour)
            c.text(cx + 22, y + 16, words, size=MIN_FONT)
        cx += 30 + text_width(words, MIN_FONT)
    y += 26
    cards = t["bonus_cards"]
    if not cards:
        return y + 4
    cw = min(300.0, (w - 8 * (len(cards) - 1)) / len(cards))
    heights = []
    for k, card in enumerate(cards):
        cx = x + k * (cw + 8)
        heights.append(_bonus_card(b, card, cx, y, cw))
    return y + max(heights) + 10


def _bonus_card(b: _Board, card: dict[str, Any], x: float, y: float, w: float) -> float:
    c = b.c
    used = " (used)" if card["used"] else ""
    title = f"Bonus card: {card['name']}{used}"
    acts = b.acts("use_bonus", card=card["index"]) + b.acts("return_bonus", card=card["index"])
    top = y
    text_h = para_height(title, w - 16, 13) + para_height(card["text"], w - 16)
    h = 10 + text_h + sum(_button_height(a["label"], w - 16) + 4 for a in acts) + 6
    with c.group("bonus-card", None, f"{card['name']}: {card['text']}{used}"):
        box(c, x, y, w, h, "#ddd7c6" if card["used"] else "#f6ecd0", "#8a6d2a")
        yy = para(c, x + 8, y + 4, w - 16, title, 13, "bold")
        yy = para(c, x + 8, yy, w - 16, card["text"])
    yy += 4
    for a in acts:
        yy += button(c, a, x + 8, yy, w - 16, a["label"]) + 4
    return max(h, yy - top + 4)


def _button_height(text: str, w: float) -> float:
    return max(26.0, 10 + LINE * len(wrap(text, w - 12, MIN_FONT, 99)))


def _battle(b: _Board, x: float, y: float, w: float) -> float:
    bt = b.view.get("battle")
    if not bt:
        return y
    c = b.c
    card = bt.get("card") or {}
    fighter = next((h for h in b.heroes if h["seat"] == b.view.get("current_player")), None)
    hero = (b.view.get("this_turn") or {}).get("hero") or (fighter or {}).get("name") or "the Hero"
    text = card.get("text") or ""
    talent = (card.get("talent") or {}).get("name") if isinstance(card.get("talent"), dict) else None
    lines = [
        f"Speed {bt['speed']}, Defense {bt['defense']} of {bt['defense_at_start']}, Strength {bt['strength']}.",
        f"Next to attack: {hero if bt['attacks_next'] == 'hero' else 'the enemy'}. {rounds_so_far(bt, hero)}",
    ]
    if talent:
        lines.append(f"The enemy's Talent: {talent}.")
    if text:
        lines.append(text)
    roll = bt["roll"]
    title = f"Battle: {bt['enemy']}" + (f" (Level {card['level']})" if card.get("level") else "")
    h = 36 + sum(para_height(t, w - 24) for t in lines) + (34 if roll["dice"] else 0)
    enemy_cards = bt["enemy_bonus_cards"]
    with c.group("battle", None, f"{title}. " + " ".join(lines)):
        box(c, x, y, w, h, "#f6ddd5", "#8b2b1b", 1.5)
        icon(c, "fight", x + 10, y + 8, 20, "#8b2b1b")
        c.text(x + 36, y + 24, title, size=16, weight="bold", fill="#6b1b0b")
        yy = y + 32
        for t in lines:
            yy = para(c, x + 12, yy, w - 24, t)
        if roll["dice"]:
            _dice(c, x + 12, yy + 4, roll["dice"], roll["positive"], "the last roll")
    y += h + 8
    if enemy_cards:
        cw = min(300.0, (w - 8 * (len(enemy_cards) - 1)) / len(enemy_cards))
        hs = []
        for k, ec in enumerate(enemy_cards):
            cx = x + k * (cw + 8)
            th = para_height(f"Enemy Bonus card: {ec['name']}", cw - 16, 13) + para_height(ec["text"], cw - 16) + 12
            with c.group("enemy-bonus", None, f"{ec['name']}: {ec['text']}"):
                box(c, cx, y, cw, th, "#fbeeea", "#8b2b1b")
                yy = para(c, cx + 8, y + 4, cw - 16, f"Enemy Bonus card: {ec['name']}", 13, "bold")
                para(c, cx + 8, yy, cw - 16, ec["text"])
            hs.append(th)
        y += max(hs) + 8
    return y


def rounds_so_far(bt: dict[str, Any], hero: str) -> str:
    if not bt["hero_rounds"] and not bt["enemy_rounds"]:
        return "No round of attack yet."
    return (f"Rounds of attack so far: {count(bt['hero_rounds'], 'round')} by {hero}, "
            f"{count(bt['enemy_rounds'], 'round')} by the enemy.")


def _dice(c: Canvas, x: float, y: float, dice: int, positive: int, what: str) -> None:
    """A roll as its dice: the positive ones marked, the blank ones empty, and the count in words."""
    shown = min(dice, 20)
    words = f"{what}: {positive} positive of {count(dice, 'die', 'dice')}"
    with c.group("dice", None, words[:1].upper() + words[1:]):
        for k in range(shown):
            dx = x + k * 24
            c.rect(dx, y, 20, 20, "#fffdf7", "#6b5a3a", 1.2, rx=4)
            if k < positive:
                icon(c, "sun", dx + 2, y + 2, 16, "#b8860b")
        c.text(x + shown * 24 + 6, y + 15, words[:1].upper() + words[1:], size=MIN_FONT, fill=MUTED)


def _roll(b: _Board, x: float, y: float, w: float) -> float:
    """A Treasure card or another roll under way: the card's words and the dice."""
    roll = b.view.get("roll")
    if not roll or b.view.get("battle"):
        return y
    c = b.c
    card = b.view.get("treasure")
    title = f"Treasure card: {card['name']} (Level {card['level']})" if card else "A roll"
    text = card["text"] if card else ""
    h = 36 + (para_height(text, w - 24) if text else 0) + 30
    with c.group("treasure", None, f"{title}: {text}" if text else title):
        box(c, x, y, w, h, "#f7edc9", "#8a6d12", 1.5)
        icon(c, "treasure", x + 10, y + 8, 20, "#8a6d12")
        c.text(x + 36, y + 24, title, size=16, weight="bold", fill="#5a4510")
        yy = para(c, x + 12, y + 32, w - 24, text) if text else y + 32
        _dice(c, x + 12, yy + 2, roll["dice"], roll["positive"], "the roll")
    return y + h + 10


# -- the Hero boards -------------------------------------------------------------------------------------
def _boards(b: _Board, x: float, y: float) -> float:
    hs = [_board(b, h, x + k * (DASH_W + DASH_GAP), y) for k, h in enumerate(b.heroes)]
    return y + max(hs) + 12


def _virtue_owner(b: _Board) -> int | None:
    """Whose Virtues the decision's raise and lose choices concern."""
    d = b.decision
    if not d:
        return None
    return int(d["target"]) if d.get("kind") == "MercyVirtue" else int(d["seat"])


def _board(b: _Board, h: dict[str, Any], x: float, y: float) -> float:
    c = b.c
    seat = h["seat"]
    colour = HERO_COLOURS[seat]
    me = seat == b.seat
    top = y
    who = f"{h['player']}" + (" (you)" if me else "")
    if not h.get("hero"):
        with c.group("hero", None, f"{who}: no Hero chosen yet"):
            box(c, x, y, DASH_W, 56, PARCHMENT, colour, 3 if me else 1.5)
            c.text(x + 12, y + 24, who, size=15, weight="bold", fill=colour)
            c.text(x + 12, y + 44, "No Hero chosen yet", size=MIN_FONT, fill=MUTED)
        return 56
    parts: list[str] = []
    c.parts, outer = parts, c.parts
    # the header: the Hero's name, the player, where the Hero stands
    c.rect(x, y, DASH_W, 46, colour, rx=8)
    with c.group("hero", None, f"{h['name']} ({who}): {h['text']}", seat=seat + 1):
        c.text(x + 10, y + 20, h["name"], size=15, weight="bold", fill="#fff")
        c.text(x + 10, y + 38, who, size=MIN_FONT, fill="#fff")
    hx = x + DASH_W - 8
    for a in reversed(b.acts("give_to", "bless_to", "keeper", "hero", "order_hero", "give_ring", hero=h["index"])):
        text = _hero_verb(a)
        bw = text_width(text, MIN_FONT) + 16
        hx -= bw
        with c.group("hero-choice", a):
            c.rect(hx, y + 6, bw, 34, "#fff4cc", "#fff", 1.5, rx=6)
            c.text(hx + bw / 2, y + 28, text, size=MIN_FONT, anchor="middle", weight="bold")
        hx -= 4
    y += 50
    pos = h.get("position")
    where = f"On the {pos['corner']} space of {pos['tile_name']}." if pos else "Not on the Map."
    y = para(c, x + 10, y, DASH_W - 20, where, fill=MUTED) + 2
    y = _stats(b, h, x + 10, y)
    y = _virtues(b, h, x + 10, y + 4, colour)
    y = _talents(b, h, x + 10, y + 6)
    y = _artifacts(b, h, x + 10, y + 4)
    y = _quests(b, h, x + 10, y + 2)
    height = y - top + 6
    c.parts = outer
    box(c, x, top, DASH_W, height, PARCHMENT, colour, 3 if me else 1.5)
    c.parts.extend(parts)
    return height


def _hero_verb(a: dict[str, Any]) -> str:
    return {"give_to": "Give", "bless_to": "Give the Offering", "keeper": "Keeps it", "hero": "Choose",
            "order_hero": "Next", "give_ring": "Give a Ring"}[a["kind"]]


def _stats(b: _Board, h: dict[str, Any], x: float, y: float) -> float:
    """Speed, Spirit, Shevitsa, Offerings and Sacred Stones (and what the Future has the Heroes gather), each
    as its icon, its count and its name; a Sacred Stone the decision may spend is chosen on it."""
    c = b.c
    speed = f"Speed {h['speed']}" + (f", {h['speed_now']} this turn" if h["speed_now"] != h["speed"] else "")
    items = [("speed", h["speed_now"], "Speed", speed), ("spirit", h["spirit"], "Spirit", f"Spirit {h['spirit']}"),
             ("shevitsa", h["shevitsa"], "Shevitsa", f"Shevitsa {h['shevitsa']}"),
             ("offering", h["offerings"], "Offerings", f"Offerings {h['offerings']}"),
             ("sacred-stone", h["sacred_stones"], "Sacred Stones", f"Sacred Stones {h['sacred_stones']}")]
    future = (b.view.get("future") or {}).get("id") if "rings" in h else None
    if future == "nine_rings":
        items.append(("ring", h["rings"], "Rings", f"Rings {h['rings']} (every Hero needs 3)"))
    elif future == "path_of_initiation":
        heads = ", ".join(f"Level {n}" for n in h["heads"]) or "none yet"
        items.append(("head", len(h["heads"]), "Heads", f"Heads: {heads} (every Hero needs one of each Level)"))
    elif future == "parallel_land":
        items.append(("seed", h["seeds"], "Seeds", f"Seeds {h['seeds']}"))
    cx, cy = x, y
    right = x + DASH_W - 20
    for name, n, word, words in items:
        act = b.first("stone", hero=h["index"]) if name == "sacred-stone" else None
        w = 24 + text_width(f"{n} {word}", MIN_FONT) + 6
        if cx + w > right:
            cx, cy = x, cy + 28
        with c.group("stat", act, f"{h['name']}: {words}"):
            c.rect(cx - 3, cy, w, 26, "none" if act is None else "#fff4cc", "none", rx=5, extra=' pointer-events="all"')
            icon(c, name, cx, cy + 4, 18, INK)
            c.text(cx + 22, cy + 18, n, size=13, weight="bold", fill=INK)
            c.text(cx + 24 + text_width(str(n), 13), cy + 18, word, size=MIN_FONT, fill=INK)
        cx += w + 4
    return cy + 30


def _virtues(b: _Board, h: dict[str, Any], x: float, y: float, colour: str) -> float:
    c = b.c
    owner = _virtue_owner(b)
    mine = owner == h["seat"]
    for i, (name, value) in enumerate(h["virtues"].items()):
        ry = y + i * 26
        act = b.first("raise_virtue", "lower_virtue", virtue=i) if mine else None
        band = h["bands"].get(name)
        label = name.capitalize()
        if name == "love":
            meaning = f"roll {count(value, 'die', 'dice')} in each round of attack"
        else:
            one, many = VIRTUE_EFFECT[name]
            meaning = (one if band == 1 else many).format(n=band)
        info = f"{h['name']}'s {label} {value} (of 13): {meaning}."
        with c.group("virtue", act, info, virtue=label):
            c.rect(x - 4, ry, DASH_W - 12, 24, "#fff4cc" if act else "none", "none", rx=5,
                   extra=' pointer-events="all"')
            c.text(x, ry + 17, label, size=MIN_FONT)
            c.text(x + 100, ry + 17, value, size=MIN_FONT, weight="bold", anchor="end")
            _virtue_track(c, x + 108.5, ry + 6, value, colour)
            if act is not None:
                sign = "+" if act["kind"] == "raise_virtue" else "−"
                c.circle(x + DASH_W - 34, ry + 12, 10, "#f5b700", "#7a5c00", 1)
                c.text(x + DASH_W - 34, ry + 17, sign, size=15, anchor="middle", weight="bold")
    return y + 6 * 26


def _virtue_track(c: Canvas, x: float, y: float, value: int, colour: str) -> None:
    """A Virtue's track, 1 to 13, its bands told apart, filled up to `value` (drawn once for each value
    and colour, then placed)."""
    key = (value, colour)
    drawn = _TRACKS.get(key)
    if drawn is None:
        p = Canvas()
        for k in range(1, 14):
            band = next(n for n, (lo, hi) in enumerate(BANDS) if lo <= k <= hi)
            fill = colour if k <= value else ("#efe6d0" if band % 2 == 0 else "#ddcfae")
            p.rect((k - 1) * 12.5, 0, 11, 12, fill, "#b3a27a", 0.5, rx=2)
        drawn = _TRACKS[key] = "".join(p.parts)
    c.add(f'<g transform="translate({x:g} {y:g})">{drawn}</g>')


_TRACKS: dict[tuple[int, str], str] = {}


def _talents(b: _Board, h: dict[str, Any], x: float, y: float) -> float:
    c = b.c
    c.text(x, y + 14, "Talents (2, then 4 and 6 more Shevitsa)", size=MIN_FONT, weight="bold")
    y += 20
    developed_levels = {t["level"] for t in h["talents"] if t["developed"]}
    for k, tal in enumerate(h["talents"]):
        ry = y + k * 26
        act = b.first("develop", "talent", talent=tal["index"])
        state = "developed" if tal["developed"] else ("its level is taken" if tal["level"] in developed_levels
                                                      else "not developed")
        info = f"{tal['name']} (Level {tal['level']} Talent, {state}): {tal['text']}"
        fill = "#cfe6c4" if tal["developed"] else ("#fff4cc" if act else "#f3eddf")
        with c.group("talent", act, info):
            c.rect(x - 4, ry, DASH_W - 12, 24, fill, "#a89a78" if act is None else "#a07a10", 0.8, rx=5)
            c.text(x + 4, ry + 17, f"{tal['level']}", size=MIN_FONT, weight="bold", fill=MUTED)
            c.text(x + 20, ry + 17, tal["name"], size=MIN_FONT, weight="bold" if tal["developed"] else "normal",
                   fill=INK if tal["developed"] or act or tal["level"] not in developed_levels else "#8a8170")
            if act is not None:
                verb = "Develop" if act["kind"] == "develop" else "Use"
                c.text(x + DASH_W - 20, ry + 17, verb, size=MIN_FONT, anchor="end", weight="bold", fill="#7a5c00")
            elif tal["developed"]:
                c.text(x + DASH_W - 20, ry + 17, "developed", size=MIN_FONT, anchor="end", fill="#2d5a1f")
    return y + 6 * 26


def _artifacts(b: _Board, h: dict[str, Any], x: float, y: float) -> float:
    c = b.c
    arts = h["artifacts"]
    c.text(x, y + 14, "Artifacts" if arts else "Artifacts: none", size=MIN_FONT, weight="bold")
    y += 20
    for art in arts:
        act = b.first("equip", "use_artifact", "artifact", artifact=art["index"])
        slotted = ", in its slot" if art.get("in_slot") else ""
        usage = art["usage"].replace("_", "-")
        info = f"{art['name']} (Level {art['level']} Artifact, {art['slot']}, {usage}{slotted}): {art['text']}"
        label = f"{art['name']} — Level {art['level']}, {art['slot']}{slotted}"
        rows = wrap(label, DASH_W - 20 - (60 if act else 0), MIN_FONT, 99)
        rh = 8 + LINE * len(rows)
        with c.group("artifact", act, info):
            c.rect(x - 4, y, DASH_W - 12, max(24, rh), "#e6dcf2" if art.get("in_slot") else "#f3eefa",
                   "#a07a10" if act else "#6a4f9a", 0.8, rx=5)
            for k, row in enumerate(rows):
                c.text(x + 4, y + 17 + LINE * k, row, size=MIN_FONT)
            if act is not None:
                c.text(x + DASH_W - 20, y + 17, _artifact_verb(act), size=MIN_FONT, anchor="end", weight="bold",
                       fill="#7a5c00")
        y += max(24, rh) + 2
    return y


def _artifact_verb(a: dict[str, Any]) -> str:
    if a["kind"] == "equip":
        return "Slot it"
    if a["kind"] == "use_artifact":
        return "Use"
    return str(a["label"]).split(" ", 1)[0]


def _quests(b: _Board, h: dict[str, Any], x: float, y: float) -> float:
    c = b.c
    for q in h["quests"]:
        text = f"Quest: {q['name']} ({q['progress']} of {q['needs']})"
        with c.group("quest", None, f"{q['name']}: {q['text']} So far: {q['progress']} of {q['needs']}."):
            y = para(c, x, y, DASH_W - 20, text)
    return y


# -- the cards to choose from -----------------------------------------------------------------------------
def _to_choose(b: _Board, x: float, y: float, w: float) -> float:
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


def _card_row(b: _Board, x: float, y: float, w: float, title: str,
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


def _hero_cards(b: _Board, x: float, y: float, w: float) -> float:
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


def _tile_choices(b: _Board, x: float, y: float, w: float) -> float:
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
                _space_picture(c, tx + 8 + dx * cell, y + 8 + dy * cell, cell, kind, _printed_token(kind))
            para(c, tx + 8, y + 2 * cell + 12, tw + cell - 16, words, weight="bold")
    return y + 2 * cell + 52


def _turn_words(a: dict[str, Any]) -> str:
    degrees = int(a["degrees"])
    return "As printed" if degrees == 0 else f"Turned {degrees}°"


def _printed_token(kind: str) -> dict[str, Any] | None:
    if kind in ("white", "red", "black"):
        return {"id": f"{kind}_stone", "object": "cube"}
    if kind.startswith(("battle", "treasure")) or kind == "quest":
        return {"id": kind, "object": "token"}
    if kind == "altar":
        return {"id": "offering", "object": "token"}
    return None


# -- the Map ---------------------------------------------------------------------------------------------
def _places(b: _Board) -> tuple[list[tuple[int, int]], dict[tuple[int, int], dict[str, Any]]]:
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


def _map_width(b: _Board) -> float:
    laid, ghosts = _places(b)
    xs = [p[0] for p in laid] + [p[0] for p in ghosts]
    return (max(xs) - min(xs) + 1) * TILE_W + 40 if xs else 0


def _map(b: _Board, x0: float, y0: float, w: float) -> float:
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


def _new_tile(b: _Board) -> dict[str, str]:
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
                _space_picture(c, x + 8 + dx * (CELL - 8), y + 8 + dy * (CELL - 8), CELL - 8, kind,
                               _printed_token(kind))
            c.add("</g>")
        c.line(x + TILE_W / 2 - 12, y + TILE_H - 22, x + TILE_W / 2 + 12, y + TILE_H - 22, "#a07a10", 3)
        c.line(x + TILE_W / 2, y + TILE_H - 34, x + TILE_W / 2, y + TILE_H - 10, "#a07a10", 3)


def _tile(b: _Board, t: dict[str, Any], code: str, x: float, y: float, heroes: dict[str, Any], figure: str) -> None:
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


def _space(b: _Board, sp: dict[str, Any], x: float, y: float, cell: float, heroes: dict[str, Any], figure: str,
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
    _space_picture(c, x, y, cell, sp["shows"], sp.get("token"))
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


def _space_picture(c: Canvas, x: float, y: float, cell: float, shows: str, tok: dict[str, Any] | None) -> None:
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


def _space_action(b: _Board, sp: dict[str, Any]) -> dict[str, Any] | None:
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


def _mover_at(b: _Board) -> tuple[int, int] | None:
    """Where the Hero who steps stands (another Hero's, when the decision moves them)."""
    d = b.decision
    seat = d.get("target") if d.get("kind") == "MoveHero" else d.get("seat")
    pos = next((h.get("position") for h in b.heroes if h["seat"] == seat), None)
    return (pos["x"], pos["y"]) if pos else None


# -- the Prophecies and the decks -------------------------------------------------------------------------
def _prophecies(b: _Board, x: float, y: float, w: float) -> float:
    c = b.c
    props = b.view["prophecies"]
    if not props:
        return y
    c.text(x + 4, y + 16, "The Prophecies", size=14, weight="bold")
    y += 24
    cw = (w - 2 * DASH_GAP) / 3
    heights = [para_height(f"{p['sign']}. {p['name']}", cw - 20, 13) + para_height(p["text"], cw - 20)
               + para_height(p["story"], cw - 20) + 20 for p in props]
    hh = max(heights)
    for k, p in enumerate(props):
        cx = x + k * (cw + DASH_GAP)
        fulfilled = " (fulfilled: this is the Future)" if p["fulfilled"] else ""
        with c.group("prophecy", None, f"{p['text']}{fulfilled} {p['story']}"):
            box(c, cx, y, cw, hh, "#f7d774" if p["fulfilled"] else "#efe7d2", "#6b4f1d", 1.5 if p["fulfilled"] else 1)
            yy = para(c, cx + 10, y + 4, cw - 20, f"{p['sign']}. {p['name']}", 13, "bold")
            yy = para(c, cx + 10, yy, cw - 20, p["text"])
            para(c, cx + 10, yy + 4, cw - 20, p["story"], fill=MUTED)
    return y + hh + 10


def _decks(b: _Board, x: float, y: float, w: float) -> float:
    decks = b.view["decks"]
    parts = []
    for name, pattern in DECK_GROUPS:
        counts = [decks.get(pattern.format(level), 0) for level in (1, 2, 3)]
        parts.append(f"{name} {counts[0]}, {counts[1]} and {counts[2]} (Levels 1, 2 and 3)")
    parts.append(f"Quest cards {decks.get('Quest cards', 0)}")
    parts.append(f"Bonus cards: the Heroes' {decks.get('Hero Bonus cards', 0)}, the enemies' "
                 f"{decks.get('Enemy Bonus cards', 0)}")
    return para(b.c, x + 4, y, w - 8, "Decks: " + "; ".join(parts) + ".", fill=MUTED) + 8
