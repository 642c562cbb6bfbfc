"""The rounds of a battle (rulebook, Battle Cards and the Battle example), one small frame per choice:
whoever is faster attacks first; before each side's roll the Hero may strike with a Sacred Stone or
call a Talent (`BeforeRound`); the dice are a chance step (`Roll`); after the Hero's roll the Hero
turns dice with Hope and activates Artifacts with positive dice (`AfterHeroRoll`); after the enemy's
roll the Hero turns its dice (`AfterEnemyRoll`); then the damage. The Future's one-round fights (a
Virus; an exchange with the Vicinator) use the same frames.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, NamedTuple

from ....engine import automatic, chance, decision
from .. import rulings
from ..components.vocabulary import Effect
from ..dice import clover, own_dice_options, turn_blank_die, use_clover
from ..effects import resolve
from ..state_fields import (
    B_BEASTS,
    B_ECLIPSE,
    B_HALVE_NEXT,
    B_SKIP_NEXT,
    B_UNTOUCHED,
    NO_BATTLE,
    T_CALM,
    T_REROLL,
    VICINATOR_FIGHT,
    VIRUS_FIGHT,
)
from ..tables import HERO_BONUS, HOPE, LOVE
from ..turn.bonus import bonus_options, take_bonus, use_bonus_action
from ..turn.talents import develop, develop_options
from .damage import TakeDamage
from .ending import battle_won, can_escape, discard_card, end_battle, escape
from .enemy import (
    CAUSE_BATTLE,
    EFFECT_ROLL,
    ENEMY_ATTACK,
    HERO_ATTACK,
    REROLL_HERO,
    REROLL_TREASURE,
    TREASURE,
    enemy_effect,
    enemy_name,
    enemy_talent,
    enemy_title,
    forbidden,
    matches,
    regained,
    talent_has,
)
from .strikes import strike_options, use_strike

if TYPE_CHECKING:
    from ..state import TTState


# -- the loop --------------------------------------------------------------------------------------

@automatic
class Battle(NamedTuple):
    """Decide what happens next in the battle: the end, or the next side's round."""

    seat: int

    def run(self, s: TTState) -> None:
        seat = self.seat
        kind = s.battle.kind
        if kind == NO_BATTLE:           # the Hero escaped while the enemy's blow was being taken
            return
        if kind == VICINATOR_FIGHT:
            if s.battle.defense <= 0:
                s.vici_def = s.battle.defense
                end_battle(s)
                s.vicinator_defeated(seat)
                return
            if s.battle.hero_rounds >= 1 and s.battle.enemy_rounds >= 1:
                s.vici_def = s.battle.defense
                end_battle(s)
                return
        elif kind == VIRUS_FIGHT:
            if s.battle.hero_rounds >= 1:
                end_battle(s)
                return
        elif s.battle.defense <= 0:
            battle_won(s, seat)
            return
        if min(s.battle.hero_rounds, s.battle.enemy_rounds) >= rulings.BATTLE_ROUND_LIMIT:
            if s.log is not None:
                s.emit("fled", f"After {s.battle.hero_rounds} rounds {enemy_name(s)} flees: no reward")
            discard_card(s)
            end_battle(s)
            return
        side = s.battle.attacks_next
        if side == 1 and s.battle.used & B_SKIP_NEXT:
            s.battle.used &= ~B_SKIP_NEXT
            s.battle.enemy_rounds += 1
            s.battle.attacks_next = 0
            if s.log is not None:
                s.emit("skip", f"{enemy_title(s)} skips its round of attack")
            s.push(Battle(seat))
            return
        if len(before_round_options(s, seat, side)) > 1:
            s.push(BeforeRound(seat, side))
        else:
            begin_round(s, seat, side)


def before_round_options(s: TTState, seat: int, side: int) -> list[int]:
    ids = s.t.ids
    out = [ids.attack]
    if can_escape(s, seat):
        out.append(ids.escape)
    out.extend(strike_options(s, seat))
    for lv in range(3):
        ti = s.talent_at(seat, lv)
        if ti < 0:
            continue
        for e in s.t.talents[ti].effects:
            beasts = side == 0 and e.do == "dice" and not s.battle.used & B_BEASTS
            eclipse = side == 1 and e.do == "halve_dice" and not s.battle.used & B_ECLIPSE
            if (beasts or eclipse) and e.when == "one_round":
                out.append(ids.talent + ti)
    out.extend(bonus_options(s, seat))
    out.extend(develop_options(s, seat))
    out.sort()
    return out


@decision
class BeforeRound(NamedTuple):
    """Before a side's roll: go on, escape (the Past), strike, or call a Talent."""

    seat: int
    side: int

    def prompt(self, s: TTState) -> str:
        who = "your round of attack" if self.side == 0 else f"the round of attack of {enemy_name(s)}"
        return f"battle against {enemy_name(s)} (Defense {max(0, s.battle.defense)}): before {who}"

    def legal(self, s: TTState) -> list[int]:
        return before_round_options(s, self.seat, self.side)

    def apply(self, s: TTState, action: int) -> None:
        ids = s.t.ids
        seat = self.seat
        if action == ids.attack:
            begin_round(s, seat, self.side)
            return
        if action == ids.escape:
            escape(s, seat)
            return
        s.push(Battle(seat))
        if use_strike(s, seat, action):
            return
        if ids.talent <= action < ids.talent + len(s.t.talents):
            tal = s.t.talents[action - ids.talent]
            for e in tal.effects:
                if e.do == "dice":
                    s.battle.used |= B_BEASTS
                    s.battle.beast_dice += e.n
                elif e.do == "halve_dice":
                    s.battle.used |= B_ECLIPSE | B_HALVE_NEXT
            if s.log is not None:
                s.emit("talent", f"{s.name(seat)} uses {tal.name}")
            return
        if ids.develop <= action < ids.develop + len(s.t.talents):
            develop(s, seat, action - ids.develop)
            return
        use_bonus_action(s, seat, action)


def begin_round(s: TTState, seat: int, side: int) -> None:
    if side == 0:
        n = s.v(seat, LOVE) + s.turn.love + s.battle.beast_dice
        if not rulings.BONUS_LOVE_LASTS_THE_TURN:
            s.turn.love = 0                   # the other reading of A-13: only the next round
        first = s.battle.hero_rounds == 0
        for e in s.passives(seat):
            if e.do == "dice" and e.side == "hero" and (e.when == "every_round" or (e.when == "first_round" and first)):
                n += e.n
        s.battle.beast_dice = 0
        if first and talent_has(s, "halve_dice", side="hero", when="first_round"):
            n = math.ceil(n / 2)
        s.push(Roll(seat, max(0, n), HERO_ATTACK))
        return
    n = s.battle.strength + s.battle.enemy_extra_dice
    s.battle.enemy_extra_dice = 0
    if talent_has(s, "handler", name="frenzy") and s.battle.defense * 2 <= s.battle.defense_at_start:
        n += 2
    if s.battle.enemy_rounds == 0:
        for e in enemy_talent(s):
            if e.do == "dice" and e.side == "enemy" and e.when == "first_round":
                n += e.n
    if s.battle.used & B_HALVE_NEXT:
        s.battle.used &= ~B_HALVE_NEXT
        n //= 2
    s.push(Roll(seat, max(0, n), ENEMY_ATTACK))


@chance
class Roll(NamedTuple):
    """Roll n dice and count the positive faces (3 of 6; the engine draws how many)."""

    seat: int
    n: int
    purpose: int

    def prompt(self, s: TTState) -> str:
        return "1 die is rolled" if self.n == 1 else f"{self.n} dice are rolled"

    def outcomes(self, s: TTState) -> tuple[tuple[int, float], ...]:
        return s.t.roll_odds(self.n)

    def resolve(self, s: TTState, outcome: int) -> None:
        # rolls.py stands above the battle (it pushes this frame for rolls outside battle)
        from ..rolls import after_effect_roll, after_removal_die, after_treasure_roll

        p = self.purpose
        seat = self.seat
        if s.cfg.hope_per_roll and p in (HERO_ATTACK, ENEMY_ATTACK, TREASURE, EFFECT_ROLL):
            s.turns_used = 0            # option hope_scope=per_roll: Hope's full band on every roll
        if p == HERO_ATTACK:
            s.battle.dice = self.n
            s.battle.positive = outcome
            against = s.battle.hero_dice_turned
            s.battle.hero_dice_turned = 0
            for e in enemy_talent(s):
                if e.do == "turn_dice" and e.when == "each_hero_roll":
                    against += e.n
                elif e.do == "handler" and e.name == "mirror":
                    against += s.tier(seat, HOPE)
            if s.log is not None:
                s.emit("roll", f"{s.name(seat)} rolls {self.n} {'die' if self.n == 1 else 'dice'}: {outcome} positive")
            if against and s.battle.positive:
                s.battle.positive = max(0, s.battle.positive - against)
                if s.log is not None:
                    s.emit("turn", f"{enemy_title(s)} turns dice: {s.battle.positive} positive left")
            after_hero_roll(s, seat)
        elif p == ENEMY_ATTACK:
            s.battle.dice = self.n
            s.battle.positive = outcome
            if s.log is not None:
                dice = "die" if self.n == 1 else "dice"
                s.emit("roll", f"{enemy_title(s)} rolls {self.n} {dice}: {outcome} positive")
            if s.battle.enemy_dice_turned and s.battle.positive:
                s.battle.positive = max(0, s.battle.positive - s.battle.enemy_dice_turned)
                if s.log is not None:
                    s.emit("turn", f"{s.name(seat)}'s Artifact turns the enemy's dice: "
                                   f"{s.battle.positive} positive left")
            s.battle.enemy_dice_turned = 0
            after_enemy_roll(s, seat)
        elif p == REROLL_HERO:
            s.battle.positive += outcome
            if s.log is not None:
                s.emit("roll", f"{s.name(seat)} rolls the {self.n} blank dice again: {outcome} positive")
            after_hero_roll(s, seat)
        elif p in (TREASURE, REROLL_TREASURE):
            after_treasure_roll(s, seat, self.n, outcome, p == REROLL_TREASURE)
        elif p == EFFECT_ROLL:
            after_effect_roll(s, seat, self.n, outcome)
        else:
            after_removal_die(s, seat, outcome)


def hero_roll_options(s: TTState, seat: int) -> list[int]:
    ids = s.t.ids
    out = [ids.done]
    if s.battle.positive < s.battle.dice:
        out += own_dice_options(s, seat, reroll=True)
    if not forbidden(s, "activation"):
        for slot in range(3):
            a = s.in_slot(seat, slot)
            if a < 0 or (s.battle.activated >> slot & 1 and rulings.ACTIVATION_ONCE_PER_ROUND):
                continue
            art = s.t.artifacts[a]
            if art.usage == "activation" and s.battle.positive >= art.activation:
                out.append(ids.use_artifact + a)
    out.extend(strike_options(s, seat))
    if len(out) > 1 and can_escape(s, seat):
        out.append(ids.escape)
    out.sort()
    return out


def after_hero_roll(s: TTState, seat: int) -> None:
    if s.over:
        return
    if len(hero_roll_options(s, seat)) > 1:
        s.push(AfterHeroRoll(seat))
    else:
        deal_hero_damage(s, seat)


@decision
class AfterHeroRoll(NamedTuple):
    """Your dice are rolled: turn blank dice with Hope, activate Artifacts, then deal the damage."""

    seat: int

    def prompt(self, s: TTState) -> str:
        then = "deal the damage, or escape" if can_escape(s, self.seat) else "or deal the damage"
        b = s.battle
        return (f"you rolled {b.positive} positive of {b.dice} against {enemy_name(s)} (Defense {max(0, b.defense)}): "
                f"turn dice, activate Artifacts, {then}")

    def legal(self, s: TTState) -> list[int]:
        return hero_roll_options(s, self.seat)

    def apply(self, s: TTState, action: int) -> None:
        ids = s.t.ids
        seat = self.seat
        if action == ids.done:
            deal_hero_damage(s, seat)
            return
        if action == ids.escape:
            escape(s, seat)
            return
        if action == ids.turn_die:
            s.battle.positive = turn_blank_die(s, seat, s.battle.positive)
            after_hero_roll(s, seat)
            return
        if ids.talent <= action < ids.talent + len(s.t.talents):
            s.turn.used |= T_REROLL
            s.push(Roll(seat, s.battle.dice - s.battle.positive, REROLL_HERO))
            return
        if use_strike(s, seat, action):
            after_hero_roll(s, seat)
            return
        a = action - ids.use_artifact
        art = s.t.artifacts[a]
        if art.usage == "one_time":          # the Four-Leaf Clover
            s.battle.positive = use_clover(s, seat, a, s.battle.dice, s.battle.positive)
            after_hero_roll(s, seat)
            return
        slot = s.t.art_slot[a]
        s.slots_used |= 1 << slot
        s.battle.activated |= 1 << slot
        s.battle.positive -= art.activation
        if s.log is not None:
            s.emit("activate", f"{s.name(seat)} activates {art.name} with {art.activation} positive "
                               f"{'die' if art.activation == 1 else 'dice'}")
        for e in art.effects:
            activation_effect(s, seat, e)
        after_hero_roll(s, seat)


def activation_effect(s: TTState, seat: int, e: Effect) -> None:
    do = e.do
    if do == "attack_damage":
        if matches(s, seat, e):
            s.battle.extra_damage += e.n
    elif do == "turn_dice":
        s.battle.enemy_dice_turned += e.n
    elif do == "dice":
        s.battle.enemy_extra_dice += e.n
    elif do == "enemy_stat":
        enemy_effect(s, e)
    elif do == "skip_enemy_round":
        s.battle.used |= B_SKIP_NEXT
    elif do == "draw_bonus":
        for _ in range(e.n):
            card = s.draw_card(HERO_BONUS)
            if card >= 0:
                take_bonus(s, seat, card)


def round_damage(s: TTState, seat: int, spend: bool = True) -> int:
    """The damage of the Hero's round: positive dice (worth more with Noon Sun) and bonuses.
    `spend`: an Elixir of Wrath's bonus is used up by this attack (not when only showing it)."""
    first = s.battle.hero_rounds == 0
    value = 1
    bonus = s.battle.extra_damage
    for e in s.passives(seat):
        if e.do == "die_value" and first:
            value = max(value, e.n)
        elif e.do == "attack_damage" and e.when == "every_round" and matches(s, seat, e):
            bonus += e.n
    for e in enemy_talent(s):
        if e.do == "attack_damage":
            bonus += e.n
    if s.battle.kind == VICINATOR_FIGHT:
        bonus += s.wrath[seat] - s.vici_shield
        if spend:
            s.wrath[seat] = 0
    return max(0, s.battle.positive * value + bonus)


def deal_hero_damage(s: TTState, seat: int) -> None:
    dmg = round_damage(s, seat)
    s.battle.hero_rounds += 1
    s.battle.activated = 0
    s.battle.extra_damage = 0
    s.battle.attacks_next = 1
    if s.battle.kind == VIRUS_FIGHT:
        v = s.battle.card
        if dmg >= s.battle.defense:
            s.destroy_virus(v)
            if s.log is not None:
                s.emit("virus", f"{s.name(seat)} deals {dmg} damage and destroys the Virus")
        else:
            if s.log is not None:
                s.emit("virus", f"{s.name(seat)} deals {dmg} damage: the Virus stands, {s.name(seat)} loses 1 Spirit")
            resolve(s, seat, s.crown_enemy("virus").on_fail)
        s.push(Battle(seat))
        return
    s.battle.defense -= dmg
    if s.log is not None:
        s.emit("damage", f"{s.name(seat)} deals {dmg} damage to {enemy_name(s)} "
                         f"({max(0, s.battle.defense)} Defense left)")
    if dmg < 4 and s.battle.defense > 0 and talent_has(s, "handler", name="many_heads"):
        s.battle.defense = regained(s, 2)
        if s.log is not None:
            s.emit("regain", f"{enemy_title(s)} grows a head: {s.battle.defense} Defense")
    s.push(Battle(seat))


# -- after the enemy's roll ------------------------------------------------------------------------

def enemy_roll_options(s: TTState, seat: int) -> list[int]:
    ids = s.t.ids
    out = [ids.done]
    if s.battle.positive > 0:
        if s.turns_left(seat) > 0:
            out.append(ids.turn_die)
        for lv in range(3):
            ti = s.talent_at(seat, lv)
            if ti < 0:
                continue
            for e in s.t.talents[ti].effects:
                if e.do == "turn_dice" and e.when == "enemy_roll":
                    used = (s.turn.used & T_CALM) if e.limit == "once_per_turn" else (s.battle.used & B_UNTOUCHED)
                    if not used:
                        out.append(ids.talent + ti)
        a = clover(s, seat)
        if a >= 0:
            out.append(ids.use_artifact + a)
    out.extend(strike_options(s, seat))
    if len(out) > 1 and can_escape(s, seat):
        out.append(ids.escape)
    out.sort()
    return out


def after_enemy_roll(s: TTState, seat: int) -> None:
    if s.over:
        return
    if len(enemy_roll_options(s, seat)) > 1:
        s.push(AfterEnemyRoll(seat))
    else:
        deal_enemy_damage(s, seat)


@decision
class AfterEnemyRoll(NamedTuple):
    """The enemy rolled: turn its positive dice with Hope or a Talent, then take the damage."""

    seat: int

    def prompt(self, s: TTState) -> str:
        then = "take the damage, or escape before it lands" if can_escape(s, self.seat) else "or take the damage"
        return f"{enemy_name(s)} rolled {s.battle.positive} positive of {s.battle.dice}: turn its dice, {then}"

    def legal(self, s: TTState) -> list[int]:
        return enemy_roll_options(s, self.seat)

    def apply(self, s: TTState, action: int) -> None:
        ids = s.t.ids
        seat = self.seat
        if action == ids.done:
            deal_enemy_damage(s, seat)
            return
        if action == ids.escape:
            escape(s, seat)
            return
        if action == ids.turn_die:
            s.use_turn(seat)
            s.battle.positive -= 1
            if s.log is not None:
                s.emit("turn", f"{s.name(seat)} turns one of the enemy's positive dice: {s.battle.positive} left")
        elif ids.talent <= action < ids.talent + len(s.t.talents):
            tal = s.t.talents[action - ids.talent]
            e = next(x for x in tal.effects if x.do == "turn_dice")
            if e.limit == "once_per_turn":
                s.turn.used |= T_CALM
            else:
                s.battle.used |= B_UNTOUCHED
            s.battle.positive = max(0, s.battle.positive - e.n)
            if s.log is not None:
                s.emit("turn", f"{s.name(seat)} uses {tal.name}: {s.battle.positive} positive left")
        elif not use_strike(s, seat, action):
            a = action - ids.use_artifact
            art = s.t.artifacts[a]
            s.slots_used |= 1 << s.t.art_slot[a]
            s.remove_artifact(seat, a)
            s.battle.positive = max(0, s.battle.positive - art.effects[0].n)
            if s.log is not None:
                s.emit("turn", f"{s.name(seat)} uses {art.name}: {s.battle.positive} positive left")
        if s.battle.defense <= 0:
            s.battle.enemy_rounds += 1            # struck down before its blow lands
            s.push(Battle(seat))
            return
        after_enemy_roll(s, seat)


def deal_enemy_damage(s: TTState, seat: int) -> None:
    dmg = s.battle.positive
    s.battle.enemy_rounds += 1
    s.battle.attacks_next = 0
    s.push(Battle(seat))
    regain = talent_has(s, "regain_defense")
    if regain is not None and s.battle.defense > 0:
        s.battle.defense = regained(s, regain.n)
    if s.log is not None:
        s.emit("hit", f"{enemy_title(s)} deals {dmg} damage to {s.name(seat)}")
    if dmg > 0:
        s.push(TakeDamage(seat, dmg, dmg, CAUSE_BATTLE, 0))
