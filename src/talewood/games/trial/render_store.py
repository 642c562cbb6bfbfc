"""The store as SVG (render.py): its slots with the price symbols of their row and column (L467), the items
stacked there, the gallery with each seat's artifacts, the universal campsite, and the discard piles.
"""

from __future__ import annotations

from ...engine import seat_name
from ...ui.svg import MIN_FONT, Canvas, icon, wrap
from . import words
from .drawing import (
    CARD_W,
    FOOD_ICONS,
    GAP,
    HIT,
    WIDTH,
    Drawing,
    chips,
    drawn_once,
    single,
)
from .render_board import tent_text


# -- the store, the gallery and the universal campsite -------------------------------------------
def draw_store(t: Drawing, y: float) -> float:
    c, view = t.c, t.view
    x = 10
    c.text(x, y + 16, "The store", size=15, weight="bold")
    y += 24
    slots = view["store"]["slots"]
    cols = max(int(s["column"]) for s in slots)
    rows = max(int(s["row"]) for s in slots)
    head_w, cell_w, cell_h = 96, 132, 62
    column_price = {int(s["column"]): s["price"][0] for s in slots if int(s["row"]) == 1}
    row_price = {int(s["row"]): s["price"][1] for s in slots if int(s["column"]) == 1}
    grid_y = y + 26
    slot_acts = [t.take(("slot", str(i))) + (t.take(("store_item", s["item"])) if s["item"] else [])
                 for i, s in enumerate(slots)]
    ones = [single(acts) for acts in slot_acts]

    def draw_grid(sub: Canvas) -> None:
        for col in range(1, cols + 1):
            _price_symbol(sub, column_price[col], x + head_w + (col - 1) * cell_w + 8, y, "column")
        for r in range(1, rows + 1):
            _price_symbol(sub, row_price[r], x, grid_y + (r - 1) * cell_h + 18, "row")
        for i, slot in enumerate(slots):
            sx = x + head_w + (int(slot["column"]) - 1) * cell_w
            sy = grid_y + (int(slot["row"]) - 1) * cell_h
            price = words.price(slot["price"])
            if slot["item"]:
                what = f"{slot['count']} × {t.object_name(slot['item'])}"
                info = f"The store, row {slot['row']}, column {slot['column']}: {what}, for {price}. " + \
                    t.object_info(slot["item"])
            else:
                info = f"The store, row {slot['row']}, column {slot['column']}: an empty {slot['size']} slot ({price})."
            with sub.group("store-slot", ones[i], info, slot=i):
                sub.rect(sx, sy, cell_w - 6, cell_h - 6, "#fffaf0" if slot["item"] else "#f0ead8", "#8a7a5a", 1,
                         rx=5)
                if slot["item"]:
                    lines = wrap(t.object_name(slot["item"]), cell_w - 40, MIN_FONT, 2)
                    for k, line in enumerate(lines):
                        sub.text(sx + 6, sy + 18 + 15 * k, line, size=MIN_FONT, weight="bold")
                    sub.text(sx + cell_w - 12, sy + 18, f"×{slot['count']}", size=MIN_FONT, anchor="end")
                else:
                    sub.text(sx + 6, sy + 18, f"empty ({slot['size']})", size=MIN_FONT, fill="#666")

    # the grid is drawn again only when a slot or a choice on it changed
    key = tuple((s["item"], s["count"], s["size"], tuple(s["price"]), s["row"], s["column"]) for s in slots)
    drawn_once(c, ("store", x, y, key, tuple((a["id"], a["label"]) if a else None for a in ones)), draw_grid)
    y = grid_y
    for slot, acts in zip(slots, slot_acts, strict=True):
        if len(acts) > 1:
            chips(t, acts, x + head_w + (int(slot["column"]) - 1) * cell_w + 4,
                   y + (int(slot["row"]) - 1) * cell_h + cell_h - 34)
    y += rows * cell_h
    # the gallery and the universal campsite, beside or under the grid
    gx = x + head_w + cols * cell_w + 10
    gw = WIDTH - 10 - gx
    gy = y - rows * cell_h - 26
    if gw < 200:
        gx, gy, gw = x, y + 6, WIDTH - 20
    gallery = view["store"]["gallery"]
    shown = [f"{seat_name(int(w))}: {', '.join(t.object_name(a) for a in arts)}" for w, arts in gallery.items() if arts]
    with c.group("gallery", None, "The gallery: an artifact left here during a store visit gives 1 food token (a "
                 "small one) or 1 tea leaf (a large one), and still counts its fame at the end."
                 + (" " + "; ".join(shown) + "." if shown else "")):
        lines = wrap("The gallery: " + ("; ".join(shown) if shown else "empty"), gw - 16, MIN_FONT, 6)
        gh = 12 + 16 * len(lines)
        c.rect(gx, gy, gw, gh, "#f3ece0", "#8a7a5a", 1, rx=6)
        for k, line in enumerate(lines):
            c.text(gx + 8, gy + 18 + 16 * k, line, size=MIN_FONT)
    gy += gh + 8
    acts = t.take(("universal", ""))
    univ = view["campsites"][-1]
    tent = tent_text(t, univ["tent"])
    with c.group("universal", single(acts), f"The universal campsite: camp here when your space is not a campsite: "
                 f"{words.UNIVERSAL}" + (f"; {tent}" if tent else ".")):
        c.rect(gx, gy, gw, 46, "#f6e3b4", "#7b5e3b", 1, rx=6)
        icon(c, "tent", gx + 8, gy + 10, 26, "#7b5e3b")
        c.text(gx + 42, gy + 20, "The universal campsite", size=MIN_FONT, weight="bold")
        c.text(gx + 42, gy + 37, "a tent token lies here" if univ["tent"] else "no tent token here", size=MIN_FONT)
    return max(y, gy + 46)


def _price_symbol(c: Canvas, food: str, x: float, y: float, where: str) -> None:
    word = words.FOODS.get(food, (food,))[0] if food != "any_food" else "any food"
    what = "any food token" if food == "any_food" else word
    with c.group("price", None, f"The price symbol of this {where}: {what}"):
        if food in FOOD_ICONS:
            name, colour = FOOD_ICONS[food]
            icon(c, name, x, y, 18, colour)
            c.text(x + 22, y + 15, word, size=MIN_FONT)
        else:
            c.text(x, y + 15, word, size=MIN_FONT, weight="bold")


def draw_discards(t: Drawing, y: float) -> float:
    """The deed discard pile, card by card, when a choice takes from it (a ruined lookout tower, Delver)."""
    c, view = t.c, t.view
    pile = [k for k in view["deeds"]["discard"] if ("card", k) in t.by]
    if not pile:
        return y
    c.text(10, y + 16, "The deed discard pile", size=15, weight="bold")
    y += 24
    for i, cid in enumerate(pile):
        x = 10 + (i % 4) * (CARD_W + 8)
        cy = y + (i // 4) * (HIT + 6)
        acts = t.take(("card", cid))
        with c.group("discard-card", single(acts), t.card_info(cid), card=cid):
            c.rect(x, cy, CARD_W, HIT, "#fffaf0", "#8a7a55", 1, rx=6)
            c.text(x + 8, cy + 24, t.card_name(cid), size=MIN_FONT, weight="bold")
    return y + ((len(pile) + 3) // 4) * (HIT + 6) + GAP
