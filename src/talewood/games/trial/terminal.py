"""The Trial of the Forest in the terminal, drawn from `state.view(seat)`: the forest's places with the
code a player types to choose them (choices.py), the encounter track, the expeditions, the store, then a
panel per adventurer (the seat's own hand, each card with its whole text, and tents only); `readable` gives
`look NAME` / `card NAME` the whole text of every card, item, tile, tent, campsite and expedition area the
seat can see (words.py)."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...engine import State, plural, seat_name
from ...ui.text import score_table
from . import words
from .choices import space_code

COLUMNS = (("morality", "Good and evil"), ("trading", "Trading"), ("pioneering", "Pioneering"),
           ("fighting", "Fighting"))
CODES = ("Codes: p1 to p19 the forest paths; a compass point (n, ne, e, se, s, sw, w, nw, c for central) and g grove, "
         "st store, r ruins, t lookout tower, m meadow, tu tunnel, s start; fhx, fsx, dcx the expeditions' exits "
         "(type a code where the choices show them; 'look NAME' reads a card, item, tile, tent, campsite or "
         "expedition)")


def _spaces(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    spaces = {sp["id"]: sp for sp in view["board"]["spaces"]}
    for area in view["expeditions"]:
        spaces.update({sp["id"]: sp for sp in area["spaces"]})
    return spaces


def _card(view: dict[str, Any], card: str) -> str:
    return str(view["texts"]["cards"][card]["name"])


def _obj(view: dict[str, Any], obj: str) -> str:
    return str(view["texts"]["objects"][obj]["name"])


def forest_table(view: dict[str, Any]) -> Table:
    """The locations and campsites, and every other space an adventurer stands on: code, name, what is
    there, who is there (adventurers and paw tokens), and the codes of the spaces next to it; narrow enough
    for an 80-column terminal."""
    spaces = _spaces(view)
    nearby: dict[str, list[str]] = {}
    for a, z in view["board"]["lines"]:
        nearby.setdefault(a, []).append(z)
        nearby.setdefault(z, []).append(a)
    here: dict[str, list[str]] = {}
    for p in view["player_states"]:
        if p["position"]:
            here.setdefault(p["position"], []).append(seat_name(p["seat"]))
    table = Table(title="The forest", show_lines=False, box=box.SIMPLE_HEAD, pad_edge=False)
    for col in ("Code", "Space", "What is there", "Who is there", "Next to"):
        table.add_column(col, no_wrap=col == "Code")
    locations = {loc["space"]: loc for loc in view["locations"]}
    camps = {camp["space"]: camp for camp in view["campsites"]}
    for sp in view["board"]["spaces"]:
        sid = sp["id"]
        loc = locations.get(sid)
        camp = camps.get(sid)
        if loc is None and camp is None and sid not in here:
            continue
        what = ""
        if loc is not None:
            what = loc["side"]
            if loc["type"] == "ruins":
                what += (f": {', '.join(_obj(view, i) for i in loc['items'])}" if loc["items"] is not None
                         else f": {plural(loc['common_items'] + loc['rare_items'], 'item')} face down")
        elif camp is not None:
            what = (f"campsite ({words.CAMPSITES_SHORT.get(camp['bonus'], words.campsite(camp['bonus']))})"
                    + ("; a tent token lies here" if camp["tent"] else ""))
        elif sp.get("tunnel"):
            what = "tunnel" if sp["tunnel"]["passable"] else "collapsed tunnel"
        paws = ", ".join(seat_name(w) for w in loc["paws"]) if loc is not None else ""
        table.add_row(space_code(sp["name"]), sp["name"], what, _who(here.pop(sid, []), paws),
                      " ".join(space_code(spaces[n]["name"]) for n in nearby.get(sid, [])))
    for sid, who in here.items():
        table.add_row(space_code(spaces[sid]["name"]), spaces[sid]["name"], "", _who(who, ""), "")
    return table


def _who(adventurers: list[str], paws: str) -> str:
    """"Player 1, Player 2; paw tokens: Player 3", or "-" for nobody."""
    parts = [", ".join(adventurers)] if adventurers else []
    if paws:
        parts.append(f"paw tokens: {paws}")
    return "; ".join(parts) or "-"


def track_text(view: dict[str, Any]) -> Text:
    enc = view["encounters"]
    slots = " | ".join(_card(view, k) if k else "(empty)" for k in enc["slots"])
    paws = ", ".join(seat_name(w) for w in enc["paws"]) or "none"
    helpers = ", ".join(seat_name(w) for w in view["help_spot"]["paws"]) or "none"
    legend = ", ".join(f"{t['name']} ({seat_name(t['holder'])})" if t["holder"] is not None else t["name"]
                       for t in view["legendary"])
    spaces = _spaces(view)
    expeditions = []
    for area in view["expeditions"]:
        flags = ", ".join(f"{seat_name(int(w))} at {spaces[s]['name'].split(': ')[-1]}"
                          for w, s in area["flags"].items())
        expeditions.append(f"{area['name']}: {plural(area['deck'], 'card')} in the deck" +
                           (f"; flags: {flags}" if flags else ""))
    store = [f"{_obj(view, s['item'])} ×{s['count']} ({words.price(s['price'])})"
             for s in view["store"]["slots"] if s["item"]]
    deeds = view["deeds"]
    lines = [
        f"Encounter track ({plural(enc['deck'], 'card')} in the deck): {slots}   paw tokens: {paws}",
        f"Help spot paw tokens: {helpers}   Deed deck: {plural(deeds['deck'], 'card')}, "
        f"discard pile: {plural(len(deeds['discard']), 'card')}",
        f"Legendary deed tokens: {legend}",
        *expeditions,
        "Store: " + "; ".join(store),
    ]
    return Text("\n".join(lines))


def player_panel(view: dict[str, Any], p: dict[str, Any], me: bool) -> Panel:
    spaces = _spaces(view)
    food = ", ".join(words.food(f, n) for f, n in p["food"].items())
    m = p["morality"]
    sk = p["skills"]
    leaning = {"good": "good", "evil": "evil", "neither": "in the middle"}[m["leaning"]]
    steps = abs(m["position"])
    morality = (f"{leaning}, {plural(steps, 'spot')} to the {'left' if m['position'] < 0 else 'right'}"
                if steps else leaning)
    story = []
    for col, title in COLUMNS:
        cards = [(_card(view, e["card"]) + ("" if e["face_up"] else " (face down)")) if e["card"] else "face down"
                 for e in p["story"] if e["column"] == col]
        story.append(f"{title}: {', '.join(cards) or '-'}")
    where = spaces[p["position"]]["name"] if p["position"] else "no space yet"
    paws = p["paws"]["home"] + (1 if p["paws"]["strong_home"] else 0)
    lines = [
        f"The {p['character']} on {where}" + ("  — first player token" if p["first_player"] else ""),
        f"Food: {food}",
        f"Morality: {morality} ({plural(m['fame'], 'fame point')})   Fame from the story: {p['story_fame']}",
        f"Movement {sk['movement']}, strength {sk['strength']}, {sk['dice']} {'die' if sk['dice'] == 1 else 'dice'} "
        f"in a fight, "
        f"trading {sk['trading']}, card draw {sk['card_draw']}   Paw tokens at home: {paws}"
        + (" (the strong one among them)" if p["paws"]["strong_home"] else "") + f", tents: {p['tents']}",
        f"Backpack ({p['backpack_slots_used']} of {view['texts']['backpack']['slots']} slots): "
        + (", ".join(_obj(view, o) for o in p["backpack"]) or "-"),
        *story,
    ]
    parts: list[RenderableType] = []
    if "hand" in p:
        lines.append("Hand: " + (", ".join(_card(view, k) for k in p["hand"]) or "-")
                     + (f"   Set aside: {', '.join(_card(view, k) for k in p['aside'])}" if p["aside"] else ""))
        if me:     # what "Play X" does, without a "card X" for each
            hand = Table.grid(padding=(0, 1))
            hand.add_column(width=2)
            hand.add_column()
            for k in p["hand"]:
                hand.add_row(" -", words.card_text(view["texts"]["cards"][k]))
            parts = [Text("\n".join(lines)), hand]
            lines = ["Tent tokens: " + (", ".join(words.tent(view["texts"]["tents"][x]["name"])
                                                  for x in p["tent_tokens"]) or "-")]
    else:
        lines.append(f"Hand: {plural(p['hand_size'], 'card')} face down")
    boosts = [plural(n, f"one-time {k.replace('_', '-')} symbol") for k, n in p["one_time_symbols"].items() if n]
    if boosts:
        lines.append("Kept: " + ", ".join(boosts))
    if p["legendary"]:
        names = {t["id"]: t["name"] for t in view["legendary"]}
        lines.append("Legendary deed tokens: " + ", ".join(names.get(t, t) for t in p["legendary"]))
    if p["gallery"]:
        lines.append("In the gallery: " + ", ".join(_obj(view, a) for a in p["gallery"]))
    title = seat_name(p["seat"]) + (" (you)" if me else "")
    return Panel(Group(*parts, Text("\n".join(lines))), title=title, border_style="green" if me else "white")


def render(state: State, seat: int | None) -> RenderableType:
    view = state.view(seat)
    day = words.day(view)
    head = Text.from_markup(f"[bold]The Trial of the Forest[/bold] — {day}.  ") + Text(view["prompt"])
    parts: list[RenderableType] = [head, forest_table(view), Text(CODES, style="dim"), track_text(view),
                                   *(player_panel(view, p, p["seat"] == seat) for p in view["player_states"])]
    if view["result"]:
        parts.append(score_table(view["score_sheet"],
                                 [seat_name(p["seat"]) for p in view["player_states"]], view["result"]["winners"]))
    return Group(*parts)


def readable(view: dict[str, Any], seat: int | None) -> list[tuple[str, str]]:
    """Every piece the seat may read the whole text of, as (name, text): the cards it can see (its hand, the
    encounter track, the stories, the discard pile, a card being resolved), the items and artifacts, the
    location tiles, its tent tokens and those it knows on the campsites, the campsites and the expedition
    areas."""
    texts = view["texts"]
    out: list[tuple[str, str]] = []
    seen: set[str] = set()

    def add(name: str, text: str) -> None:
        if text not in seen:
            seen.add(text)
            out.append((name, text))

    cards: list[str] = [k for k in view["encounters"]["slots"] if k]
    for p in view["player_states"]:
        cards += p.get("hand", []) + p.get("aside", []) + p.get("known_cards", [])
        cards += [e["card"] for e in p["story"] if e["card"]]
    cards += view["deeds"]["discard"]
    cards += [area["top"] for area in view["expeditions"] if area["top"]]
    if view.get("resolving"):
        cards.append(view["resolving"]["card"])
    for card in cards:
        entry = texts["cards"][card]
        add(str(entry["name"]), words.card_text(entry))
    objects = [s["item"] for s in view["store"]["slots"] if s["item"]]
    for p in view["player_states"]:
        objects += p["backpack"] + p["gallery"]
    for area in view["expeditions"]:
        objects += area["artifacts"]
    for loc in view["locations"]:
        objects += loc.get("items") or []
    for obj in objects:
        entry = texts["objects"][obj]
        add(str(entry["name"]), words.object_text(entry))
    for area in view["expeditions"]:
        add(str(area["name"]), words.expedition(area, texts))
    spaces = _spaces(view)
    for loc in view["locations"]:
        name = spaces[loc["space"]]["name"]
        add(name, f"{name}: {loc['side']}. {loc['text']}")
    tents = []
    for p in view["player_states"]:
        tents += p.get("tent_tokens", []) + p["kept_tents"]
    camps = view["campsites"]
    tents += [camp["tent"] for camp in camps if camp["tent"] and camp["tent"] != "face_down"]
    for tent in tents:
        add(f"{words.tent(texts['tents'][tent]['name'])} tent", words.tent_text(texts["tents"][tent]))
    for camp in camps:
        if camp["space"] == "universal":
            add("Universal campsite", f"The universal campsite: {words.UNIVERSAL}; camp here when your space "
                                      "is not a campsite.")
        else:
            name = spaces[camp["space"]]["name"]
            add(name, f"{name}: a campsite: {words.campsite(camp['bonus'])}.")
    return out
