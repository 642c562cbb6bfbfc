"""The Villagers in the Village's gaps, through the state's accessors (villagers_in, put_villager,
take_villager): each (gap, player) count is its own, and what the rest of the rules read of the gaps
(the Villagers around a card, a player's Villagers in the Village, the board's view) agrees with them."""

from __future__ import annotations

from talewood.games import load
from talewood.games.greylune.actions import GAPS, NGAPS, SLOT_GAPS
from talewood.games.greylune.state import GreyluneState

PLAYERS = 4


def village() -> GreyluneState:
    """A 4-player game whose gaps hold g + 2p + 1 Villagers of player p in gap g, each put there one by one."""
    s: GreyluneState = load("greylune").new_game(PLAYERS, 3)  # type: ignore[assignment]
    s.gapv = [0] * len(s.gapv)
    for g in range(NGAPS):
        for p in range(PLAYERS):
            for _ in range(g + 2 * p + 1):
                s.put_villager(g, p)
    return s


def test_each_gap_and_player_has_its_own_count() -> None:
    s = village()
    assert [[s.villagers_in(g, p) for p in range(PLAYERS)] for g in range(NGAPS)] == \
        [[g + 2 * p + 1 for p in range(PLAYERS)] for g in range(NGAPS)]
    for p in range(PLAYERS):
        assert s.villagers_in_village(p) == sum(g + 2 * p + 1 for g in range(NGAPS))


def test_the_villagers_around_a_card_and_the_board_read_the_same_gaps() -> None:
    s = village()
    for slot in range(9):
        assert s.around(slot) == sum(g + 2 * p + 1 for g in SLOT_GAPS[slot] for p in range(PLAYERS))
    gaps = s.view(None)["gaps"]
    assert [(tuple(gap["slots"]), gap["villagers"]) for gap in gaps] == \
        [(GAPS[g], [g + 2 * p + 1 for p in range(PLAYERS)]) for g in range(NGAPS)]


def test_taking_a_villager_changes_only_its_gap_and_player() -> None:
    for g in range(NGAPS):
        for p in range(PLAYERS):
            s = village()
            s.take_villager(g, p)
            assert [[s.villagers_in(h, q) for q in range(PLAYERS)] for h in range(NGAPS)] == \
                [[h + 2 * q + 1 - (h == g and q == p) for q in range(PLAYERS)] for h in range(NGAPS)]
