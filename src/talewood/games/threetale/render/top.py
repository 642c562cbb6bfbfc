"""The top of the page: the tale's chapter and the decision; the Future's goal and clock (Future Book);
the turn under way (Steps, Actions, dice to turn, the Bonus cards drawn); the Battle (rulebook, Battle
Cards: the enemy's Defense, the rounds so far, the dice) or the roll under way.
"""

from __future__ import annotations

from typing import Any

from ....ui.svg import MIN_FONT, Canvas, final_banner, icon, text_width
from ....ui.text import count
from .look import HERO_COLOURS, MUTED, PAD, Board, box, button, button_height, para, para_height


# -- the top -------------------------------------------------------------------------------------------
def _header(b: Board, x: float, w: float) -> float:
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


def _future(b: Board, x: float, y: float, w: float) -> float:
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
def _this_turn(b: Board, x: float, y: float, w: float) -> float:
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


def _bonus_card(b: Board, card: dict[str, Any], x: float, y: float, w: float) -> float:
    c = b.c
    used = " (used)" if card["used"] else ""
    title = f"Bonus card: {card['name']}{used}"
    acts = b.acts("use_bonus", card=card["index"]) + b.acts("return_bonus", card=card["index"])
    top = y
    text_h = para_height(title, w - 16, 13) + para_height(card["text"], w - 16)
    h = 10 + text_h + sum(button_height(a["label"], w - 16) + 4 for a in acts) + 6
    with c.group("bonus-card", None, f"{card['name']}: {card['text']}{used}"):
        box(c, x, y, w, h, "#ddd7c6" if card["used"] else "#f6ecd0", "#8a6d2a")
        yy = para(c, x + 8, y + 4, w - 16, title, 13, "bold")
        yy = para(c, x + 8, yy, w - 16, card["text"])
    yy += 4
    for a in acts:
        yy += button(c, a, x + 8, yy, w - 16, a["label"]) + 4
    return max(h, yy - top + 4)


def _battle(b: Board, x: float, y: float, w: float) -> float:
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


def _roll(b: Board, x: float, y: float, w: float) -> float:
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
