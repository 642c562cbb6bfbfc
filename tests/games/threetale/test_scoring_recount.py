"""ThreeTale's score counted again from the position, as the rulebook's "Scoring" lists it
(rulebooks/threetale.txt L346-L357: 1 a Virtue, 2 a Speed, 2 a Shevitsa, 3/6/12 an Artifact of Level 1/2/3,
30 a Sacred Stone, 15 a Spirit, the Future Quest's points, 10 a remaining turn) with the named rulings of
docs/rules/threetale.md (A-50 remaining turns in rounds and only on a win; A-51 a lost game shows its score
without the Quest; A-69 the Speed stat), without the game's scoring code: every line of every Hero, the
team's lines, the total and every row of the score sheet."""

from __future__ import annotations

from typing import Any

import pytest

from talewood.games.threetale import scoring
from talewood.games.threetale.state import TTState

from ..recount import play_to_the_end, random_games, sheet_cells
from .helpers import GAME, act, scenario

VIRTUE, SPEED, SHEVITSA, STONE, SPIRIT, TURN = 1, 2, 2, 30, 15, 10
HERO_LINES = (("virtues", "Virtues"), ("speed", "Speed"), ("shevitsa", "Shevitsa"), ("artifacts", "Artifacts"),
              ("sacred_stones", "Sacred Stones"), ("spirit", "Spirit"), ("points", "The Hero's points"))
EXPLAIN = {
    "virtues": "The Hero's Virtues, each worth its points.", "speed": "The Hero's Speed, in points.",
    "shevitsa": "Shevitsa tokens the Hero holds.", "artifacts": "The Artifacts the Hero carries, by their level.",
    "sacred_stones": "Sacred Stones the Hero holds.", "spirit": "The Hero's Spirit, in points.",
    "points": "The Hero's share of the team score: the rows above added up.",
    "future_quest": "The reward of the Future's Quest, when the team meets the Future's goal.",
    "remaining_turns": "Points for each turn the team had to spare when it met the goal.",
}
ARTIFACT = {1: 3, 2: 6, 3: 12}
HERO_ITEMS = ("virtues", "speed", "shevitsa", "artifacts", "sacred_stones", "spirit")


def remaining_turns(s: TTState) -> int:
    """A-50, in rounds: the Nine Rings and the Path of Initiation 7 − the round won; the Information Flood
    (tiles left − 4) ÷ 3; the Parallel Land none; the Crown of Evil the Tentacles left − 1."""
    number = s.t.c.futures[s.future].number
    if number in (1, 4):
        return max(0, 7 - s.won_round)
    if number == 2:
        return max(0, (len(s.placed) - 4) // 3)
    if number == 5:
        return max(0, s.tentacles_left - 1)
    return 0


def recount(s: TTState, won: bool) -> tuple[list[dict[str, int]], dict[str, int]]:
    heroes = []
    for h in range(3):
        line = {"virtues": VIRTUE * sum(s.virtues(h)), "speed": SPEED * s.speed[h],
                "shevitsa": SHEVITSA * s.shev[h],
                "artifacts": sum(ARTIFACT[s.t.c.artifacts[a].level] for a in s.arts[h]),
                "sacred_stones": STONE * s.stones[h], "spirit": SPIRIT * s.spirit[h]}
        line["points"] = sum(line[k] for k in HERO_ITEMS)
        heroes.append(line)
    quest = s.t.c.futures[s.future].reward if won and s.future >= 0 else 0
    remaining = TURN * remaining_turns(s) if won and s.future >= 0 else 0
    team = {"future_quest": quest, "remaining_turns": remaining,
            "total": sum(h["points"] for h in heroes) + quest + remaining}
    return heroes, team


def check_against_the_game(s: TTState) -> tuple[list[dict[str, int]], dict[str, int]]:
    result = s.result()
    won = bool(result.team_won)
    heroes, team = recount(s, won)
    for h, (got, mine) in enumerate(zip(result.details[:3], heroes, strict=True)):
        for key in (*HERO_ITEMS, "points"):
            assert got[key] == mine[key], f"Hero {h}: {key} {got[key]} ≠ the recount's {mine[key]}"
    got_team = result.details[3]
    for key in ("future_quest", "remaining_turns", "total"):
        assert got_team[key] == team[key], f"the team's {key}: {got_team[key]} ≠ the recount's {team[key]}"
    assert result.team_score == team["total"] and result.scores == [float(team["total"])] * 3
    assert got_team["won"] is won
    sheet = GAME.score_sheet(result)
    rows = [(row.label, list(row.cells), row.kind, row.explain) for row in sheet.rows]
    expected = [(label, [str(x[key]) for x in heroes], "total" if key == "points" else "points", EXPLAIN[key])
                for key, label in HERO_LINES]
    goal = {"rings": ("Rings", "The Rings of Creation the Hero held at the end: every Hero needs 3 at the Fountain."),
            "heads": ("Heads", "The Heads the Hero took from their reflections: every Hero needs one of each Level.")}
    for key, (label, words) in goal.items():      # what a Future's goal asked of each Hero: counts, never points
        if all(key in d for d in result.details[:3]):
            expected.append((label, [str(d[key]) for d in result.details[:3]], "count", words))
    expected += [("The Future's Quest (the team)", [str(team["future_quest"])] * 3, "points", EXPLAIN["future_quest"]),
                 ("Turns to spare (the team)", [str(team["remaining_turns"])] * 3, "points",
                  EXPLAIN["remaining_turns"]),
                 ("Team score", [str(team["total"])] * 3, "total", "Every Hero's points and the team's own, together.")]
    assert rows == expected
    assert sheet_cells(sheet)
    told = [(e["type"], e["text"]) for e in s.events_for(None) if e["type"] == "end"]
    assert told[-1] == ("end", f"{'Victory' if won else 'Defeat'} ({got_team['reason']}): the team scores "
                               f"{team['total']} points")
    return heroes, team


OPTION_SETS = [{}, {"future": "nine_rings"}, {"future": "information_flood"}, {"future": "parallel_land"},
               {"future": "path_of_initiation"}, {"future": "crown_of_evil"},
               {"tutorial": True, "difficulty": "easier"}]


@pytest.mark.slow
def test_every_random_game_scores_as_the_rulebook_counts_it() -> None:
    for options in OPTION_SETS:
        for state, rng in random_games(GAME, range(2), players=[3], options=lambda n, rng, o=options: o):
            assert isinstance(state, TTState)
            play_to_the_end(state, rng)
            check_against_the_game(state)


def boards() -> list[dict[str, Any]]:
    """Several of every item on each Hero: 2 Artifacts of different Levels, Stones, Spirit, Shevitsa."""
    return [{"love": 7, "hope": 3, "faith": 2, "endeavor": 1, "endurance": 4, "mercy": 2, "speed": 4, "shevitsa": 3,
             "artifacts": ["A1-01", "A2-01"], "sacred_stones": 2, "spirit": 3},
            {"love": 1, "hope": 6, "faith": 5, "endeavor": 5, "endurance": 1, "mercy": 1, "speed": 2,
             "artifacts": ["A1-02", "A3-01"], "sacred_stones": 1, "spirit": 1},
            {"love": 2, "hope": 2, "faith": 2, "endeavor": 2, "endurance": 2, "mercy": 2, "speed": 5, "shevitsa": 1,
             "spirit": 2}]


BLOCK = [
    {"tile": "03", "x": 0, "y": 0}, {"tile": "01", "x": 1, "y": 0}, {"tile": "07", "x": 2, "y": 0},
    {"tile": "11", "x": 0, "y": 1}, {"tile": "17", "x": 1, "y": 1}, {"tile": "23", "x": 2, "y": 1},
    {"tile": "27", "x": 0, "y": 2}, {"tile": "20", "x": 1, "y": 2}, {"tile": "22", "x": 2, "y": 2},
]


def crown(**position: Any) -> TTState:
    return scenario({"phase": "future", "future": "crown_of_evil", "tiles": BLOCK, "dice": "explicit",
                     "heroes_at": ["07:NE", "23:SE", "27:SW"], **position})


def test_winning_the_crown_of_evil_scores_its_quest_and_a_turn_for_each_tentacle_left_but_one() -> None:
    s = crown(figure="17:NW", heroes_at=["01:SE", "23:SE", "27:SW"],
              boards=[{**boards()[0], "sacred_stones": 1, "speed": 1}, *boards()[1:]],
              future_state={"vicinator_defense": 10, "tentacles_left": 4},
              turn={"start": "round", "round": 2, "fstage": 1})
    act(s, "Attack the Vicinator", "Use a Sacred Stone: 10 damage to the Vicinator")
    assert s.is_over and s.result().team_won, s.prompt()
    _, team = check_against_the_game(s)
    assert team["future_quest"] == s.t.c.futures[s.future].reward > 0
    assert team["remaining_turns"] == TURN * (4 - 1)
    sheet = GAME.score_sheet(s.result())
    assert (sheet.verdict, sheet.reason) == ("The team wins", "the Future's goal is met")
    assert sheet.achieved == ("The team met the Future's goal in the Crown of Evil, round 2: the Vicinator had 0 of "
                              f"its 80 Defense left and 4 Tentacles to play. Team score: {team['total']}.")


def test_a_lost_crown_of_evil_shows_the_heroes_points_without_the_quest() -> None:
    s = crown(figure="17:NW", boards=boards(), future_state={"tentacles_left": 1}, turn={"start": "round", "round": 8})
    assert s.is_over and not s.result().team_won
    heroes, team = check_against_the_game(s)
    assert team == {"future_quest": 0, "remaining_turns": 0, "total": sum(h["points"] for h in heroes)}
    assert [h["artifacts"] for h in heroes] == [3 + 6, 3 + 12, 0]
    assert [h["sacred_stones"] for h in heroes] == [60, 30, 0] and [h["spirit"] for h in heroes] == [45, 15, 30]
    sheet = GAME.score_sheet(s.result())
    assert (sheet.verdict, sheet.reason) == ("The team loses", "the Vicinator reaches its last Tentacle card")
    assert sheet.achieved == ("The team fell short of the Future's goal in the Crown of Evil, round 8: the Vicinator "
                              f"had 80 of its 80 Defense left and 1 Tentacle to play. Team score: {team['total']}.")


def the_future(name: str, boards: list[dict[str, Any]] | None = None,
               future_state: dict[str, Any] | None = None) -> TTState:
    position: dict[str, Any] = {"phase": "future", "future": name, "tiles": BLOCK, "dice": "explicit",
                                "heroes_at": ["01:SW", "11:NE", "27:NE"]}
    if boards:
        position["boards"] = boards
    if future_state:
        position["future_state"] = future_state
    return scenario(position)


HEROES = ("The Silver Deer", "The Youngest Son", "The Unborn Maiden")
SHORT = "The team fell short of the Future's goal in the "


@pytest.mark.parametrize(("future", "boards", "state", "goal", "achieved"), [
    ("nine_rings", [{"rings": 3}, {"rings": 1}, {}], {"flips": 4}, ("Rings", ["3", "1", "0"]),
     "Nine Rings of Creation, round 0: 1 of the 3 Heroes held 3 Rings (The Silver Deer 3 Rings, The Youngest Son "
     "1 Ring, The Unborn Maiden 0 Rings), with 4 of 7 tiles flipped."),
    ("nine_rings", [{"rings": 3}, {"rings": 3}, {"rings": 4}], None, ("Rings", ["3", "3", "4"]),
     "Nine Rings of Creation, round 0: all 3 Heroes held 3 Rings (The Silver Deer 3 Rings, The Youngest Son 3 Rings, "
     "The Unborn Maiden 4 Rings), but the team did not gather by the Fountain, with 0 of 7 tiles flipped."),
    ("nine_rings", None, None, ("Rings", ["0", "0", "0"]),
     "Nine Rings of Creation, round 0: no Hero held 3 Rings (The Silver Deer 0 Rings, The Youngest Son 0 Rings, "
     "The Unborn Maiden 0 Rings), with 0 of 7 tiles flipped."),
    ("path_of_initiation", [{"heads": 7}, {"heads": 3}, {}], None, ("Heads", ["3", "2", "0"]),
     "Path of Initiation, round 0: 1 of the 3 Heroes held a Head of each Level (The Silver Deer 3 Heads, The Youngest "
     "Son 2 Heads, The Unborn Maiden 0 Heads), with 0 of 7 tiles flipped."),
    ("path_of_initiation", [{"heads": 7}, {"heads": 7}, {"heads": 7}], None, ("Heads", ["3", "3", "3"]),
     "Path of Initiation, round 0: all 3 Heroes held a Head of each Level (The Silver Deer 3 Heads, The Youngest Son "
     "3 Heads, The Unborn Maiden 3 Heads), but the team did not gather by the Throne, with 0 of 7 tiles flipped."),
    ("information_flood", None, {"wow": 12}, None,
     "Information Flood, round 0: the team gathered 12 Words of Wisdom (42 needed), with 9 tiles left of the Map."),
    ("parallel_land", None, None, None,
     "Parallel Land, round 0: 9 tiles still unturned (the team survives when only 3 are left)."),
])
def test_the_sheet_says_how_far_each_future_got(future: str, boards: list[dict[str, Any]] | None,
                                                state: dict[str, Any] | None, goal: tuple[str, list[str]] | None,
                                                achieved: str) -> None:
    s = the_future(future, boards, state)
    scoring.end_game(s, won=False, reason="The Silver Deer died")
    _, team = check_against_the_game(s)
    sheet = GAME.score_sheet(s.result())
    assert sheet.reason == "The Silver Deer died"           # a Hero keeps their name mid-sentence
    assert sheet.achieved == f"{SHORT}{achieved} Team score: {team['total']}."
    counts = [(row.label, list(row.cells)) for row in sheet.rows if row.kind == "count"]
    assert counts == ([goal] if goal else [])


def test_a_tale_that_fell_in_the_past_says_how_much_of_the_map_was_laid() -> None:
    s = scenario({"phase": "past"})
    scoring.end_game(s, won=False, reason="The 7th tile is flipped")
    _, team = check_against_the_game(s)
    sheet = GAME.score_sheet(s.result())
    assert sheet.reason == "the 7th tile is flipped"
    assert sheet.achieved == ("The team never reached the Future: it fell in the Past, turn 0: 0 of the 30 tiles "
                              f"laid. Team score: {team['total']}.")


def test_a_result_without_the_team_lines_shows_only_the_team_score() -> None:
    from talewood.engine import Result

    rows, reason, achieved = scoring.score_sheet(Result.team(3, False, 120.0))
    assert [(row.label, list(row.cells), row.kind) for row in rows] == [("Team score", ["120"] * 3, "total")]
    assert (reason, achieved) == ("", "")
