"""Shevitsa's Talents (rulebook, Other Stats: Shevitsa): the next level's Talent developed when the Hero
has the Shevitsa for it, one Talent of each level; and the Talents that fire whenever something
happens ("whenever you claim a White Stone", "whenever you win a Battle").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..effects import resolve

if TYPE_CHECKING:
    from ..state import TTState


def develop_options(s: TTState, seat: int) -> list[int]:
    """The Talents of the next level, if the Hero has the Shevitsa (A-07: levels in order)."""
    if seat != s.cur:
        return []
    lv = s.talents_developed(seat)
    if lv >= 3 or s.shev[seat] < s.t.c.board.talent_costs[lv]:
        return []
    base = s.t.ids.develop
    h = s.hero[seat]
    return [base + h * 6 + i for i, tal in enumerate(s.hero_of(seat).talents) if tal.level == lv + 1]


def develop(s: TTState, seat: int, ti: int) -> None:
    lv = s.t.talents[ti].level - 1
    s.shev[seat] -= s.t.c.board.talent_costs[lv]
    s.develop_talent(seat, lv, ti)
    if s.log is not None:
        s.emit("talent", f"{s.name(seat)} develops the Talent {s.t.talents[ti].name}")


def trigger(s: TTState, seat: int, event: str) -> None:
    """A `whenever` ability of the Hero's Talents fires."""
    for e in s.passives(seat):
        if e.do == "whenever" and e.event == event:
            resolve(s, seat, e.then)
