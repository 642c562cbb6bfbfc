"""Greylune's effect and requirement words, read as the engine's content terms: a bad one is refused
naming the entry, the term and what would be valid."""

from __future__ import annotations

import pytest

from talewood.engine import ContentError
from talewood.games.greylune.content import (
    COINS,
    MOVE,
    R_NONE,
    SPEND_COINS,
    VP,
    load_content,
    parse_effect,
    parse_req,
)


def test_effects_and_requirements_read_as_written() -> None:
    assert parse_effect("here", "vp:3") == (VP, 3)
    assert parse_effect("here", "move") == (MOVE, 1)          # an effect's amount is 1 unless written
    assert parse_effect("here", "coins:0") == (COINS, 0)
    assert parse_req("here", "spend_coins:2") == (SPEND_COINS, 2)
    assert parse_req("here", "") == (R_NONE, 0)
    assert load_content().cards                                 # the shipped content reads


@pytest.mark.parametrize(("parse", "word", "message"), [
    (parse_effect, "glory:3", "here: unknown effect keyword 'glory' in 'glory:3'; known: coins, hall, income"),
    (parse_effect, "vp:x", "here: 'vp:x': amount must be 0..99, not 'x'"),
    (parse_effect, "vp:300", "here: 'vp:300': amount must be 0..99, not 300"),
    (parse_effect, "vp:1:2", "here: 'vp:1:2' has 2 parameter(s); vp:<amount> takes 0 to 1"),
    (parse_req, "spend_coins", "here: 'spend_coins' has 0 parameter(s); spend_coins:<amount> takes 1"),
    (parse_req, "pay_coins:2", "here: unknown requirement keyword 'pay_coins' in 'pay_coins:2'; known: have_mag"),
])
def test_a_bad_word_is_refused_naming_the_entry_the_term_and_what_is_valid(parse, word, message) -> None:
    with pytest.raises(ContentError) as caught:
        parse("here", word)
    assert str(caught.value).startswith(message)
