"""A Hero's Talents and Artifact slots read and changed through the state's accessors (hero_state.py;
rulebook, Shevitsa and Hero Boards): each reads and changes its own Hero's three and no other's."""

from __future__ import annotations

from talewood.games.threetale.hero_state import empty_slots, no_talents
from talewood.games.threetale.state import TTState
from talewood.games.threetale.tables import SLOT_NAMES
from talewood.games.threetale.view import hero_json

from .helpers import artifact, scenario

HEAD, HANDS, FEET = (SLOT_NAMES.index(name) for name in ("head", "hands", "feet"))

# each Hero a different number of Talents and a different set of filled slots, so that a read from
# another Hero, another level or another slot shows
TALENTS = (["SD1b"], ["YS1a", "YS2b"], ["UM1b", "UM2a", "UM3b"])
HELD: tuple[list[str], ...] = (["A1-06", "A1-01"], ["A2-10", "A2-03", "A1-04"], [])
IN_SLOTS: tuple[dict[int, str], ...] = ({HEAD: "A1-06", HANDS: "A1-01"}, {HANDS: "A2-03", FEET: "A2-10"}, {})


def heroes() -> TTState:
    boards = [{"talents": talents, "artifacts": held} for talents, held in zip(TALENTS, HELD, strict=True)]
    return scenario({"boards": boards})


def talent(s: TTState, tid: str) -> int:
    return [t.id for t in s.t.talents].index(tid)


def expected_talents(s: TTState, seat: int) -> list[int]:
    """The seat's Talents by level, from the position's data."""
    out = [-1, -1, -1]
    for tid in TALENTS[seat]:
        ti = talent(s, tid)
        out[s.t.talents[ti].level - 1] = ti
    return out


def expected_slots(s: TTState, seat: int) -> list[int]:
    return [artifact(s, IN_SLOTS[seat][slot]) if slot in IN_SLOTS[seat] else -1 for slot in range(3)]


def test_each_hero_reads_its_own_talents() -> None:
    s = heroes()
    for seat in range(3):
        mine = expected_talents(s, seat)
        assert [s.talent_at(seat, lv) for lv in range(3)] == mine
        assert s.talents(seat) == mine
        assert s.talents_developed(seat) == len(TALENTS[seat])
    assert [s.talents_developed(seat) for seat in range(3)] == [1, 2, 3]


def test_talents_is_a_copy() -> None:
    s = heroes()
    for seat in range(3):
        s.talents(seat)[0] = 99
    assert [s.talent_at(seat, 0) for seat in range(3)] == [talent(s, "SD1b"), talent(s, "YS1a"), talent(s, "UM1b")]


def test_developing_a_talent_leaves_the_other_heroes_and_levels() -> None:
    s = heroes()
    before = [s.talents(seat) for seat in range(3)]
    s.develop_talent(0, 1, talent(s, "SD2a"))
    assert s.talents(0) == [talent(s, "SD1b"), talent(s, "SD2a"), -1]
    assert [s.talents(seat) for seat in (1, 2)] == before[1:]
    assert [s.talents_developed(seat) for seat in range(3)] == [2, 2, 3]
    s.develop_talent(1, 2, talent(s, "YS3a"))
    assert s.talents(1) == [talent(s, "YS1a"), talent(s, "YS2b"), talent(s, "YS3a")]
    assert s.talents(0) == [talent(s, "SD1b"), talent(s, "SD2a"), -1] and s.talents(2) == before[2]


def test_each_hero_reads_its_own_slots() -> None:
    s = heroes()
    for seat in range(3):
        mine = expected_slots(s, seat)
        assert [s.in_slot(seat, slot) for slot in range(3)] == mine
        assert s.slots(seat) == mine
    assert [s.slots_empty(seat) for seat in range(3)] == [False, False, True]
    # the Throwing Knife found the Hand slot taken: it is held, not in a slot
    assert artifact(s, "A1-04") in s.arts[1] and artifact(s, "A1-04") not in s.slots(1)


def test_slots_is_a_copy() -> None:
    s = heroes()
    for seat in range(3):
        s.slots(seat)[FEET] = 99
    assert [s.in_slot(seat, FEET) for seat in range(3)] == [-1, artifact(s, "A2-10"), -1]


def test_putting_in_a_slot_leaves_the_other_heroes_and_slots() -> None:
    s = heroes()
    knife = artifact(s, "A1-04")
    s.put_in_slot(1, HANDS, knife)
    assert s.slots(1) == [-1, knife, artifact(s, "A2-10")]
    assert s.slots(0) == expected_slots(s, 0) and s.slots(2) == [-1, -1, -1]
    s.put_in_slot(0, HEAD, -1)
    assert s.slots(0) == [-1, artifact(s, "A1-01"), -1] and not s.slots_empty(0)
    s.put_in_slot(0, HANDS, -1)
    assert s.slots_empty(0) and not s.slots_empty(1) and s.slots(1) == [-1, knife, artifact(s, "A2-10")]


def test_feet_alone_is_not_empty() -> None:
    s = heroes()
    s.put_in_slot(1, HANDS, -1)
    assert s.slots(1) == [-1, -1, artifact(s, "A2-10")] and not s.slots_empty(1)
    s.put_in_slot(1, FEET, -1)
    s.put_in_slot(1, HEAD, artifact(s, "A2-10"))
    assert not s.slots_empty(1) and s.slots_empty(2)


def test_losing_an_artifact_empties_only_its_own_slot() -> None:
    s = heroes()
    s.remove_artifact(1, artifact(s, "A2-03"))
    assert s.slots(1) == [-1, -1, artifact(s, "A2-10")]
    assert s.slots(0) == expected_slots(s, 0)
    s.add_artifact(2, artifact(s, "A2-03"))
    assert s.slots(2) == [-1, artifact(s, "A2-03"), -1] and s.slots(1) == [-1, -1, artifact(s, "A2-10")]


def test_the_board_shows_each_heros_own_talents_and_slots() -> None:
    s = heroes()
    for seat in range(3):
        entry = hero_json(s, seat)
        assert sorted(t["id"] for t in entry["talents"] if t["developed"]) == sorted(TALENTS[seat])
        assert entry["slots"] == {SLOT_NAMES[slot]: IN_SLOTS[seat].get(slot) for slot in range(3)}
        assert {a["id"] for a in entry["artifacts"] if a["in_slot"]} == set(IN_SLOTS[seat].values())


def test_a_new_game_has_no_talents_and_empty_slots() -> None:
    assert no_talents(3) == [-1] * 9 and empty_slots(3) == [-1] * 9
    s = scenario({})
    assert all(s.talents(seat) == [-1, -1, -1] and s.slots_empty(seat) for seat in range(3))
