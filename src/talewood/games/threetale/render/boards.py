"""The three Hero boards side by side (rulebook, Hero Boards): Speed, Spirit, Shevitsa and the other
stones as icons with counts, each Virtue on its 0-13 track with its tiers, the six Talents, the
Artifacts in their slots and the Quests.
"""

from __future__ import annotations

from typing import Any

from ....ui.svg import MIN_FONT, Canvas, icon, text_width, wrap
from ....ui.text import count
from .look import BANDS, DASH_GAP, DASH_W, HERO_COLOURS, INK, LINE, MUTED, PARCHMENT, VIRTUE_EFFECT, Board, box, para


# -- the Hero boards -------------------------------------------------------------------------------------
def _boards(b: Board, x: float, y: float) -> float:
    hs = [_board(b, h, x + k * (DASH_W + DASH_GAP), y) for k, h in enumerate(b.heroes)]
    return y + max(hs) + 12


def _virtue_owner(b: Board) -> int | None:
    """Whose Virtues the decision's raise and lose choices concern."""
    d = b.decision
    if not d:
        return None
    return int(d["target"]) if d.get("kind") == "MercyVirtue" else int(d["seat"])


def _board(b: Board, h: dict[str, Any], x: float, y: float) -> float:
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


def _stats(b: Board, h: dict[str, Any], x: float, y: float) -> float:
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


def _virtues(b: Board, h: dict[str, Any], x: float, y: float, colour: str) -> float:
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


def _talents(b: Board, h: dict[str, Any], x: float, y: float) -> float:
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


def _artifacts(b: Board, h: dict[str, Any], x: float, y: float) -> float:
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


def _quests(b: Board, h: dict[str, Any], x: float, y: float) -> float:
    c = b.c
    for q in h["quests"]:
        text = f"Quest: {q['name']} ({q['progress']} of {q['needs']})"
        with c.group("quest", None, f"{q['name']}: {q['text']} So far: {q['progress']} of {q['needs']}."):
            y = para(c, x, y, DASH_W - 20, text)
    return y
