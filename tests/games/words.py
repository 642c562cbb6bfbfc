"""Player words only: what a person reads never shows program words, rulebook references or bad plurals.

`problems(text)` names what is wrong with one text; `gather(game, source)` collects every text a player
reads from one source of a game (its action labels, prompts, log lines, options, board, terminal, score
sheet and choices). tests/games/test_player_words.py runs them on every game.
"""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

from talewood.engine import Game, Rng, State
from talewood.games import game_module

# (what it is, the pattern): each a thing a player must never read
PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("a snake_case word", re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")),
    ('"(s)" for a plural', re.compile(r"\w\(s\)")),
    ("a rulebook line number", re.compile(r"\bL\d+\b")),
    ("a ruling's code", re.compile(r"\b(?:R\d+|A-\d+)\b")),
    ('the word "ruling"', re.compile(r"\bruling", re.IGNORECASE)),
    ('a "+0" line', re.compile(r"(?<![\w.])[+−-]0\b(?!\.\d)")),
    ('"N to N" for a fixed number', re.compile(r"\b(\d+) to \1\b")),
    ("a dict", re.compile(r"\{'|\{\"")),
    ("a list", re.compile(r"\[\]|\[\d|\['")),
    ("a float", re.compile(r"\b\d+\.\d{2,}\b|\b\d+\.0\b")),
    ("a seat counted from 0", re.compile(r"\b(?:seat|Player|Hero) 0\b")),
]


# "1" before a plural noun ("1 coins"), unless the 1 names something ("Player 1 takes", "row 1 holds"); a
# capitalised word after it is a name ("1 Wings", a recipe), not a plural
ONE = re.compile(r"(?:\b([A-Za-z]+) )?(?<![\d.,:/+−-])\b1 ([a-z]+s)\b")
NAMING = {"row", "column", "day", "year", "period", "round", "level", "tier", "path", "space", "chapter", "stage",
          "turn", "move", "step", "number", "seat", "player", "hero", "value"}
SINGULAR_S = ("ss", "us", "is", "ys")


def one_with_plural(text: str) -> str | None:
    for m in ONE.finditer(text):
        before, word = m.group(1), m.group(2)
        if before and (before[0].isupper() or before.lower() in NAMING):
            continue
        if word.endswith(SINGULAR_S):
            continue
        return m.group(0)
    return None


def problems(text: str) -> list[str]:
    """What is wrong with `text` for a player: each kind once, with the words that show it."""
    out = []
    for what, pattern in PATTERNS:
        m = pattern.search(text)
        if m:
            out.append(f"{what} ({m.group(0)!r} in {_around(text, m.start())!r})")
    one = one_with_plural(text)
    if one:
        out.append(f'"1" with a plural ({one!r} in {_around(text, text.find(one))!r})')
    return out


def _around(text: str, at: int) -> str:
    start = max(0, at - 40)
    return ("…" if start else "") + text[start:at + 50].replace("\n", " ") + ("…" if at + 50 < len(text) else "")


SOURCES = ("labels", "prompts", "log", "options", "board", "terminal", "score sheet", "choices")
SEEDS = (3, 12)
STEPS = 400


def _walk(game: Game) -> Iterator[State]:
    """Positions along random lines of play, for every player count, to the end."""
    for players in range(game.min_players, game.max_players + 1):
        for seed in SEEDS:
            state = game.new_game(players, seed)
            rng = Rng(seed)
            steps = 0
            while not state.is_over and steps < STEPS:
                yield state
                legal = state.legal_actions()
                state.apply(legal[rng.below(len(legal))])
                steps += 1
            while not state.is_over:           # to the end, quickly
                legal = state.legal_actions()
                state.apply(legal[rng.below(len(legal))])
            yield state


def _svg_texts(svg: str) -> Iterator[str]:
    root = ET.fromstring(svg)
    for e in root.iter():
        if e.text and e.text.strip() and e.tag.rsplit("}", 1)[-1] in ("text", "tspan", "title"):
            yield e.text.strip()
        for key in ("data-info", "aria-label"):
            if e.get(key):
                yield str(e.get(key))


def gather(game: Game, source: str) -> dict[str, str]:
    """Every problem found in `source` of `game`: {problem: an example}, each problem once."""
    found: dict[str, str] = {}

    def scan(text: str) -> None:
        for p in problems(text):
            kind = p.split(" (", 1)[0]
            found.setdefault(kind, p)

    if source == "options":
        scan(game.name)
        scan(game.players_phrase())
        for option in game.option_set.options:
            scan(option.display_name)
            scan(option.help)
            for value in option.choices:
                scan(option.label_of(value))
        return found
    render = getattr(game_module(game.id, "render"), "render_svg", None)
    terminal = getattr(game_module(game.id, "terminal"), "render", None)
    seen = 0
    for state in _walk(game):
        seen += 1
        if state.is_over:
            if source == "log":
                for e in state.log or ():
                    scan(e["text"])
            elif source == "score sheet":
                sheet = game.score_sheet(state.result())
                for text in (sheet.verdict, sheet.reason, sheet.achieved):
                    scan(text)
                for row in sheet.rows:
                    for text in (row.label, row.explain, *row.cells):
                        scan(text)
            elif source == "board" and render is not None:
                for text in _svg_texts(render(state.view(0), 0, [])):
                    scan(text)
            elif source == "terminal" and terminal is not None:
                scan(_terminal_text(terminal, state, 0))
            continue
        legal = state.legal_actions()
        if source == "labels":
            for a in legal:
                scan(state.describe(a))
        elif source == "prompts":
            scan(state.prompt())
        elif source == "choices":
            for a in legal:
                choice = game.choice(state, a)
                scan(choice.group)
                scan(choice.detail)
        elif source == "board" and render is not None and seen % 11 == 0:
            seat = state.current_player
            actions = [{**game.action_space.to_json(a), "label": state.describe(a)} for a in legal]
            for text in _svg_texts(render(state.view(seat), seat, actions)):
                scan(text)
        elif source == "terminal" and terminal is not None and seen % 23 == 0:
            scan(_terminal_text(terminal, state, state.current_player))
    return found


def _terminal_text(terminal: object, state: State, seat: int | None) -> str:
    from rich.console import Console

    console = Console(width=160, record=True, file=io.StringIO())
    console.print(terminal(state, seat))  # type: ignore[operator]
    return console.export_text()
