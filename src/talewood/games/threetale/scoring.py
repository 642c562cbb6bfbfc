"""Scoring (L346-L357): every point counted together for the team, shown on a loss too (A-51)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import Result, SheetBuilder, SheetRow, plural
from . import rulings
from .future.chapter import chapter_figure, crown_enemy, unturned
from .state_fields import FUTURE, PAST, PRESENT
from .words import the

if TYPE_CHECKING:
    from .state import TTState


def breakdown(s: TTState, won: bool) -> tuple[int, list[dict[str, Any]]]:
    """The team's score and its lines: one entry per Hero, then the team's own lines."""
    sc = s.t.c.board.scoring
    arts = s.t.artifacts
    total = 0
    details: list[dict[str, Any]] = []
    for seat in range(3):
        virtues = s.virtue_total(seat) * sc.virtue
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
    the team's score (the same in every column: the Heroes win or lose together); what the Future's goal
    asked of each Hero, as counts; what ended the game, and what the team achieved and how far it got."""
    heroes = [d for d in result.details if not d.get("team")]
    team = next((d for d in result.details if d.get("team")), None)
    score = f"{result.team_score:g}"
    if team is None or len(heroes) != len(result.scores):
        return [SheetRow("Team score", [score] * len(result.scores), "total")], "", ""
    sheet = SheetBuilder()
    for key, label in HERO_ROWS:
        add = sheet.total if key == "points" else sheet.points
        add(label, [f"{h[key]}" for h in heroes], HERO_EXPLAIN[key])
    for key, (label, explain) in GOAL_ROWS.items():
        if all(key in h for h in heroes):
            sheet.count(label, [f"{h[key]}" for h in heroes], explain)
    for key, label in TEAM_ROWS:
        sheet.points(label, [f"{team[key]}"] * len(heroes), HERO_EXPLAIN[key])
    sheet.total("Team score", [f"{team['total']}"] * len(heroes), "Every Hero's points and the team's own, together.")
    reason = mid_sentence(str(team.get("reason") or ""), [str(h.get("hero", "")) for h in heroes])
    reached = str(team.get("reached") or "")
    progress = str(team.get("progress") or "")
    if team.get("won"):
        done = "met the Future's goal"
    elif team.get("future", True):
        done = "fell short of the Future's goal"
    else:
        done = "never reached the Future: it fell"
    achieved = f"The team {done}" + (f" {reached}" if reached else "") + (f": {progress}" if progress else "") + \
        f". Team score: {score}."
    return sheet.rows, reason, achieved


def mid_sentence(reason: str, heroes: list[str]) -> str:
    """What ended the game as it reads after "The team loses:" — "the 7th tile is flipped", but a Hero keeps
    their name ("The Silver Deer died")."""
    if not reason or any(h and reason.startswith(h) for h in heroes):
        return reason
    return reason[:1].lower() + reason[1:]


# what a Future's goal asks of every Hero, counted on the score sheet (never points)
GOAL_ROWS = {
    "rings": ("Rings", "The Rings of Creation the Hero held at the end: every Hero needs 3 at the Fountain."),
    "heads": ("Heads", "The Heads the Hero took from their reflections: every Hero needs one of each Level."),
}


def reached(s: TTState) -> str:
    """How far the tale got, in words: the chapter and, in the Future, which one and its round."""
    if s.phase == FUTURE and s.future >= 0:
        return f"in {in_sentence(s.t.c.futures[s.future].name)}, round {s.round_no}"
    if s.phase == PAST:
        return f"in the Past, turn {s.turn_no}"
    return {PRESENT: "in the Present"}.get(s.phase, "")


def in_sentence(name: str) -> str:
    """A Future's name inside a sentence: "the Crown of Evil"."""
    return "the " + name[4:] if name.startswith("The ") else name


def progress(s: TTState, won: bool) -> str:
    """What the team achieved towards the Future's goal, and how much time was left on its clock; in the
    Past, how much of the Map was laid."""
    if s.phase == PAST:
        return f"{len(s.placed)} of the {len(s.t.c.tiles)} tiles laid"
    if s.phase != FUTURE or s.future < 0:
        return ""
    f = s.t.c.futures[s.future]
    g, clock = f.goal, f.clock
    names = [s.name(h) for h in range(3)]
    if g.kind == "defeat":
        start = crown_enemy(s, "vicinator").defense
        done = f"the Vicinator had {max(0, s.vici_def)} of its {start} Defense left"
    elif g.kind == "survive":
        done = f"{plural(unturned(s), 'tile')} still unturned (the team survives when only {clock.win_at_unturned} " \
               f"are left)"
    elif g.token == "wow":
        done = f"the team gathered {plural(s.wow, 'Word')} of Wisdom ({g.team} needed)"
    else:
        if g.token == "ring":
            held = [s.rings[h] for h in range(3)]
            ready = sum(1 for n in held if n >= g.per_hero)
            what, unit = f"{g.per_hero} Rings", "Ring"
        else:
            held = [bin(s.heads[h]).count("1") for h in range(3)]
            ready = sum(1 for n in held if n == 3)
            what, unit = "a Head of each Level", "Head"
        each = ", ".join(f"{name} {plural(n, unit)}" for name, n in zip(names, held, strict=True))
        who = {0: "no Hero", 3: "all 3 Heroes"}.get(ready, f"{ready} of the 3 Heroes")
        done = f"{who} held {what} ({each})"
        if ready == 3 and not won:
            done += f", but the team did not gather by {the(chapter_figure(s).name)}"
    if clock.kind == "flips":
        done += f", with {s.flips} of {clock.lose_at} tiles flipped"
    elif clock.kind == "removals":
        done += f", with {plural(len(s.placed), 'tile')} left of the Map"
    elif clock.kind == "tentacles":
        done += f" and {plural(s.tentacles_left, 'Tentacle')} to play"
    return done


def end_game(s: TTState, won: bool, reason: str) -> None:
    score, details = breakdown(s, won)
    details[-1]["reason"] = reason
    details[-1]["reached"] = reached(s)
    details[-1]["progress"] = progress(s, won)
    details[-1]["future"] = s.phase == FUTURE
    if s.phase == FUTURE and s.future >= 0:
        token = s.t.c.futures[s.future].goal.token
        for h in range(3):
            if token == "ring":
                details[h]["rings"] = s.rings[h]
            elif token == "head":
                details[h]["heads"] = bin(s.heads[h]).count("1")
    if s.log is not None:
        s.emit("end", f"{'Victory' if won else 'Defeat'} ({reason}): the team scores {score} points")
    s.finish(Result.team(3, won, score, details))
