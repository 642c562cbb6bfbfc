"""ThreeTale: how far a bot team gets toward each Future's goal before the clock runs out.

    nice .venv/bin/python benchmarks/threetale_progress.py --bot greedy --games 4

Per game: the Heroes' Virtue totals, Speed and Spirit as the Future begins, the round the game ends in,
why it ends, and the goal's progress at the end (Rings, Words of Wisdom, Heads, unturned tiles or the
Vicinator's Defense). A diagnosis tool: small samples, printed, nothing kept.
"""

from __future__ import annotations

import argparse
import sys

from talewood.agents import bot_seed, make_agent
from talewood.games import load
from talewood.games.threetale.future import unturned
from talewood.games.threetale.state import FUTURE, TTState


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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bot", default="greedy")
    ap.add_argument("--games", type=int, default=4, help="games per Future")
    ap.add_argument("--future", action="append", help="only these Futures (repeatable)")
    ap.add_argument("--difficulty", default="normal")
    ap.add_argument("--seed", type=int, default=90_000)
    args = ap.parse_args(argv)
    futures = args.future or [f.id for f in load("threetale").content.futures]
    for future in futures:
        for k in range(args.games):
            print(play(args.bot, future, args.seed + k, args.difficulty), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
