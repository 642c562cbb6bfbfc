"""The engine contract, checked on every registered game and on the tests' own cooperative game."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from talewood.engine import Game
from talewood.games import available, load
from tests.games.lanterns.game import LanternsGame

from .contract import CHECKS

GAMES: list[Callable[[], Game]] = [*(lambda g=g: load(g) for g in available()), LanternsGame]
IDS = [*available(), "lanterns"]


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__.removeprefix("check_"))
@pytest.mark.parametrize("make", GAMES, ids=IDS)
def test_contract(make: Callable[[], Game], check: Callable[[Game], None]) -> None:
    check(make())
