"""A character board as SVG (render.py): food, skills and the morality track, the backpack's slots and
objects, paw and tent tokens, the hand as cards (the seat's own only), and the story in its four columns.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from ...engine import plural
from ...ui.svg import MIN_FONT, Canvas, card, card_height, text_width, track, wrap
from . import words
from .drawing import (
    CARD_W,
    COLUMN_TITLES,
    FOOD_ICONS,
    HIT,
    SEAT_COLOURS,
    WIDTH,
    Drawing,
    card_box,
    chips,
    drawn_once,
    resource_count,
    single,
    space_name,
)


# -- a character board ----------------------------------------------------------------------------
def draw_seat(t: Drawing, p: dict[str, Any], y: float) -> float:
    c, view = t.c, t.view
    who = p["seat"]
    me = who == t.seat
    x0, w = 10, WIDTH - 20
    start = y
    acts = t.take(("seat", str(who)))
    where = space_name(view, p["position"])
    head = (f"{p['name']}{' (you)' if me else ''} · the {p['character']} · on {where}"
            + (" · first player token" if p["first_player"] else ""))
    body = Canvas()
    cy: float = y + 10
    with body.group("seat-head", single(acts), None):
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
        cx += resource_count(body, name, n, cx, cy, f"{p['name']}'s food: {words.food(f, n)}", colour)
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
        cx += resource_count(body, name, n, cx, cy, info, colour)
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
    flags = [f"{words.AREAS.get(a, a)} ({space_name(view, s).split(': ')[-1]})" for a, s in p["flags"].items() if s]
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
    drawn_once(body, ("morality", x0, cy, width, spot, who, info, tuple(fame)),
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


def _backpack(t: Drawing, c: Canvas, p: dict[str, Any], x: float, y: float, me: bool) -> float:
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
        with c.group("object", single(acts), t.object_info(obj), object=obj):
            c.rect(ox, y, ow, 26, "#e6ecfa", "#557", 1.2, rx=4)
            name = wrap(entry["name"], ow - 10, MIN_FONT, 1)[0]
            c.text(ox + 6, y + 18, name, size=MIN_FONT)
        if len(acts) > 1:
            below = chips(t, acts, ox, y + 28)
        at += size
    return below


def _hand(t: Drawing, c: Canvas, p: dict[str, Any], x: float, y: float) -> float:
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
            card_box(c, cx, y, CARD_W - 4, title, bodies[i][0], single(acts), h, "#e8e4dc" if aside else "#fffaf0",
                  card=cid)
            if len(acts) > 1:
                chips(t, acts, cx + 6, y + h - HIT - 4)
        y += h + 6
    return y + 4


def _story(t: Drawing, c: Canvas, p: dict[str, Any], x: float, y: float, w: float) -> float:
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
            cy += drawn_once(c, ("story", e["card"], text, e["face_up"], cx, cy, col_w),
                         partial(_story_card, t, e=e, x=cx, y=cy, col_w=col_w))
        bottom = max(bottom, cy)
    return bottom + 4


def _story_card(t: Drawing, c: Canvas, *, e: dict[str, Any], x: float, y: float, col_w: float) -> float:
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


def _tents(t: Drawing, c: Canvas, p: dict[str, Any], x: float, y: float) -> float:
    c.text(x, y + 16, "Your tent tokens (face down: only you see them)", size=MIN_FONT + 1, weight="bold")
    y += 24
    tents = p["tent_tokens"]
    texts = [t.texts["tents"][k] for k in tents]
    h = max([card_height(e["text"], CARD_W - 4) for e in texts] + [40])
    for i, (tent, entry) in enumerate(zip(tents, texts, strict=True)):
        acts = t.take(("tent", tent))
        cx = x + (i % 4) * (CARD_W + 4)
        cy = y + (i // 4) * (h + 6)
        card(c, cx, cy, CARD_W - 4, f"Tent: {t.tent_name(tent)}", entry["text"], action=single(acts), height=h,
             fill="#f6e3b4", tent=tent)
    rows = (len(tents) + 3) // 4
    return y + rows * (h + 6)
