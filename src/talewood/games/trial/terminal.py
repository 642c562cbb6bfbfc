"""The Trial of the Forest in the terminal, drawn from `state.view(seat)`: the locations, the encounter
track, the expeditions, the store, then a panel per adventurer (the seat's own hand and tents only)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...engine import State, plural, seat_name
from ...ui.text import score_table

COLUMNS = (("morality", "Good/evil"), ("trading", "Trading"), ("pioneering", "Pioneering"), ("fighting", "Fighting"))


def _names(view: dict[str, Any]) -> dict[str, str]:
    names = {sp["id"]: sp["name"] for sp in view["board"]["spaces"]}
    for area in view["expeditions"]:
        names.update({sp["id"]: sp["name"] for sp in area["spaces"]})
    return names


def _card(view: dict[str, Any], card: str) -> str:
    return str(view["texts"]["cards"][card]["name"])


def _obj(view: dict[str, Any], obj: str) -> str:
    return str(view["texts"]["objects"][obj]["name"])


def forest_table(view: dict[str, Any]) -> Table:
    names = _names(view)
    table = Table(title="The forest", show_lines=False)
    for col in ("Location", "Tile", "Paw tokens", "Adventurers"):
        table.add_column(col)
    here: dict[str, list[str]] = {}
    for p in view["player_states"]:
        if p["position"]:
            here.setdefault(p["position"], []).append(seat_name(p["seat"]))
    for loc in view["locations"]:
        tile = loc["side"] + (f" ({loc['state']})" if loc["state"] in ("ruined", "restored") else "")
        if loc["type"] == "ruins":
            tile += (f" — items {', '.join(_obj(view, i) for i in loc['items'])}" if loc["items"] is not None
                     else f" — {loc['common_items'] + loc['rare_items']} item(s) face down")
        table.add_row(names[loc["space"]], tile, ", ".join(seat_name(w) for w in loc["paws"]) or "-",
                      ", ".join(here.pop(loc["space"], [])) or "-")
    for space, who in here.items():
        table.add_row(names.get(space, space), "", "", ", ".join(who))
    return table


def track_text(view: dict[str, Any]) -> Text:
    enc = view["encounters"]
    slots = " | ".join(_card(view, k) if k else "(empty)" for k in enc["slots"])
    paws = ", ".join(seat_name(w) for w in enc["paws"]) or "none"
    helpers = ", ".join(seat_name(w) for w in view["help_spot"]["paws"]) or "none"
    legend = ", ".join(f"{t['name']} ({seat_name(t['holder'])})" if t["holder"] is not None else t["name"]
                       for t in view["legendary"])
    expeditions = []
    names = _names(view)
    for area in view["expeditions"]:
        flags = ", ".join(f"{seat_name(int(w))} at {names[s].split(': ')[-1]}" for w, s in area["flags"].items())
        expeditions.append(f"{area['name']}: deck {area['deck']}" + (f", flags: {flags}" if flags else ""))
    store = [f"{s['count']} {_obj(view, s['item'])} ({' + '.join(p.replace('_', ' ') for p in s['price'])})"
             for s in view["store"]["slots"] if s["item"]]
    lines = [
        f"Encounters (deck {enc['deck']}): {slots}   paw tokens: {paws}",
        f"Help spot paw tokens: {helpers}   Deed deck {view['deeds']['deck']}, "
        f"discards {len(view['deeds']['discard'])}",
        f"Legendary tokens: {legend}",
        *expeditions,
        "Store: " + "; ".join(store),
    ]
    return Text("\n".join(lines))


def player_panel(view: dict[str, Any], p: dict[str, Any], me: bool) -> Panel:
    names = _names(view)
    food = ", ".join(f"{n} {f}" for f, n in p["food"].items())
    m = p["morality"]
    sk = p["skills"]
    story = []
    for col, title in COLUMNS:
        cards = [(_card(view, e["card"]) + ("" if e["face_up"] else " (face down)")) if e["card"] else "face down"
                 for e in p["story"] if e["column"] == col]
        story.append(f"{title}: {', '.join(cards) or '-'}")
    lines = [
        f"{p['character']} on {names.get(p['position'] or '', 'no space yet')}"
        + ("  — first player" if p["first_player"] else ""),
        f"Food: {food}   Morality {m['position']:+d} ({m['leaning']})   Fame from the story {p['story_fame']}",
        f"Movement {sk['movement']}, strength {sk['strength']}, dice {sk['dice']}, trading {sk['trading']}, "
        f"card draw {sk['card_draw']}   Paw tokens at home {p['paws']['home']}, tents {p['tents']}",
        f"Backpack ({p['backpack_slots_used']}/5): " + (", ".join(_obj(view, o) for o in p["backpack"]) or "-"),
        *story,
    ]
    if "hand" in p:
        lines.append("Hand: " + (", ".join(_card(view, k) for k in p["hand"]) or "-")
                     + (f"   Set aside: {', '.join(_card(view, k) for k in p['aside'])}" if p["aside"] else ""))
        lines.append("Tents: " + (", ".join(view["texts"]["tents"][x]["name"] for x in p["tent_tokens"]) or "-"))
    else:
        lines.append(f"Hand: {plural(p['hand_size'], 'card')} face down")
    if p["legendary"]:
        lines.append("Legendary: " + ", ".join(t.replace("_", " ") for t in p["legendary"]))
    title = seat_name(p["seat"]) + (" (you)" if me else "")
    return Panel(Text("\n".join(lines)), title=title, border_style="green" if me else "white")


def render(state: State, seat: int | None) -> RenderableType:
    view = state.view(seat)
    day = f"day {view['day']} of {view['days']}" if not view["over"] else "the game is over"
    head = Text.from_markup(f"[bold]The Trial of the Forest[/bold] — {day}.  ") + Text(view["prompt"])
    parts: list[RenderableType] = [head, forest_table(view), track_text(view),
                                   *(player_panel(view, p, p["seat"] == seat) for p in view["player_states"])]
    if view["result"]:
        parts.append(score_table(view["score_sheet"],
                                 [seat_name(p["seat"]) for p in view["player_states"]], view["result"]["winners"]))
    return Group(*parts)
