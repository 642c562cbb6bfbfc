"""What a batch of bot games adds up to (`talewood simulate`'s summary), kept small and exact.

A worker tallies its games as they end and sends back only the tally; the tallies of any chunks merge to
the same counts and sums whatever their order, so a batch's summary is the same with one worker or many.
Scores are summed exactly (a whole number as an int, any other as a fraction), never as floats whose sum
would depend on the order of the additions."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..agents import seat_list
from ..games import load
from .play import Outcome
from .ratings import wilson

ERRORS_KEPT = 50       # the broken games a summary names, the lowest seeds first

Exact = int | Fraction


def exact(total: Exact, value: float) -> Exact:
    """`total + value`, exactly."""
    if float(value).is_integer():
        return total + int(value)
    return total + Fraction(value)


def mean(total: Exact, n: int, digits: int) -> float | None:
    """The mean of n values that sum to `total`, rounded as a summary shows it (None when n is 0)."""
    return round(float(Fraction(total) / n), digits) if n else None


@dataclass
class Seats:
    """The games of one player count: how many, and per seat the wins and the sum of the scores."""

    games: int = 0
    completed: int = 0
    decisions: int = 0
    wins: list[int] = field(default_factory=list)
    scores: list[Exact] = field(default_factory=list)
    scored: list[int] = field(default_factory=list)       # how many scores each seat's sum holds
    team_wins: int = 0
    team_scores: Exact = 0
    team_scored: int = 0

    def add(self, outcome: Outcome) -> None:
        self.games += 1
        if outcome.error is not None:
            return
        self.completed += 1
        self.decisions += outcome.decisions
        self._widen(max(len(outcome.scores), outcome.players, max(outcome.winners, default=-1) + 1))
        for w in outcome.winners:
            self.wins[w] += 1
        for s, score in enumerate(outcome.scores):
            self.scores[s] = exact(self.scores[s], score)
            self.scored[s] += 1
        if outcome.team_won:
            self.team_wins += 1
        if outcome.team_score is not None:
            self.team_scores = exact(self.team_scores, outcome.team_score)
            self.team_scored += 1

    def merge(self, other: Seats) -> None:
        self.games += other.games
        self.completed += other.completed
        self.decisions += other.decisions
        self._widen(len(other.wins))
        for s in range(len(other.wins)):
            self.wins[s] += other.wins[s]
            self.scores[s] += other.scores[s]
            self.scored[s] += other.scored[s]
        self.team_wins += other.team_wins
        self.team_scores += other.team_scores
        self.team_scored += other.team_scored

    def _widen(self, seats: int) -> None:
        while len(self.wins) < seats:
            self.wins.append(0)
            self.scores.append(0)
            self.scored.append(0)

    def team(self) -> dict[str, Any]:
        """A cooperative game's figures: how often the team won (with a 95% interval), and its score."""
        n, wins = self.completed, self.team_wins
        return {"games": n, "wins": wins, "win_rate": round(wins / n, 4) if n else None,
                "ci95": [round(x, 4) for x in wilson(wins, n)],
                "mean_score": mean(self.team_scores, self.team_scored, 3)}


@dataclass
class Tally:
    """A batch's games by player count, and its broken games (seed, players, the error's first line)."""

    by_players: dict[int, Seats] = field(default_factory=dict)
    errors: list[tuple[int, int, str]] = field(default_factory=list)

    @classmethod
    def of(cls, outcomes: list[Outcome]) -> Tally:
        tally = cls()
        for outcome in outcomes:
            tally.add(outcome)
        return tally

    def add(self, outcome: Outcome) -> None:
        if outcome.players not in self.by_players:
            self.by_players[outcome.players] = Seats()
        self.by_players[outcome.players].add(outcome)
        if outcome.error is not None:
            self.errors.append((outcome.seed, outcome.players, outcome.error.splitlines()[0] if outcome.error else ""))
            self._keep_first_errors()

    def merge(self, other: Tally) -> None:
        for n, seats in other.by_players.items():
            if n not in self.by_players:
                self.by_players[n] = Seats()
            self.by_players[n].merge(seats)
        if other.errors:
            self.errors.extend(other.errors)
            self._keep_first_errors()

    def _keep_first_errors(self) -> None:
        self.errors.sort()
        del self.errors[ERRORS_KEPT:]

    @property
    def games(self) -> int:
        return sum(s.games for s in self.by_players.values())

    def summary(self, game_id: str, players: list[int], seats: list[str], seconds: float) -> dict[str, Any]:
        """The summary `talewood simulate` prints (and gives as JSON)."""
        width = max(players)
        whole = Seats()
        for n in sorted(self.by_players):
            whole.merge(self.by_players[n])
        whole._widen(width)
        games = self.games
        by_players = {}
        for n in players:
            group = self.by_players.get(n, Seats())
            group._widen(n)
            by_players[str(n)] = {
                "games": group.games, "completed": group.completed, "seat_wins": group.wins[:n],
                "mean_scores": [mean(group.scores[s], group.completed, 3) for s in range(n)],
            }
        out: dict[str, Any] = {
            "game": game_id,
            "players": players[0] if len(players) == 1 else players,
            "seats": seat_list(seats, players[0]) if len(players) == 1 else seats,
            "games": games,
            "completed": whole.completed,
            "errors": games - whole.completed,
            "error_games": [{"seed": seed, "players": n, "error": error} for seed, n, error in self.errors],
            "seat_wins": whole.wins[:width],
            "mean_scores": [mean(whole.scores[s], whole.scored[s], 3) for s in range(width)],
            "mean_decisions": mean(whole.decisions, whole.completed, 2) if whole.completed else 0,
            "seconds": round(seconds, 3),
            "games_per_second": round(games / seconds, 2) if seconds > 0 else None,
            "by_players": by_players,
        }
        if load(game_id).cooperative:
            out["team"] = whole.team()
            for n in players:
                out["by_players"][str(n)]["team"] = self.by_players.get(n, Seats()).team()
        return out
