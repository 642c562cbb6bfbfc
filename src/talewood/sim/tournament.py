"""Seat-rotated bot tournaments: win rates with Wilson 95% intervals and openskill ratings.

The schedule: the bot list names the entrants (a kind may repeat, e.g. `hard,greedy,greedy,greedy`).
Each *deal* (one game seed) draws P entrants — every P-subset of the list in turn, or the whole list
when it has exactly P — and is played P times, rotating the seats, so every entrant plays every seat
equally often on the same forest. `games` counts the games played (a multiple of P keeps the
rotation exact). Shared wins count as a win for each winner.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from itertools import combinations
from typing import Any

from ..agents import ITERATIONS, check_budget, make_agent
from ..engine import InvalidOption
from ..games import load
from .play import Outcome, play_game
from .ratings import Ratings, wilson

CHUNK = 4


# One tournament game: its number (`index`), its deal seed, the bot kind in each seat, and what happened.
# The same class as any bot game's outcome, not a class derived from it: a compiled class's fields are not
# in an interpreted subclass's `__dict__`, so such a subclass would lose its own field when pickled to a
# worker process or a Ray node.
Match = Outcome


def schedule(bots: list[str], games: int, players: int, seed: int) -> list[Match]:
    """The seat-rotated games of a tournament (see the module's docstring)."""
    if len(bots) < players:
        raise InvalidOption(f"{len(bots)} bots for {players}-player games: list at least {players} "
                            f"(repeat a kind to field it twice, e.g. hard,greedy,greedy,greedy)")
    lineups = [list(c) for c in combinations(range(len(bots)), players)]
    out: list[Match] = []
    deal = 0
    while len(out) < games:
        lineup = lineups[deal % len(lineups)]
        for r in range(players):
            if len(out) >= games:
                break
            seats = [bots[lineup[(i + r) % players]] for i in range(players)]
            out.append(Match(index=len(out), seed=seed + deal, players=players, seats=seats))
        deal += 1
    return out


def play_match(game_id: str, match: Match, options: Mapping[str, Any], budget: str = ITERATIONS) -> Match:
    """Play one game (each rotation of a deal with its own bot seeds); an error is reported with the seed."""
    play_game(game_id, match, options, salt=match.index, timing=True, budget=budget)
    return match


def _play_chunk(args: tuple[str, list[Match], dict[str, Any], str]) -> list[Match]:
    game_id, matches, options, budget = args
    return [play_match(game_id, m, options, budget) for m in matches]


def run_tournament(game_id: str, bots: list[str], games: int, players: int, seed: int = 0,
                   options: Mapping[str, Any] | None = None, workers: int = 1,
                   progress: Callable[[int], None] | None = None, played: Sequence[Match] = (),
                   on_match: Callable[[Match], None] | None = None, budget: str = ITERATIONS) -> list[Match]:
    """Play the tournament's schedule. `played`: games of this schedule already played (a stopped run's
    journal), kept and not played again; `on_match(m)` is told of each game as it ends, to journal it.
    `budget`: the bots' (agents.BUDGETS; iterations: the same seed, the same games)."""
    options = dict(options or {})
    check_budget(budget)
    game = load(game_id)
    game.check_players(players)
    game.parse_options(options, players)
    for kind in set(bots):
        make_agent(kind)  # refuse unknown kinds before starting
    if games < 1:
        raise InvalidOption("--games must be at least 1")
    matches = schedule(bots, games, players, seed)
    done = _already_played(matches, played)
    kept = {d.index for d in done}
    todo = [m for m in matches if m.index not in kept]
    chunks = [todo[i:i + CHUNK] for i in range(0, len(todo), CHUNK)]

    def finished(result: list[Match]) -> None:
        done.extend(result)
        for m in result:
            if on_match:
                on_match(m)
        if progress:
            progress(len(result))

    if workers <= 1:
        for chunk in chunks:
            finished(_play_chunk((game_id, chunk, options, budget)))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(_play_chunk, (game_id, chunk, options, budget)) for chunk in chunks]
            for future in as_completed(futures):
                finished(future.result())
    done.sort(key=lambda m: m.index)
    return done


def _already_played(planned: list[Match], played: Sequence[Match]) -> list[Match]:
    """The journaled games that belong to the planned schedule; a game of another one is refused, never mixed in."""
    by_index = {m.index: m for m in planned}
    kept: dict[int, Match] = {}
    for m in played:
        game = by_index.get(m.index)
        if game is None:
            continue          # beyond a smaller run's games: not part of this one
        if (m.seed, m.players, m.seats) != (game.seed, game.players, game.seats):
            raise InvalidOption(f"the journaled game {m.index + 1} (seed {m.seed}, seats {', '.join(m.seats)}) "
                                f"is not this tournament's (seed {game.seed}, seats {', '.join(game.seats)}): "
                                f"start it afresh")
        kept[m.index] = m
    return list(kept.values())


def summarise(game_id: str, bots: list[str], players: int, matches: list[Match], seconds: float,
              options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    kinds = list(dict.fromkeys(bots))
    ok = [m for m in matches if m.error is None]
    cooperative = load(game_id).cooperative
    appearances = dict.fromkeys(kinds, 0)
    wins = dict.fromkeys(kinds, 0)
    seat_wins = {k: [0] * players for k in kinds}
    seat_games = {k: [0] * players for k in kinds}
    score_sum = dict.fromkeys(kinds, 0.0)
    times: dict[str, list[float]] = {k: [] for k in kinds}
    cpu: dict[str, list[float]] = {k: [] for k in kinds}
    ratings = Ratings(kinds)
    for m in ok:
        for s, kind in enumerate(m.seats):
            appearances[kind] += 1
            seat_games[kind][s] += 1
            score_sum[kind] += m.scores[s]
            if s in m.winners and kind not in m.seats[:s]:   # a team win counts once per kind in it
                wins[kind] += 1
            if s in m.winners:
                seat_wins[kind][s] += 1
        for kind, t in m.times.items():
            times[kind].extend(t)
        for kind, t in m.cpu.items():
            cpu[kind].extend(t)
        if cooperative:
            ratings.update_team(m.seats, bool(m.team_won))
        else:
            ratings.update(m.seats, m.scores, m.winners)
    # a cooperative game: a kind's games are the games its team played (counted once however many seats)
    games_of = {k: sum(1 for m in ok if k in m.seats) for k in kinds} if cooperative else appearances
    win_rate = {k: round(wins[k] / games_of[k], 4) if games_of[k] else None for k in kinds}
    ci95 = {k: [round(x, 4) for x in wilson(wins[k], games_of[k])] for k in kinds}

    def timing(values: list[float]) -> dict[str, Any]:
        if not values:
            return {"decisions": 0}
        values = sorted(values)
        return {"decisions": len(values), "median": round(statistics.median(values), 4),
                "mean": round(statistics.fmean(values), 4), "p90": round(values[int(0.9 * (len(values) - 1))], 4),
                "max": round(values[-1], 4)}

    out = {
        "game": game_id,
        "players": players,
        "options": dict(options or {}),
        "bots": bots,
        "games": len(matches),
        "completed": len(ok),
        "errors": len(matches) - len(ok),
        "error_games": [{"seed": m.seed, "seats": m.seats, "error": (m.error or "").splitlines()[0]}
                        for m in matches if m.error is not None][:50],
        "appearances": appearances,
        "wins": wins,
        "win_rate": win_rate,
        "ci95": ci95,
        "rating": ratings.to_json(),
        "seat_wins": seat_wins,
        "seat_games": seat_games,
        "mean_score": {k: round(score_sum[k] / appearances[k], 3) if appearances[k] else None for k in kinds},
        "seconds_per_decision": {k: timing(times[k]) for k in kinds},
        "cpu_seconds_per_decision": {k: timing(cpu[k]) for k in kinds},
        "seconds": round(seconds, 2),
        "shared_wins": "a shared win counts as a win for each winner",
    }
    if cooperative:
        out["cooperative"] = True
        out["team_games"] = games_of
        out["team"] = {"games": len(ok), "wins": sum(1 for m in ok if m.team_won)}
        out["shared_wins"] = "a cooperative game: a kind wins each game its team wins"
    return out


def format_summary(summary: dict[str, Any]) -> str:
    lines = [f"{summary['game']}, {summary['players']} players: {summary['completed']}/{summary['games']} games, "
             f"{summary['errors']} errors, {summary['seconds']} s"]
    order = sorted(summary["win_rate"], key=lambda k: -(summary["rating"][k]["ordinal"]))
    lines.append(f"{'bot':<10} {'games':>6} {'wins':>6} {'win rate':>9} {'95% CI':>17} {'rating (mu±sigma)':>20} "
                 f"{'s/decision (median)':>20}")
    for k in order:
        lo, hi = summary["ci95"][k]
        r = summary["rating"][k]
        rate = summary["win_rate"][k]
        t = summary["seconds_per_decision"][k].get("median", "-")
        rating = f"{r['mu']:.1f}±{r['sigma']:.1f}"
        games = summary.get("team_games", summary["appearances"])[k]   # cooperative: its team's games
        lines.append(f"{k:<10} {games:>6} {summary['wins'][k]:>6} "
                     f"{'-' if rate is None else f'{rate:.1%}':>9} {f'[{lo:.1%}, {hi:.1%}]':>17} "
                     f"{rating:>20} {t!s:>20}")
    for e in summary["error_games"]:
        lines.append(f"  error with seed {e['seed']} ({','.join(e['seats'])}): {e['error']}")
    lines.append("(a cooperative game: each kind's games and wins are its team's)" if summary.get("cooperative")
                 else "(a shared win counts as a win for each winner)")
    return "\n".join(lines)
