"""Drawing a Spirits view in the terminal with rich: the forest, the players, your own secrets."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...engine import State

SHORT = {"branches": ("Br", "rgb(150,100,60)"), "moss": ("Mo", "green4"), "dew_drops": ("De", "cyan"),
         "mushrooms": ("Mu", "red3"), "flowers": ("Fl", "magenta"), "web_spiders": ("We", "grey70"),
         "fruits": ("Fr", "orange3"), "vines": ("Vi", "chartreuse3"), "leaves": ("Le", "yellow3"),
         "air": ("Ai", "light_sky_blue1")}
POWER = {"fire": ("🔥", "red"), "moon": ("☾", "blue"), "sun": ("☀", "yellow")}
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
        return Text("  ·  ", style="dim")
    text = Text("▒▒▒▒", style="dim") if cell["face_down"] else tile_text(cell["tile"])
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
    forest = Table(title="The forest (underlined: can be collected)", show_header=False, box=None, padding=(0, 1))
    seasons = view.get("seasons")
    for r, row in enumerate(view["forest"]):
        label = f"row {r + 1}"
        if seasons and seasons[r]["token"] is not None:
            label += f" {seasons[r]['season']}:{seasons[r]['token']}"
        forest.add_row(Text(label, style="bold"), *(cell_text(c) for c in row))
    players = Table(title="Players", show_lines=False)
    for column in ("", "tiles", "spirits", "power", "gems (hand/placed/lost)", "favor tokens"):
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
        favors = ", ".join(p["favor_tokens"]) + (f" +{p['hidden_favor_tokens']} hidden"
                                                   if p["hidden_favor_tokens"] else "")
        players.add_row(name, str(len(p["tiles"])), spirits, powers,
                        f"{gems['supply']}/{gems['placed']}/{gems['lost']}", favors or "-")
    parts: list[RenderableType] = [forest, players]
    me = view["player_states"][seat] if seat is not None and view["players"] > seat else None
    if me is not None:
        secrets = []
        for key in ("wish", "hex"):
            if me.get(key):
                secrets.append(f"your {key}: {me[key]}")
            elif me.get(f"{key}_hand"):
                secrets.append(f"your {key} cards to choose from: {', '.join(me[f'{key}_hand'])}")
        if secrets:
            parts.append(Text("; ".join(secrets), style="italic"))
    if "opponent" in view:
        opp = view["opponent"]
        parts.append(Text(f"Solo opponent: {len(opp['tiles'])} tiles; revealed tokens: "
                          f"{', '.join(opp['revealed_tokens']) or 'none'}; hidden: {opp['hidden_tokens']}; "
                          f"your token: {view['your_solo_token']}"))
    if "box_tokens" in view:
        parts.append(Text("In the box: " + ", ".join(view["box_tokens"])))
    if view["result"]:
        result = view["result"]
        lines = [f"Player {s + 1}: {int(score)}" for s, score in enumerate(result["scores"])]
        winners = ", ".join(f"Player {w + 1}" for w in result["winners"]) or "nobody"
        parts.append(Text("Final scores — " + "; ".join(lines) + f". Winner: {winners}", style="bold green"))
    return Group(*parts)
