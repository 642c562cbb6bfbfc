"""The shared SVG helpers keep text inside its box: `wrap` never cuts a word, and the end of a game's
banner says the verdict and its reason at a readable size."""

from __future__ import annotations

import re

from talewood.ui.svg import GLYPH, MIN_FONT, Canvas, final_banner, wrap


def test_wrap_keeps_whole_words_and_says_when_it_stops() -> None:
    assert wrap("Invisibility Potion", 80, 9, 2) == ["Invisibility", "Potion"]
    assert wrap("Invisibility Potion", 60, 9, 1) == ["Invisibili…"]
    lines = wrap("spend 2 Villagers → the Income token, and then a good deal more", 110, 9, 2)
    assert len(lines) == 2 and lines[-1].endswith("…")
    assert all(len(line) * 9 * GLYPH <= 110 for line in lines)
    assert wrap("", 50, 9, 2) == []


def test_the_final_banner_says_the_verdict_its_reason_and_what_a_team_achieved() -> None:
    c = Canvas()
    sheet = {"verdict": "Player 2 wins with 34 points", "reason": "won the tie on story cards",
             "achieved": "", "rows": []}
    bottom = final_banner(c, 10, 0, 980, sheet)
    texts = re.findall(r">([^<]+)</text>", "".join(c.parts))
    assert texts == ["Player 2 wins with 34 points: won the tie on story cards"]
    assert 'class="score-sheet"' in "".join(c.parts) and bottom > 30
    team = {**sheet, "verdict": "The team loses", "reason": "the clock ran out",
            "achieved": "The team fell short of the goal in the Nine Rings, round 7, with a team score of 313."}
    c = Canvas()
    final_banner(c, 10, 0, 400, team)
    drawn = " ".join(re.findall(r">([^<]+)</text>", "".join(c.parts)))
    assert "The team loses: the clock ran out" in drawn and "round 7" in drawn
    assert all(float(size) >= MIN_FONT for size in re.findall(r'font-size="([\d.]+)"', "".join(c.parts)))
    assert final_banner(Canvas(), 10, 50, 400, None) == 50
