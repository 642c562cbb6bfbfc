"""Greylune in the terminal: the board and the seat's own board, drawn from `state.view(seat)`, with
what each card, Quest, Event and token does written beside it (the view's texts)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...engine import State, plural, seat_name
from ...ui.text import score_table
from .actions import GAPS
from .choices import gap_letter
from .scoring import SHEET_ROWS


def _card_cell(card: dict[str, Any] | None, slot: int) -> str:
    """A Village card as the terminal draws it: its number (what a choice's code names), name, kind and cost,
    Seals, the Villagers beside it, and what it does."""
    if card is None:
        return f"[dim]{slot + 1}. (empty)[/dim]"
    kind = "Tavern" if card["tavern"] else card["kind"].capitalize()
    cost = ("a Seal's value" if "discard a Seal token and pay" in card["text"]
            else plural(card["cost"], "coin") if card["cost"] else "free")
    seals = f", Seals {', '.join(map(str, card['seals']))}" if card["seals"] else ""
    beside = f"\n{plural(card['extra_cost'], 'Villager')} beside it" if card["extra_cost"] else ""
    return (f"[bold]{slot + 1}. {escape(card['name'])}[/bold]\n{kind}, {cost}{seals}{beside}\n"
            f"[dim]{escape(card['brief'])}[/dim]")


def _gap_text(gap: dict[str, Any]) -> str:
    """A gap: its letter (what a choice's code names) and the Villagers in it, by player number."""
    marks = "".join(f"{p + 1}" * n for p, n in enumerate(gap["villagers"]))
    return f"{gap_letter(gap['gap'])}: {marks or '-'}"


def village_table(view: dict[str, Any]) -> Table:
    """The 3x3 Village, its cards numbered 1 to 9 and the gaps between them lettered a to l; the Villagers in
    each gap are shown by player number (1 for Player 1…)."""
    table = Table(title="Village (cards 1 to 9, gaps a to l: the codes of the choices)", show_header=False,
                  show_lines=True)
    for _ in range(5):
        table.add_column(justify="center")
    gaps = {tuple(GAPS[g["gap"]]): g for g in view["gaps"]}
    for r in range(3):
        row: list[str] = []
        for c in range(3):
            row.append(_card_cell(view["village"][r * 3 + c], r * 3 + c))
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
        encs = [escape(f"n{k + 1} {e['name']} (story {e['story']}: "
                       + " / ".join(s["reward"] if s["req"] == "nothing" else f"{s['req']} → {s['reward']}"
                                    for s in e["sides"]) + ")")
                for k, e in enumerate(x for x in view["encounters"] if x["distance"] == d)]
        if d in quests:
            q = quests[d]
            done = ", ".join(seat_name(p) for p in q["done_by"]) or "no one"
            encs.append(f"[magenta]{escape(q['text'])} Done by {done}.[/magenta]")
        table.add_row(f"m{d} {crest}", here, "\n".join(encs))
    return table


def _held(card: dict[str, Any], number: int) -> str:
    """A Companion or Item a player has, on its own line with its number (a choice's code: "u2" uses card 2)
    and what it does."""
    state = " (exhausted)" if card["exhausted"] else ""
    return f"\n  {number}. [bold]{escape(card['name'])}[/bold]{state}: [dim]{escape(card['brief'])}[/dim]"


def player_panel(p: dict[str, Any], me: bool, texts: dict[str, dict[str, str]]) -> Panel:
    v = p["villagers"]
    lines = [
        f"{p['season']}  coins {p['coins']}  VP {p['vp']}  Strength {p['strength']}  Magic {p['magic']}",
        f"Villagers: active {v['active']}, village {v['village']}, campsite {v['campsite']}, "
        f"event {v['event']}, special {v['special']}, supply {v['supply']}",
        "Companions:" + ("".join(_held(c, k + 1) for k, c in enumerate(p["companions"])) or " -"),
        f"Items ({len(p['items'])} of {p['item_limit']}):" + (
            "".join(_held(i, len(p["companions"]) + k + 1) for k, i in enumerate(p["items"])) or " -"),
        "Untold stories: " + (", ".join(f"t{k + 1} {e['name']} (story {e['story']})"
                                        for k, e in enumerate(p["untold"])) or "-"),
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
        f"[bold]Greylune[/bold] — year {view['year']} of 5 (period {'I' * view['period']}), first player "
        f"{seat_name(view['first_player'])}.  {view['prompt'][:1].upper()}{view['prompt'][1:]}")
    event = Text.from_markup(escape(ev["text"] + " Choices: " + ", ".join(
        f"e{k + 1} {o}" for k, o in enumerate(ev["options"])) + ".") if ev else "Event: -")
    players = [player_panel(p, p["seat"] == seat, view["texts"]) for p in view["player_states"]]
    parts: list[RenderableType] = [head, event, village_table(view), track_table(view), *players]
    if view["result"]:
        parts.append(score_table(view["score_sheet"],
                                 [seat_name(p["seat"]) for p in view["player_states"]], view["result"]["winners"]))
    return Group(*parts)
