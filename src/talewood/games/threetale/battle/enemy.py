"""Who the enemy is (rulebook, Battle Cards: the enemy's Speed, Defense, Strength, Bonus cards and Talent;
Future Book, each chapter's enemies): its name and Talent, the effects that weaken it, and who attacks
first (the greater Speed; the enemy on a tie).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import rulings
from ..components.vocabulary import Effect
from ..state_fields import FUTURE_BATTLE, PAST_BATTLE, VICINATOR_FIGHT, VIRUS_FIGHT

if TYPE_CHECKING:
    from ..state import TTState


# Roll purposes
HERO_ATTACK, ENEMY_ATTACK, REROLL_HERO, TREASURE, REROLL_TREASURE, EFFECT_ROLL, REMOVAL_DIE = range(7)
# what caused damage outside a round of attack
CAUSE_BATTLE, CAUSE_TREE, CAUSE_VIRUS, CAUSE_TENTACLE = range(4)

# -- who the enemy is ----------------------------------------------------------------------------

def enemy_name(s: TTState) -> str:
    k = s.battle.kind
    if k == PAST_BATTLE:
        return s.t.battles[s.battle.card].name
    if k == FUTURE_BATTLE:
        return s.t.fcards[s.battle.card].name
    if k == VIRUS_FIGHT:
        return "the Virus"
    if k == VICINATOR_FIGHT:
        return "the Vicinator"
    return "no enemy"


def enemy_title(s: TTState) -> str:
    name = enemy_name(s)
    return name[0].upper() + name[1:]


def enemy_talent(s: TTState) -> tuple[Effect, ...]:
    k = s.battle.kind
    if k == PAST_BATTLE:
        talent = s.t.battles[s.battle.card].talent
    elif k == FUTURE_BATTLE:
        talent = s.t.fcards[s.battle.card].talent
    else:
        return ()
    return talent.effects if talent else ()


def hostile(s: TTState) -> bool:
    """A Level 3 enemy or a Hostile enemy of the Future (Talents that say "level3_or_hostile")."""
    return s.battle.level == 3 or s.battle.kind >= FUTURE_BATTLE


def matches(s: TTState, seat: int, e: Effect) -> bool:
    """Whether an effect's `vs` condition holds against the enemy fought now."""
    vs = e.vs
    if vs in ("", "any"):
        return True
    if vs == "level3_or_hostile":
        return hostile(s)
    if vs == "slower":
        return s.speed_now(seat) > s.battle.speed
    if vs == "vicinator":
        return s.battle.kind == VICINATOR_FIGHT
    return False


def talent_has(s: TTState, keyword: str, **match: str) -> Effect | None:
    for e in enemy_talent(s):
        if e.do == keyword and all(getattr(e, k) == v for k, v in match.items()):
            return e
    return None


def forbidden(s: TTState, what: str) -> bool:
    return talent_has(s, "forbid", what=what) is not None


def enemy_effect(s: TTState, e: Effect) -> None:
    """An Enemy Bonus card or a weakening effect: it lasts for the battle."""
    if e.do == "enemy_stat":
        if e.stat == "speed":
            s.battle.speed = max(0, s.battle.speed + e.n)
        elif e.stat == "defense":
            s.battle.defense = max(1, s.battle.defense + e.n)
            s.battle.defense_at_start = max(1, s.battle.defense_at_start + e.n)
        elif e.stat == "strength":
            s.battle.strength = max(0, s.battle.strength + e.n)
    elif e.do == "turn_dice" and e.when == "next_hero_roll":
        s.battle.hero_dice_turned += e.n


def hero_initiative(s: TTState, seat: int) -> int:
    bonus = sum(e.n for e in enemy_talent(s) if e.do == "initiative")
    speed = s.speed_now(seat) if rulings.INITIATIVE_COUNTS_BONUSES else s.speed[seat]
    return speed + s.passive_sum(seat, "initiative") + bonus


def hero_first(s: TTState, seat: int) -> bool:
    """The greater Speed attacks first; on a tie the enemy does (L301)."""
    if any(e.do == "first_strike" and matches(s, seat, e) for e in s.passives(seat)):
        return True
    mine = hero_initiative(s, seat)
    if mine > s.battle.speed:
        return True
    return mine == s.battle.speed and s.has_passive(seat, "win_ties")


def regained(s: TTState, n: int) -> int:
    """The enemy's Defense after it regains n (never above its start, by the ruling)."""
    if rulings.REGAINED_DEFENSE_CAPPED:
        return min(s.battle.defense_at_start, s.battle.defense + n)
    return s.battle.defense + n
