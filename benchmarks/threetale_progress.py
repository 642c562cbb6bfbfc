"""ThreeTale: how far a bot team gets toward each Future's goal before the clock runs out.

    nice .venv/bin/python benchmarks/threetale_progress.py --bot greedy --games 4
    nice .venv/bin/python benchmarks/threetale_progress.py --bot greedy --past 30      # the end-of-Past band

Per game: the Heroes' Virtue totals, Speed and Spirit as the Future begins, the round the game ends in,
why it ends, and the goal's progress at the end (Rings, Words of Wisdom, Heads, unturned tiles or the
Vicinator's Defense). A diagnosis tool: small samples, printed, nothing kept.
`--past N` plays N Pasts only and prints the end-of-Past band the design brief (§5.0) aims at: per
Hero the Virtue sum, Love, its highest other Virtue, Speed, Artifacts and Talents (median, mean, min,
max), and the Pasts that ended in a death.
"""

from __future__ import annotations

import argparse
import statistics
import sys

from talewood.agents import bot_seed, make_agent
from talewood.games import load
from talewood.games.threetale.future.chapter import unturned
from talewood.games.threetale.state import TTState
from talewood.games.threetale.state_fields import FUTURE
from talewood.games.threetale.tables import HOPE, LOVE


def progress(s: TTState) -> str:
    n = s.t.c.futures[s.future].number
    if n == 1:
        return f"rings {list(s.rings)} of 3 each"
    if n == 2:
        return f"words of wisdom {s.wow} of {s.t.c.futures[s.future].goal.team}"
    if n == 3:
        return f"unturned {unturned(s)} (win at 3), seeds {list(s.seeds)}"
    if n == 4:
        return f"heads {[bin(x).count('1') for x in s.heads]} of 3 each"
    return f"vicinator defense {s.vici_def}"


def heroes(s: TTState) -> str:
    return ", ".join(f"{s.virtue_total(h)}v/{s.speed[h]}sp/{s.spirit[h]}s" for h in range(3))


def play(bot: str, future: str, seed: int, difficulty: str) -> str:
    game = load("threetale")
    teams = game.teams_of_heroes  # type: ignore[attr-defined]
    s = game.new_game(3, seed, {"future": future, "difficulty": difficulty, "heroes": teams[seed % len(teams)]})
    assert isinstance(s, TTState)
    agents = [make_agent(bot, bot_seed(seed, seat, 0)) for seat in range(3)]
    at_future = ""
    while not s.is_over:
        seat = s.current_player
        assert seat is not None
        s.apply(agents[seat].choose(s))
        if not at_future and s.phase == FUTURE:
            at_future = heroes(s)
    reason = next((d.get("reason") for d in s.result().details if d.get("team")), None)
    return (f"{future} seed {seed}: {'WON' if s.result().team_won else 'lost'} ({reason}) round {s.round_no}; "
            f"at the Future [{at_future}], at the end [{heroes(s)}]; {progress(s)}")


def past_band(bot: str, games: int, seed: int, difficulty: str) -> str:
    game = load("threetale")
    teams = game.teams_of_heroes  # type: ignore[attr-defined]
    columns: dict[str, list[int]] = {k: [] for k in ("virtues", "love", "engine", "speed", "artifacts", "talents")}
    died = 0
    for k in range(games):
        s = game.new_game(3, seed + k, {"future": "nine_rings", "difficulty": difficulty,
                                        "heroes": teams[(seed + k) % len(teams)]})
        assert isinstance(s, TTState)
        agents = [make_agent(bot, bot_seed(seed + k, seat, 0)) for seat in range(3)]
        while not s.is_over and s.phase != FUTURE:
            seat = s.current_player
            assert seat is not None
            s.apply(agents[seat].choose(s))
        if s.phase != FUTURE:
            died += 1
            continue
        for h in range(3):
            columns["virtues"].append(s.virtue_total(h))
            columns["love"].append(s.v(h, LOVE))
            columns["engine"].append(max(s.virtues(h)[HOPE:]))
            columns["speed"].append(s.speed[h])
            columns["artifacts"].append(len(s.arts[h]))
            columns["talents"].append(s.talents_developed(h))
    lines = [f"{bot}, {games} Pasts from seed {seed}: {died} ended in a death; per Hero as the Future begins "
             f"(median, mean, min, max):"]
    for name, xs in columns.items():
        if xs:
            lines.append(f"  {name}: {statistics.median(xs)}, {statistics.mean(xs):.1f}, {min(xs)}, {max(xs)}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bot", default="greedy")
    ap.add_argument("--games", type=int, default=4, help="games per Future")
    ap.add_argument("--future", action="append", help="only these Futures (repeatable)")
    ap.add_argument("--difficulty", default="normal")
    ap.add_argument("--seed", type=int, default=90_000)
    ap.add_argument("--past", type=int, default=0, help="play this many Pasts only and print the end-of-Past band")
    args = ap.parse_args(argv)
    if args.past:
        print(past_band(args.bot, args.past, args.seed, args.difficulty))
        return 0
    futures = args.future or [f.id for f in load("threetale").content.futures]
    for future in futures:
        for k in range(args.games):
            print(play(args.bot, future, args.seed + k, args.difficulty), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
