"""Playing a game in the terminal: the board drawn with rich, numbered choices, undo, log, help, a game
saved when its player quits (and continued with --resume), and stepping through a record."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table

from .agents import Agent, bot_seed, make_agent
from .engine import (
    Event,
    Game,
    InvalidOption,
    Record,
    RecordError,
    State,
    Step,
    load_record,
    plural,
    rebuild,
    record_of,
    replay_steps,
    save_record,
    seat_name,
    undoable,
)
from .games import available, game_module, load
from .ui.text import find_pieces, pieces_from_svg

HELP = ("Type the number of a choice, or its code where it has one (in brackets, e.g. r3c4). Other commands: "
        "'look NAME' (or 'card NAME') prints the whole text of a card, tile or piece on the table, and 'look' "
        "alone names them all; 'list' shows every choice one to a line; 'rules' shows the rules about this "
        "decision ('rules NAME' another section, 'rules all' their list); 'hint' asks a normal bot what it would "
        "do here and why ('hint hard' or 'hint easy' another level); 'undo' takes back your last decisions "
        "(while no hidden information was revealed and no one else has played since), 'log' shows the game log, "
        "'board' draws the board again, 'help' shows this, 'quit' saves the game and leaves it "
        "(Ctrl-C does the same).")
SHORT_LIST = 12            # more choices than this are shown grouped, several to a line
SAVES = "saves"           # where a quit game goes when no --save directory is given
EXIT_INTERRUPTED = 130    # the shell's convention for a program ended by Ctrl-C


def default_seats(players: int) -> list[str]:
    return ["human"] + ["greedy"] * (players - 1)


class _Game:
    """A game in the terminal: its state and what a record needs (actions, per-step hashes, seats)."""

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any], seats: list[str],
                 state: State | None = None) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.seats = seats
        self.state = state if state is not None else game.new_game(players, seed, options)
        self.actions: list[int] = []
        self.hashes: list[str] = []
        self.steps: list[Step] = []

    def apply(self, action: int) -> Sequence[Event]:
        seat = self.state.current_player
        assert seat is not None
        events = self.state.apply(action)
        # appended only once apply has returned, so an interrupted move is never half-saved
        self.actions.append(action)
        self.hashes.append(self.state.state_hash())
        self.steps.append(Step(seat, events, self.state.barrier))
        return events

    def take_back(self, n: int) -> None:
        self.state = rebuild(self.game, self.players, self.seed, self.options, self.actions[:-n])
        del self.actions[-n:], self.hashes[-n:], self.steps[-n:]

    def record(self) -> Record:
        return record_of(self.state, seats=list(self.seats), hashes=list(self.hashes))


def _resume(path: str, seats: list[str] | None) -> _Game:
    """The saved game at `path`, replayed step by step (every recorded state hash checked)."""
    record = load_record(path)
    try:
        state, steps, hashes = replay_steps(record, load)
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from exc
    played = _Game(state.game, record.players, record.seed, dict(record.options), [], state=state)
    played.actions, played.hashes, played.steps = list(record.actions), hashes, steps
    players = record.players
    if played.state.is_over:
        raise InvalidOption(f"the game saved in {path} is already over: see it with `talewood replay {path} --step`")
    played.seats = seats or record.seats or default_seats(players)
    if len(played.seats) != players:
        raise InvalidOption(f"{len(played.seats)} seats given for the saved {players}-player game: "
                            "give one kind per seat")
    return played


def play(game_id: str | None, players: int | None = None, seats: list[str] | None = None, seed: int | None = None,
         options: dict[str, Any] | None = None, save_dir: str | None = None,
         ask: Callable[[str], str] | None = None, console: Console | None = None, resume: str | None = None) -> int:
    """Play until the game ends or the player quits; a quit game is saved (the file is named).

    With `resume`, the game saved in that file continues, and is saved back to it (`save_dir` is
    then not used)."""
    if resume is not None:
        played = _resume(resume, seats)
        if game_id is not None and game_id != played.game.id:
            raise InvalidOption(f"{resume} holds a {played.game.name} game ({played.game.id}), not {game_id}")
        save_to = Path(resume)
    else:
        if game_id is None:
            raise InvalidOption(f"name a game to play: {', '.join(available())}")
        game = load(game_id)
        if players is None:
            players = len(seats) if seats else max(game.min_players, min(2, game.max_players))
        seats = seats or default_seats(players)
        game.check_players(players)
        if len(seats) != players:
            raise InvalidOption(f"{len(seats)} seats given for {players} players: give one kind per seat")
        if seed is None:
            seed = int(time.time()) % 1_000_000
        played = _Game(game, players, seed, dict(options or {}), seats)
        save_to = Path(save_dir or SAVES) / f"{game.id}-{seed}.json"
    for kind in played.seats:
        if kind != "human":
            make_agent(kind)  # an unknown kind is refused before the game starts
    console = console or Console()
    try:
        return _loop(played, console, ask or input, save_to, save_at_end=save_dir is not None or resume is not None,
                     resumed=resume is not None)
    except KeyboardInterrupt:
        console.print("\nInterrupted.")
        _save(played, save_to, console)
        return EXIT_INTERRUPTED


def _loop(played: _Game, console: Console, ask: Callable[[str], str], save_to: Path, save_at_end: bool,
          resumed: bool) -> int:
    game, seats = played.game, played.seats
    agents: dict[int, Agent] = {s: make_agent(kind, bot_seed(played.seed, s))
                                for s, kind in enumerate(seats) if kind != "human"}
    humans = [s for s, kind in enumerate(seats) if kind == "human"]
    viewer = humans[0] if len(humans) == 1 else None
    renderer: Any = game_module(game.id, "terminal")
    console.print(f"[bold]{game.name}[/bold] — seed {played.seed}, seats: {', '.join(seats)}. "
                  "Type 'help' for help.")
    log = played.state.events_for(viewer)
    if resumed:
        console.print(f"Continuing the game saved in {save_to} after {len(played.actions)} moves; the latest "
                      "of the log:")
        log = log[-12:]
    for e in log:
        console.print(f"  {e['text']}")

    def draw(seat: int | None) -> None:
        if renderer is not None:
            console.print(renderer.render(played.state, seat))
        else:
            console.print(played.state.view(seat))

    while not played.state.is_over:
        state = played.state
        seat = state.current_player
        assert seat is not None
        if seat in agents:
            events = played.apply(agents[seat].choose(state))
            for e in events:
                if e["to"] is None or e["to"] == viewer:
                    console.print(f"  {e['text']}")
            continue
        draw(seat)
        while True:
            state = played.state
            menu = Menu(state)
            console.print(f"[bold]{state.prompt()}[/bold]")
            menu.show(console)
            try:
                answer = ask("> ").strip().lower()
            except EOFError:
                answer = "quit"
            if answer == "list":
                menu.show(console, every=True)
                continue
            if answer == "look" or answer.startswith(("look ", "card ")):
                look(console, state, seat, answer.split(" ", 1)[1] if " " in answer else "")
                continue
            if answer in ("quit", "exit"):
                console.print("Game left unfinished.")
                _save(played, save_to, console)
                return 0
            if answer == "help":
                console.print(HELP)
                continue
            if answer == "rules" or answer.startswith("rules "):
                show_rules(console, game.id, answer[6:].strip() or None, state)
                continue
            if answer == "hint" or answer.startswith("hint "):
                show_hint(console, state, answer[5:].strip() or "normal", len(played.actions), played.seed)
                continue
            if answer == "board":
                draw(seat)
                continue
            if answer == "log":
                for e in state.events_for(seat)[-40:]:
                    console.print(f"  {e['text']}")
                continue
            if answer == "undo":
                n = undoable(played.steps, seat, played.state.current_player)
                if n == 0:
                    console.print("[yellow]Nothing to undo: only your own moves of this turn can be taken "
                                  "back, and none that revealed something or drew at random.[/yellow]")
                    continue
                played.take_back(n)
                console.print(f"Took back {plural(n, 'decision')}.")
                draw(seat)
                continue
            chosen = menu.pick(answer)
            if chosen is not None:
                events = played.apply(chosen)
                for e in events:
                    if e["to"] is None or e["to"] == seat:
                        console.print(f"  {e['text']}")
                break
            codes = " or its code" if menu.codes else ""
            console.print(f"[red]'{answer}' is not a choice: type a number from 1 to {len(menu.order)}{codes}, "
                          f"or 'help'.[/red]")
    draw(viewer)
    sheet = game.score_sheet(played.state.result())
    console.print(f"[bold green]{escape(sheet.headline())}.[/bold green]")
    if sheet.achieved:
        console.print(escape(sheet.achieved))
    if save_at_end:
        _save(played, save_to, console, finished=True)
    return 0


class Menu:
    """The legal actions of a decision as a player chooses them: the pass/none/done kind first, then each
    group under its heading (the game's `Game.choice`); numbered in that order, and each with its code
    (if the game gives one) that may be typed instead of the number."""

    def __init__(self, state: State) -> None:
        game = state.game
        legal = state.legal_actions()
        self.state = state
        self.info = {a: game.choice(state, a) for a in legal}
        first = [a for a in legal if self.info[a].first]
        groups: dict[str, list[int]] = {}
        for a in legal:
            if not self.info[a].first:
                groups.setdefault(self.info[a].group, []).append(a)
        self.first = first
        self.groups = groups
        self.order = first + [a for members in groups.values() for a in members]
        self.codes = {self.info[a].code.lower(): a for a in legal if self.info[a].code}

    def line(self, a: int, number: int) -> str:
        code = self.info[a].code
        return f"{number:>3}. {escape(self.state.describe(a))}" + (f" [dim]\\[{escape(code)}][/dim]" if code else "")

    def show(self, console: Console, every: bool = False) -> None:
        """One choice a line when there are few (or `every`); else grouped, several to a line, and a group
        whose choices all have codes as its codes alone."""
        number = {a: i for i, a in enumerate(self.order, 1)}
        if every or len(self.order) <= SHORT_LIST:
            for title, members in [("", self.first), *self.groups.items()]:
                if title and members and len(self.groups) > 1:
                    console.print(f"  [bold]{escape(title)}[/bold]")
                for a in members:
                    console.print(f"  {self.line(a, number[a])}")
            return
        for a in self.first:
            console.print(f"  {self.line(a, number[a])}")
        for title, members in self.groups.items():
            heading = f"{title or 'Other choices'} ({len(members)})"
            if all(self.info[a].code for a in members):
                codes = "  ".join(sorted((self.info[a].code for a in members), key=natural))
                console.print(f"  [bold]{escape(heading)}[/bold]: type one of  {escape(codes)}")
                continue
            console.print(f"  [bold]{escape(heading)}[/bold]")
            console.print(Columns([self.line(a, number[a]) for a in members], padding=(0, 3)))
        console.print("  [dim]('list' shows every choice one to a line, 'look NAME' the text of a card or "
                      "piece)[/dim]")

    def pick(self, answer: str) -> int | None:
        if answer.isdigit() and 1 <= int(answer) <= len(self.order):
            return self.order[int(answer) - 1]
        return self.codes.get(answer)


def natural(code: str) -> list[Any]:
    """A code's sort key with its numbers as numbers: r2c10 after r2c9."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", code)]


def show_rules(console: Console, game_id: str, key: str | None = None, state: State | None = None) -> None:
    """A section of the game's rules: `key` names it (by id or title), else the section of `state`'s decision;
    "all" lists the sections."""
    from .learn.rules import RulesError, rulebook

    book = rulebook(game_id)
    if key in ("all", "list", "sections"):
        console.print(f"[bold]{escape(book.title)}[/bold] — the rules, section by section (type 'rules NAME'):")
        for section in book.sections:
            console.print(f"  {escape(section.title)} [dim]({escape(section.id)})[/dim]")
        return
    try:
        section = book.section(key) if key else book.for_state(state) if state is not None else book.sections[0]
    except RulesError as exc:
        console.print(f"[yellow]{escape(str(exc))}[/yellow]")
        return
    print_section(console, section)


def print_section(console: Console, section: Any) -> None:
    """A rules section in the terminal: its heading, paragraphs, lists (each item hanging under its mark), and
    Talewood's readings marked and set in."""
    console.print(f"[bold underline]{escape(section.title)}[/bold underline]")
    for block in section.blocks:
        if block.kind == "h":
            console.print(f"[bold]{escape(block.text)}[/bold]")
        elif block.kind in ("ul", "ol"):
            grid = Table.grid(padding=(0, 1))
            grid.add_column(justify="right", min_width=3)
            grid.add_column()
            for i, item in enumerate(block.items, 1):
                grid.add_row("•" if block.kind == "ul" else f"{i}.", bold(item))
            console.print(grid)
        elif block.kind == "reading":
            console.print(Padding(f"[italic][bold]Talewood's reading:[/bold] {bold(block.text)}[/italic]",
                                  (0, 0, 0, 4)))
        else:
            console.print(bold(block.text))
        console.print()


def bold(text: str) -> str:
    """The rules' **bold** as rich markup, everything else escaped."""
    parts = text.split("**")
    return "".join(f"[bold]{escape(p)}[/bold]" if i % 2 else escape(p) for i, p in enumerate(parts))


def show_hint(console: Console, state: State, level: str, step: int, seed: int) -> None:
    """What a bot of `level` would do now, and why (talewood.learn.advice)."""
    from .learn.advice import advise

    try:
        advice = advise(state, level, seed=bot_seed(seed, state.current_player or 0, step + 7919))
    except InvalidOption as exc:
        console.print(f"[yellow]{escape(str(exc))}[/yellow]")
        return
    number = Menu(state).order.index(advice.action) + 1
    console.print(f"[bold cyan]Hint ({level} bot):[/bold cyan] {number}. {escape(advice.line())}")
    console.print(f"  [dim]{escape(advice.expectation()[0].upper() + advice.expectation()[1:])}.[/dim]")
    if len(advice.plan) > 1:
        console.print(f"  [dim]Its plan for the turn: {escape('; then '.join(advice.plan))}.[/dim]")


def readable_pieces(state: State, seat: int | None) -> list[tuple[str, str]]:
    """What a player may read on the table: the game's terminal `readable(view, seat)` if it has one, else
    every text the board's drawing carries (`data-info`), then the texts of the choices (a card in hand)."""
    game = state.game
    view = state.view(seat)
    own = getattr(game_module(game.id, "terminal"), "readable", None)
    if own is not None:
        pieces: list[tuple[str, str]] = list(own(view, seat))
    else:
        render = getattr(game_module(game.id, "render"), "render_svg", None)
        pieces = pieces_from_svg(render(view, seat, [])) if render is not None else []
    known = {text for _, text in pieces}
    if state.current_player == seat:
        for a in state.legal_actions():
            detail = game.choice(state, a).detail
            if detail and detail not in known:
                known.add(detail)
                pieces.append((detail.split(":", 1)[0].split(". ", 1)[0][:60], detail))
    return pieces


def look(console: Console, state: State, seat: int | None, query: str) -> None:
    """`look NAME`: the whole text of every piece NAME names; `look`: the names of all of them."""
    pieces = readable_pieces(state, seat)
    if not pieces:
        console.print("[yellow]Nothing on this table has more text to read.[/yellow]")
        return
    if not query.strip():
        names = sorted({name for name, _ in pieces})
        console.print("You can look at: " + ", ".join(escape(n) for n in names), soft_wrap=False)
        return
    found = find_pieces(pieces, query)
    if not found:
        console.print(f"[yellow]Nothing called '{escape(query)}' on the table: type 'look' for every name.[/yellow]")
        return
    for _, text in found[:8]:
        console.print(f"  {escape(text)}")
    if len(found) > 8:
        console.print(f"  [dim]… and {len(found) - 8} more: name it more closely.[/dim]")


def _save(played: _Game, path: Path, console: Console, finished: bool = False) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    save_record(played.record(), path)
    # soft_wrap: a command to copy is never broken over two lines
    if finished:
        console.print(f"Record saved to {path} (see it again with: talewood replay {path} --step)", soft_wrap=True)
    else:
        console.print(f"Game saved to {path}. Continue it with: talewood play --resume {path}", soft_wrap=True)


STEP_HELP = ("Enter: the next move; 'b': back one; a number: go to that move; 's': the start; 'e': the end; "
             "'q': quit.")


def step_through(record: Record, seat: int | None, ask: Callable[[str], str] | None = None,
                 console: Console | None = None) -> int:
    """Walk through a (checked) record move by move in the terminal, as `seat` (None: a spectator) sees it."""
    console = console or Console()
    ask = ask or input
    game = load(record.game)
    renderer: Any = game_module(game.id, "terminal")
    total = len(record.actions)
    who = "a spectator" if seat is None else seat_name(seat)
    console.print(f"[bold]{game.name}[/bold] — {record.players} players, seed {record.seed}, {total} moves, "
                  f"seen by {who}. {STEP_HELP}")
    step = 0
    state = game.new_game(record.players, record.seed, record.options)
    shown: int | None = None
    while True:
        if shown != step:
            _show_step(state, step, total, record, seat, renderer, console)
            shown = step
        try:
            answer = ask(f"move {step}/{total} > ").strip().lower()
        except EOFError:
            answer = "q"
        target = step
        if answer in ("q", "quit", "exit"):
            return 0
        if answer in ("", "n", "next"):
            target = step + 1
        elif answer in ("b", "back"):
            target = step - 1
        elif answer in ("s", "start"):
            target = 0
        elif answer in ("e", "end"):
            target = total
        elif answer.isdigit():
            target = int(answer)
        elif answer in ("h", "help", "?"):
            console.print(STEP_HELP)
            continue
        else:
            console.print(f"[red]'{answer}' is not a command here.[/red] {STEP_HELP}")
            continue
        if not 0 <= target <= total:
            console.print(f"[yellow]The record has moves 0 to {total}.[/yellow]")
            continue
        if target == step + 1:
            state.apply(record.actions[step])
        elif target != step:
            state = rebuild(game, record.players, record.seed, record.options, record.actions[:target])
        step = target


def _show_step(state: State, step: int, total: int, record: Record, seat: int | None, renderer: Any,
               console: Console) -> None:
    if renderer is not None:
        console.print(renderer.render(state, seat))
    else:
        console.print(state.view(seat))
    if step == 0:
        console.print(f"[bold]The start of the game[/bold] (move 0 of {total}).")
        return
    game = state.game
    before = rebuild(game, record.players, record.seed, record.options, record.actions[:step - 1])
    mover = before.current_player
    label = before.describe(record.actions[step - 1])
    console.print(f"[bold]Move {step} of {total}[/bold]: {seat_name(mover or 0)} — {label}")
    for e in state.events_for(seat)[len(before.events_for(seat)):]:
        console.print(f"  {e['text']}")
    if state.is_over:
        console.print("[bold]The game is over.[/bold]")
