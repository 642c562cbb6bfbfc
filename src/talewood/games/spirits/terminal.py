"""Drawing a Spirits view in the terminal with rich: the forest, the players, your own secrets."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...engine import State
from ...ui.text import score_table

SHORT = {"branches": ("Br", "rgb(150,100,60)"), "moss": ("Mo", "green4"), "dew_drops": ("De", "cyan"),
         "mushrooms": ("Mu", "red3"), "flowers": ("Fl", "magenta"), "web_spiders": ("We", "grey70"),
         "fruits": ("Fr", "orange3"), "vines": ("Vi", "chartreuse3"), "leaves": ("Le", "yellow3"),
         "air": ("Ai", "light_sky_blue1")}
# one column wide in every terminal: no emoji ("☀" is drawn two columns wide by some, and shifts the forest)
POWER = {"fire": ("▲", "red"), "moon": ("☾", "blue"), "sun": ("☼", "yellow")}
GEM_COLOURS = ("bold red", "bold blue", "bold green", "bold yellow")


def tile_text(tile: dict[str, Any]) -> Text:
    text = Text()
    for symbol in tile["symbols"]:
        short, colour = SHORT[symbol]
        text.append(short, style=colour)
    if tile["power"]:
        glyph, colour = POWER[tile["power"]]
        text.append(glyph, style=colour)
    return text


def cell_text(cell: dict[str, Any] | None) -> Text:
    if cell is None:
        return Text("·", style="dim")
    text = Text("▒▒▒▒", style="dim") if cell["face_down"] else tile_text(cell["tile"])
    if cell["gem"] is not None or cell["token"] is not None or cell["firefly"]:
        text.append(" ")    # where a narrow terminal breaks the cell in two lines
    if cell["gem"] is not None:
        text.append(f"◆{cell['gem'] + 1}", style=GEM_COLOURS[cell["gem"] % 4])
    if cell["token"] is not None:
        text.append("✦" if cell["token"] == "hidden" else f"[{cell['token']}]", style="bold magenta")
    if cell["firefly"]:
        text.append("✧", style="bold white")
    if cell["collectable"]:
        text.stylize("underline")
    return text


def render(state: State, seat: int | None) -> RenderableType:
    view = state.view(seat)
    forest = Table(title="The forest (underlined: can be collected; r3c4 is row 3, column 4)", box=None,
                   padding=(0, 1, 0, 0))
    forest.add_column("", no_wrap=True)
    for col in range(view["cols"]):
        forest.add_column(f"c{col + 1}", min_width=4)    # a tile whole; in a narrow terminal its pieces below it
    seasons = view.get("seasons")
    for r, row in enumerate(view["forest"]):
        label = f"r{r + 1}"
        if seasons and seasons[r]["token"] is not None:
            token = seasons[r]["token"]
            label += f" {seasons[r]['season'].capitalize()} " + (f"keep {token}" if token != "drop" else "drop")
        forest.add_row(Text(label, style="bold"), *(cell_text(c) for c in row))
    players = Table(title="Players", show_lines=False)
    for column in ("", "tiles", "spirits", "power", "gems: hand, placed, lost", "favor tokens"):
        players.add_column(column)
    for p in view["player_states"]:
        name = p["name"] + (" (you)" if p["seat"] == seat else "")
        spirits = Text()
        for spirit, count in p["symbols"].items():
            if count:
                short, colour = SHORT[spirit]
                spirits.append(f"{short}{count} ", style=colour)
        powers = " ".join(f"{POWER[k][0]}{v}" for k, v in p["powers"].items() if v)
        gems = p["gemstones"]
        favors = ", ".join([token_name(view, k) for k in p["favor_tokens"]]
                           + ([f"{p['hidden_favor_tokens']} hidden"] if p["hidden_favor_tokens"] else []))
        players.add_row(name, str(len(p["tiles"])), spirits, powers,
                        f"{gems['supply']}/{gems['placed']}/{gems['lost']}", favors or "-")
    parts: list[RenderableType] = [forest, players]
    me = view["player_states"][seat] if seat is not None and view["players"] > seat else None
    if me is not None:
        for key, table in (("wish", "wishes"), ("hex", "hexes")):
            if me.get(key):
                parts.append(Text(f"Your card: {view['texts'][table][me[key]]}", style="italic"))
            for card in me.get(f"{key}_hand") or ():
                parts.append(Text(f"In your hand: {view['texts'][table][card]}", style="italic"))
        for k in me["favor_tokens"]:
            parts.append(Text(f"Your token: {view['texts']['tokens'][k]}", style="italic"))
    if "opponent" in view:
        opp = view["opponent"]
        revealed = ", ".join(token_name(view, k) for k in opp["revealed_tokens"]) or "none"
        parts.append(Text(f"Solo opponent: {len(opp['tiles'])} tiles; revealed tokens: {revealed}; "
                          f"hidden: {opp['hidden_tokens']}; your token: {token_name(view, view['your_solo_token'])}"))
    if "box_tokens" in view:
        parts.append(Text("In the box: " + "; ".join(view["texts"]["tokens"][k] for k in view["box_tokens"])))
    parts.append(legend(view))
    if view["result"]:
        result = view["result"]
        names = [p["name"] for p in view["player_states"]]
        parts.append(score_table(view["score_sheet"], names,
                                 result["winners"]))
    return Group(*parts)


def token_name(view: dict[str, Any], token: str | None) -> str:
    return "none" if token is None else view["texts"]["tokens"][token].split(":", 1)[0]


def legend(view: dict[str, Any]) -> Text:
    """What the abbreviations and symbols mean."""
    text = Text("Key: ", style="dim")
    for name, (short, colour) in SHORT.items():
        if name not in view["texts"]["spirits"]:
            continue
        text.append(short, style=colour)
        text.append(f" {view['texts']['spirits'][name]}  ", style="dim")
    for name, (glyph, colour) in POWER.items():
        text.append(glyph, style=colour)
        text.append(f" {view['texts']['powers'][name]}  ", style="dim")
    firefly = "  ✧ Silver Firefly" if any(pair[0] == "✧" for pair in view["texts"]["legend"]) else ""
    text.append(f"◆ gemstone (reserved)  ✦ face-down favor token{firefly}  underlined: collectable", style="dim")
    return text
