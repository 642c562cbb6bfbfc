"""Fights (L339-371) and roll tests: every die is a chance step with its faces' probabilities.

A fight against a card opponent: choose a weapon, (the bow's pre-roll), roll the opponent's dice, roll
your own, then discard strength cards one at a time after seeing the rolls (the Knight, L367). The
attacker needs strictly more strength; a tie goes to the defender (L361). A fight between adventurers
(Duel, L371): both choose weapons and roll; the attacker plays up to 2 cards face down, then the
defender; the cards are revealed and compared. The winner discards the played cards, the loser takes
them back (L363).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from ...engine import automatic, chance, decision, seat_name
from . import rulings
from .actions import DIE_FACES
from .enhance import STRENGTH, enhancements
from .paying import PayNext
from .tables import (
    ALL_SEATS,
    BOOST_NAME,
    CardInfo,
)

if TYPE_CHECKING:
    from .state import TrialState

RESOLVE = 9


def _weapons(s: TrialState, seat: int) -> list[int]:
    pack = s.backpack[seat]
    if not pack:
        return []
    fights = s.t.fights_with
    return sorted({o for o in pack if fights[o]})


def fight_words(strength: int, dice: int) -> str:
    """A card opponent's strength as the card prints it: "6+" (and a die), "3 dice", "4 plus 2 dice", "5"."""
    if dice == 1:
        return f"{strength}+"
    if dice == 0:
        return str(strength)
    return f"{dice} dice" if strength == 0 else f"{strength} plus {dice} dice"


def start_card_fight(s: TrialState, seat: int, strength: int, dice: int) -> None:
    """Fight a card opponent (always the defender, L361): `strength` plus `dice` dice, rolled by you."""
    s.f_att = seat
    s.f_def = -1
    s.f_pts = [s.strength(seat), strength]
    # the shield weakens only opponents from encounter and expedition cards (L762), not a deed's
    shield = s.shield(seat) if s.t.cards[s.r_card].deck != "deed" else 0
    s.f_dice = [s.dice(seat), max(0, dice - shield)]
    s.f_cards = [[], []]
    s.f_weapon = [-1, -1]
    s.f_bow = -1
    s.f_played = [0, 0]
    if s.log is not None:
        what = fight_words(strength, dice)
        s.emit("fight", f"{seat_name(seat)} fights {s.card_name(s.r_card)} ({what})", seat=seat)
    s.stack.append(FightStep(seat, 0))


def start_duel(s: TrialState, attacker: int, defender: int) -> None:
    """A fight between adventurers (L359): the card's player attacks."""
    s.f_att = attacker
    s.f_def = defender
    s.f_pts = [s.strength(attacker), s.strength(defender)]
    s.f_dice = [s.dice(attacker), s.dice(defender)]
    s.f_cards = [[], []]
    s.f_weapon = [-1, -1]
    s.f_bow = -1
    s.f_played = [0, 0]
    if s.log is not None:
        s.emit("fight", f"{seat_name(attacker)} attacks {seat_name(defender)}", seat=attacker)
    s.stack.append(FightStep(attacker, 0))


@automatic
class DuelStart(NamedTuple):
    seat: int

    def run(self, s: TrialState) -> None:
        start_duel(s, self.seat, s.r_target)


def duel_points(ci: CardInfo) -> int:
    """A card played face down in a fight between adventurers: 1 strength point for every symbol of its
    enhancement section (L359), whatever the symbol."""
    return ci.enh_strength if rulings.DUEL_COUNTS_ONLY_STRENGTH_SYMBOLS else len(ci.card.enhancement)


def _can_enhance(s: TrialState, seat: int, side: int) -> bool:
    if s.boosts_of(seat, STRENGTH):
        return True
    if s.f_played[side] >= s.t.enhancement_cards:
        return False
    if s.f_def >= 0 and rulings.DUEL_BLUFF_CARDS_ALLOWED:
        return bool(s.hand[seat])
    cards = s.t.cards
    return any(cards[c].enh_strength for c in s.hand[seat])


@automatic
class FightStep(NamedTuple):
    """The fight's next step (stage numbers: see the module docstring's order)."""

    seat: int
    stage: int

    def run(self, s: TrialState) -> None:
        st = self.stage
        duel = s.f_def >= 0
        att, dfd = s.f_att, s.f_def
        while st < RESOLVE:
            frame: ChooseWeapon | BowRoll | Dice | Enhance | None = None
            if duel:
                if st == 0 and _weapons(s, att):
                    frame = ChooseWeapon(att, 0)
                elif st == 1 and _weapons(s, dfd) and rulings.DEFENDER_CHOOSES_A_WEAPON:
                    frame = ChooseWeapon(dfd, 1)
                elif st == 2 and s.f_weapon[0] >= 0 and s.t.bow[s.f_weapon[0]]:
                    frame = BowRoll(att, 0)
                elif st == 3 and s.f_bow < 0 and s.f_weapon[1] >= 0 and s.t.bow[s.f_weapon[1]]:
                    frame = BowRoll(dfd, 1)
                elif st >= 4 and s.f_bow >= 0:
                    st = RESOLVE
                    break
                elif st == 4 and s.f_dice[0]:
                    frame = Dice(att, 0, s.f_dice[0])
                elif st == 5 and s.f_dice[1]:
                    frame = Dice(dfd, 1, s.f_dice[1])
                elif st == 6 and _can_enhance(s, att, 0):
                    frame = Enhance(att, 0)
                elif st == 7 and _can_enhance(s, dfd, 1):
                    frame = Enhance(dfd, 1)
            else:
                if st == 0 and _weapons(s, att):
                    frame = ChooseWeapon(att, 0)
                elif st == 1 and s.f_weapon[0] >= 0 and s.t.bow[s.f_weapon[0]] and rulings.BOW_PREROLL_BEFORE_THE_FIGHT:
                    frame = BowRoll(att, 0)
                elif st >= 2 and s.f_bow >= 0:
                    st = RESOLVE
                    break
                elif st == 2 and s.f_dice[1]:
                    frame = Dice(att, 1, s.f_dice[1])
                elif st == 3 and s.f_dice[0]:
                    frame = Dice(att, 0, s.f_dice[0])
                elif st == 4 and _can_enhance(s, att, 0) and rulings.ENHANCE_AFTER_THE_ROLLS:
                    frame = Enhance(att, 0)
                elif st >= 5:
                    st = RESOLVE
                    break
            st += 1
            if frame is not None:
                s.stack.append(FightStep(self.seat, st))
                s.stack.append(frame)
                return
        resolve_fight(s)


def resolve_fight(s: TrialState) -> None:
    duel = s.f_def >= 0
    cards = s.t.cards
    if duel and (s.f_cards[0] or s.f_cards[1]):
        s.reveal()                                    # the face-down cards are shown (L359)
        for side in (0, 1):
            for c in s.f_cards[side]:
                s.f_pts[side] += duel_points(cards[c])
    if s.f_bow >= 0:
        winner = s.f_bow
    else:
        winner = 0 if s.f_pts[0] > s.f_pts[1] else 1     # a tie goes to the defender (L361)

    seats = (s.f_att, s.f_def)
    for side in (0, 1):
        who = seats[side]
        for c in s.f_cards[side]:
            if side == winner or not rulings.LOSER_TAKES_PLAYED_CARDS_BACK:
                s.discard_card(c)
            else:
                s.known[c] = ALL_SEATS
                s.hand[who].append(c)
        s.f_cards[side] = []
    s.r_won = 1 if winner == 0 else 0
    if duel:
        s.r_winner = seats[winner]
        s.r_loser = seats[1 - winner]
    if s.log is not None:
        how = "with the winning symbol of the bow" if s.f_bow >= 0 else f"{s.f_pts[0]} against {s.f_pts[1]}"
        if duel:
            s.emit("fight_end", f"{seat_name(s.r_winner)} wins the fight ({how})")
        else:
            verdict = "wins" if winner == 0 else "loses"
            s.emit("fight_end", f"{seat_name(s.f_att)} {verdict} the fight against {s.card_name(s.r_card)} ({how})",
                   seat=s.f_att)
    s.f_att = s.f_def = -1


@decision
class ChooseWeapon(NamedTuple):
    """Choose 1 item or artifact as your weapon (L353), or none."""

    seat: int
    side: int

    def prompt(self, s: TrialState) -> str:
        return "choose your weapon for the fight"

    def legal(self, s: TrialState) -> list[int]:
        ids = s.t.ids
        return [*(ids.weapon + o for o in _weapons(s, self.seat)), ids.no_weapon]

    def label(self, s: TrialState, action: int) -> str:
        t = s.t
        if action == t.ids.no_weapon:
            return ""
        o = action - t.ids.weapon
        w = t.weapon[o] or (0, 0)
        extra = f", {w[1]} more die" if w[1] else ""
        bow = ", the bow's pre-roll" if t.bow[o] else ""
        return f"Fight with the {t.object_name[o]} ({w[0]} strength{extra}{bow})"

    def apply(self, s: TrialState, action: int) -> None:
        t = s.t
        if action == t.ids.no_weapon:
            return
        o = action - t.ids.weapon
        s.f_weapon[self.side] = o
        w = t.weapon[o]
        if w is not None:
            s.f_pts[self.side] += w[0]
            s.f_dice[self.side] += w[1]
        if s.log is not None:
            s.emit("weapon", f"{seat_name(self.seat)} fights with the {t.object_name[o]}", seat=self.seat)


def _outcomes(s: TrialState) -> Sequence[tuple[int, float]]:
    return s.t.die_actions


@chance
class Dice(NamedTuple):
    """A fight die for `side` (0 the attacker, 1 the defender), `left` still to roll (L355-357)."""

    seat: int
    side: int
    left: int

    def prompt(self, s: TrialState) -> str:
        return "a fight die is rolled"

    def outcomes(self, s: TrialState) -> Sequence[tuple[int, float]]:
        return _outcomes(s)

    def resolve(self, s: TrialState, outcome: int) -> None:
        k = outcome - s.t.ids.die
        s.f_pts[self.side] += s.t.die_strength[k]
        if s.log is not None:
            whose = seat_name(s.f_def) if self.side and s.f_def >= 0 else (
                s.card_name(s.r_card) if self.side else seat_name(s.f_att))
            s.emit("die", f"A die for {whose} shows {DIE_FACES[k]} ({s.t.die_strength[k]} strength)")
        if self.left > 1:
            s.stack.append(Dice(self.seat, self.side, self.left - 1))


@chance
class BowRoll(NamedTuple):
    """The bow's pre-roll (L369): the winning symbol wins the fight at once."""

    seat: int
    side: int

    def prompt(self, s: TrialState) -> str:
        return "the bow's die is rolled"

    def outcomes(self, s: TrialState) -> Sequence[tuple[int, float]]:
        return _outcomes(s)

    def resolve(self, s: TrialState, outcome: int) -> None:
        k = outcome - s.t.ids.die
        if k == s.t.star:
            s.f_bow = self.side
        if s.log is not None:
            s.emit("bow", f"{seat_name(self.seat)}'s bow: the die shows {DIE_FACES[k]}"
                          + (": an instant win" if k == s.t.star else ""), seat=self.seat)


@decision
class Enhance(NamedTuple):
    """Discard (or, against an adventurer, play face down) up to 2 cards for their strength symbols."""

    seat: int
    side: int

    def prompt(self, s: TrialState) -> str:
        att, dfd = s.f_pts
        if s.f_def < 0:
            return f"strength {att} against {dfd}: discard cards for their strength symbols, or be done"
        mine = s.f_pts[self.side]
        return f"your strength is {mine}: play up to 2 cards face down for their enhancement symbols, or be done"

    def legal(self, s: TrialState) -> list[int]:
        seat = self.seat
        t = s.t
        ids = t.ids
        bluff = s.f_def >= 0 and rulings.DUEL_BLUFF_CARDS_ALLOWED
        out = enhancements(s, seat, s.f_played[self.side], STRENGTH, bluff)
        out.append(ids.done)
        return sorted(out)

    def label(self, s: TrialState, action: int) -> str:
        ids = s.t.ids
        if ids.card <= action < ids.card + s.t.n_cards:
            card = action - ids.card
            if s.f_def >= 0:
                return f"Play {s.card_name(card)} face down ({duel_points(s.t.cards[card])} strength)"
            return f"Discard {s.card_name(card)} for {s.t.cards[card].enh_strength} strength"
        if action == ids.boost + STRENGTH:
            return f"Use a one-time {BOOST_NAME[STRENGTH]} symbol (1 more strength)"
        if action == ids.done:
            return "Fight on with this strength"
        return ""

    def apply(self, s: TrialState, action: int) -> None:
        seat = self.seat
        t = s.t
        ids = t.ids
        if action == ids.done:
            return
        if action == ids.boost + STRENGTH:
            s.use_boost(seat, STRENGTH)
            s.f_pts[self.side] += 1
        else:

            card = action - ids.card
            s.take_from_hand(seat, card)
            s.f_cards[self.side].append(card)
            s.f_played[self.side] += 1
            if s.f_def < 0:
                s.known[card] = ALL_SEATS
                s.f_pts[self.side] += t.cards[card].enh_strength
                if s.log is not None:
                    s.emit("enhance", f"{seat_name(seat)} discards {s.card_name(card)} for "
                                      f"{t.cards[card].enh_strength} strength", seat=seat)
            else:
                s.known[card] = 1 << seat
                if s.log is not None:
                    s.emit("enhance", f"{seat_name(seat)} plays a card face down", seat=seat)
        s.stack.append(Enhance(seat, self.side))


# -- roll tests ------------------------------------------------------------------------------------
ROLL_AT_LEAST, ROLL_STAR, ROLL_UNDER = 0, 1, 2


@chance
class RollTest(NamedTuple):
    """A roll test: a number of `n` or more, the winning symbol, or a number below `n` (Swindler, L738)."""

    seat: int
    kind: int
    n: int

    def prompt(self, s: TrialState) -> str:
        return "the die is rolled"

    def outcomes(self, s: TrialState) -> Sequence[tuple[int, float]]:
        return _outcomes(s)

    def resolve(self, s: TrialState, outcome: int) -> None:
        t = s.t
        k = outcome - t.ids.die
        number = t.die_number[k]
        if self.kind == ROLL_AT_LEAST:
            ok = number >= self.n
        elif self.kind == ROLL_STAR:
            ok = k == t.star
        else:
            ok = number < self.n
        s.r_won = 1 if ok else 0
        if s.log is not None:
            s.emit("roll", f"{seat_name(self.seat)} rolls {DIE_FACES[k]}: "
                           f"{'success' if ok else 'no success'}", seat=self.seat)
        if (not ok or not rulings.REROLL_ONLY_AFTER_A_FAILED_ROLL) and not s.r_rerolled:
            plans = s.t.cards[s.r_card].options[s.r_opt].reroll
            if any(s.plan_ok(self.seat, p) for p in plans):
                s.stack.append(Reroll(self.seat, self.kind, self.n))


@decision
class Reroll(NamedTuple):
    """Avalanche, Bridge Keeper (L678, L684): pay for a re-roll (the new roll stands), or take this one."""

    seat: int
    kind: int
    n: int

    def prompt(self, s: TrialState) -> str:
        plan = next(p for p in s.t.cards[s.r_card].options[s.r_opt].reroll if s.plan_ok(self.seat, p))
        return f"re-roll ({plan.label}), or take this roll"

    def legal(self, s: TrialState) -> list[int]:
        return sorted([s.t.ids.reroll, s.t.ids.done])

    def label(self, s: TrialState, action: int) -> str:
        return "Take this roll" if action == s.t.ids.done else ""

    def apply(self, s: TrialState, action: int) -> None:
        if action == s.t.ids.done:
            return

        s.r_rerolled = True
        plan = next(p for p in s.t.cards[s.r_card].options[s.r_opt].reroll if s.plan_ok(self.seat, p))
        s.stack.append(RollTest(self.seat, self.kind, self.n))
        s.pay = list(plan.units)
        s.stack.append(PayNext(self.seat))


@decision
class SwindleDiscard(NamedTuple):
    """Swindler (L738): discard cards (at least 1), then roll under their total fame."""

    seat: int

    def prompt(self, s: TrialState) -> str:
        return f"discard cards from your hand (fame so far: {s.r_fame}), then roll"

    def legal(self, s: TrialState) -> list[int]:
        ids = s.t.ids
        out = sorted({ids.card + c for c in s.hand[self.seat]})
        if s.en_count:
            out.append(ids.roll)
        return sorted(out)

    def label(self, s: TrialState, action: int) -> str:
        ids = s.t.ids
        if action == ids.roll:
            return f"Roll the die (you need less than {s.r_fame})"
        card = action - ids.card
        return f"Discard {s.card_name(card)} ({s.t.cards[card].fame} fame)"

    def apply(self, s: TrialState, action: int) -> None:
        ids = s.t.ids
        if action == ids.roll:
            s.stack.append(RollTest(self.seat, ROLL_UNDER, s.r_fame))
            return
        card = action - ids.card
        s.take_from_hand(self.seat, card)
        s.discard_card(card)
        s.r_fame += s.t.cards[card].fame
        s.en_count += 1
        if s.log is not None:
            s.emit("discard", f"{seat_name(self.seat)} discards {s.card_name(card)}", seat=self.seat)
        s.stack.append(SwindleDiscard(self.seat))
