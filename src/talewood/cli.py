"""The `talewood` command: games, play, simulate, tournament, replay, bench."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from .engine import InvalidOption, TalewoodError, load_record, parse_assignments, replay
from .games import available, load

EXIT_USAGE = 2


def _players(text: str) -> list[int]:
    try:
        values = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"--players takes a number or a list like 2,3,4, not {text!r}") from None
    if not values:
        raise argparse.ArgumentTypeError("--players needs at least one number")
    return values


def _seats(text: str) -> list[str]:
    return [s.strip() for s in text.split(",") if s.strip()]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="talewood", description="Talewood: forest-tale tabletop games.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    sub.add_parser("games", help="list the games")

    play = sub.add_parser("play", help="play a game in the terminal")
    play.add_argument("game")
    play.add_argument("--players", type=int, default=None)
    play.add_argument("--seats", type=_seats, default=None, help="human,greedy,... one per seat")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    play.add_argument("--save", default=None, metavar="DIR", help="save the record here when the game ends")

    sim = sub.add_parser("simulate", help="play a batch of games with bots")
    sim.add_argument("game")
    sim.add_argument("--games", type=int, required=True)
    sim.add_argument("--players", type=_players, default=None, help="a number, or a list like 2,3,4")
    sim.add_argument("--seats", type=_seats, default=["random"], help="one bot kind, or one per seat")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    sim.add_argument("--workers", type=int, default=None)
    sim.add_argument("--save", default=None, metavar="DIR", help="save every game's record here")
    sim.add_argument("--backend", default="local", help="local (process pool) or ray (a Ray cluster)")
    sim.add_argument("--json", action="store_true", help="print one JSON object")

    tour = sub.add_parser("tournament", help="seat-rotated bot matches: win rates, 95% CIs, ratings")
    tour.add_argument("game")
    tour.add_argument("--bots", type=_seats, required=True, help="bot kinds, e.g. hard,normal,greedy,random")
    tour.add_argument("--games", type=int, required=True)
    tour.add_argument("--players", type=int, default=None, help="seats per game (default: 2, or the bots listed)")
    tour.add_argument("--seed", type=int, default=0)
    tour.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    tour.add_argument("--workers", type=int, default=None)
    tour.add_argument("--json", action="store_true", help="print one JSON object")

    report = sub.add_parser("report", help="a balance report from bot games: scores, secret cards met")
    report.add_argument("game")
    report.add_argument("--games", type=int, default=200)
    report.add_argument("--players", type=_players, default=None)
    report.add_argument("--seats", type=_seats, default=["greedy"])
    report.add_argument("--seed", type=int, default=0)
    report.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    report.add_argument("--workers", type=int, default=None)

    rep = sub.add_parser("replay", help="replay a saved record and check it")
    rep.add_argument("record")

    bench = sub.add_parser("bench", help="measure the engines' speed")
    bench.add_argument("game", nargs="?")
    bench.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    bench.add_argument("--json", action="store_true")
    serve = sub.add_parser("serve", help="serve the web app (lobby, games, replays, HTTP API)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=_port, default=8000)
    serve.add_argument("--database", default=None, metavar="URL",
                       help="SQLAlchemy URL (default: $TALEWOOD_DATABASE_URL, else sqlite:///talewood.db)")
    serve.add_argument("--workers", type=_positive, default=1,
                       help="server processes sharing the port (more than 1 needs PostgreSQL)")
    serve.add_argument("--bot-delay", type=float, default=0.4, help="seconds a bot waits before it moves")
    serve.add_argument("--bot-executor", choices=("process", "thread"), default="process")
    serve.add_argument("--bot-workers", type=_positive, default=None,
                       help="bot processes for games with people (default: the cores less one)")
    serve.add_argument("--limit-games", type=_count, default=20, metavar="N",
                       help="games one client may create per --limit-window (0: no limit)")
    serve.add_argument("--limit-window", type=float, default=600.0, metavar="SECONDS")
    serve.add_argument("--limit-bot-only", type=_count, default=4, metavar="N",
                       help="unfinished games of bots only one client may have (0: no limit)")
    serve.add_argument("--forwarded-allow-ips", default=None, metavar="IPS",
                       help="proxies whose X-Forwarded-For names the client (default: 127.0.0.1)")
    serve.add_argument("--no-access-log", action="store_true", help="do not log each request")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "games":
            for game_id in available():
                print(f"{game_id}\t{load(game_id).name}")
            return 0
        if args.command == "play":
            from .terminal import play

            return play(args.game, players=args.players, seats=args.seats, seed=args.seed,
                        options=parse_assignments(args.option), save_dir=args.save)
        if args.command == "simulate":
            return _simulate(args)
        if args.command == "tournament":
            return _tournament(args)
        if args.command == "replay":
            return _replay(args.record)
        if args.command == "report":
            return _report(args)
        if args.command == "bench":
            return _bench(args)
        if args.command == "serve":
            return _serve(args)
    except TalewoodError as exc:
        print(f"talewood: {exc}", file=sys.stderr)
        return EXIT_USAGE
    return EXIT_USAGE  # pragma: no cover - argparse requires a command


def _simulate(args: argparse.Namespace) -> int:
    from .sim.batch import default_workers, run_batch, summarise

    game = load(args.game)
    if args.games < 1:
        raise InvalidOption("--games must be at least 1")
    players = args.players or [game.max_players]
    options = parse_assignments(args.option)
    workers = args.workers or default_workers()
    import time

    start = time.perf_counter()
    if sys.stderr.isatty():
        from rich.progress import Progress

        with Progress(transient=True) as bar:
            task = bar.add_task(f"{game.name}", total=args.games)
            outcomes = run_batch(args.game, args.games, players, args.seats, args.seed, options, workers,
                                 args.save, progress=lambda n: bar.advance(task, n), backend=args.backend)
    else:
        outcomes = run_batch(args.game, args.games, players, args.seats, args.seed, options, workers, args.save,
                             backend=args.backend)
    summary = summarise(args.game, players, args.seats, outcomes, time.perf_counter() - start)
    if args.json:
        print(json.dumps(summary))
    else:
        _print_summary(summary)
    return 0


def _print_summary(summary: dict[str, Any]) -> None:
    print(f"{summary['game']}: {summary['completed']}/{summary['games']} games completed, "
          f"{summary['errors']} errors, {summary['games_per_second']} games/s, "
          f"{summary['mean_decisions']} decisions a game")
    print(f"seats {summary['seats']}: wins {summary['seat_wins']}, mean scores {summary['mean_scores']}")
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
    progress = None
    if sys.stderr.isatty() and not args.json:
        from rich.progress import Progress

        bar = Progress(transient=True)
        bar.start()
        task = bar.add_task(f"{game.name} tournament", total=args.games)
        progress = lambda n: bar.advance(task, n)  # noqa: E731
    try:
        matches = run_tournament(args.game, args.bots, args.games, players, args.seed, options, workers, progress)
    finally:
        if progress is not None:
            bar.stop()
    summary = summarise(args.game, args.bots, players, matches, time.perf_counter() - start, options)
    print(json.dumps(summary) if args.json else format_summary(summary))
    return 0


def _report(args: argparse.Namespace) -> int:
    from .sim.batch import default_workers, run_batch
    from .sim.report import balance_report

    game = load(args.game)
    players = args.players or [game.max_players]
    outcomes = run_batch(args.game, args.games, players, args.seats, args.seed, parse_assignments(args.option),
                         args.workers or default_workers(), keep_details=True)
    print(json.dumps(balance_report(outcomes), indent=2))
    return 0


def _replay(path: str) -> int:
    record = load_record(path)
    state = replay(record, load)
    result = state.result().to_json() if state.is_over else None
    print(json.dumps({"game": record.game, "steps": len(record.actions), "over": state.is_over,
                      "state_hash": state.state_hash(), "result": result}))
    if record.result is not None and result is not None and record.result.get("scores") != result["scores"]:
        print("talewood: the replayed scores differ from the recorded ones", file=sys.stderr)
        return 1
    return 0


def _bench(args: argparse.Namespace) -> int:
    from .sim.bench import bench

    if args.game:
        load(args.game)
    results = bench([args.game] if args.game else None, seconds=args.seconds)
    if args.json:
        print(json.dumps(results if not args.game else results[0]))
    else:
        for r in results:
            print(f"{r['game']} ({r['players']} players): {r['random_games_per_second']} random games/s, "
                  f"{r['decisions_per_second']} decisions/s, {r['clones_per_second']} clones/s, "
                  f"{r['legal_action_calls_per_second']} legal-action calls/s, "
                  f"{r['mcts_iterations_per_second']} MCTS iterations/s")
    return 0


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{text} is not a port number (1 to 65535)")
    return port


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 1")
    return value


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 0")
    return value


def _serve(args: argparse.Namespace) -> int:
    from .server.serve import serve

    return serve(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
