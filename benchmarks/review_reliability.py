"""How long a review takes and how far to trust it: games played by bots (the iterations budget, so each is
the same game every time), each reviewed twice by the `hard` bot with two review seeds.

    nice -n 10 .venv/bin/python benchmarks/review_reliability.py                    # 4-player Spirits, 3 games
    nice -n 10 .venv/bin/python benchmarks/review_reliability.py --game greylune --players 2 --games 2

For each game: the seconds of each review (one process, one core), and between the two reviews: how often
they prefer the same choice, how often they give a decision the same verdict, the mean difference of a
decision's cost (`loss`), and how many turning points they share. The summary is appended to the results
file (JSON lines) as each game is done; docs/bots.md quotes it.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path
from statistics import mean
from typing import Any

from talewood.engine import record_of
from talewood.learn.review import review
from talewood.sim.play import Outcome, play_game


def one_game(game: str, players: int, seats: list[str], seed: int, options: dict[str, Any]) -> dict[str, Any]:
    finals: list[Any] = []
    with tempfile.TemporaryDirectory() as folder:     # a game saved is a game tracked: its record
        outcome = play_game(game, Outcome(seed=seed, players=players, seats=list(seats)), options,
                            save_dir=folder, observe=lambda state, _o: finals.append(state))
    record = record_of(finals[0])
    reviews, seconds = [], []
    for review_seed in (0, 1):
        started = time.process_time()
        reviews.append(review(record, review_seed=review_seed))
        seconds.append(round(time.process_time() - started, 1))
    a, b = reviews
    pairs = list(zip(a.decisions, b.decisions, strict=True))
    turning_a = {d.step for d in a.turning_points()}
    turning_b = {d.step for d in b.turning_points()}
    return {"game": game, "players": players, "seats": seats, "seed": seed, "steps": len(record.actions),
            "decisions": len(pairs), "cpu_seconds": seconds, "winner": outcome.winners,
            "same_best": round(mean(x.best == y.best for x, y in pairs), 3),
            "same_verdict": round(mean(x.verdict() == y.verdict() for x, y in pairs), 3),
            "loss_difference": round(mean(abs(x.loss - y.loss) for x, y in pairs), 4),
            "before_difference": round(mean(abs(x.before - y.before) for x, y in pairs), 4),
            "turning_points": [len(turning_a), len(turning_b), len(turning_a & turning_b)]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="spirits")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seats", default="normal,greedy,easy,random", help="one bot kind per seat")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="benchmarks/results/review-reliability.jsonl")
    args = parser.parse_args()
    seats = args.seats.split(",")[: args.players]
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    for k in range(args.games):
        row = one_game(args.game, args.players, seats, args.seed + k, {})
        print(json.dumps(row), flush=True)
        with out.open("a") as f:
            f.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
