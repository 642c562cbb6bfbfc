"""Win-rate confidence intervals and openskill (Plackett–Luce) ratings for tournaments."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

Z95 = 1.959963984540054
GAME = "the game"


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); (0, 1) when n is 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def ranks_of(scores: Sequence[float], winners: Sequence[int]) -> list[int]:
    """Finishing places (0 best): the winners share place 0, the others follow by score."""
    n = len(scores)
    win = set(winners)
    others = sorted({scores[s] for s in range(n) if s not in win}, reverse=True)
    place = {v: i + 1 for i, v in enumerate(others)}
    return [0 if s in win else place[scores[s]] for s in range(n)]


class Ratings:
    """One openskill Plackett–Luce rating per bot kind, updated game by game.

    A kind that fills several seats of one game (e.g. three `greedy`) enters as one team per seat
    with the kind's rating; its update is the mean of those seats' updates.
    """

    def __init__(self, kinds: Sequence[str]) -> None:
        from openskill.models import PlackettLuce

        self.model = PlackettLuce()
        self.ratings = {k: self.model.rating(name=k) for k in kinds}
        self.game = self.model.rating(name=GAME)     # a cooperative game's opponent

    def update(self, seats: Sequence[str], scores: Sequence[float], winners: Sequence[int]) -> None:
        teams = [[self.model.rating(mu=self.ratings[k].mu, sigma=self.ratings[k].sigma, name=k)] for k in seats]
        new = self.model.rate(teams, ranks=[float(r) for r in ranks_of(scores, winners)])
        for kind in set(seats):
            idx = [i for i, k in enumerate(seats) if k == kind]
            old = self.ratings[kind]
            mu = old.mu + sum(new[i][0].mu - old.mu for i in idx) / len(idx)
            sigma = sum(new[i][0].sigma for i in idx) / len(idx)
            self.ratings[kind] = self.model.rating(mu=mu, sigma=sigma, name=kind)

    def update_team(self, seats: Sequence[str], won: bool) -> None:
        """A cooperative game: the seats are one team (a team rating, openskill's sum of its members)
        that wins or loses against the game itself, rated as one more player."""
        team = [self.model.rating(mu=self.ratings[k].mu, sigma=self.ratings[k].sigma, name=k) for k in seats]
        game = self.model.rating(mu=self.game.mu, sigma=self.game.sigma, name=GAME)
        new_team, new_game = self.model.rate([team, [game]], ranks=[0.0, 1.0] if won else [1.0, 0.0])
        self.game = new_game[0]
        for kind in set(seats):
            idx = [i for i, k in enumerate(seats) if k == kind]
            old = self.ratings[kind]
            mu = old.mu + sum(new_team[i].mu - old.mu for i in idx) / len(idx)
            sigma = sum(new_team[i].sigma for i in idx) / len(idx)
            self.ratings[kind] = self.model.rating(mu=mu, sigma=sigma, name=kind)

    def to_json(self) -> dict[str, dict[str, Any]]:
        return {k: {"mu": round(r.mu, 3), "sigma": round(r.sigma, 3), "ordinal": round(r.ordinal(), 3)}
                for k, r in self.ratings.items()}
