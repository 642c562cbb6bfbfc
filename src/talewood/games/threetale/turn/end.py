"""The end of a turn (rulebook, Virtues: Endurance and Mercy): Endurance raises the Hero's own Virtues
and Mercy another Hero's, at once (a Virtue raised by Endurance does not add to this turn's Mercy),
then the Bonus cards go back to their decks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ....engine import automatic, decision
from .. import rulings
from ..effects import resolve
from ..tables import (
    ENDURANCE,
    HERO_BONUS,
    MERCY,
)
from .moving import PortalTo, end_ok, mobility, step_options, take_step

if TYPE_CHECKING:
    from ..state import TTState


# -- the end of a turn -------------------------------------------------------------------------------

@automatic
class EndOfTurn(NamedTuple):
    """Endurance and Mercy, at once from the values before either (L201); end-of-turn Talents."""

    seat: int

    def run(self, s: TTState) -> None:
        seat = self.seat
        s.push(Cleanup(seat))
        endure = s.tier(seat, ENDURANCE)
        mercy = s.tier(seat, MERCY)
        shift = s.passive_sum(seat, "virtue_shift")
        if shift:
            s.push(Shift(seat, shift, -1))
        if mercy and any(s.raisable(h) for h in range(3) if h != seat):
            s.push(MercyHero(seat, mercy, 0))
        if endure:
            s.push(Endure(seat, endure, 0))
        p = s.profile(seat)
        if "whenever" in p.dos:
            for e in reversed(p.effects):
                if e.do == "whenever" and e.event == "end_of_turn":
                    resolve(s, seat, e.then)
        if "ally_move" in p.dos:
            for e in p.effects:
                if e.do == "ally_move":
                    for h in reversed(s.order):
                        if h != seat:
                            s.push(AllyMove(h, e.n))


def endure_options(s: TTState, seat: int, used: int) -> list[int]:
    base = s.t.ids.raise_virtue
    out = [base + v for v in s.raisable(seat)
           if not used >> v & 1 and not (v == ENDURANCE and rulings.ENDURANCE_NOT_ON_ITSELF)]
    return out


@decision
class Endure(NamedTuple):
    """Endurance: raise another of your Virtues by 1, once per band (A-16: each a different Virtue)."""

    seat: int
    left: int
    used: int

    def prompt(self, s: TTState) -> str:
        return f"Endurance: raise another of your Virtues by 1 ({self.left} left)"

    def legal(self, s: TTState) -> list[int]:
        out = endure_options(s, self.seat, self.used)
        return [*out, s.t.ids.done] if rulings.END_OF_TURN_GIFTS_MAY_BE_DECLINED or not out else out

    def apply(self, s: TTState, action: int) -> None:
        if action == s.t.ids.done:
            return
        v = action - s.t.ids.raise_virtue
        s.raise_virtue(self.seat, v)
        if s.log is not None:
            s.emit("endurance", f"{s.name(self.seat)}'s Endurance raises {s.t.virtue_names[v]} to {s.v(self.seat, v)}")
        used = self.used | 1 << v
        if self.left > 1 and endure_options(s, self.seat, used):
            s.push(Endure(self.seat, self.left - 1, used))


def mercy_bit(h: int, v: int) -> int:
    """The bit of a Mercy's `used` that says Hero h's Virtue v has risen by it already."""
    return 1 << (h * 6 + v)


def mercy_pairs(s: TTState, seat: int, used: int) -> list[tuple[int, int]]:
    stack = s.has_passive(seat, "mercy_stack") or not rulings.MERCY_PAIRS_DIFFER
    return [(h, v) for h in range(3) if h != seat for v in s.raisable(h)
            if stack or not used & mercy_bit(h, v)]


@decision
class MercyHero(NamedTuple):
    """Mercy: choose another Hero whose Virtue rises by 1 (once per band)."""

    seat: int
    left: int
    used: int

    def prompt(self, s: TTState) -> str:
        return f"Mercy: choose another Hero to raise a Virtue of ({self.left} left)"

    def legal(self, s: TTState) -> list[int]:
        base = s.t.ids.hero
        out = sorted({base + s.hero[h] for h, _ in mercy_pairs(s, self.seat, self.used)})
        return [*out, s.t.ids.done] if rulings.END_OF_TURN_GIFTS_MAY_BE_DECLINED or not out else out

    def apply(self, s: TTState, action: int) -> None:
        if action == s.t.ids.done:
            return
        s.push(MercyVirtue(self.seat, s.hero.index(action - s.t.ids.hero), self.left, self.used))


@decision
class MercyVirtue(NamedTuple):
    """Mercy: which of that Hero's Virtues rises."""

    seat: int
    target: int
    left: int
    used: int

    def prompt(self, s: TTState) -> str:
        return f"Mercy: choose the Virtue of {s.name(self.target)} that rises by 1"

    def legal(self, s: TTState) -> list[int]:
        base = s.t.ids.raise_virtue
        return [base + v for h, v in mercy_pairs(s, self.seat, self.used) if h == self.target]

    def apply(self, s: TTState, action: int) -> None:
        v = action - s.t.ids.raise_virtue
        s.raise_virtue(self.target, v)
        if s.log is not None:
            s.emit("mercy", f"{s.name(self.seat)}'s Mercy raises {s.name(self.target)}'s {s.t.virtue_names[v]} to "
                            f"{s.v(self.target, v)}")
        used = self.used | mercy_bit(self.target, v)
        if self.left > 1 and mercy_pairs(s, self.seat, used):
            s.push(MercyHero(self.seat, self.left - 1, used))
        s.goal_changed()


@decision
class Shift(NamedTuple):
    """Phases of the Moon: move a point from one of your Virtues to another (from, then to)."""

    seat: int
    left: int
    source: int

    def prompt(self, s: TTState) -> str:
        if self.source < 0:
            return "Phases of the Moon: choose a Virtue to move 1 point from, or keep them"
        return f"Phases of the Moon: choose the Virtue that takes the point from {s.t.virtue_names[self.source]}"

    def legal(self, s: TTState) -> list[int]:
        ids = s.t.ids
        seat = self.seat
        if self.source < 0:
            return [*(ids.lower_virtue + v for v in range(6) if s.v(seat, v) > 0), ids.done]
        return [ids.raise_virtue + v for v in s.raisable(self.seat) if v != self.source]

    def apply(self, s: TTState, action: int) -> None:
        ids = s.t.ids
        if action == ids.done:
            return
        if self.source < 0:
            s.push(Shift(self.seat, self.left, action - ids.lower_virtue))
            return
        v = action - ids.raise_virtue
        s.lower_virtue(self.seat, self.source)
        s.raise_virtue(self.seat, v)
        if s.log is not None:
            s.emit("shift", f"{s.name(self.seat)} moves a point from {s.t.virtue_names[self.source]} to "
                            f"{s.t.virtue_names[v]}")
        if self.left > 1:
            s.push(Shift(self.seat, self.left - 1, -1))


@decision
class AllyMove(NamedTuple):
    """Leader of the Herd: at the end of its turn, each other Hero may move up to n Steps."""

    seat: int
    left: int

    def prompt(self, s: TTState) -> str:
        return f"Leader of the Herd: move up to {self.left} Steps, or stay"

    def legal(self, s: TTState) -> list[int]:
        out = step_options(s, self.seat, self.left, mobility(s, self.seat))
        if end_ok(s, self.seat, s.pos[self.seat]) or not out:
            out.append(s.t.ids.stop)
        return out

    def apply(self, s: TTState, action: int) -> None:
        if action == s.t.ids.stop:
            return
        d = action - s.t.ids.step
        left = self.left
        cost = take_step(s, self.seat, d, mobility(s, self.seat), left, 1)
        if s.log is not None:
            s.emit("step", f"{s.name(self.seat)} steps to {s.space_name(s.pos[self.seat])}")
        if left - cost > 0 or not end_ok(s, self.seat, s.pos[self.seat]):
            s.stack.insert(len(s.stack) - (1 if s.stack and isinstance(s.stack[-1], PortalTo) else 0),
                           AllyMove(self.seat, left - cost))


@automatic
class Cleanup(NamedTuple):
    """The turn is over: every Bonus card goes back and the deck is shuffled (L293)."""

    seat: int

    def run(self, s: TTState) -> None:
        s.deck[HERO_BONUS].extend(s.bonus_hand)
        s.shuffle_in(HERO_BONUS)
        s.bonus_hand = []
        s.bonus_unused = []
        if s.green[self.seat] > 0:
            s.green[self.seat] -= 1
        s.end_of_hero_turn(self.seat)
