"""A Hero's board (rulebook, Hero Boards, Virtues, Other Stats, Artifact Cards): Virtues and their
tiers, Speed, Actions and dice turned this turn, the Talents' passive abilities, Spirit lost (and a
death prevented), and the Artifacts in hand and in their slots.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from . import rulings
from .components.vocabulary import Effect
from .map_state import MapState
from .scoring import end_game
from .state_fields import (
    B_HURT,
    PAST,
    rules,
)
from .tables import (
    ENDEAVOR,
    FAITH,
    HOPE,
    Profile,
)

if TYPE_CHECKING:
    from .state import TTState


def no_virtues(seats: int) -> list[int]:
    """Every seat's Virtues at 0, before the Heroes are taken (the state's `vir`)."""
    return [0] * (6 * seats)


def virtue_index(seat: int, virtue: int) -> int:
    """Where one of a Hero's Virtues lies in the state's `vir` (or a copy of it: an encoder's last look)."""
    return seat * 6 + virtue


def virtues_of(vir: list[int], seat: int) -> list[int]:
    """One Hero's six Virtues out of the state's `vir` or a copy of it (an encoder's last look), in
    VIRTUES order."""
    b = seat * 6
    return vir[b:b + 6]


def no_talents(seats: int) -> list[int]:
    """No Talent developed at any level, before the game starts (the state's `tal`)."""
    return [-1] * (3 * seats)


def empty_slots(seats: int) -> list[int]:
    """Every Hero's three Artifact slots empty (the state's `equip`)."""
    return [-1] * (3 * seats)


class HeroState(MapState):
    """The state's Hero boards: Virtues, Speed, Spirit, Talents and Artifacts."""

    __slots__ = ()

    # -- a Hero's Virtues: `vir` holds each seat's six, in VIRTUES order, seat after seat; only the
    # accessors below know that layout
    def v(self, seat: int, virtue: int) -> int:
        """The value (0 to 13) of one of the Hero's Virtues."""
        return self.vir[seat * 6 + virtue]

    def virtues(self, seat: int) -> list[int]:
        """The Hero's six Virtues, in VIRTUES order (a copy)."""
        return virtues_of(self.vir, seat)

    def virtue_total(self, seat: int) -> int:
        b = seat * 6
        return sum(self.vir[b:b + 6])

    def highest_virtue(self, seat: int) -> int:
        """The Hero's highest Virtue ("a Virtue at 13", a Quest's "any Virtue at n")."""
        b = seat * 6
        vir = self.vir
        top = vir[b]
        for i in range(b + 1, b + 6):
            if vir[i] > top:
                top = vir[i]
        return top

    def set_virtue(self, seat: int, virtue: int, n: int) -> None:
        """Put one of the Hero's Virtues at n (a scenario's board, a lost Hero's last points)."""
        self.vir[seat * 6 + virtue] = n

    def set_virtues(self, seat: int, values: Sequence[int]) -> None:
        """Put all six of the Hero's Virtues, in VIRTUES order (a Hero's starting board, L175)."""
        if len(values) != 6:
            raise ValueError(f"a Hero has six Virtues, not {len(values)}")
        b = seat * 6
        self.vir[b:b + 6] = list(values)

    def lower_virtue(self, seat: int, virtue: int, n: int = 1) -> None:
        """Diminish a Virtue by n (damage, a Virtue point lost or moved); the caller has checked it has n."""
        self.vir[seat * 6 + virtue] -= n

    def raisable(self, seat: int) -> list[int]:
        b = seat * 6
        top = rulings.VIRTUE_MAX
        vir = self.vir
        if vir[b] < top and vir[b + 1] < top and vir[b + 2] < top and vir[b + 3] < top and vir[b + 4] < top \
                and vir[b + 5] < top:
            return [0, 1, 2, 3, 4, 5]
        return [v for v in range(6) if vir[b + v] < top]

    def raise_virtue(self, seat: int, virtue: int, n: int = 1) -> int:
        """Raise a Virtue by up to n (never above 13); how much it rose."""
        i = seat * 6 + virtue
        before = self.vir[i]
        self.vir[i] = min(rulings.VIRTUE_MAX, before + n)
        gained = self.vir[i] - before
        if gained and self.phase == PAST and self.quests[seat]:
            rules().check_quests(cast("TTState", self), seat)
        return gained

    # -- a Hero's Talents (Shevitsa, L213: one Talent of each level): `tal` holds each seat's three, the
    # Level 1, 2 and 3 Talent (or -1: none yet), seat after seat; `lv` is a Talent's level less one
    def talent_at(self, seat: int, lv: int) -> int:
        """The Talent the Hero has developed at level lv + 1, or -1."""
        return self.tal[seat * 3 + lv]

    def talents(self, seat: int) -> list[int]:
        """The Hero's Talents of levels 1, 2 and 3 (-1 where not developed; a copy)."""
        b = seat * 3
        return self.tal[b:b + 3]

    def talents_developed(self, seat: int) -> int:
        """How many Talents the Hero has developed (0 to 3)."""
        b = seat * 3
        tal = self.tal
        return (tal[b] >= 0) + (tal[b + 1] >= 0) + (tal[b + 2] >= 0)

    def develop_talent(self, seat: int, lv: int, talent: int) -> None:
        """Mark a Talent developed at level lv + 1 (the caller has paid its Shevitsa)."""
        self.tal[seat * 3 + lv] = talent

    # -- a Hero's Artifact slots (Head, Hand and Feet, L182): `equip` holds each seat's three, in
    # SLOT_NAMES order (the Artifact there, or -1: empty), seat after seat
    def in_slot(self, seat: int, slot: int) -> int:
        """The Artifact in the Hero's slot, or -1."""
        return self.equip[seat * 3 + slot]

    def slots(self, seat: int) -> list[int]:
        """The Artifacts in the Hero's Head, Hand and Feet slots (-1 where empty; a copy)."""
        b = seat * 3
        return self.equip[b:b + 3]

    def slots_empty(self, seat: int) -> bool:
        """No Artifact in any of the Hero's slots."""
        b = seat * 3
        equip = self.equip
        return equip[b] < 0 and equip[b + 1] < 0 and equip[b + 2] < 0

    def put_in_slot(self, seat: int, slot: int, artifact: int) -> None:
        """Put a held Artifact in its slot (the one there before stays in hand); -1 empties the slot."""
        self.equip[seat * 3 + slot] = artifact

    def profile(self, seat: int) -> Profile:
        """What the Hero's Talents and slotted Artifacts give, kept by the six that make it: the three
        Talents and the three slots, read straight from `tal` and `equip` (this runs at every decision)."""
        b = seat * 3
        tal = self.tal
        eq = self.equip
        k = (tal[b], tal[b + 1], tal[b + 2], eq[b], eq[b + 1], eq[b + 2])
        found = self.t.profiles.get(k)
        return found if found is not None else self.t.profile(k)

    def passives(self, seat: int) -> tuple[Effect, ...]:
        """The effects that work for a Hero without being used: developed Talents and the passive
        Artifacts in their slots (A-23)."""
        return self.profile(seat).effects

    def passive_sum(self, seat: int, keyword: str, **match: Any) -> int:
        p = self.profile(seat)
        if keyword not in p.dos:
            return 0
        total = 0
        for e in p.effects:
            if e.do == keyword and all(getattr(e, k) == v for k, v in match.items()):
                total += e.n
        return total

    def has_passive(self, seat: int, keyword: str, **match: Any) -> bool:
        p = self.profile(seat)
        if keyword not in p.dos:
            return False
        return any(e.do == keyword and all(getattr(e, k) == v for k, v in match.items()) for e in p.effects)

    def tier(self, seat: int, virtue: int) -> int:
        """What a Hero's Hope, Faith, Endeavor, Endurance or Mercy gives now (0 to 3, more with Talents)."""
        b = seat * 3
        tal = self.tal
        eq = self.equip
        k = (tal[b], tal[b + 1], tal[b + 2], eq[b], eq[b + 1], eq[b + 2])
        t = self.t
        p = t.profiles.get(k) or t.profile(k)
        return t.tier[self.vir[seat * 6 + virtue]] + p.tiers[virtue]

    def speed_now(self, seat: int) -> int:
        """Speed for moving and for who attacks first: the stat, Speed Artifacts and this turn's bonus."""
        extra = self.turn.speed if seat == self.cur else 0
        return self.speed[seat] + self.profile(seat).speed_bonus + extra

    def steps_left(self, seat: int) -> int:
        return self.speed_now(seat) - self.steps

    def actions_allowed(self, seat: int) -> int:
        p = self.profile(seat)
        t = self.t
        endeavor = self.vir[seat * 6 + ENDEAVOR] if rulings.ACTIONS_FOLLOW_ENDEAVOR else self.turn.endeavor
        return t.actions + t.tier[endeavor] + p.tiers[ENDEAVOR] + p.extra_actions + self.turn.actions

    def actions_left(self, seat: int) -> int:
        return self.actions_allowed(seat) - self.acts

    def turns_left(self, seat: int) -> int:
        """Dice this Hero may still turn now: what Hope's band leaves (A-15: its band now, less the dice
        turned this turn) and this turn's Bonus turns."""
        bonus = self.turn.dice_to_turn if seat == self.cur else 0
        return max(0, self.tier(seat, HOPE) - self.turns_used) + bonus

    def use_turn(self, seat: int) -> None:
        """Turn a die: from Hope while its band allows, else from this turn's Bonus cards."""
        if self.tier(seat, HOPE) - self.turns_used > 0:
            self.turns_used += 1
        else:
            self.turn.dice_to_turn -= 1

    def faith_draws(self, seat: int) -> int:
        return self.tier(seat, FAITH)

    def lose_spirit(self, seat: int, n: int = 1) -> None:
        """Spend or lose Spirit; at 0 the Hero dies and the team loses (R51), unless saved."""
        self.spirit[seat] = max(0, self.spirit[seat] - n)
        if self.battle.kind and seat == self.cur:
            self.battle.used |= B_HURT
        if self.spirit[seat] == 0:
            if rulings.DEATH_PREVENTION_AUTOMATIC and self.save_from_death(seat):
                return
            if self.log is not None:
                self.emit("death", f"{self.name(seat)} has no Spirit left and dies: the team loses")
            end_game(cast("TTState", self), won=False, reason=f"{self.name(seat)} died")

    def save_from_death(self, seat: int) -> bool:
        """Water of Life (once a game) or a Phoenix Tear in its slot keep a falling Hero at 1 Spirit."""
        for saver in range(3):
            for lv in range(3):
                ti = self.talent_at(saver, lv)
                if ti < 0 or self.once_game[saver] >> lv & 1:
                    continue
                for e in self.t.talents[ti].effects:
                    if e.do == "restore_spirit" and e.any_time:
                        self.once_game[saver] |= 1 << lv
                        self.spirit[seat] = 1
                        if self.log is not None:
                            self.emit("save", f"{self.name(saver)} uses {self.t.talents[ti].name}: "
                                              f"{self.name(seat)} keeps 1 Spirit")
                        return True
            for slot in range(3):
                a = self.in_slot(saver, slot)
                if a < 0:
                    continue
                art = self.t.artifacts[a]
                if art.usage == "one_time" and any(e.do == "restore_spirit" and e.any_time for e in art.effects):
                    self.remove_artifact(saver, a)
                    self.spirit[seat] = 1
                    if self.log is not None:
                        self.emit("save", f"{self.name(saver)} uses {art.name}: {self.name(seat)} keeps 1 Spirit")
                    return True
        return False

    # -- Artifacts ----------------------------------------------------------------------------
    def add_artifact(self, seat: int, a: int) -> None:
        """A Hero takes Artifact a; it goes into its slot if that slot is empty and unused this turn."""
        self.arts[seat].append(a)
        slot = self.t.art_slot[a]
        if self.in_slot(seat, slot) < 0 and not (seat == self.cur and self.slots_used >> slot & 1):
            self.put_in_slot(seat, slot, a)

    def remove_artifact(self, seat: int, a: int, to_deck: bool = True) -> None:
        """Artifact a leaves the Hero (given away, sacrificed, used up, lost)."""
        self.arts[seat].remove(a)
        slot = self.t.art_slot[a]
        if self.in_slot(seat, slot) == a:
            self.put_in_slot(seat, slot, -1)
        if to_deck:
            self.deck[self.t.artifacts[a].level - 1].append(a)

    def equipped(self, seat: int, usage: str) -> list[int]:
        out = []
        for slot in range(3):
            a = self.in_slot(seat, slot)
            if a >= 0 and self.t.artifacts[a].usage == usage:
                out.append(a)
        return out
