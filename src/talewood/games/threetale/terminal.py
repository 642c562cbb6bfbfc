"""ThreeTale in the terminal, drawn from `state.view(seat)`: the Map as a grid of spaces, the Future's
clock, the Battle under way, and each Hero's dashboard."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...engine import State
from ...ui.text import count, score_table

HERO_STYLES = ("bold red", "bold blue", "bold green")
MARKS = {"tree": "TT", "altar": "Al", "portal": "Po", "white": "Wh", "red": "Re", "black": "Bk",
         "battle1": "B1", "battle2": "B2", "battle3": "B3", "treasure1": "T1", "treasure2": "T2",
         "treasure3": "T3", "quest": "Qu", "empty": "..", "dark": "##"}
PHASES = {"prophecy": "the Prophecy Phase", "past": "the Past", "present": "the Present", "future": "the Future"}


def map_text(view: dict[str, Any]) -> Text:
    """The laid tiles as a grid, two characters a space and a gap between tiles; a Hero shows as its
    seat's number in its colour, a token under a space's mark in brackets is not shown (see the legend)."""
    spaces = {(sp["x"], sp["y"]): sp for t in view["map"] for sp in t["spaces"]}
    out = Text()
    if not spaces:
        out.append("The Map: no tile is laid yet\n")
        return out
    xs = [x for x, _ in spaces]
    ys = [y for _, y in spaces]
    seat_of = {h["hero"]: h["seat"] for h in view["player_states"] if h.get("hero")}
    for y in range(min(ys), max(ys) + 1):
        for x in range(min(xs), max(xs) + 1):
            if x % 2 == 0:
                out.append(" ")
            sp = spaces.get((x, y))
            if sp is None:
                out.append("   ")
            elif sp.get("hero"):
                seat = seat_of[sp["hero"]]
                out.append(f"H{seat + 1} ", style=HERO_STYLES[seat])
            elif sp["figure"]:
                out.append("** ", style="bold magenta")
            elif sp["virus"]:
                out.append("vv ", style="green")
            else:
                mark = MARKS.get(sp["shows"], "??")
                out.append(mark + ("+" if sp.get("token") else " "), style="dim" if sp["shows"] == "dark" else "")
        out.append("\n")
        if y % 2 == 1:
            out.append("\n")
    out.append("H1-H3 Heroes, ** the Future's figure, vv a Virus, + a token lies there, ## a flipped tile's "
               "dark side; TT Trees, Al Altar, Po Portal, Wh/Re/Bk Stones, B Battle, T Treasure, Qu Quest\n",
               style="dim")
    return out


def hero_panel(h: dict[str, Any], me: bool) -> Panel:
    title = (f"{h['name']} — {h['player']}" if h.get("hero") else h["player"]) + (" (you)" if me else "")
    if not h.get("hero"):
        return Panel(Text("no Hero chosen yet"), title=title)
    virtues = "  ".join(f"{name.capitalize()} {value}" for name, value in h["virtues"].items())
    talents = ", ".join(f"{t['name']} (L{t['level']})" for t in h["talents"] if t["developed"]) or "none developed"
    arts = ", ".join(a["name"] + (" (in its slot)" if a.get("in_slot") else "") for a in h["artifacts"]) or "none"
    lines = [
        virtues,
        f"Speed {h['speed']} (now {h['speed_now']})  Spirit {h['spirit']}  Shevitsa {h['shevitsa']}  "
        f"Offerings {h['offerings']}  Sacred Stones {h['sacred_stones']}",
        f"Talents: {talents}",
        f"Artifacts: {arts}",
    ]
    if h["quests"]:
        lines.append("Quests: " + ", ".join(f"{q['name']} ({q['progress']} of {q['needs']})" for q in h["quests"]))
    if "rings" in h:
        lines.append(f"Rings {h['rings']}  Seeds {h['seeds']}  Heads {', '.join(map(str, h['heads'])) or 'none'}")
    pos = h.get("position")
    lines.append(f"On the {pos['corner']} space of {pos['tile_name']}" if pos else "Not on the Map")
    return Panel(Text("\n".join(lines)), title=title, border_style=HERO_STYLES[h["seat"]] if me else "white")


def future_text(view: dict[str, Any]) -> str:
    f = view.get("future")
    if not f:
        return "The Future: not yet known (Prophecies: " + ", ".join(p["name"] for p in view["prophecies"]) + ")"
    return f"The Future {f['number']}: {f['name']} — {f['clock_text']}"


def render(state: State, seat: int | None) -> RenderableType:
    view = state.view(seat)
    title = f"ThreeTale — {PHASES[view['phase']]}"
    if view["turn"]:
        title += f", turn {view['turn']}"
    parts: list[RenderableType] = [Text(title, style="bold"), Text(future_text(view)), map_text(view)]
    turn = view.get("this_turn")
    if turn and not view["over"]:
        parts.append(Text(f"{turn['hero']}'s turn: {count(turn['steps_left'], 'Step')}, "
                          f"{count(turn['actions_left'], 'Action')}, "
                          f"{count(turn['dice_to_turn'], 'die', 'dice')} to turn"))
    battle = view.get("battle")
    if battle:
        parts.append(Text(f"Battle: {battle['enemy']} — Speed {battle['speed']}, Defense {battle['defense']}, "
                          f"Strength {battle['strength']}", style="bold red"))
    if view.get("drawn_tiles"):
        parts.append(Text("Tiles drawn: " + "; ".join(t["text"] for t in view["drawn_tiles"])))
    if view.get("offer"):
        parts.append(Text("On offer: " + "; ".join(f"{o['name']}: {o['text']}" for o in view["offer"])))
    grid = Table.grid(padding=(0, 1))
    grid.add_row(*(hero_panel(h, h["seat"] == seat) for h in view["player_states"]))
    parts.append(grid)
    if view["result"]:
        names = [h["name"] for h in view["player_states"]]
        parts.append(score_table(view["score_sheet"], names, view["result"]["winners"]))
    return Group(*parts)
