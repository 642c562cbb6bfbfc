"""Greylune's fixed numbers (the rulebook's setup and the board) and the markers the state uses."""

from __future__ import annotations

SPRING, SUMMER, AUTUMN = 0, 1, 2
SEASONS = ("Spring", "Summer", "Autumn")
YEARS = 5
PERIOD_OF_YEAR = (0, 1, 1, 2, 2, 3)     # by year: the Village period its cards come from
VILLAGERS_PER_PLAYER = 7
START_ACTIVE = 3
START_COINS = 8
MAX_COMPANIONS = 3
BASE_ITEM_LIMIT = 3
NO_CARD = -1                            # an empty Village slot
IN_BOX = -2                             # `owner` of a card gone back to the box (a used Potion, a discarded Item)
