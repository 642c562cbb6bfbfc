"""ThreeTale in the terminal, drawn from `state.view(seat)`: the Future and its clock, the Map as a grid of
tiles lettered by column and numbered by row (the codes a player types: "c4" for a tile or an empty place,
"c4nw" for one of its spaces), the turn, the Battle or roll under way, the cards to choose from, and each
Hero's board. `look NAME` reads the whole text of any tile, token, card, Talent or Hero (the board's
`data-info`, render/)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...engine import State
from ...ui.text import count, score_table
from .choices import column, origin
from .render.top import rounds_so_far

HERO_STYLES = ("bold red", "bold blue", "bold green")
MARKS = {"tree": "TT", "altar": "Al", "portal": "Po", "empty": "..", "dark": "##"}
TOKEN_MARKS = {"white_stone": "Wh", "red_stone": "Re", "black_stone": "Bk", "battle1": "B1", "battle2": "B2",
               "battle3": "B3", "treasure1": "T1", "treasure2": "T2", "treasure3": "T3", "quest": "Qu",
               "offering": "Of"}
FIGURES = {"nine_rings": "Fo", "information_flood": "Ar", "parallel_land": "Tr", "path_of_initiation": "Th",
           "crown_of_evil": "Vi"}
PHASES = {"prophecy": "the Prophecy Phase", "past": "the Past", "present": "the Present", "future": "the Future"}
CORNERS = ("north-west", "north-east", "south-west", "south-east")
SIDE_STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))


def piece_mark(tok: dict[str, Any]) -> str:
    """Two letters for a token on the Map: its own for the Past's, else from the Future piece's name."""
    tid, name = str(tok["id"]), str(tok["name"])
    if tid in TOKEN_MARKS:
        return TOKEN_MARKS[tid]
    words = [w for w in name.replace(",", "").split() if w[0].isupper() and w != "The"]
    level = tid[-1] if tid[-1] in "123" else ""
    if level:
        return words[0][0] + level
    return "".join(w[0] for w in words[:2]) if len(words) > 1 else words[0][:2]


def map_text(view: dict[str, Any], places: dict[tuple[int, int], str] | None = None) -> Text:
    """The laid tiles as a grid: a tile is two lines of two spaces, its column's letter above it and its
    row's number before it; an empty place a new tile may take shows its code (`places`)."""
    tiles = {(t["x"], t["y"]): t for t in view["map"]}
    places = places or {}
    out = Text()
    if not tiles:
        out.append("The Map: no tile is laid yet\n")
        return out
    at = origin((x for x, _ in tiles), (y for _, y in tiles))
    xs = [x for x, _ in tiles] + [x for x, _ in places]
    ys = [y for _, y in tiles] + [y for _, y in places]
    seat_of = {h["hero"]: h["seat"] for h in view["player_states"] if h.get("hero")}
    figure = FIGURES.get((view.get("future") or {}).get("id", ""), "**")
    out.append("    ")
    for x in range(min(xs), max(xs) + 1):
        out.append(f"{column(x - at[0]):^7}", style="bold")
    out.append("\n")
    for y in range(min(ys), max(ys) + 1):
        for line in (0, 1):
            out.append(f"{y - at[1] + 1:>3} " if line == 0 else "    ", style="bold")
            for x in range(min(xs), max(xs) + 1):
                t = tiles.get((x, y))
                if t is None:
                    code = places.get((x, y), "") if line == 0 else ""
                    out.append(f"{'<' + code + '>' if code else '':^7}", style="yellow")
                    continue
                spaces = {sp["corner"]: sp for sp in t["spaces"]}
                out.append(" ")
                for corner in CORNERS[2 * line: 2 * line + 2]:
                    _space(out, spaces[corner], seat_of, figure)
            out.append("\n")
        out.append("\n")
    return out


def _space(out: Text, sp: dict[str, Any], seat_of: dict[str, int], figure: str) -> None:
    if sp.get("hero"):
        seat = seat_of[sp["hero"]]
        out.append(f"H{seat + 1}", style=HERO_STYLES[seat])
    elif sp["figure"]:
        out.append(figure, style="bold magenta")
    elif sp["virus"]:
        out.append("vv", style="bold green")
    elif sp.get("token"):
        out.append(piece_mark(sp["token"]), style="bold")
    else:
        out.append(MARKS.get(sp["shows"], ".."), style="dim")
    out.append(" ")


def legend(view: dict[str, Any]) -> Text:
    """What the Map's marks mean, and which tile stands where."""
    at = origin((t["x"] for t in view["map"]), (t["y"] for t in view["map"]))
    out = Text()
    names = sorted(((column(t["x"] - at[0]), t["y"] - at[1] + 1, t["name"]) for t in view["map"]),
                   key=lambda p: (p[1], len(p[0]), p[0]))
    if names:
        out.append("Tiles: " + ", ".join(f"{c}{r} {name}" for c, r, name in names) + ".\n")
    pieces = {piece_mark(sp["token"]): sp["token"]["name"] for t in view["map"] for sp in t["spaces"]
              if sp.get("token") and sp["token"]["id"] not in TOKEN_MARKS}
    marks = ["H1 H2 H3 the Heroes (over what lies beneath)", "TT Trees", "Al an Altar", "Po a Portal",
             "Wh Re Bk the White, Red and Black Stones", "B1-B3 Battle tokens", "T1-T3 Treasure tokens",
             "Qu a Quest token", "Of an Offering", ".. an open or taken space", "## a flipped tile's dark side"]
    future = view.get("future")
    if future:
        marks.append(f"{FIGURES.get(future['id'], '**')} {future_figure(future)}")
        if future["id"] == "crown_of_evil":
            marks.append("vv a Virus")
    marks += [f"{mark} {name}" for mark, name in sorted(pieces.items())]
    out.append("; ".join(marks) + ".", style="dim")
    return out


def future_figure(future: dict[str, Any]) -> str:
    return {"nine_rings": "the Fountain", "information_flood": "the Ark of Truth", "parallel_land": "the Tree",
            "path_of_initiation": "the Throne", "crown_of_evil": "the Vicinator"}.get(future["id"], "the figure")


def hero_panel(h: dict[str, Any], me: bool, future: str) -> Panel:
    title = (f"{h['name']} — {h['player']}" if h.get("hero") else h["player"]) + (" (you)" if me else "")
    if not h.get("hero"):
        return Panel(Text("no Hero chosen yet"), title=title)
    grid = Table.grid(padding=(0, 2))
    grid.add_column()
    grid.add_column(justify="right")
    grid.add_column()
    grid.add_column(justify="right")
    virtues = list(h["virtues"].items())
    for left, right in zip(virtues[0::2], virtues[1::2], strict=True):
        grid.add_row(left[0].capitalize(), str(left[1]), right[0].capitalize(), str(right[1]))
    speed = f"{h['speed']}" + (f" ({h['speed_now']} this turn)" if h["speed_now"] != h["speed"] else "")
    grid.add_row("Speed", speed, "Spirit", str(h["spirit"]))
    grid.add_row("Shevitsa", str(h["shevitsa"]), "Offerings", str(h["offerings"]))
    grid.add_row("Sacred Stones", str(h["sacred_stones"]), "", "")
    if "rings" not in h:
        pass
    elif future == "nine_rings":
        grid.add_row("Rings", str(h["rings"]), "", "")
    elif future == "path_of_initiation":
        grid.add_row("Heads", ", ".join(f"Level {n}" for n in h["heads"]) or "none", "", "")
    elif future == "parallel_land":
        grid.add_row("Seeds", str(h["seeds"]), "", "")
    talents = ", ".join(f"{t['name']} (Level {t['level']})" for t in h["talents"] if t["developed"]) or "none yet"
    arts = ", ".join(f"{a['name']} (Level {a['level']}" + (", in its slot)" if a.get("in_slot") else ")")
                     for a in h["artifacts"]) or "none"
    lines = [f"Talents: {talents}", f"Artifacts: {arts}"]
    lines += [f"Quest: {q['name']} ({q['progress']} of {q['needs']})" for q in h["quests"]]
    pos = h.get("position")
    lines.append(f"On the {pos['corner']} space of {pos['tile_name']}" if pos else "Not on the Map")
    return Panel(Group(grid, Text("\n".join(lines))), title=title,
                 border_style=HERO_STYLES[h["seat"]] if me else "white")


def future_text(view: dict[str, Any]) -> str:
    f = view.get("future")
    if not f:
        return "The Future: not yet known (the Prophecies: " + ", ".join(p["name"] for p in view["prophecies"]) + ")"
    goal = f["text"].split(" Set up.", 1)[0].removeprefix("Goal. ")
    return f"The Future {f['number']}: {f['name']}. {goal} {f['clock_text']}."


def battle_text(view: dict[str, Any]) -> list[Text]:
    bt = view.get("battle")
    if not bt:
        return []
    card = bt.get("card") or {}
    level = f" (Level {card['level']})" if card.get("level") else ""
    hero = (view.get("this_turn") or {}).get("hero") or "the Hero"
    lines = [Text(f"Battle: {bt['enemy']}{level} — Speed {bt['speed']}, Defense {bt['defense']} of "
                  f"{bt['defense_at_start']}, Strength {bt['strength']}", style="bold red"),
             Text(f"  Next to attack: {hero if bt['attacks_next'] == 'hero' else 'the enemy'}. "
                  f"{rounds_so_far(bt, hero)}")]
    if bt["roll"]["dice"]:
        lines.append(Text(f"  The last roll: {bt['roll']['positive']} positive of "
                          f"{count(bt['roll']['dice'], 'die', 'dice')}."))
    if card.get("text"):
        lines.append(Text(f"  {card['text']}"))
    lines += [Text(f"  Enemy Bonus card {c['name']}: {c['text']}") for c in bt["enemy_bonus_cards"]]
    return lines


def render(state: State, seat: int | None) -> RenderableType:
    view = state.view(seat)
    title = f"ThreeTale — {PHASES[view['phase']]}"
    if view["turn"]:
        title += f", turn {view['turn']}"
    if view["phase"] == "future" and view["round"]:
        title += f", round {view['round']}"
    parts: list[RenderableType] = [Text(title, style="bold"), Text(future_text(view))]
    parts += [map_text(view, snap_places(state, seat, view)), legend(view)]
    turn = view.get("this_turn")
    if turn and not view["over"]:
        parts.append(Text(f"{turn['hero']}'s turn: {count(turn['steps_left'], 'Step')} left, "
                          f"{count(turn['actions_left'], 'Action')} left, "
                          f"{count(turn['dice_to_turn'], 'die', 'dice')} to turn", style="bold"))
        for card in turn["bonus_cards"]:
            used = " (used)" if card["used"] else ""
            parts.append(Text(f"  Bonus card {card['name']}{used}: {card['text']}"))
    parts += battle_text(view)
    if view.get("roll") and not view.get("battle"):
        card = view.get("treasure")
        about = f"Treasure card {card['name']} (Level {card['level']}): {card['text']} " if card else ""
        parts.append(Text(f"{about}The roll: {view['roll']['positive']} positive of "
                          f"{count(view['roll']['dice'], 'die', 'dice')}."))
    if view.get("drawn_tiles") and view["phase"] == "past":
        parts.append(Text("The tile drawn: " + "; ".join(t["text"] for t in view["drawn_tiles"])))
    for o in view.get("offer") or []:
        kind = f"Level {o['level']} Artifact, {o['slot']}" if "slot" in o else "Quest card"
        parts.append(Text(f"Drawn: {o['name']} ({kind}): {o['text']}"))
    for h in view.get("heroes_to_choose") or []:
        parts.append(Text(h["text"]))
    if view["phase"] == "prophecy":
        parts += [Text(f"{p['text']} {p['story']}", style="dim") for p in view["prophecies"]]
    grid = Table.grid(padding=(0, 1), expand=True)
    future = (view.get("future") or {}).get("id", "")
    grid.add_row(*(hero_panel(h, h["seat"] == seat, future) for h in view["player_states"]))
    parts.append(grid)
    if view["result"]:
        names = [h["name"] for h in view["player_states"]]
        parts.append(score_table(view["score_sheet"], names, view["result"]["winners"]))
    return Group(*parts)


def snap_places(state: State, seat: int | None, view: dict[str, Any]) -> dict[tuple[int, int], str]:
    """The empty places a new tile may snap to now, each with the code that chooses it."""
    if state.is_over or state.current_player != seat:
        return {}
    game = state.game
    out: dict[tuple[int, int], str] = {}
    view_tiles = {t["index"]: t for t in view["map"]}
    for a in state.legal_actions():
        spec = game.action_space.spec(a)
        if spec.kind != "snap":
            continue
        p = dict(spec.params)
        t = view_tiles[int(p["tile"])]
        dx, dy = SIDE_STEP[int(p["side"])]
        out[(t["x"] + dx, t["y"] + dy)] = game.choice(state, a).code
    return out



def readable(view: dict[str, Any], seat: int | None) -> list[tuple[str, str]]:
    """What `look NAME` reads: every tile (by its name or its code), token, Hero, Talent, Artifact, Quest and
    card on the table, the Future and the Prophecies, each with its whole text."""
    out: list[tuple[str, str]] = []
    at = origin((t["x"] for t in view["map"]), (t["y"] for t in view["map"]))
    tokens: dict[str, str] = {}
    for t in view["map"]:
        code = f"{column(t['x'] - at[0])}{t['y'] - at[1] + 1}"
        spaces = "; ".join(f"{sp['corner']}: " + (sp["token"]["name"] if sp.get("token") else
                                                    "dark" if sp["shows"] == "dark" else MARK_WORDS.get(sp["shows"],
                                                                                                        "taken"))
                           for sp in t["spaces"])
        flipped = ", flipped upside down" if t["flipped"] else ""
        out.append((f"{t['name']} ({code})", f"{t['name']} ({code}{flipped}): {spaces}."))
        for sp in t["spaces"]:
            tok = sp.get("token")
            if tok and tok["name"] not in tokens:
                tokens[tok["name"]] = f"{tok['name']} ({piece_mark(tok)} on the Map): {tok['text']}"
    out += list(tokens.items())
    f = view.get("future")
    if f:
        out.append((f["name"], f"The Future {f['number']}, {f['name']}: {f['text']} Reward: {f['reward']} points."))
    out += [(p["name"], f"{p['text']} {p['story']}") for p in view["prophecies"]]
    for h in view["player_states"]:
        if not h.get("hero"):
            continue
        out.append((h["name"], f"{h['name']} ({h['player']}): {h['text']}"))
        for tal in h["talents"]:
            state = "developed" if tal["developed"] else "not developed"
            out.append((tal["name"], f"{tal['name']} (Level {tal['level']} Talent of {h['name']}, {state}): "
                                     f"{tal['text']}"))
        for art in h["artifacts"]:
            out.append((art["name"], f"{art['name']} (Level {art['level']} Artifact of {h['name']}, {art['slot']}, "
                                     f"{art['usage'].replace('_', '-')}): {art['text']}"))
        out += [(q["name"], f"{q['name']} (a Quest of {h['name']}, {q['progress']} of {q['needs']}): {q['text']}")
                for q in h["quests"]]
    out += [(h["name"], h["text"]) for h in view.get("heroes_to_choose") or []]
    for o in view.get("offer") or []:
        kind = f"Level {o['level']} Artifact, {o['slot']}" if "slot" in o else "Quest card"
        out.append((o["name"], f"{o['name']} ({kind}): {o['text']}"))
    for card in (view.get("this_turn") or {}).get("bonus_cards", []):
        out.append((card["name"], f"{card['name']} (a Bonus card): {card['text']}"))
    bt = view.get("battle")
    if bt:
        card = bt.get("card") or {}
        stats = f"Speed {bt['speed']}, Defense {bt['defense']} of {bt['defense_at_start']}, Strength {bt['strength']}"
        out.append((bt["enemy"], f"{bt['enemy']} (the enemy): {stats}. {card.get('text', '')}".strip()))
        out += [(c["name"], f"{c['name']} (an Enemy Bonus card): {c['text']}") for c in bt["enemy_bonus_cards"]]
    if view.get("treasure"):
        x = view["treasure"]
        out.append((x["name"], f"{x['name']} (a Level {x['level']} Treasure card): {x['text']}"))
    return out


MARK_WORDS = {"tree": "Trees", "altar": "an Altar", "portal": "a Portal", "empty": "open"}
