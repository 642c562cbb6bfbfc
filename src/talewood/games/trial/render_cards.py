"""The cards on the table as SVG (render.py): the card being resolved and a fight in progress, the encounter
track with its three cards whole and its paw tokens, the help spot, the decks and the expedition sections,
the legendary deed tokens and the tray.
"""

from __future__ import annotations

from ...engine import plural, seat_name
from ...ui.svg import MIN_FONT, icon
from . import words
from .drawing import (
    CARD_W,
    FOOD_ICONS,
    OFFER_H,
    SEAT_COLOURS,
    WIDTH,
    Drawing,
    card_box,
    draw_paws,
    offer_choices,
    resource_count,
    single,
)


# -- what is being resolved ----------------------------------------------------------------------
def draw_now(t: Drawing, y: float) -> float:
    """The card being resolved, whole, and the fight under way."""
    c, view = t.c, t.view
    x = 10
    resolving = view.get("resolving")
    fight = view.get("fight")
    lines: list[str] = []
    if fight:
        att = seat_name(fight["attacker"])
        other = (seat_name(fight["defender"]) if fight["defender"] is not None
                 else t.card_name(fight["opponent"]) if fight["opponent"] else "the opponent")
        a, d = fight["strength"]
        lines.append(f"Fight: {att}, strength {a}, against {other}, strength {d}")
    if resolving:
        who = seat_name(resolving["seat"])
        card_id = resolving["card"]
        title = f"{who} resolves {t.card_name(card_id)}" + (f": {resolving['option']}" if resolving["option"] else "")
        body, h = t.card_body(card_id, WIDTH - 20)
        card_box(c, x, y, WIDTH - 20, title, body, None, None, "#fff7e0", card=card_id)
        y += h + 6
    for line in lines:
        c.text(x + 4, y + 16, line, size=14, weight="bold", fill="#7a2020")
        y += 22
    return y


# -- the encounter track, the help spot, the decks ---------------------------------------------------
def draw_track(t: Drawing, y: float) -> float:
    c, view = t.c, t.view
    enc = view["encounters"]
    c.text(10, y + 16, f"The encounter track · {plural(enc['deck'], 'card')} in the deck", size=15, weight="bold")
    top = y + 26
    slots = enc["slots"]
    bodies = [t.card_body(k) if k else ("", 0.0) for k in slots]
    h = max([height for _, height in bodies] + [90])
    offered = False
    for k, cid in enumerate(slots):
        x = 10 + k * (CARD_W + 8)
        acts = t.take(("encounter", str(k))) + (t.take(("card", cid)) if cid else [])
        if not cid:
            with c.group("encounter", None, "An empty slot of the encounter track: the deck has run out."):
                c.rect(x, top, CARD_W, h, "none", "#7a6a4a", 1, rx=8, extra=' stroke-dasharray="6 4"')
                c.text(x + 10, top + 22, "(empty)", size=MIN_FONT, fill="#555")
            continue
        paws = [a for a in acts if a.get("kind") == "paw"]
        card_box(c, x, top, CARD_W, t.card_name(cid), bodies[k][0], single(acts) if not paws else None, h, "#fffaf0",
              card=cid)
        if paws or len(acts) > 1:
            offer_choices(t, acts, x + 6, top + h + 6)
            offered = True
    bottom = top + h + 6 + (OFFER_H + 6 if offered else 0)
    if enc["paws"]:
        c.text(10, bottom + 14, "Paw tokens in the encounter section:", size=MIN_FONT)
        draw_paws(c, view, "encounter_section", enc["paws"], 250, bottom + 10, 18)
        bottom += 24
    # the expedition decks' top cards a deed turned face up (Pathfinder)
    for area in view["expeditions"]:
        if area["top"]:
            text = f"On top of the deck of {words.AREAS.get(area['id'], area['name'])}, face up: "
            with c.group("card", None, text + t.card_info(area["top"]), card=area["top"]):
                c.text(10, bottom + 14, text + t.card_name(area["top"]), size=MIN_FONT)
            bottom += 20
    return max(bottom, _side(t, 10 + 3 * (CARD_W + 8), top))


def _side(t: Drawing, x: float, y: float) -> float:
    """The help spot, the deed deck and its discard pile, the legendary deed tokens and the tray."""
    c, view = t.c, t.view
    w = WIDTH - 10 - x
    acts = t.take(("help", ""))
    help_food = [words.food(f, n) for f, n in view["help_spot"]["food"].items() if n]
    info = ("The help spot: gain 1 deed card, or 1 raspberry, acorn or mushroom; a paw token goes here from "
            "any space but an expedition's, and a strong one gives nothing more."
            + (f" Left here for the taking: {', '.join(help_food)}." if help_food else ""))
    paws = view["help_spot"]["paws"]
    box_h = 52 + (22 if paws else 0) + (OFFER_H + 6 if acts else 0)
    with c.group("help-spot", single(acts) if not any(a.get("kind") == "paw" for a in acts) else None, info):
        c.rect(x, y, w, box_h, "#eef5e4", "#6a8a3a", 1, rx=8)
        c.text(x + 10, y + 20, "The help spot", size=14, weight="bold")
        c.text(x + 10, y + 40, "a deed card or a food token", size=MIN_FONT)
        draw_paws(c, view, "help_spot", paws, x + 16, y + 56, 16)
    if any(a.get("kind") == "paw" for a in acts):
        offer_choices(t, acts, x + 10, y + box_h - OFFER_H - 6)
    y += box_h + 8
    deeds = view["deeds"]
    pile = deeds["discard"]
    top = pile[-1] if pile else None
    with c.group("deeds", None, f"The deed deck: {plural(deeds['deck'], 'card')}. The discard pile: "
                 f"{plural(len(pile), 'card')}" + (f"; on top: {t.card_info(top)}" if top else ".")):
        c.rect(x, y, w, 58 if top else 40, "#efe7f5", "#6a4a8a", 1, rx=8)
        icon(c, "card", x + 8, y + 8, 22, "#6a4a8a")
        c.text(x + 36, y + 25, f"Deed deck {deeds['deck']} · discards {len(pile)}", size=MIN_FONT, weight="bold")
        if top:
            c.text(x + 10, y + 48, f"On top: {t.card_name(top)}", size=MIN_FONT)
    y += (58 if top else 40) + 8
    for tok in view["legendary"]:
        holder = tok["holder"]
        info = (f"{tok['name']}: the first adventurer with 5 cards in the {tok['column']} column of their story "
                f"takes it; 3 fame points at the end" + (f". {seat_name(holder)} holds it." if holder is not None
                                                        else "."))
        with c.group("legendary", None, info):
            c.rect(x, y, w, 26, SEAT_COLOURS[holder] if holder is not None else "#f0e0b0", "#7a5c00", 1, rx=13)
            text = tok["name"] + (f" · {seat_name(holder)}" if holder is not None else "")
            c.text(x + w / 2, y + 18, text, size=MIN_FONT, anchor="middle", weight="bold",
                   fill="#fff" if holder is not None else "#222")
        y += 32
    c.text(x, y + 14, "The tray:", size=MIN_FONT, weight="bold")
    cx = x + 66
    for f, n in view["tray"].items():
        name, colour = FOOD_ICONS[f]
        cx += resource_count(c, name, n, cx, y, f"The tray: {words.food(f, n)}", colour, size=16)
    y += 24
    tunnels = view["board"]["tunnel_tokens_in_tray"]
    c.text(x, y + 14, f"Tunnel tokens {tunnels} · tents in the box {view['tents']['box']}", size=MIN_FONT)
    return y + 22
