"""Scoring (L346-L357): every point counted together for the team, shown on a loss too (A-51)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import Result
from . import rulings

if TYPE_CHECKING:
    from .state import TTState


def breakdown(s: TTState, won: bool) -> tuple[int, list[dict[str, Any]]]:
    """The team's score and its lines: one entry per Hero, then the team's own lines."""
    sc = s.t.c.board.scoring
    arts = s.t.artifacts
    total = 0
    details: list[dict[str, Any]] = []
    for seat in range(3):
        virtues = sum(s.vir[seat * 6: seat * 6 + 6]) * sc.virtue
        speed = (s.speed[seat] if rulings.SCORE_SPEED_STAT_ONLY else s.speed_now(seat)) * sc.speed
        shev = s.shev[seat] * sc.shevitsa
        artifacts = sum(sc.artifact[arts[a].level - 1] for a in s.arts[seat])
        stones = s.stones[seat] * sc.sacred_stone
        spirit = s.spirit[seat] * sc.spirit
        points = virtues + speed + shev + artifacts + stones + spirit
        total += points
        details.append({"seat": seat, "hero": s.name(seat), "virtues": virtues, "speed": speed, "shevitsa": shev,
                        "artifacts": artifacts, "sacred_stones": stones, "spirit": spirit, "points": points})
    quest = 0
    remaining = 0
    if won and s.future >= 0:
        f = s.t.c.futures[s.future]
        quest = f.reward
        remaining = rulings.remaining_turns(f.number, s.won_round, len(s.placed), s.tentacles_left) * \
            sc.remaining_turn
    total += quest + remaining
    if not won and not rulings.SCORE_SHOWN_ON_A_LOSS:
        total = 0
    details.append({"team": True, "future_quest": quest, "remaining_turns": remaining, "total": total,
                    "won": won})
    return total, details


HERO_ROWS = (("virtues", "Virtues"), ("speed", "Speed"), ("shevitsa", "Shevitsa"), ("artifacts", "Artifacts"),
             ("sacred_stones", "Sacred Stones"), ("spirit", "Spirit"), ("points", "The Hero's points"))
TEAM_ROWS = (("future_quest", "The Future's Quest (the team)"), ("remaining_turns", "Turns to spare (the team)"))


def score_sheet(result: Result) -> list[tuple[str, list[str]]]:
    """The score sheet (L346-L357): a column per Hero, a row per scoring item, then the team's own items and
    the team's score (the same in every column: the Heroes win or lose together)."""
    heroes = [d for d in result.details if not d.get("team")]
    team = next((d for d in result.details if d.get("team")), None)
    if team is None or len(heroes) != len(result.scores):
        return [("Team score", [f"{result.team_score:g}"] * len(result.scores))]
    rows = [(label, [f"{h[key]}" for h in heroes]) for key, label in HERO_ROWS]
    rows += [(label, [f"{team[key]}"] * len(heroes)) for key, label in TEAM_ROWS]
    rows.append(("Team score", [f"{team['total']}"] * len(heroes)))
    return rows


def end_game(s: TTState, won: bool, reason: str) -> None:
    score, details = breakdown(s, won)
    details[-1]["reason"] = reason
    if s.log is not None:
        s.emit("end", f"{'Victory' if won else 'Defeat'} ({reason}): the team scores {score} points")
    s.finish(Result.team(3, won, score, details))
