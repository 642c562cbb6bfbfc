"""The `talewood` command: games, play, simulate, tournament, report, replay, bench, serve."""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import textwrap
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from . import __version__
from .agents import BUDGETS, ITERATIONS
from .engine import InvalidOption, TalewoodError, load_record, parse_assignments, plural, replay, seat_name
from .games import available, load

EXIT_USAGE = 2
EXIT_BAD_RECORD = 1
EXIT_INTERRUPTED = 130   # the shell's convention for a program ended by Ctrl-C (128 + SIGINT)
EXIT_PIPE_CLOSED = 141   # the same for a reader that stopped reading (128 + SIGPIPE), e.g. `| head -1`

SEAT_KINDS = "human, random, greedy, easy, normal, hard"
OPTION_HELP = ("a game option, e.g. wish=true; repeat for more (default: the game's defaults; "
               "`talewood games --options` lists them)")
WORKERS_HELP = "processes playing in parallel (default: one per CPU core, at most 8)"
BUDGET_HELP = ("how the bots' searches stop: iterations (each level's iteration count: a seed always gives the same "
               "game) or time (also the level's wall-time cap, as in live play) (default: %(default)s)")


# -- argument types: nonsense is refused while parsing, with the subcommand's usage -----------------
def _whole(text: str, least: int) -> int:
    try:
        value = int(text)
    except ValueError:
        value = least - 1
    if value < least:
        raise argparse.ArgumentTypeError(f"must be a whole number of {least} or more, not {text!r}")
    return value


def _count(text: str) -> int:
    """A number of games, seats or workers: 1 or more."""
    return _whole(text, 1)


def _seed(text: str) -> int:
    return _whole(text, 0)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0, like 0.5 or 2, not {text!r}")
    return value


def _delay(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"must be a number of seconds, 0 or more, not {text!r}")
    return value


def _players(text: str) -> list[int]:
    values = [x.strip() for x in text.split(",") if x.strip()]
    if not values:
        raise argparse.ArgumentTypeError("needs at least one number, like 3 or 2,3,4")
    try:
        return [_whole(x, 1) for x in values]
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"takes a number of players or a list like 2,3,4, not {text!r}") from None


def _seats(text: str) -> list[str]:
    kinds = [s.strip() for s in text.split(",") if s.strip()]
    if not kinds:
        raise argparse.ArgumentTypeError(f"needs at least one seat kind ({SEAT_KINDS})")
    return kinds


class _SubcommandParser(argparse.ArgumentParser):
    """A subcommand's parser: an argument it does not know is refused with *its* usage, not the top one's."""

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None) -> tuple[argparse.Namespace, list[str]]:
        parsed, extras = super().parse_known_args(args, namespace)
        if extras:
            self.error(f"unrecognized arguments: {' '.join(extras)} (see `{self.prog} --help`)")
        return parsed, extras


def _add_game(parser: argparse.ArgumentParser, nargs: str | None = None, extra: str = "") -> None:
    parser.add_argument("game", nargs=nargs, help=f"a game id: {', '.join(available())}{extra}")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="talewood", description="Talewood: forest-tale tabletop games — play, simulate, replay, serve.",
        epilog="`talewood COMMAND --help` shows a command's options. Example: talewood play spirits --seats human,hard")
    parser.add_argument("--version", action="version", version=f"talewood {__version__}",
                        help="show the version and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_SubcommandParser)

    games = sub.add_parser("games", help="list the games (and, with --options, each game's options)",
                           description="List the games; with --options or a game id, each option's values, "
                                       "default and meaning.")
    _add_game(games, "?", " (default: every game)")
    games.add_argument("--options", action="store_true",
                       help="also list each game's options (default: off; on when a game is named)")

    play = sub.add_parser("play", help="play a game in the terminal, against bots or in hot seat",
                          description="Play in the terminal. 'quit' (or Ctrl-C) saves the game; "
                                      "`talewood play --resume FILE` continues it.")
    _add_game(play, "?", " (not needed with --resume)")
    play.add_argument("--players", type=_count, default=None,
                      help="how many players (default: the number of --seats, else 2 or the game's minimum)")
    play.add_argument("--seats", type=_seats, default=None, metavar="KIND,...",
                      help=f"one kind per seat: {SEAT_KINDS} (default: human, then greedy bots)")
    play.add_argument("--seed", type=_seed, default=None, help="the game's seed (default: from the clock)")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help=OPTION_HELP)
    play.add_argument("--save", default=None, metavar="DIR",
                      help="where a quit game is saved, and the finished game's record (default: saves/ on quit, "
                           "no record at the end)")
    play.add_argument("--resume", default=None, metavar="FILE",
                      help="continue a game saved when its player quit (default: start a new game)")

    sim = sub.add_parser("simulate", help="play a batch of games with bots and summarise them")
    _add_game(sim)
    sim.add_argument("--games", type=_count, required=True, help="how many games (required)")
    sim.add_argument("--players", type=_players, default=None, metavar="N[,N...]",
                     help="a number, or a list like 2,3,4 to cycle through (default: the game's most players)")
    sim.add_argument("--seats", type=_seats, default=["random"], metavar="KIND[,...]",
                     help="one bot kind for every seat, or one per seat (default: random)")
    sim.add_argument("--seed", type=_seed, default=0, help="the first game's seed; the next get seed+1, … "
                     "(default: %(default)s)")
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help=OPTION_HELP)
    sim.add_argument("--workers", type=_count, default=None, help=WORKERS_HELP)
    sim.add_argument("--save", default=None, metavar="DIR", help="save every game's record here (default: none)")
    sim.add_argument("--backend", default="local", metavar="local|ray",
                     help="local: a process pool here; ray: a Ray cluster (default: %(default)s)")
    sim.add_argument("--budget", choices=BUDGETS, default=ITERATIONS, help=BUDGET_HELP)
    sim.add_argument("--json", action="store_true", help="print one JSON object (default: a text summary)")

    tour = sub.add_parser("tournament", help="seat-rotated bot matches: win rates, 95%% intervals, ratings")
    _add_game(tour)
    tour.add_argument("--bots", type=_seats, required=True, metavar="KIND,...",
                      help="the bot kinds to compare, e.g. hard,normal,greedy,random (required)")
    tour.add_argument("--games", type=_count, required=True, help="how many games (required)")
    tour.add_argument("--players", type=_count, default=None,
                      help="seats per game (default: 2, or the game's minimum)")
    tour.add_argument("--seed", type=_seed, default=0, help="the first game's seed (default: %(default)s)")
    tour.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help=OPTION_HELP)
    tour.add_argument("--workers", type=_count, default=None, help=WORKERS_HELP)
    tour.add_argument("--budget", choices=BUDGETS, default=ITERATIONS, help=BUDGET_HELP)
    tour.add_argument("--json", action="store_true", help="print one JSON object (default: a table)")

    report = sub.add_parser(
        "report", help="the balance lab: bot games into Parquet files and an HTML report with plots",
        description="Play bot games and write games.parquet, seats.parquet, items.parquet and report.html into "
                    "--out: win rates by seat and turn order, scores, margins, ties, game length, every content "
                    "item's effect with 95% intervals (raw, and adjusted for the many tests), skill against luck "
                    "(--ladder), figures over the game, and the game's own figures (docs/lab.md). An option given as "
                    "NAME=each takes each of its values but the default in turn, game by game.",
        epilog="Examples: talewood report spirits --games 2000 --option wish=true --out spirits-lab · "
               "talewood report --from spirits-lab · talewood report greylune --compare shipped/ edited/ · "
               "talewood report trial --sweep deeds.toml:trailblazer.fame=1,2,3,4")
    _add_game(report, "?", " (not needed with --from)")
    report.add_argument("--games", type=_count, default=200, help="how many games (default: %(default)s)")
    report.add_argument("--players", type=_players, default=None, metavar="N[,N...]",
                        help="a number, or a list like 2,3,4 (default: the game's most players)")
    report.add_argument("--seats", type=_seats, default=["greedy"], metavar="KIND[,...]",
                        help="one bot kind for every seat, or one per seat (default: greedy)")
    report.add_argument("--seed", type=_seed, default=0, help="the first game's seed (default: %(default)s)")
    report.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help=OPTION_HELP)
    report.add_argument("--workers", type=_count, default=None, help=WORKERS_HELP)
    report.add_argument("--backend", default="local", metavar="local|ray",
                        help="local: a process pool here; ray: a Ray cluster, RAY_ADDRESS's or a local one "
                             "(default: %(default)s)")
    report.add_argument("--out", default=None, metavar="DIR",
                        help="where the Parquet files and report.html go (default: talewood-report-GAME)")
    report.add_argument("--from", dest="source", default=None, metavar="DIR",
                        help="re-render report.html from the Parquet files in DIR, playing nothing (default: off)")
    report.add_argument("--content", default=None, metavar="DIR",
                        help="play with a copy of the game's content folder, edited (default: the shipped content)")
    report.add_argument("--compare", nargs=2, default=None, metavar=("DIR_A", "DIR_B"),
                        help="play two content folders on the same seeds and show what moved (default: off)")
    report.add_argument("--sweep", default=None, metavar="FILE:ENTRY.FIELD=V1,V2,...",
                        help="play the same seeds with one content value set to each of V1, V2, … (a copy of the "
                             "shipped content each time) and plot the figures against it, e.g. "
                             "deeds.toml:trailblazer.fame=1,2,3,4 (default: off)")
    report.add_argument("--ladder", type=_seats, default=None, metavar="KIND,...",
                        help="skill against luck: bot kinds, weakest first, each played against the one below it "
                             "at every player count, e.g. random,greedy,easy,normal,hard (default: off)")
    report.add_argument("--ladder-games", type=_count, default=40, metavar="N",
                        help="games of each pair of the ladder at each player count (default: %(default)s)")
    report.add_argument("--budget", choices=BUDGETS, default=ITERATIONS, help=BUDGET_HELP)
    report.add_argument("--threshold", type=_points, default=3.0, metavar="POINTS",
                        help="flag items whose effect on the win rate is beyond this many points "
                             "(default: %(default)s)")
    report.add_argument("--json", action="store_true", help="print the headline figures as JSON (default: text)")

    rules = sub.add_parser("rules", help="read a game's rules, or one section of them",
                           description="A game's rules for players: every section, or the one named (by its name "
                                       "or its title's words, e.g. `talewood rules spirits seasons`).")
    _add_game(rules)
    rules.add_argument("section", nargs="?", default=None,
                       help="a section to show (default: the whole rules; `list` names the sections)")

    rev = sub.add_parser("review", help="a bot reviews a finished game: each decision rated, the turning points",
                         description="Each decision of a finished game's record searched by a bot (its iteration "
                                     "budget: the same seed gives the same review): the choice it preferred, each "
                                     "seat's chance to win before and after the move, the turning points, and each "
                                     "seat's chance over the game.")
    rev.add_argument("record", metavar="FILE", help="a finished game's record (play --save, simulate --save, the web)")
    rev.add_argument("--level", choices=("easy", "normal", "hard"), default="hard",
                     help="the bot that reviews (default: %(default)s)")
    rev.add_argument("--seed", type=_seed, default=0, help="the review's bot seed (default: %(default)s)")
    rev.add_argument("--svg", default=None, metavar="FILE", help="also write the chart as SVG to FILE (default: none)")
    rev.add_argument("--json", action="store_true", help="print one JSON object (default: words and a chart)")

    rep = sub.add_parser("replay", help="check a saved record, or step through it on the board",
                         description="Replay a record, checking every step's state hash; --step walks "
                                     "through it on the board.")
    rep.add_argument("record", metavar="FILE", help="a record saved by play, simulate or the web app")
    rep.add_argument("--json", action="store_true", help="print one JSON object (default: a sentence)")
    rep.add_argument("--step", action="store_true",
                     help="step through the game in the terminal, move by move (default: off)")
    rep.add_argument("--seat", type=_count, default=None, metavar="N",
                     help="with --step: see the game as Player N sees it (default: as a spectator)")

    bench = sub.add_parser("bench", help="measure the engines' speed (random games, clones, MCTS)")
    _add_game(bench, "?", " (default: every game)")
    bench.add_argument("--seconds", type=_seconds, default=2.0,
                       help="time per measurement; five a game (default: %(default)s)")
    bench.add_argument("--json", action="store_true", help="print JSON (default: one line a game)")

    serve = sub.add_parser("serve", help="serve the web app (lobby, games, replays, HTTP API)")
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: %(default)s)")
    serve.add_argument("--port", type=_port, default=8000, help="the port to listen on (default: %(default)s)")
    serve.add_argument("--database", default=None, metavar="URL",
                       help="SQLAlchemy URL (default: $TALEWOOD_DATABASE_URL, else sqlite:///talewood.db)")
    serve.add_argument("--workers", type=_count, default=1,
                       help="server processes sharing the port; more than 1 needs PostgreSQL (default: %(default)s)")
    serve.add_argument("--bot-delay", type=_delay, default=0.4,
                       help="seconds a bot waits before it moves (default: %(default)s)")
    serve.add_argument("--bot-executor", choices=("process", "thread"), default="process",
                       help="where bots think: a process pool or threads (default: %(default)s)")
    serve.add_argument("--bot-workers", type=_count, default=None,
                       help="bot processes for games with people (default: the cores less one)")
    serve.add_argument("--limit-games", type=_limit, default=20, metavar="N",
                       help="games one client may create per --limit-window; 0: no limit (default: %(default)s)")
    serve.add_argument("--limit-window", type=_seconds, default=600.0, metavar="SECONDS",
                       help="the window of --limit-games (default: %(default)s)")
    serve.add_argument("--limit-bot-only", type=_limit, default=4, metavar="N",
                       help="unfinished games of bots only one client may have; 0: no limit (default: %(default)s)")
    serve.add_argument("--limit-sockets", type=_limit, default=16, metavar="N",
                       help="WebSockets (open game pages) one client may have; 0: no limit (default: %(default)s)")
    serve.add_argument("--limit-watchers", type=_limit, default=100, metavar="N",
                       help="spectators one game may have; 0: no limit (default: %(default)s)")
    serve.add_argument("--gone-after", type=_seconds, default=60.0, metavar="SECONDS",
                       help="time without a page of the game open before the others may call a player gone "
                            "(default: %(default)s)")
    serve.add_argument("--db-timeout", type=_seconds, default=5.0, metavar="SECONDS",
                       help="the longest a request waits on the database; then 503 (default: %(default)s)")
    serve.add_argument("--max-games", type=_count, default=256, metavar="N",
                       help="games kept in memory; idle ones beyond it are read back when needed "
                            "(default: %(default)s)")
    serve.add_argument("--forwarded-allow-ips", default=None, metavar="IPS",
                       help="proxies whose X-Forwarded-For names the client, comma-separated (default: none: "
                            "the connecting address is the client)")
    serve.add_argument("--no-access-log", action="store_true",
                       help="do not log each request (default: each request is logged, tokens redacted)")
    serve.add_argument("--no-ws-compression", action="store_true",
                       help="send WebSocket messages uncompressed: about half the server's work per spectator, "
                            "more bytes sent (default: compressed for the pages that ask, as browsers do)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:   # --help, or a usage error argparse has already explained
        return 0 if exc.code is None else exc.code if isinstance(exc.code, int) else EXIT_USAGE
    if args.command is None:
        parser.print_help()
        return 0
    try:
        return _run(args)
    except TalewoodError as exc:
        print(f"talewood: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("\ntalewood: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader has gone: end quietly, as Unix tools do. Whatever is still buffered goes nowhere, so
        # Python's own flush at exit cannot fail a second time.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_PIPE_CLOSED


def _run(args: argparse.Namespace) -> int:
    commands: dict[str, Callable[[argparse.Namespace], int]] = {
        "games": _games, "play": _play, "simulate": _simulate, "tournament": _tournament, "replay": _replay,
        "report": _report, "bench": _bench, "serve": _serve, "rules": _rules,
        "review": _review,
    }
    return commands[args.command](args)


@contextmanager
def _progress(total: int, description: str) -> Iterator[Callable[[int], None] | None]:
    """A progress bar with an ETA on stderr, only when stderr is a terminal: pipes, logs and stdout
    (where --json goes) stay clean. Yields the callback that advances it, or None."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                   console=Console(file=sys.stderr), transient=True)
    with bar:
        task = bar.add_task(description, total=total)
        yield lambda n: bar.advance(task, n)


def _games(args: argparse.Namespace) -> int:
    ids = [args.game] if args.game else available()
    for game_id in ids:
        game = load(game_id)
        print(f"{game_id}\t{game.name}\t{game.players_phrase()}")
        if args.options or args.game:
            if not game.option_set.options:
                print("    no options")
            for line in game.option_set.help_lines():
                indent = "    " if not line.startswith(" ") else "    " + line[:len(line) - len(line.lstrip())]
                print(textwrap.fill(line.strip(), width=100, initial_indent=indent,
                                    subsequent_indent=indent + "  "))
    if args.options or args.game:
        print("Give options as --option NAME=VALUE, one --option for each (e.g. --option first_player=random).")
    return 0


def _play(args: argparse.Namespace) -> int:
    from .terminal import play

    if args.resume is not None:
        fixed = [flag for flag, given in (("--players", args.players), ("--seed", args.seed),
                                          ("--option", args.option)) if given]
        if fixed:
            raise InvalidOption(f"--resume continues the saved game as it was: drop {', '.join(fixed)}")
        if args.save is not None:
            raise InvalidOption(f"a resumed game is saved back to {args.resume}: drop --save")
        return play(args.game, seats=args.seats, resume=args.resume)
    if args.game is None:
        raise InvalidOption(f"name a game to play ({', '.join(available())}), or give --resume FILE")
    return play(args.game, players=args.players, seats=args.seats, seed=args.seed,
                options=parse_assignments(args.option), save_dir=args.save)


def _simulate(args: argparse.Namespace) -> int:
    import time

    from .sim.batch import default_workers, simulate

    game = load(args.game)
    players = args.players or [game.max_players]
    options = parse_assignments(args.option)
    workers = args.workers or default_workers()
    start = time.perf_counter()
    with _progress(args.games, f"{game.name}: simulating") as progress:
        tally = simulate(args.game, args.games, players, args.seats, args.seed, options, workers, args.save,
                         progress=progress, backend=args.backend, budget=args.budget)
    summary = tally.summary(args.game, players, args.seats, time.perf_counter() - start)
    if args.json:
        print(json.dumps(summary))
    else:
        _print_summary(summary)
    return 0


def _number(value: float | None) -> str:
    """A mean or a rate for people: one decimal, every figure alike ("-" when no game finished)."""
    return "-" if value is None else f"{value:.1f}"


def _print_summary(summary: dict[str, Any]) -> None:
    """The batch in words, one line per player count (seats are never pooled across counts)."""
    print(f"{load(summary['game']).name}: {summary['completed']}/{summary['games']} games completed, "
          f"{summary['errors']} errors, {_number(summary['games_per_second'])} games/s, "
          f"{_number(summary['mean_decisions'])} decisions a game")
    for n, group in summary["by_players"].items():
        head = f"{plural(int(n), 'player')} ({group['completed']} games): "
        team = group.get("team")
        if team is not None:
            lo, hi = team["ci95"]
            rate = "-" if team["win_rate"] is None else f"{team['win_rate']:.1%}"
            print(head + f"the team won {team['wins']} ({rate}, 95% interval {lo:.1%} to {hi:.1%}); "
                         f"mean team score {_number(team['mean_score'])}")
            continue
        wins = ", ".join(f"{seat_name(s)} {w}" for s, w in enumerate(group["seat_wins"]))
        scores = ", ".join(f"{seat_name(s)} {_number(m)}" for s, m in enumerate(group["mean_scores"]))
        print(head + f"wins {wins}; mean scores {scores}")
    for error in summary["error_games"]:
        print(f"  error with seed {error['seed']} ({error['players']} players): {error['error']}")


def _tournament(args: argparse.Namespace) -> int:
    import time

    from .sim.batch import default_workers
    from .sim.tournament import format_summary, run_tournament, summarise

    game = load(args.game)
    players = args.players or max(game.min_players, min(2, game.max_players))
    options = parse_assignments(args.option)
    workers = args.workers or default_workers()
    start = time.perf_counter()
    with _progress(args.games, f"{game.name}: tournament") as progress:
        matches = run_tournament(args.game, args.bots, args.games, players, args.seed, options, workers, progress,
                                 budget=args.budget)
    summary = summarise(args.game, args.bots, players, matches, time.perf_counter() - start, options)
    print(json.dumps(summary) if args.json else format_summary(summary))
    return 0


def _report(args: argparse.Namespace) -> int:
    from pathlib import Path

    try:
        from .sim.lab import report as lab_report
        from .sim.lab.collect import run_lab
    except ImportError as exc:   # pragma: no cover - pyarrow and duckdb are dependencies
        raise InvalidOption(f"talewood report needs pyarrow and duckdb ({exc.name} is missing)") from exc
    from .sim.batch import default_workers

    if args.source is not None:
        given = [flag for flag, value in (("GAME", args.game), ("--content", args.content),
                                          ("--compare", args.compare), ("--out", args.out),
                                          ("--option", args.option), ("--sweep", args.sweep),
                                          ("--ladder", args.ladder)) if value]
        if given:
            raise InvalidOption(f"--from re-renders the report of a finished run: drop {', '.join(given)}")
        folder = Path(args.source)
        path, figures = lab_report.write(folder, args.threshold)
        _print_lab(figures, path, args.json)
        return 0
    if args.game is None:
        raise InvalidOption(f"name a game ({', '.join(available())}), or give --from DIR to re-render a report")
    chosen = [flag for flag, value in (("--content", args.content), ("--compare", args.compare),
                                       ("--sweep", args.sweep)) if value is not None]
    if len(chosen) > 1:
        raise InvalidOption(f"give one of --content, --compare and --sweep, not {' and '.join(chosen)}")
    if args.ladder is not None and (args.compare is not None or args.sweep is not None):
        raise InvalidOption("--ladder measures one version of the game: drop --compare or --sweep")
    game = load(args.game)
    players = args.players or [game.max_players]
    variants: list[tuple[str, str | None]] = [("", args.content)]
    out = Path(args.out or f"talewood-report-{args.game}")
    sweep = None
    if args.compare is not None:
        a, b = (Path(d) for d in args.compare)
        labels = (a.name, b.name) if a.name != b.name and a.name and b.name else ("A", "B")
        variants = [(labels[0], str(a)), (labels[1], str(b))]
    if args.sweep is not None:
        from .sim.lab.sweep import parse_sweep, sweep_variants

        sweep = parse_sweep(args.sweep)
        variants = sweep_variants(args.game, sweep, out / "content")
    workers = args.workers or default_workers()
    ladder_total = 0
    if args.ladder:
        per_count = len(args.ladder) if game.cooperative else len(args.ladder) - 1
        ladder_total = per_count * args.ladder_games * len(players)
    with _progress(args.games + ladder_total, f"{game.name}: balance report") as progress:
        run_lab(args.game, args.games, players, args.seats, args.seed, parse_assignments(args.option), out,
                variants=variants, workers=workers, backend=args.backend, progress=progress, budget=args.budget,
                ladder=args.ladder, ladder_games=args.ladder_games if args.ladder else 0,
                sweep=sweep.describe() if sweep is not None else None)
    path, figures = lab_report.write(out, args.threshold)
    _print_lab(figures, path, args.json)
    return 0


def _print_lab(figures: dict[str, Any], path: Any, as_json: bool) -> None:
    """The report's headline figures: where it is, the win rates per player count, the flagged items."""
    sides = figures.get("variants", {"": figures})
    summary: dict[str, Any] = {"report": str(path), "sides": {}}
    for label, fig in sides.items():
        head = fig["header"]
        items = {(i["kind"], i["item"]): i for i in fig["items"]}
        summary["sides"][label] = {
            "game": head["game"], "games": head["games"], "completed": head["completed"], "errors": head["errors"],
            "seconds": head["seconds"],
            "by_players": {n: {"team_win_rate": g["team"]["rate"]} if "team" in g else
                           {"seat_win_rates": [r["rate"] for r in g["seats"]],
                            "order_win_rates": [r["rate"] for r in g["order"]]}
                           for n, g in fig["by_players"].items()},
            "flagged": [items[(k, key)]["name"] for k, key in fig["flagged"]],
        }
    if "compare" in figures:
        summary["moved"] = [r["figure"] for r in figures["compare"] if r["moved"]]
    if as_json:
        print(json.dumps(summary))
        return
    for label, side in summary["sides"].items():
        who = f"{label}: " if label else ""
        print(f"{who}{load(side['game']).name}: {side['completed']}/{side['games']} games completed, "
              f"{side['errors']} errors, {side['seconds']:.1f} s")
        for n, group in side["by_players"].items():
            if "team_win_rate" in group:
                print(f"  {n} players: the team won {_pct(group['team_win_rate'])}")
            else:
                rates = ", ".join(f"{seat_name(s)} {_pct(r)}" for s, r in enumerate(group["seat_win_rates"]))
                print(f"  {n} players: win rates {rates}")
        print(f"  flagged: {', '.join(side['flagged']) or 'none'}")
    if "moved" in summary:
        print(f"moved beyond their intervals: {', '.join(summary['moved']) or 'nothing'}")
    print(f"report: {path}")


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.1%}"


def _points(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"must be a number of points of win rate, 0 or more, like 3, not {text!r}")
    return value


def _score(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _replay(args: argparse.Namespace) -> int:
    record = load_record(args.record)
    state = replay(record, load)   # raises ReplayDivergence naming the first step that differs
    game = state.game
    result = state.result().to_json() if state.is_over else None
    steps = len(record.actions)

    def refuse(message: str) -> int:
        print(f"talewood: {args.record}: {message}", file=sys.stderr)
        return EXIT_BAD_RECORD

    if record.result is not None and result is None:
        to_play = state.current_player
        return refuse(f"the record is cut short: it carries a final result, but its {steps} moves stop "
                      f"before the end of the game ({seat_name(to_play or 0)} is still to play)")
    if record.result is not None and result is not None:
        if record.result.get("scores") != result["scores"]:
            return refuse("the replayed scores differ from the recorded ones "
                          f"({_scores(result['scores'])} replayed, {_scores(record.result.get('scores'))} recorded)")
        if "winners" in record.result and record.result["winners"] != result["winners"]:
            return refuse("the replayed winners differ from the recorded ones")
    if args.step:
        from .terminal import step_through

        if args.seat is not None and args.seat > record.players:
            raise InvalidOption(f"--seat {args.seat}: this game has {record.players} players")
        return step_through(record, None if args.seat is None else args.seat - 1)
    if args.json:
        print(json.dumps({"game": record.game, "steps": steps, "over": state.is_over,
                          "hashes_checked": record.hashes is not None,
                          "state_hash": state.state_hash(), "result": result}))
        return 0
    if record.hashes is not None:
        print(f"record OK: {steps} steps, every state hash matches")
    else:
        print(f"record OK: {steps} steps replayed (this record carries no state hashes to compare)")
    where = f"{game.name}, {record.players} players, seed {record.seed}"
    if result is not None:
        winners = " and ".join(seat_name(w) for w in result["winners"])
        print(f"{where}: the game is over; {_scores(result['scores'])}; {winners} "
              f"{'wins' if len(result['winners']) == 1 else 'share the win'}")
    else:
        to_play = state.current_player
        print(f"{where}: the game is not over; {seat_name(to_play or 0)} is to play "
              f"(continue it with `talewood play --resume {args.record}`)")
    print(f"final state hash {state.state_hash()}")
    return 0


def _scores(scores: Any) -> str:
    if not isinstance(scores, list):
        return "no scores"
    return ", ".join(f"{seat_name(i)} {_score(s)}" for i, s in enumerate(scores))


def _bench(args: argparse.Namespace) -> int:
    from .sim.bench import MEASUREMENTS, bench

    ids = [args.game] if args.game else available()
    for game_id in ids:
        load(game_id)
    with _progress(len(ids) * len(MEASUREMENTS), "measuring") as progress:
        results = bench(ids, seconds=args.seconds, progress=progress)
    if args.json:
        print(json.dumps(results if not args.game else results[0]))
    else:
        for r in results:
            print(f"{r['game']} ({r['players']} players): {r['random_games_per_second']} random games/s, "
                  f"{r['decisions_per_second']} decisions/s, {r['clones_per_second']} clones/s, "
                  f"{r['legal_action_calls_per_second']} legal-action calls/s, "
                  f"{r['mcts_iterations_per_second']} MCTS iterations/s")
    return 0


def _rules(args: argparse.Namespace) -> int:
    from rich.console import Console

    from .learn.rules import rulebook
    from .terminal import print_section, show_rules

    console = Console()
    if args.section is not None:
        book = rulebook(args.game)
        if args.section in ("list", "all", "sections"):
            show_rules(console, args.game, "all")
            return 0
        print_section(console, book.section(args.section))
        return 0
    book = rulebook(args.game)
    console.print(f"[bold]{book.title}[/bold]\n")
    for section in book.sections:
        print_section(console, section)
    return 0


SPARKS = "▁▂▃▄▅▆▇█"


def _review(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .learn.review import review

    record = load_record(args.record)
    replay(record, load)           # a damaged or altered record is refused, naming the step
    with _progress(len(record.actions), f"{load(record.game).name}: reviewing") as progress:
        result = review(record, args.level, args.seed, progress)
    if args.svg:
        Path(args.svg).write_text(result.to_json()["svg"], encoding="utf-8")
    if args.json:
        print(json.dumps(result.to_json()))
        return 0
    game = load(record.game)
    print(f"{game.name}, {plural(record.players, 'player')}: {plural(len(result.decisions), 'decision')} reviewed by "
          f"the {args.level} bot in {result.seconds:.1f} s")
    for line in result.lines():
        print(line)
    points = result.chart()
    seats = [0] if result.cooperative else range(record.players)
    for seat in seats:
        values = [p["expected"][seat] for p in points]
        if len(values) > 60:     # one mark per stretch of the game
            size = len(values) / 60
            values = [values[int(i * size)] for i in range(60)] + [values[-1]]
        spark = "".join(SPARKS[min(len(SPARKS) - 1, int(v * len(SPARKS)))] for v in values)
        print(f"{result.who(seat):>10} {spark}")
    return 0


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{text} is not a port number (1 to 65535)")
    return port


def _limit(text: str) -> int:
    """A limit: a whole number, 0 for none."""
    return _whole(text, 0)


def _serve(args: argparse.Namespace) -> int:
    from .server.serve import serve

    return serve(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
