"""The Prophecy Phase: each player picks a Hero after reading the three Prophecies (L123, A-04), and
the team agrees on the turn order (L127; it may change it in the Present, L147)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...engine import decision, seat_name
from .tables import SEAT_NOUN

if TYPE_CHECKING:
    from .state import TTState


def take_hero(s: TTState, seat: int, h: int) -> None:
    """Seat `seat` plays Hero h: its board starts with the highlighted values (L175)."""
    hero = s.t.c.heroes[h]
    s.hero[seat] = h
    s.set_virtues(seat, hero.virtues)
    s.speed[seat] = hero.speed
    s.spirit[seat] = hero.spirit
    s.shev[seat] = hero.shevitsa


@decision
class PickHero(NamedTuple):
    """Choose the Hero you play, after reading the Prophecies."""

    seat: int

    def prompt(self, s: TTState) -> str:
        return "choose your Hero (the Prophecies tell what the Future will ask)"

    def legal(self, s: TTState) -> list[int]:
        base = s.t.ids.pick_hero
        return [base + h for h in range(len(s.t.c.heroes)) if h not in s.hero]

    def apply(self, s: TTState, action: int) -> None:
        take_hero(s, self.seat, action - s.t.ids.pick_hero)
        if s.log is not None:
            s.emit("hero", f"{seat_name(self.seat, SEAT_NOUN)} plays {s.name(self.seat)}")


@decision
class ChooseOrder(NamedTuple):
    """The team's turn order: which Hero goes first, then second (the third follows). In the Present
    the team may also keep the order it has."""

    seat: int
    first: int
    second: int
    present: int

    def prompt(self, s: TTState) -> str:
        if self.first < 0:
            return "choose the Hero who takes the first turn" + (", or keep the order" if self.present else "")
        return "choose the Hero who takes the second turn"

    def legal(self, s: TTState) -> list[int]:
        base = s.t.ids.order_hero
        out = sorted(base + s.hero[h] for h in range(3) if h != self.first)
        if self.present and self.first < 0:
            out.append(s.t.ids.keep_order)
        return sorted(out)

    def apply(self, s: TTState, action: int) -> None:
        if action == s.t.ids.keep_order:
            return
        h = s.hero.index(action - s.t.ids.order_hero)
        if self.first < 0:
            s.push(ChooseOrder(self.seat, h, -1, self.present))
            return
        third = next(x for x in range(3) if x not in (self.first, h))
        s.order = [self.first, h, third]
        if s.log is not None:
            s.emit("order", "Turn order: " + ", ".join(s.name(x) for x in s.order))
