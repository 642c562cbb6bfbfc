"""Greylune in the terminal: the board and the seat's own board, drawn from `state.view(seat)`, with
what each card, Quest, Event and token does written beside it (the view's texts)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...engine import State, seat_name
from ...ui.text import score_table
from .actions import GAPS
from .scoring import SHEET_ROWS


def _card_cell(card: dict[str, Any] | None) -> str:
    if card is None:
        return "[dim](empty)[/dim]"
    seals = f" seals {card['seals']}" if card["seals"] else ""
    cost = f"{card['cost']}c" if card["kind"] != "building" or card["cost"] else "free"
    return (f"[bold]{escape(card['name'])}[/bold]\n{card['kind']} {cost}{seals} (+{card['extra_cost']})\n"
            f"[dim]{escape(card['brief'])}[/dim]")


def _gap_text(gap: dict[str, Any]) -> str:
    marks = "".join(f"{p + 1}" * n for p, n in enumerate(gap["villagers"]))
    return marks or "·"


def village_table(view: dict[str, Any]) -> Table:
    """The 3x3 Village; the Villagers in each gap are shown by player number (1 for Player 1…)."""
    table = Table(title="Village", show_header=False, show_lines=True)
    for _ in range(5):
        table.add_column(justify="center")
    gaps = {tuple(GAPS[g["gap"]]): g for g in view["gaps"]}
    for r in range(3):
        row: list[str] = []
        for c in range(3):
            row.append(_card_cell(view["village"][r * 3 + c]))
            if c < 2:
                row.append(_gap_text(gaps[(r * 3 + c, r * 3 + c + 1)]))
        table.add_row(*row)
        if r < 2:
            below = []
            for c in range(3):
                below.append(_gap_text(gaps[(r * 3 + c, (r + 1) * 3 + c)]))
                if c < 2:
                    below.append("")
            table.add_row(*below)
    return table


def track_table(view: dict[str, Any]) -> Table:
    table = Table(title="Adventure track", show_lines=True)
    table.add_column("Space")
    table.add_column("Adventurers")
    table.add_column("Encounters / Quest")
    quests = {q["space"]: q for q in view["quests"]}
    for d, crest in enumerate(view["track"]):
        here = ", ".join(seat_name(p["seat"]) for p in view["player_states"] if p["adventurer"] == d)
        encs = [f"{e['name']} (story {e['story']}: "
                + " / ".join(f"{s['req']} -> {s['reward']}" for s in e["sides"]) + ")"
                for e in view["encounters"] if e["distance"] == d]
        if d in quests:
            q = quests[d]
            done = ", ".join(seat_name(p) for p in q["done_by"]) or "no one"
            encs.append(f"[magenta]{escape(q['text'])} Done by {done}.[/magenta]")
        table.add_row(f"{d} {crest}", here, "\n".join(encs))
    return table


def _held(card: dict[str, Any]) -> str:
    """A Companion or Item a player has, on its own line with what it does."""
    state = " (exhausted)" if card["exhausted"] else ""
    return f"\n  [bold]{escape(card['name'])}[/bold]{state}: [dim]{escape(card['brief'])}[/dim]"


def player_panel(p: dict[str, Any], me: bool, texts: dict[str, dict[str, str]]) -> Panel:
    v = p["villagers"]
    lines = [
        f"{p['season']}  coins {p['coins']}  VP {p['vp']}  Strength {p['strength']}  Magic {p['magic']}",
        f"Villagers: active {v['active']}, village {v['village']}, campsite {v['campsite']}, "
        f"event {v['event']}, special {v['special']}, supply {v['supply']}",
        "Companions:" + ("".join(_held(c) for c in p["companions"]) or " -"),
        f"Items ({len(p['items'])}/{p['item_limit']}):" + ("".join(_held(i) for i in p["items"]) or " -"),
        "Untold: " + (", ".join(f"{e['name']}[{e['story']}]" for e in p["untold"]) or "-"),
        "Told: " + (", ".join(e["name"] for e in p["told"]) or "-"),
        "Income: " + ("; ".join(escape(texts["income"][t]) for t in p["income"]) or "-"),
        "Bonus tokens left: " + ("; ".join(escape(texts["bonus"][t].split(". ")[0].removeprefix("Bonus token "))
                                           for t in p["bonus_tokens"]) or "-"),
        "End-game VP now: " + ", ".join(f"{label} {p['end_game'][kind]}" for kind, label in SHEET_ROWS),
    ]
    title = seat_name(p["seat"]) + (" (you)" if me else "")
    return Panel(Text.from_markup("\n".join(lines)), title=title, border_style="green" if me else "white")


def render(state: State, seat: int | None) -> RenderableType:
    view = state.view(seat)
    ev = view["event"]
    head = Text.from_markup(
        f"[bold]Greylune[/bold] - year {view['year']} (period {view['period']}), first player "
        f"{seat_name(view['first_player'])}.  {view['prompt']}")
    event = Text.from_markup(escape(ev["text"]) if ev else "Event: -")
    players = [player_panel(p, p["seat"] == seat, view["texts"]) for p in view["player_states"]]
    parts: list[RenderableType] = [head, event, village_table(view), track_table(view), *players]
    if view["result"]:
        parts.append(score_table(view["score_sheet"],
                                 [seat_name(p["seat"]) for p in view["player_states"]], view["result"]["winners"]))
    return Group(*parts)
