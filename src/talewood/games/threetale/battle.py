"""Battle: rounds of attack, one small frame per choice (Battle Cards, L295-L322; Future Book, Battle).

A battle is a loop of rounds: whoever is faster attacks first (the enemy on a tie). Before each
side's roll the Hero may strike with a Sacred Stone or a one-time Artifact, or call a Talent
(`BeforeRound`); the dice are a chance step (`Roll`); after the Hero's roll the Hero turns dice with
Hope and activates Artifacts with positive dice (`AfterHeroRoll`); after the enemy's roll the Hero
turns its dice (`AfterEnemyRoll`); damage is spread over the Virtues or blocked with 1 Spirit, point by
point (`TakeDamage`). "You can escape the Battle at any time by spending 1 Spirit" (L211, L307): every
one of these decisions offers the escape, in the Past (R75). The Future's one-round fights (a Virus; an
exchange with the Vicinator) use the same frames.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, NamedTuple

from ...engine import automatic, chance, decision
from . import rulings
from .components.vocabulary import Effect
from .effects import resolve
from .tables import BAT1, ENEMY_BONUS, HERO_BONUS, HOPE, LOVE, VIRTUE_NAMES

if TYPE_CHECKING:
    from .state import TTState

# Roll purposes
HERO_ATTACK, ENEMY_ATTACK, REROLL_HERO, TREASURE, REROLL_TREASURE, EFFECT_ROLL, REMOVAL_DIE = range(7)
# what caused damage outside a round of attack
CAUSE_BATTLE, CAUSE_TREE, CAUSE_VIRUS, CAUSE_TENTACLE = range(4)


from .quests import quest_event  # noqa: E402
from .state import (  # noqa: E402
    B_BEASTS,
    B_ECLIPSE,
    B_FREE_BLOCK,
    B_HALVE_NEXT,
    B_HURT,
    B_MARTENITSA,
    B_REDUCED,
    B_SKIP_NEXT,
    B_STONE,
    B_UNTOUCHED,
    B_VEIL,
    FUTURE_BATTLE,
    NO_BATTLE,
    PAST,
    PAST_BATTLE,
    T_CALM,
    T_REROLL,
    VICINATOR_FIGHT,
    VIRUS_FIGHT,
)
from .turn.bonus import bonus_options, take_bonus, use_bonus_action  # noqa: E402
from .turn.talents import develop, develop_options  # noqa: E402

# -- who the enemy is ----------------------------------------------------------------------------

def enemy_name(s: TTState) -> str:
    k = s.b_kind
    if k == PAST_BATTLE:
        return s.t.battles[s.b_card].name
    if k == FUTURE_BATTLE:
        return s.t.fcards[s.b_card].name
    if k == VIRUS_FIGHT:
        return "the Virus"
    if k == VICINATOR_FIGHT:
        return "the Vicinator"
    return "no enemy"


def enemy_title(s: TTState) -> str:
    name = enemy_name(s)
    return name[0].upper() + name[1:]


def enemy_talent(s: TTState) -> tuple[Effect, ...]:
    k = s.b_kind
    if k == PAST_BATTLE:
        talent = s.t.battles[s.b_card].talent
    elif k == FUTURE_BATTLE:
        talent = s.t.fcards[s.b_card].talent
    else:
        return ()
    return talent.effects if talent else ()


def hostile(s: TTState) -> bool:
    """A Level 3 enemy or a Hostile enemy of the Future (Talents that say "level3_or_hostile")."""
    return s.b_level == 3 or s.b_kind >= FUTURE_BATTLE


def matches(s: TTState, seat: int, e: Effect) -> bool:
    """Whether an effect's `vs` condition holds against the enemy fought now."""
    vs = e.vs
    if vs in ("", "any"):
        return True
    if vs == "level3_or_hostile":
        return hostile(s)
    if vs == "slower":
        return s.speed_now(seat) > s.b_spd
    if vs == "vicinator":
        return s.b_kind == VICINATOR_FIGHT
    return False


def talent_has(s: TTState, keyword: str, **match: str) -> Effect | None:
    for e in enemy_talent(s):
        if e.do == keyword and all(getattr(e, k) == v for k, v in match.items()):
            return e
    return None


def forbidden(s: TTState, what: str) -> bool:
    return talent_has(s, "forbid", what=what) is not None


def can_escape(s: TTState, seat: int) -> bool:
    """"You can escape the Battle at any time by spending 1 Spirit" (L211, L307): a Past battle (no Future
    one, R75) whose enemy does not forbid it, while the Hero has a Spirit to spend. A decision of the battle
    offers it; a step the game carries out alone (nothing else to choose) is not made a decision for it:
    the next decision offers it with the same effect (after your own roll, before the enemy's round; after
    the enemy's roll, before the first point of its damage is taken). Spreading a blow over the Virtues is
    one act, asked point by point: the escape is offered before its first point, not between them (it
    would only keep the points already lost)."""
    if s.spirit[seat] <= 0:
        return False
    kind = s.b_kind
    if kind != PAST_BATTLE and (kind != FUTURE_BATTLE or rulings.FUTURE_BATTLES_NO_ESCAPE):
        return False
    return not forbidden(s, "escape")


def escape(s: TTState, seat: int) -> None:
    """Leave the battle for 1 Spirit: no reward, the card is discarded, a blow not yet taken never lands."""
    if s.log is not None:
        s.emit("escape", f"{s.name(seat)} escapes from {enemy_name(s)} for 1 Spirit")
    discard_card(s)
    end_battle(s)
    s.lose_spirit(seat)


# -- starting and ending ---------------------------------------------------------------------------

def start_battle(s: TTState, seat: int, level: int, card: int) -> None:
    """Fight the enemy of a Past Battle card of `level`."""
    b = s.t.battles[card]
    s.b_kind = PAST_BATTLE
    s.b_card = card
    s.b_level = level
    s.b_spd, s.b_def, s.b_str = b.speed, b.defense, b.strength
    if s.log is not None:
        talent = f"; Talent {b.talent.name}" if b.talent else ""
        s.emit("battle", f"{s.name(seat)} draws {b.name} (Speed {b.speed}, Defense {b.defense}, "
                         f"Strength {b.strength}{talent}): {b.text}", card=b.id)
    setup(s, seat, b.bonus)


def start_future_battle(s: TTState, seat: int, card: int) -> None:
    """Fight a Hostile card of the Future (a reflection takes its stats from the Hero who drew it)."""
    fc = s.t.fcards[card]
    s.b_kind = FUTURE_BATTLE
    s.b_card = card
    s.b_level = 0
    if fc.reflection is not None:
        s.b_spd, s.b_def, s.b_str = fc.reflection.stats(s.speed[seat], s.v(seat, LOVE))
    else:
        s.b_spd, s.b_def, s.b_str = fc.speed, fc.defense, fc.strength
    if s.log is not None:
        s.emit("battle", f"{s.name(seat)} faces {fc.name} (Speed {s.b_spd}, Defense {s.b_def}, "
                         f"Strength {s.b_str})")
    setup(s, seat, fc.bonus)


def start_virus_fight(s: TTState, seat: int, virus: int) -> None:
    enemy = s.crown_enemy("virus")
    s.b_kind = VIRUS_FIGHT
    s.b_card = virus
    s.b_level = 0
    s.b_spd, s.b_def, s.b_str = enemy.speed, enemy.defense, 0
    if s.log is not None:
        s.emit("battle", f"{s.name(seat)} attacks a Virus (Defense {enemy.defense})")
    setup(s, seat, 0)
    s.b_next = 0


def start_vicinator_fight(s: TTState, seat: int) -> None:
    enemy = s.crown_enemy("vicinator")
    s.b_kind = VICINATOR_FIGHT
    s.b_card = -1
    s.b_level = 0
    s.b_spd, s.b_def, s.b_str = enemy.speed, s.vici_def, enemy.strength
    if s.log is not None:
        s.emit("battle", f"{s.name(seat)} attacks the Vicinator (Defense {s.vici_def} left)")
    setup(s, seat, 0, defense0=enemy.defense)


def setup(s: TTState, seat: int, bonus: int, defense0: int = 0) -> None:
    s.b_def0 = defense0 or s.b_def
    s.b_rounds = s.b_erounds = 0
    s.b_flags = 0
    s.b_act = s.b_extra = s.b_hturns = s.b_eturns = s.b_edice = s.b_beasts = 0
    s.b_pos = s.b_dice = 0
    s.b_bonus = []
    # Level 2 enemies (and Hostile cards that print it) draw Enemy Bonus cards beforehand (L299)
    n = max(0, bonus + s.passive_sum(seat, "enemy_stat", stat="bonus_cards"))
    for _ in range(n):
        card = s.draw_card(ENEMY_BONUS)
        if card < 0:
            break
        s.b_bonus.append(card)
        b = s.t.enemy_bonus[card]
        for e in b.options[0]:
            enemy_effect(s, e)
        if s.log is not None:
            s.emit("bonus", f"The enemy draws {b.name}: {b.text}")
    for e in s.passives(seat):      # the Hero's Artifacts and Talents that weaken the enemy
        if e.do == "enemy_stat" and e.stat != "bonus_cards":
            enemy_effect(s, e)
    s.b_next = 0 if hero_first(s, seat) else 1
    if s.log is not None:
        s.emit("initiative", f"{s.name(seat) if s.b_next == 0 else enemy_title(s)} attacks first")
    s.push(Battle(seat))


def enemy_effect(s: TTState, e: Effect) -> None:
    """An Enemy Bonus card or a weakening effect: it lasts for the battle."""
    if e.do == "enemy_stat":
        if e.stat == "speed":
            s.b_spd = max(0, s.b_spd + e.n)
        elif e.stat == "defense":
            s.b_def = max(1, s.b_def + e.n)
            s.b_def0 = max(1, s.b_def0 + e.n)
        elif e.stat == "strength":
            s.b_str = max(0, s.b_str + e.n)
    elif e.do == "turn_dice" and e.when == "next_hero_roll":
        s.b_hturns += e.n


def hero_initiative(s: TTState, seat: int) -> int:
    bonus = sum(e.n for e in enemy_talent(s) if e.do == "initiative")
    speed = s.speed_now(seat) if rulings.INITIATIVE_COUNTS_BONUSES else s.speed[seat]
    return speed + s.passive_sum(seat, "initiative") + bonus


def hero_first(s: TTState, seat: int) -> bool:
    """The greater Speed attacks first; on a tie the enemy does (L301)."""
    if any(e.do == "first_strike" and matches(s, seat, e) for e in s.passives(seat)):
        return True
    mine = hero_initiative(s, seat)
    if mine > s.b_spd:
        return True
    return mine == s.b_spd and s.has_passive(seat, "win_ties")


def end_battle(s: TTState) -> None:
    """Put the battle away: Enemy Bonus cards go back to their deck."""
    s.deck[ENEMY_BONUS].extend(s.b_bonus)
    s.shuffle_in(ENEMY_BONUS)
    s.b_bonus = []
    s.b_kind = NO_BATTLE
    s.b_card = -1
    s.b_level = 0
    s.b_flags = s.b_act = s.b_extra = s.b_hturns = s.b_eturns = s.b_edice = s.b_beasts = 0
    s.b_pos = s.b_dice = s.b_rounds = s.b_erounds = 0
    s.b_spd = s.b_def = s.b_def0 = s.b_str = 0


def battle_won(s: TTState, seat: int) -> None:
    kind = s.b_kind
    card = s.b_card
    unharmed = not s.b_flags & B_HURT
    if kind == PAST_BATTLE:
        b = s.t.battles[card]
        level = s.b_level
        s.discard[BAT1 + level - 1].append(card)
        end_battle(s)
        if s.log is not None:
            s.emit("won", f"{s.name(seat)} defeats {b.name}")
        resolve(s, seat, b.reward)
        trigger(s, seat, "win_battle")
        if s.phase == PAST:
            quest_event(s, seat, "win_battles")
            if level == 3:
                quest_event(s, seat, "defeat_level3")
            if unharmed:
                quest_event(s, seat, "win_unharmed")
        return
    fc = s.t.fcards[card]
    end_battle(s)
    if s.log is not None:
        s.emit("won", f"{s.name(seat)} defeats {fc.name}")
    resolve(s, seat, fc.reward)
    trigger(s, seat, "win_battle")


def trigger(s: TTState, seat: int, event: str) -> None:
    """A `whenever` ability of the Hero's Talents fires."""
    for e in s.passives(seat):
        if e.do == "whenever" and e.event == event:
            resolve(s, seat, e.then)


# -- the loop --------------------------------------------------------------------------------------

@automatic
class Battle(NamedTuple):
    """Decide what happens next in the battle: the end, or the next side's round."""

    seat: int

    def run(self, s: TTState) -> None:
        seat = self.seat
        kind = s.b_kind
        if kind == NO_BATTLE:           # the Hero escaped while the enemy's blow was being taken
            return
        if kind == VICINATOR_FIGHT:
            if s.b_def <= 0:
                s.vici_def = s.b_def
                end_battle(s)
                s.vicinator_defeated(seat)
                return
            if s.b_rounds >= 1 and s.b_erounds >= 1:
                s.vici_def = s.b_def
                end_battle(s)
                return
        elif kind == VIRUS_FIGHT:
            if s.b_rounds >= 1:
                end_battle(s)
                return
        elif s.b_def <= 0:
            battle_won(s, seat)
            return
        if min(s.b_rounds, s.b_erounds) >= rulings.BATTLE_ROUND_LIMIT:
            if s.log is not None:
                s.emit("fled", f"After {s.b_rounds} rounds {enemy_name(s)} flees: no reward")
            discard_card(s)
            end_battle(s)
            return
        side = s.b_next
        if side == 1 and s.b_flags & B_SKIP_NEXT:
            s.b_flags &= ~B_SKIP_NEXT
            s.b_erounds += 1
            s.b_next = 0
            if s.log is not None:
                s.emit("skip", f"{enemy_title(s)} skips its round of attack")
            s.push(Battle(seat))
            return
        if len(before_round_options(s, seat, side)) > 1:
            s.push(BeforeRound(seat, side))
        else:
            begin_round(s, seat, side)


def discard_card(s: TTState) -> None:
    if s.b_kind == PAST_BATTLE:
        s.discard[BAT1 + s.b_level - 1].append(s.b_card)


def stone_uses(s: TTState, seat: int) -> int:
    """The damage a Sacred Stone does to the enemy fought now (0: none in this Future, or not it)."""
    if not s.stones[seat] or s.future < 0:
        return 0
    f = s.t.c.futures[s.future]
    for use in f.sacred_stone:
        if use.use != "strike":
            continue
        if s.b_kind == FUTURE_BATTLE and s.t.fcards[s.b_card].deck in use.against:
            return use.n
        if s.b_kind == VICINATOR_FIGHT and "vicinator" in use.against:
            return use.n
    return 0


def strike_options(s: TTState, seat: int) -> list[int]:
    """Sacred Stones and one-time strikes: usable at any moment of the battle (not part of a round)."""
    ids = s.t.ids
    out = []
    if stone_uses(s, seat) and (rulings.SEVERAL_STONES_A_BATTLE or not s.b_flags & B_STONE):
        out.append(ids.stone + s.hero[seat])
    for a in s.equipped(seat, "one_time"):
        art = s.t.artifacts[a]
        if art.effects[0].do == "strike" and art.effects[0].target == "enemy" and \
                not s.slots_used >> s.t.art_slot[a] & 1:
            out.append(ids.use_artifact + a)
    return out


def use_strike(s: TTState, seat: int, action: int) -> bool:
    """Carry out a Sacred Stone or one-time strike chosen in a battle frame; False if it is neither."""
    ids = s.t.ids
    if ids.stone <= action < ids.stone + len(s.t.c.heroes):
        n = stone_uses(s, seat)
        s.stones[seat] -= 1
        s.b_flags |= B_STONE
        if s.log is not None:
            s.emit("stone", f"{s.name(seat)} uses a Sacred Stone: {n} damage to {enemy_name(s)}")
        s.b_def -= n
        return True
    if ids.use_artifact <= action < ids.use_artifact + len(s.t.artifacts):
        a = action - ids.use_artifact
        art = s.t.artifacts[a]
        e = art.effects[0]
        if e.do == "strike":
            s.slots_used |= 1 << s.t.art_slot[a]
            s.remove_artifact(seat, a)
            if s.log is not None:
                s.emit("strike", f"{s.name(seat)} uses {art.name}: {e.n} damage to {enemy_name(s)}")
            s.b_def -= e.n
            return True
    return False


def strike_enemy(s: TTState, seat: int, n: int) -> None:
    if s.b_kind:
        s.b_def -= n


def strike_vicinator(s: TTState, seat: int, n: int) -> None:
    if s.b_kind == VICINATOR_FIGHT:
        s.b_def -= n
        return
    s.vici_def -= n
    if s.log is not None:
        s.emit("strike", f"The Vicinator takes {n} damage ({max(0, s.vici_def)} Defense left)")
    if s.vici_def <= 0:
        s.vicinator_defeated(seat)


def before_round_options(s: TTState, seat: int, side: int) -> list[int]:
    ids = s.t.ids
    out = [ids.attack]
    if can_escape(s, seat):
        out.append(ids.escape)
    out.extend(strike_options(s, seat))
    for lv in range(3):
        ti = s.tal[seat * 3 + lv]
        if ti < 0:
            continue
        for e in s.t.talents[ti].effects:
            beasts = side == 0 and e.do == "dice" and not s.b_flags & B_BEASTS
            eclipse = side == 1 and e.do == "halve_dice" and not s.b_flags & B_ECLIPSE
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
        return f"battle against {enemy_name(s)} (Defense {max(0, s.b_def)}): before {who}"

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
                    s.b_flags |= B_BEASTS
                    s.b_beasts += e.n
                elif e.do == "halve_dice":
                    s.b_flags |= B_ECLIPSE | B_HALVE_NEXT
            if s.log is not None:
                s.emit("talent", f"{s.name(seat)} uses {tal.name}")
            return
        if ids.develop <= action < ids.develop + len(s.t.talents):
            develop(s, seat, action - ids.develop)
            return
        use_bonus_action(s, seat, action)


def begin_round(s: TTState, seat: int, side: int) -> None:
    if side == 0:
        n = s.v(seat, LOVE) + s.t_love + s.b_beasts
        if not rulings.BONUS_LOVE_LASTS_THE_TURN:
            s.t_love = 0                   # the other reading of A-13: only the next round
        first = s.b_rounds == 0
        for e in s.passives(seat):
            if e.do == "dice" and e.side == "hero" and (e.when == "every_round" or (e.when == "first_round" and first)):
                n += e.n
        s.b_beasts = 0
        if first and talent_has(s, "halve_dice", side="hero", when="first_round"):
            n = math.ceil(n / 2)
        s.push(Roll(seat, max(0, n), HERO_ATTACK))
        return
    n = s.b_str + s.b_edice
    s.b_edice = 0
    if talent_has(s, "handler", name="frenzy") and s.b_def * 2 <= s.b_def0:
        n += 2
    if s.b_erounds == 0:
        for e in enemy_talent(s):
            if e.do == "dice" and e.side == "enemy" and e.when == "first_round":
                n += e.n
    if s.b_flags & B_HALVE_NEXT:
        s.b_flags &= ~B_HALVE_NEXT
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
        from .rolls import after_effect_roll, after_removal_die, after_treasure_roll

        p = self.purpose
        seat = self.seat
        if s.cfg.hope_per_roll and p in (HERO_ATTACK, ENEMY_ATTACK, TREASURE, EFFECT_ROLL):
            s.turns_used = 0            # option hope_scope=per_roll: Hope's full band on every roll
        if p == HERO_ATTACK:
            s.b_dice = self.n
            s.b_pos = outcome
            against = s.b_hturns
            s.b_hturns = 0
            for e in enemy_talent(s):
                if e.do == "turn_dice" and e.when == "each_hero_roll":
                    against += e.n
                elif e.do == "handler" and e.name == "mirror":
                    against += s.tier(seat, HOPE)
            if s.log is not None:
                s.emit("roll", f"{s.name(seat)} rolls {self.n} {'die' if self.n == 1 else 'dice'}: {outcome} positive")
            if against and s.b_pos:
                s.b_pos = max(0, s.b_pos - against)
                if s.log is not None:
                    s.emit("turn", f"{enemy_title(s)} turns dice: {s.b_pos} positive left")
            after_hero_roll(s, seat)
        elif p == ENEMY_ATTACK:
            s.b_dice = self.n
            s.b_pos = outcome
            if s.log is not None:
                dice = "die" if self.n == 1 else "dice"
                s.emit("roll", f"{enemy_title(s)} rolls {self.n} {dice}: {outcome} positive")
            if s.b_eturns and s.b_pos:
                s.b_pos = max(0, s.b_pos - s.b_eturns)
                if s.log is not None:
                    s.emit("turn", f"{s.name(seat)}'s Artifact turns the enemy's dice: {s.b_pos} positive left")
            s.b_eturns = 0
            after_enemy_roll(s, seat)
        elif p == REROLL_HERO:
            s.b_pos += outcome
            if s.log is not None:
                s.emit("roll", f"{s.name(seat)} rolls the {self.n} blank dice again: {outcome} positive")
            after_hero_roll(s, seat)
        elif p in (TREASURE, REROLL_TREASURE):
            after_treasure_roll(s, seat, self.n, outcome, p == REROLL_TREASURE)
        elif p == EFFECT_ROLL:
            after_effect_roll(s, seat, self.n, outcome)
        else:
            after_removal_die(s, seat, outcome)


# -- after the Hero's roll -------------------------------------------------------------------------

def clover(s: TTState, seat: int) -> int:
    """The Four-Leaf Clover (a one-time turn of up to 3 dice) in its slot, or -1."""
    for a in s.equipped(seat, "one_time"):
        e = s.t.artifacts[a].effects[0]
        if e.do == "turn_dice" and e.when == "one_roll" and not s.slots_used >> s.t.art_slot[a] & 1:
            return a
    return -1


def reroll_talent(s: TTState, seat: int) -> int:
    """Third Time Lucky, if developed and unused this turn, else -1."""
    if s.tflags & T_REROLL:
        return -1
    for lv in range(3):
        ti = s.tal[seat * 3 + lv]
        if ti >= 0 and any(e.do == "reroll_blanks" for e in s.t.talents[ti].effects):
            return ti
    return -1


def hero_roll_options(s: TTState, seat: int) -> list[int]:
    ids = s.t.ids
    out = [ids.done]
    blanks = s.b_dice - s.b_pos
    if blanks > 0:
        if s.turns_left(seat) > 0:
            out.append(ids.turn_die)
        ti = reroll_talent(s, seat)
        if ti >= 0:
            out.append(ids.talent + ti)
        a = clover(s, seat)
        if a >= 0:
            out.append(ids.use_artifact + a)
    if not forbidden(s, "activation"):
        for slot in range(3):
            a = s.equip[seat * 3 + slot]
            if a < 0 or (s.b_act >> slot & 1 and rulings.ACTIVATION_ONCE_PER_ROUND):
                continue
            art = s.t.artifacts[a]
            if art.usage == "activation" and s.b_pos >= art.activation:
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
        return (f"you rolled {s.b_pos} positive of {s.b_dice} against {enemy_name(s)} (Defense {max(0, s.b_def)}): "
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
            s.use_turn(seat)
            s.b_pos += 1
            if s.log is not None:
                s.emit("turn", f"{s.name(seat)} turns a blank die: {s.b_pos} positive")
            after_hero_roll(s, seat)
            return
        if ids.talent <= action < ids.talent + len(s.t.talents):
            s.tflags |= T_REROLL
            s.push(Roll(seat, s.b_dice - s.b_pos, REROLL_HERO))
            return
        if use_strike(s, seat, action):
            after_hero_roll(s, seat)
            return
        a = action - ids.use_artifact
        art = s.t.artifacts[a]
        slot = s.t.art_slot[a]
        s.slots_used |= 1 << slot
        if art.usage == "one_time":          # the Four-Leaf Clover
            s.remove_artifact(seat, a)
            turned = min(art.effects[0].n, s.b_dice - s.b_pos)
            s.b_pos += turned
            if s.log is not None:
                s.emit("turn", f"{s.name(seat)} uses {art.name}: {s.b_pos} positive")
            after_hero_roll(s, seat)
            return
        s.b_act |= 1 << slot
        s.b_pos -= art.activation
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
            s.b_extra += e.n
    elif do == "turn_dice":
        s.b_eturns += e.n
    elif do == "dice":
        s.b_edice += e.n
    elif do == "enemy_stat":
        enemy_effect(s, e)
    elif do == "skip_enemy_round":
        s.b_flags |= B_SKIP_NEXT
    elif do == "draw_bonus":
        for _ in range(e.n):
            card = s.draw_card(HERO_BONUS)
            if card >= 0:
                take_bonus(s, seat, card)


def round_damage(s: TTState, seat: int, spend: bool = True) -> int:
    """The damage of the Hero's round: positive dice (worth more with Noon Sun) and bonuses.
    `spend`: an Elixir of Wrath's bonus is used up by this attack (not when only showing it)."""
    first = s.b_rounds == 0
    value = 1
    bonus = s.b_extra
    for e in s.passives(seat):
        if e.do == "die_value" and first:
            value = max(value, e.n)
        elif e.do == "attack_damage" and e.when == "every_round" and matches(s, seat, e):
            bonus += e.n
    for e in enemy_talent(s):
        if e.do == "attack_damage":
            bonus += e.n
    if s.b_kind == VICINATOR_FIGHT:
        bonus += s.wrath[seat] - s.vici_shield
        if spend:
            s.wrath[seat] = 0
    return max(0, s.b_pos * value + bonus)


def deal_hero_damage(s: TTState, seat: int) -> None:
    dmg = round_damage(s, seat)
    s.b_rounds += 1
    s.b_act = 0
    s.b_extra = 0
    s.b_next = 1
    if s.b_kind == VIRUS_FIGHT:
        v = s.b_card
        if dmg >= s.b_def:
            s.destroy_virus(v)
            if s.log is not None:
                s.emit("virus", f"{s.name(seat)} deals {dmg} damage and destroys the Virus")
        else:
            if s.log is not None:
                s.emit("virus", f"{s.name(seat)} deals {dmg} damage: the Virus stands, {s.name(seat)} loses 1 Spirit")
            resolve(s, seat, s.crown_enemy("virus").on_fail)
        s.push(Battle(seat))
        return
    s.b_def -= dmg
    if s.log is not None:
        s.emit("damage", f"{s.name(seat)} deals {dmg} damage to {enemy_name(s)} ({max(0, s.b_def)} Defense left)")
    if dmg < 4 and s.b_def > 0 and talent_has(s, "handler", name="many_heads"):
        s.b_def = regained(s, 2)
        if s.log is not None:
            s.emit("regain", f"{enemy_title(s)} grows a head: {s.b_def} Defense")
    s.push(Battle(seat))


# -- after the enemy's roll ------------------------------------------------------------------------

def enemy_roll_options(s: TTState, seat: int) -> list[int]:
    ids = s.t.ids
    out = [ids.done]
    if s.b_pos > 0:
        if s.turns_left(seat) > 0:
            out.append(ids.turn_die)
        for lv in range(3):
            ti = s.tal[seat * 3 + lv]
            if ti < 0:
                continue
            for e in s.t.talents[ti].effects:
                if e.do == "turn_dice" and e.when == "enemy_roll":
                    used = (s.tflags & T_CALM) if e.limit == "once_per_turn" else (s.b_flags & B_UNTOUCHED)
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
        return f"{enemy_name(s)} rolled {s.b_pos} positive of {s.b_dice}: turn its dice, {then}"

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
            s.b_pos -= 1
            if s.log is not None:
                s.emit("turn", f"{s.name(seat)} turns one of the enemy's positive dice: {s.b_pos} left")
        elif ids.talent <= action < ids.talent + len(s.t.talents):
            tal = s.t.talents[action - ids.talent]
            e = next(x for x in tal.effects if x.do == "turn_dice")
            if e.limit == "once_per_turn":
                s.tflags |= T_CALM
            else:
                s.b_flags |= B_UNTOUCHED
            s.b_pos = max(0, s.b_pos - e.n)
            if s.log is not None:
                s.emit("turn", f"{s.name(seat)} uses {tal.name}: {s.b_pos} positive left")
        elif not use_strike(s, seat, action):
            a = action - ids.use_artifact
            art = s.t.artifacts[a]
            s.slots_used |= 1 << s.t.art_slot[a]
            s.remove_artifact(seat, a)
            s.b_pos = max(0, s.b_pos - art.effects[0].n)
            if s.log is not None:
                s.emit("turn", f"{s.name(seat)} uses {art.name}: {s.b_pos} positive left")
        if s.b_def <= 0:
            s.b_erounds += 1            # struck down before its blow lands
            s.push(Battle(seat))
            return
        after_enemy_roll(s, seat)


def regained(s: TTState, n: int) -> int:
    """The enemy's Defense after it regains n (never above its start, by the ruling)."""
    if rulings.REGAINED_DEFENSE_CAPPED:
        return min(s.b_def0, s.b_def + n)
    return s.b_def + n


def deal_enemy_damage(s: TTState, seat: int) -> None:
    dmg = s.b_pos
    s.b_erounds += 1
    s.b_next = 0
    s.push(Battle(seat))
    regain = talent_has(s, "regain_defense")
    if regain is not None and s.b_def > 0:
        s.b_def = regained(s, regain.n)
    if s.log is not None:
        s.emit("hit", f"{enemy_title(s)} deals {dmg} damage to {s.name(seat)}")
    if dmg > 0:
        s.push(TakeDamage(seat, dmg, dmg, CAUSE_BATTLE, 0))


# -- taking damage ---------------------------------------------------------------------------------

def reductions(s: TTState, seat: int) -> tuple[int, int]:
    """Once-per-battle damage reductions not yet used: (total, the flags they use)."""
    total = 0
    flags = 0
    for lv in range(3):
        ti = s.tal[seat * 3 + lv]
        if ti >= 0 and not s.b_flags & B_REDUCED:
            for e in s.t.talents[ti].effects:
                if e.do == "damage_reduction":
                    total += e.n
                    flags |= B_REDUCED
    for a in s.equipped(seat, "passive"):
        for e in s.t.artifacts[a].effects:
            if e.do == "damage_reduction" and not s.b_flags & B_MARTENITSA:
                total += e.n
                flags |= B_MARTENITSA
    return total, flags


def free_blocks(s: TTState, seat: int) -> list[int]:
    """Never Born, Never Dying and the Veil of Dawn: block one round without Spirit, once a battle."""
    ids = s.t.ids
    out = []
    for lv in range(3):
        ti = s.tal[seat * 3 + lv]
        if ti >= 0 and not s.b_flags & B_FREE_BLOCK and any(e.do == "free_block" for e in s.t.talents[ti].effects):
            out.append(ids.talent + ti)
    for a in s.equipped(seat, "passive"):
        if not s.b_flags & B_VEIL and any(e.do == "free_block" for e in s.t.artifacts[a].effects):
            out.append(ids.use_artifact + a)
    return out


def damage_options(s: TTState, frame: TakeDamage) -> list[int]:
    ids = s.t.ids
    seat = frame.seat
    b = seat * 6
    lower = [ids.lower_virtue + v for v in range(6) if s.vir[b + v] > 0]
    if frame.started:               # the spread is one act, point by point: the escape came before it
        return lower
    battle = frame.cause == CAUSE_BATTLE
    out = []
    if s.spirit[seat] > 0:
        out.append(ids.block)
    if battle:
        out.extend(free_blocks(s, seat))
        if can_escape(s, seat):
            out.append(ids.escape)
    if frame.cause == CAUSE_TREE:
        out.extend(ids.stone + s.hero[h] for h in range(3) if s.stones[h] and s.tree_stone())
    left = frame.left - (reductions(s, seat)[0] if battle else 0)
    if left <= 0:
        out.append(ids.done)
    elif s.virtue_total(seat) >= left or not rulings.DAMAGE_OVER_VIRTUES_ONLY_BLOCK:
        out.extend(lower)
    out.sort()
    return out


@decision
class TakeDamage(NamedTuple):
    """Spread the damage over your Virtues, point by point, or block all of it with 1 Spirit (L303)."""

    seat: int
    total: int
    left: int
    cause: int
    started: int

    def prompt(self, s: TTState) -> str:
        if self.started:
            return f"choose the Virtue that loses the next point ({self.left} damage left)"
        escape = self.cause == CAUSE_BATTLE and can_escape(s, self.seat)
        return (f"you take {self.total} damage: spread it over your Virtues, or block it all with 1 Spirit"
                f"{', or escape the battle for 1 Spirit' * escape}")

    def legal(self, s: TTState) -> list[int]:
        return damage_options(s, self)

    def apply(self, s: TTState, action: int) -> None:
        ids = s.t.ids
        seat = self.seat
        if action == ids.escape:        # the blow never lands
            escape(s, seat)
            return
        if action == ids.block:
            if s.log is not None:
                s.emit("block", f"{s.name(seat)} blocks the damage with 1 Spirit ({s.spirit[seat] - 1} left)")
            s.lose_spirit(seat)
            return
        if ids.stone <= action < ids.stone + len(s.t.c.heroes):
            giver = s.hero.index(action - ids.stone)
            s.stones[giver] -= 1
            if s.log is not None:
                s.emit("stone", f"{s.name(giver)} sacrifices a Sacred Stone: the Tree spares {s.name(seat)}")
            return
        if ids.talent <= action < ids.talent + len(s.t.talents) or \
                ids.use_artifact <= action < ids.use_artifact + len(s.t.artifacts):
            talent = ids.talent <= action < ids.talent + len(s.t.talents)
            s.b_flags |= B_FREE_BLOCK if talent else B_VEIL
            if s.log is not None:
                name = s.t.talents[action - ids.talent].name if talent else \
                    s.t.artifacts[action - ids.use_artifact].name
                s.emit("block", f"{s.name(seat)} blocks the damage with {name}")
            return
        left = self.left
        if not self.started:
            if self.cause == CAUSE_BATTLE:
                red, flags = reductions(s, seat)
                if red:
                    s.b_flags |= flags
                    left = max(0, left - red)
                    if s.log is not None:
                        s.emit("reduce", f"{s.name(seat)} takes {red} less damage")
                if left and s.b_kind:
                    s.b_flags |= B_HURT
                    for e in enemy_talent(s):
                        if e.do == "whenever" and e.event == "virtue_damage":
                            resolve(s, seat, e.then)
            if action == ids.done:
                return
        v = action - ids.lower_virtue
        s.vir[seat * 6 + v] -= 1
        left -= 1
        if s.log is not None:
            s.emit("virtue", f"{s.name(seat)} loses 1 {VIRTUE_NAMES[v]} ({s.v(seat, v)} left)")
        if self.cause == CAUSE_BATTLE and s.b_kind and talent_has(s, "handler", name="blood_drain"):
            s.b_def = regained(s, 1)
        if left > 0 and s.virtue_total(seat):      # (the other reading of A-18 lets the rest go)
            s.push(TakeDamage(seat, self.total, left, self.cause, 1))
