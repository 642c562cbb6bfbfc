"""Scoring (L346-L357): every point counted together for the team, shown on a loss too (A-51)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import Result, SheetBuilder, SheetRow
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


HERO_EXPLAIN = {
    "virtues": "The Hero's Virtues, each worth its points.", "speed": "The Hero's Speed, in points.",
    "shevitsa": "Shevitsa tokens the Hero holds.", "artifacts": "The Artifacts the Hero carries, by their level.",
    "sacred_stones": "Sacred Stones the Hero holds.", "spirit": "The Hero's Spirit, in points.",
    "points": "The Hero's share of the team score: the rows above added up.",
    "future_quest": "The reward of the Future's Quest, when the team meets the Future's goal.",
    "remaining_turns": "Points for each turn the team had to spare when it met the goal.",
}


def score_sheet(result: Result) -> tuple[list[SheetRow], str, str]:
    """The score sheet (L346-L357): a column per Hero, a row per scoring item, then the team's own items and
    the team's score (the same in every column: the Heroes win or lose together); with what ended the
    game and how far the team got."""
    heroes = [d for d in result.details if not d.get("team")]
    team = next((d for d in result.details if d.get("team")), None)
    score = f"{result.team_score:g}"
    if team is None or len(heroes) != len(result.scores):
        return [SheetRow("Team score", [score] * len(result.scores), "total")], "", ""
    sheet = SheetBuilder()
    for key, label in HERO_ROWS:
        add = sheet.total if key == "points" else sheet.points
        add(label, [f"{h[key]}" for h in heroes], HERO_EXPLAIN[key])
    for key, label in TEAM_ROWS:
        sheet.points(label, [f"{team[key]}"] * len(heroes), HERO_EXPLAIN[key])
    sheet.total("Team score", [f"{team['total']}"] * len(heroes), "Every Hero's points and the team's own, together.")
    reason = str(team.get("reason") or "")
    reached = str(team.get("reached") or "")
    won = "met the Future's goal" if team.get("won") else "fell short of the Future's goal"
    achieved = f"The team {won}" + (f" {reached}" if reached else "") + f", with a team score of {score}."
    return sheet.rows, reason, achieved


def reached(s: TTState) -> str:
    """How far the tale got, in words: the chapter and, in the Future, which one and its round."""
    from .state import FUTURE, PAST, PRESENT

    if s.phase == FUTURE and s.future >= 0:
        return f"in {s.t.c.futures[s.future].name}, round {s.round_no}"
    return {PAST: "in the Past", PRESENT: "in the Present"}.get(s.phase, "")


def end_game(s: TTState, won: bool, reason: str) -> None:
    score, details = breakdown(s, won)
    details[-1]["reason"] = reason
    details[-1]["reached"] = reached(s)
    if s.log is not None:
        s.emit("end", f"{'Victory' if won else 'Defeat'} ({reason}): the team scores {score} points")
    s.finish(Result.team(3, won, score, details))
