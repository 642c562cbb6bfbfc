"""The compiled `hard` against the pure-Python `hard` at equal time, and `hard`'s search on each build.

    .venv/bin/python benchmarks/compiled_vs_pure.py games spirits --players 2 --games 200 --out vs.jsonl
    .venv/bin/python benchmarks/compiled_vs_pure.py games greylune --players 3 --games 60 --out vs.jsonl
    .venv/bin/python benchmarks/compiled_vs_pure.py table --out vs.jsonl
    .venv/bin/python benchmarks/compiled_vs_pure.py iterations spirits greylune --positions 30

This process must run the compiled build (`make` built it); the pure seats are played by a child process of
the same interpreter with TALEWOOD_PURE_PYTHON=1, fed the actions played since its last move and answering
its own. The two never think at once: this process waits for the child's answer, and the child waits for
the next question, so a shared machine's load falls on both sides alike.

`games`: one compiled seat against pure ones, the compiled seat rotated through every place on each deal
(seed). Both sides search as `hard` does (its rollout depth, its exploration), for the same wall time a
decision (`--seconds`) and no iteration count (`--iterations` adds one for both sides); so what differs is
only how many iterations each build gets through in that time. Each game is appended to `--out` (JSON
lines) as it ends; running the same command again plays only the games still missing. The table: the
compiled seat's wins (a shared win counts), its rate against a fair share of 1/players, and how often it
finished ahead of a pure seat, one comparison per pure seat and game (a tie: half), with Wilson intervals.

`iterations`: positions from games of `greedy` bots (decisions with more than one choice), each searched
by the `hard` level under its live-play budget (`time`: its iterations with its wall-time cap) on the
compiled build here and on the pure one in the child, one after the other: iterations a decision, how
often the cap ended the search, and iterations per second of wall and of CPU time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from talewood.agents import TIME, bot_seed, make_agent
from talewood.agents import mcts as mcts_module
from talewood.agents.levels import LEVELS
from talewood.agents.mcts import MCTSAgent
from talewood.compiled import PURE, is_compiled
from talewood.engine import State
from talewood.games import load
from talewood.sim.ratings import ranks_of, wilson

UNBOUNDED = 10**9       # iterations: the search is ended by its time alone
PLAYERS = {"spirits": 2, "greylune": 3, "trial": 2, "threetale": 3}   # the table sizes of the bot goals
COMPILED, PURE_SEAT = "compiled", "pure"
OUT = Path(__file__).resolve().parent / "raw" / "compiled-vs-pure.jsonl"   # the ignored folder of raw games


def build() -> str:
    return COMPILED if is_compiled(mcts_module) else PURE_SEAT


def parse_options(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"--option takes key=value, not {pair!r}")
        out[key] = {"true": True, "false": False}.get(value.lower(), value)
    return out


def searcher(seed: int, iterations: int, seconds: float | None) -> MCTSAgent:
    """`hard`'s search (its depth, its exploration constant) with the given budget."""
    _, _, depth = LEVELS["hard"]
    agent = MCTSAgent(seed, iterations=iterations, max_seconds=seconds, depth=depth)
    agent.name = "hard"
    return agent


def timed_choice(agent: MCTSAgent, state: State) -> dict[str, Any]:
    t0, c0 = time.perf_counter(), time.process_time()
    action = agent.choose(state)
    return {"action": action, "iterations": agent.last_iterations, "wall": time.perf_counter() - t0,
            "cpu": time.process_time() - c0}


# ---- the pure side: a child process answering one question a line -------------------------------------

class Answerer:
    """The pure side's answers, one question at a time: `start` a game, `move` (the actions played since the
    last question, then this side's choice), `search` (one position under the `hard` level)."""

    def __init__(self) -> None:
        self.state: State | None = None
        self.agents: dict[int, MCTSAgent] = {}

    def ask(self, q: dict[str, Any]) -> dict[str, Any]:
        if q["op"] == "build":
            return {"build": build()}
        if q["op"] == "start":
            self.state = load(q["game"]).new_game(q["players"], q["seed"], q["options"], tracked=False)
            self.agents = {int(seat): searcher(seed, q["iterations"], q["seconds"])
                           for seat, seed in q["seeds"].items()}
            return {}
        if q["op"] == "move":
            state = self.state
            assert state is not None
            for action in q["actions"]:
                state.apply(action)
            seat = state.current_player
            assert seat is not None
            return timed_choice(self.agents[seat], state)
        return search_position(q)


def serve() -> int:
    """The child process: a question a line on stdin, its answer a line on stdout (JSON)."""
    answerer = Answerer()
    for line in sys.stdin:
        print(json.dumps(answerer.ask(json.loads(line))), flush=True)
    return 0


class Pure:
    """The child process that plays the pure seats."""

    def __init__(self) -> None:
        env = dict(os.environ, **{PURE: "1"})
        self.proc = subprocess.Popen([sys.executable, __file__, "serve"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=env)
        if self.ask({"op": "build"})["build"] != PURE_SEAT:
            raise SystemExit("the child process did not run as Python: check TALEWOOD_PURE_PYTHON")

    def ask(self, question: dict[str, Any]) -> dict[str, Any]:
        stdin, stdout = self.proc.stdin, self.proc.stdout
        assert stdin is not None and stdout is not None
        stdin.write(json.dumps(question) + "\n")
        stdin.flush()
        line = stdout.readline()
        if not line:
            raise SystemExit(f"the pure-Python process ended (exit code {self.proc.wait()})")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(30)


def require_compiled() -> None:
    if build() != COMPILED:
        raise SystemExit("this process runs the Python build: run `make` (it compiles the extensions) and do "
                         f"not set {PURE}")


# ---- games --------------------------------------------------------------------------------------------

def config(args: argparse.Namespace) -> dict[str, Any]:
    """What makes two runs' games comparable (a resumed run must match it)."""
    return {"game": args.game, "players": args.players, "options": parse_options(args.option),
            "seconds": args.seconds, "iterations": args.iterations}


def read_games(out: Path) -> list[dict[str, Any]]:
    """The games already in `out`; a line cut off by a stop (the last one) is dropped."""
    if not out.exists():
        return []
    rows = []
    for line in out.read_text().splitlines():
        try:
            rows.append(json.loads(line))
        except ValueError:
            break
    return rows


def play(cfg: dict[str, Any], deal: int, compiled_seat: int, pure: Pure | Answerer) -> dict[str, Any]:
    """One game: the compiled seat searched here, the others by `pure` (the child process)."""
    players = cfg["players"]
    iterations = cfg["iterations"] or UNBOUNDED
    state = load(cfg["game"]).new_game(players, deal, cfg["options"], tracked=False)
    seeds = {seat: bot_seed(deal, seat, compiled_seat) for seat in range(players)}
    mine = searcher(seeds[compiled_seat], iterations, cfg["seconds"])
    pure.ask({"op": "start", "game": cfg["game"], "players": players, "seed": deal, "options": cfg["options"],
              "iterations": iterations, "seconds": cfg["seconds"],
              "seeds": {str(s): v for s, v in seeds.items() if s != compiled_seat}})
    unsent: list[int] = []
    searched: dict[str, list[dict[str, Any]]] = {COMPILED: [], PURE_SEAT: []}
    while not state.is_over:
        legal = state.legal_actions()
        if len(legal) == 1:
            action = legal[0]
        elif state.current_player == compiled_seat:
            answer = timed_choice(mine, state)
            searched[COMPILED].append(answer)
            action = answer["action"]
        else:
            answer = pure.ask({"op": "move", "actions": unsent})
            unsent = []
            searched[PURE_SEAT].append(answer)
            action = answer["action"]
        state.apply(action)
        unsent.append(action)
    result = state.result()

    def tally(side: str) -> dict[str, Any]:
        found = searched[side]
        return {"decisions": len(found), "iterations": sum(a["iterations"] for a in found),
                "wall": round(sum(a["wall"] for a in found), 3), "cpu": round(sum(a["cpu"] for a in found), 3)}

    return {**cfg, "deal": deal, "compiled_seat": compiled_seat, "scores": list(result.scores),
            "winners": list(result.winners), COMPILED: tally(COMPILED), PURE_SEAT: tally(PURE_SEAT),
            "load": [round(x, 2) for x in os.getloadavg()], "date": time.strftime("%Y-%m-%d %H:%M")}


def games(args: argparse.Namespace) -> int:
    require_compiled()
    cfg = config(args)
    load(cfg["game"]).check_players(cfg["players"])
    done = {(r["deal"], r["compiled_seat"]) for r in read_games(args.out) if same(r, cfg)}
    todo = [(args.seed + g // cfg["players"], g % cfg["players"]) for g in range(args.games)]
    todo = [t for t in todo if t not in done]
    print(f"{len(done)} games of this setting already in {args.out}; {len(todo)} to play", file=sys.stderr)
    if not todo:
        print(table([r for r in read_games(args.out) if same(r, cfg)]))
        return 0
    pure = Pure()
    try:
        for deal, seat in todo:
            row = play(cfg, deal, seat, pure)
            args.out.parent.mkdir(parents=True, exist_ok=True)
            with args.out.open("a") as f:
                f.write(json.dumps(row) + "\n")
            won = "won" if seat in row["winners"] else "lost"
            print(f"  deal {deal}, compiled in seat {seat + 1}: {won}", file=sys.stderr, flush=True)
    finally:
        pure.close()
    print(table([r for r in read_games(args.out) if same(r, cfg)]))
    return 0


def same(row: dict[str, Any], cfg: dict[str, Any]) -> bool:
    return all(row.get(k) == v for k, v in cfg.items())


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Wins and head-to-head comparisons of the compiled seat in games of one setting."""
    wins = ahead = comparisons = 0.0
    for r in rows:
        seat = r["compiled_seat"]
        wins += seat in r["winners"]
        places = ranks_of(r["scores"], r["winners"])
        for other in range(r["players"]):
            if other != seat:
                comparisons += 1
                ahead += 1.0 if places[seat] < places[other] else 0.5 if places[seat] == places[other] else 0.0
    n = len(rows)

    out: dict[str, Any] = {"games": n, "wins": wins, "rate": wins / n if n else 0.0, "ci95": wilson(wins, n),
                           "ahead": ahead, "comparisons": int(comparisons),
                           "ahead_rate": ahead / comparisons if comparisons else 0.0,
                           "ahead_ci95": wilson(ahead, int(comparisons)),
                           "load": [min(r["load"][0] for r in rows), max(r["load"][0] for r in rows)] if rows else []}
    for side in (COMPILED, PURE_SEAT):
        total = {key: sum(r[side][key] for r in rows) for key in ("decisions", "iterations", "wall", "cpu")}
        out[side] = {**total, "iterations_a_decision": total["iterations"] / max(total["decisions"], 1),
                     "seconds_a_decision": total["wall"] / max(total["decisions"], 1),
                     "iterations_per_cpu_second": total["iterations"] / max(total["cpu"], 1e-9)}
    return out


def table(rows: list[dict[str, Any]]) -> str:
    groups: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        options = " ".join(f"{k}={v}" for k, v in sorted(r["options"].items()))
        budget = f"{r['seconds']} s" + (f", {r['iterations']} iterations" if r["iterations"] else "")
        groups.setdefault(f"{r['game']} {r['players']}p{' ' + options if options else ''} | {budget}", []).append(r)
    lines = ["| game | a decision | games | compiled wins | rate (fair share) | 95% CI | ahead of a pure seat | 95% CI "
             "| iterations a decision (mean), compiled / pure | load (1 min) |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for name, group in groups.items():
        s = summary(group)
        lo, hi = s["ci95"]
        alo, ahi = s["ahead_ci95"]
        players = group[0]["players"]
        lines.append(f"| {name} | {s['games']} | {s['wins']:g} | {s['rate']:.1%} ({1 / players:.0%}) "
                     f"| [{lo:.1%}, {hi:.1%}] | {s['ahead']:g}/{s['comparisons']} = {s['ahead_rate']:.1%} "
                     f"| [{alo:.1%}, {ahi:.1%}] | {s[COMPILED]['iterations_a_decision']:,.0f} / "
                     f"{s[PURE_SEAT]['iterations_a_decision']:,.0f} | {s['load'][0]:.1f}–{s['load'][1]:.1f} |")
    return "\n".join(lines)


# ---- iterations a decision ----------------------------------------------------------------------------

def positions(game: str, players: int, count: int, seed: int) -> list[tuple[int, list[int]]]:
    """`count` decisions with more than one choice from games of greedy bots, spread over whole games:
    (deal, actions up to it)."""
    out: list[tuple[int, list[int]]] = []
    deal = seed
    while len(out) < count:
        state = load(game).new_game(players, deal, tracked=False)
        bots = [make_agent("greedy", bot_seed(deal, s)) for s in range(players)]
        actions: list[int] = []
        found: list[list[int]] = []
        while not state.is_over:
            if len(state.legal_actions()) > 1:
                found.append(list(actions))
            seat = state.current_player
            assert seat is not None
            action = bots[seat].choose(state)
            state.apply(action)
            actions.append(action)
        step = max(1, len(found) // 10)      # ten positions a game, from its start to its end
        out += [(deal, a) for a in found[::step][:10]]
        deal += 1
    return out[:count]


def search_position(q: dict[str, Any]) -> dict[str, Any]:
    state = load(q["game"]).new_game(q["players"], q["deal"], tracked=False)
    for action in q["actions"]:
        state.apply(action)
    agent = make_agent("hard", q["bot_seed"], TIME)
    assert isinstance(agent, MCTSAgent)
    if q.get("iterations"):
        agent.iterations = q["iterations"]
    return timed_choice(agent, state)


def iterations(args: argparse.Namespace) -> int:
    require_compiled()
    pure = Pure()
    iterations_budget, cap, _ = LEVELS["hard"]
    budget = args.iterations or iterations_budget
    rows = []
    try:
        for game in args.game:
            players = args.players or PLAYERS.get(game, load(game).min_players)
            answers: dict[str, list[dict[str, Any]]] = {COMPILED: [], PURE_SEAT: []}
            for i, (deal, actions) in enumerate(positions(game, players, args.positions, args.seed)):
                q = {"op": "search", "game": game, "players": players, "deal": deal, "actions": actions,
                     "bot_seed": i, "iterations": budget}
                answers[COMPILED].append(search_position(q))
                answers[PURE_SEAT].append(pure.ask(q))
            for side, found in answers.items():
                its = [a["iterations"] for a in found]
                walls = [a["wall"] for a in found]
                rows.append({"game": game, "players": players, "build": side, "budget": budget, "cap": cap,
                             "positions": len(found), "median_iterations": statistics.median(its),
                             "mean_iterations": round(statistics.fmean(its)),
                             "capped": sum(w >= cap for w in walls),
                             "median_wall": round(statistics.median(walls), 4),
                             "iterations_per_second": round(sum(its) / sum(walls)),
                             "iterations_per_cpu_second": round(sum(its) / max(sum(a["cpu"] for a in found), 1e-9)),
                             "load": [round(x, 2) for x in os.getloadavg()]})
                print(json.dumps(rows[-1]), file=sys.stderr, flush=True)
    finally:
        pure.close()
    print("| game | build | hard's budget | positions | iterations a decision (median / mean) | stopped by the "
          "0.9 s cap | s a decision (median) | iterations/s (wall) | iterations/s (CPU) | load |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['game']} {r['players']}p | {r['build']} | {r['budget']} | {r['positions']} "
              f"| {r['median_iterations']:g} / {r['mean_iterations']} | {r['capped']} | {r['median_wall']} "
              f"| {r['iterations_per_second']:,} | {r['iterations_per_cpu_second']:,} | {r['load'][0]} |")
    if args.out:
        with args.out.open("a") as f:
            for r in rows:
                f.write(json.dumps(r) + "\n")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    g = sub.add_parser("games", help="the compiled hard against the pure hard, at equal time")
    g.add_argument("game")
    g.add_argument("--players", type=int, default=2)
    g.add_argument("--games", type=int, default=100, help="games in all (a multiple of --players keeps the "
                   "rotation exact)")
    g.add_argument("--seconds", type=float, default=0.2, help="wall time of every search, both sides")
    g.add_argument("--iterations", type=int, default=0, help="an iteration budget too, both sides (0: none)")
    g.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    g.add_argument("--seed", type=int, default=40_000, help="the first deal")
    g.add_argument("--out", type=Path, default=OUT)
    t = sub.add_parser("table", help="the table of the games in --out")
    t.add_argument("--out", type=Path, default=OUT)
    i = sub.add_parser("iterations", help="hard's iterations a decision on each build, under its time budget")
    i.add_argument("game", nargs="+")
    i.add_argument("--players", type=int, default=0, help="0: the bot goals' table size (Spirits 2, Greylune 3, "
                   "the Trial 2, ThreeTale 3)")
    i.add_argument("--positions", type=int, default=30)
    i.add_argument("--iterations", type=int, default=0, help="hard's budget to try (0: the level's)")
    i.add_argument("--seed", type=int, default=30_000)
    i.add_argument("--out", type=Path, default=None, help="also append the rows here (JSON lines)")
    sub.add_parser("serve", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.command == "serve":
        return serve()
    if args.command == "table":
        print(table(read_games(args.out)))
        return 0
    if args.command == "games":
        return games(args)
    return iterations(args)


if __name__ == "__main__":
    sys.exit(main())
