"""How choices and final scores are told (engine/present.py): the verdict in words, the reason of a tie
from the first tie-breaking row, a team's result, and only meaningful fields sent."""

from __future__ import annotations

import pytest

from talewood.engine import Choice, Result, ScoreSheet, SheetBuilder, SheetRow
from tests.games.lanterns.game import LanternsGame
from tests.server.deckgame import DeckGame as DuelGame  # a small game that is not cooperative


def rows(tiebreak: str = "Story cards") -> list[SheetRow]:
    sheet = SheetBuilder()
    sheet.points("Fame", ["10", "10", "8"], "fame on cards")
    sheet.count("Cards", ["3", "4", "2"])
    sheet.tiebreak(tiebreak, ["5", "7", "1"], "the most wins a tie")
    sheet.total("Total", ["10", "10", "8"])
    return sheet.rows


def test_a_tie_won_on_a_tie_breaker_says_so() -> None:
    game = DuelGame()
    sheet = game.sheet(Result([10.0, 10.0, 8.0], [1]), rows())
    assert sheet.verdict == "Player 2 wins with 10 points"
    assert sheet.reason == "won the tie on story cards"
    assert sheet.headline() == "Player 2 wins with 10 points: won the tie on story cards"


def test_a_clear_win_needs_no_reason_and_a_shared_one_says_why() -> None:
    game = DuelGame()
    assert game.sheet(Result([11.0, 10.0, 8.0], [0]), rows()).reason == ""
    shared = game.sheet(Result([10.0, 10.0, 8.0], [0, 1]), rows())
    assert shared.verdict == "Player 1 and Player 2 share the victory with 10 points"
    assert shared.reason.startswith("shared")
    assert game.sheet(Result([1.0, 1.0], []), rows()[:1]).verdict == "Nobody wins"
    assert game.sheet(Result([1.0, 0.0], [0]), rows()[:1]).verdict == "Player 1 wins with 1 point"


def test_the_game_names_its_points_and_may_give_its_own_reason() -> None:
    game = DuelGame()
    game.points_noun = "fame point"
    sheet = game.sheet(Result([10.0, 10.0, 8.0], [1]), rows(), reason="the solo opponent has no majority")
    assert sheet.verdict == "Player 2 wins with 10 fame points" and sheet.reason == "the solo opponent has no majority"


def test_a_team_result_says_what_the_team_achieved() -> None:
    game = LanternsGame()
    result = Result.team(2, False, 31.0)
    sheet = game.score_sheet(result)
    assert sheet.verdict == "The team loses" and sheet.achieved == "Team score: 31."
    assert [r.kind for r in sheet.rows] == ["total"]
    assert game.sheet(result, sheet.rows, "the clock ran out", "in round 7").achieved == "in round 7"


def test_sheets_and_choices_send_what_they_say() -> None:
    with pytest.raises(ValueError, match="points, count, tiebreak, total, note"):
        ScoreSheet([SheetRow("Fame", ["1"], "bonus")], "Player 1 wins")  # type: ignore[arg-type]
    assert Choice().to_json() == {}
    assert Choice(group="Gemstones", first=False, detail="", code="r3c4").to_json() == {"group": "Gemstones",
                                                                                      "code": "r3c4"}
    row = SheetRow("Tiles", ["3", "4"], "tiebreak", "fewer wins a tie")
    assert row.to_json() == {"label": "Tiles", "cells": ["3", "4"], "kind": "tiebreak", "explain": "fewer wins a tie"}
    assert ScoreSheet([row], "Player 1 wins").pairs() == [("Tiles", ["3", "4"])]
