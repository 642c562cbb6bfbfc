"""The start of a battle (rulebook, Battle Cards; Future Book, Battle - Future Rules): a Past Battle
card drawn, a Future enemy met, a Virus or the Vicinator attacked from an adjacent space; the enemy's
Bonus cards drawn, and who attacks first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..state_fields import FUTURE_BATTLE, PAST_BATTLE, VICINATOR_FIGHT, VIRUS_FIGHT
from ..tables import ENEMY_BONUS, LOVE
from .enemy import enemy_effect, enemy_title, hero_first
from .rounds import Battle

if TYPE_CHECKING:
    from ..state import TTState


# -- starting and ending ---------------------------------------------------------------------------

def start_battle(s: TTState, seat: int, level: int, card: int) -> None:
    """Fight the enemy of a Past Battle card of `level`."""
    b = s.t.battles[card]
    s.battle.kind = PAST_BATTLE
    s.battle.card = card
    s.battle.level = level
    s.battle.speed, s.battle.defense, s.battle.strength = b.speed, b.defense, b.strength
    if s.log is not None:
        talent = f"; Talent {b.talent.name}" if b.talent else ""
        s.emit("battle", f"{s.name(seat)} draws {b.name} (Speed {b.speed}, Defense {b.defense}, "
                         f"Strength {b.strength}{talent}): {b.text}", card=b.id)
    setup(s, seat, b.bonus)


def start_future_battle(s: TTState, seat: int, card: int) -> None:
    """Fight a Hostile card of the Future (a reflection takes its stats from the Hero who drew it)."""
    fc = s.t.fcards[card]
    s.battle.kind = FUTURE_BATTLE
    s.battle.card = card
    s.battle.level = 0
    if fc.reflection is not None:
        s.battle.speed, s.battle.defense, s.battle.strength = fc.reflection.stats(s.speed[seat], s.v(seat, LOVE))
    else:
        s.battle.speed, s.battle.defense, s.battle.strength = fc.speed, fc.defense, fc.strength
    if s.log is not None:
        s.emit("battle", f"{s.name(seat)} faces {fc.name} (Speed {s.battle.speed}, Defense {s.battle.defense}, "
                         f"Strength {s.battle.strength})")
    setup(s, seat, fc.bonus)


def start_virus_fight(s: TTState, seat: int, virus: int) -> None:
    enemy = s.crown_enemy("virus")
    s.battle.kind = VIRUS_FIGHT
    s.battle.card = virus
    s.battle.level = 0
    s.battle.speed, s.battle.defense, s.battle.strength = enemy.speed, enemy.defense, 0
    if s.log is not None:
        s.emit("battle", f"{s.name(seat)} attacks a Virus (Defense {enemy.defense})")
    setup(s, seat, 0)
    s.battle.attacks_next = 0


def start_vicinator_fight(s: TTState, seat: int) -> None:
    enemy = s.crown_enemy("vicinator")
    s.battle.kind = VICINATOR_FIGHT
    s.battle.card = -1
    s.battle.level = 0
    s.battle.speed, s.battle.defense, s.battle.strength = enemy.speed, s.vici_def, enemy.strength
    if s.log is not None:
        s.emit("battle", f"{s.name(seat)} attacks the Vicinator (Defense {s.vici_def} left)")
    setup(s, seat, 0, defense0=enemy.defense)


def setup(s: TTState, seat: int, bonus: int, defense0: int = 0) -> None:
    fight = s.battle
    fight.defense_at_start = defense0 or fight.defense
    fight.hero_rounds = fight.enemy_rounds = 0
    fight.used = 0
    fight.activated = fight.extra_damage = fight.hero_dice_turned = fight.enemy_dice_turned = 0
    fight.enemy_extra_dice = fight.beast_dice = 0
    fight.positive = fight.dice = 0
    fight.bonus_cards = []
    # Level 2 enemies (and Hostile cards that print it) draw Enemy Bonus cards beforehand (L299)
    n = max(0, bonus + s.passive_sum(seat, "enemy_stat", stat="bonus_cards"))
    for _ in range(n):
        card = s.draw_card(ENEMY_BONUS)
        if card < 0:
            break
        s.battle.bonus_cards.append(card)
        b = s.t.enemy_bonus[card]
        for e in b.options[0]:
            enemy_effect(s, e)
        if s.log is not None:
            s.emit("bonus", f"The enemy draws {b.name}: {b.text}")
    for e in s.passives(seat):      # the Hero's Artifacts and Talents that weaken the enemy
        if e.do == "enemy_stat" and e.stat != "bonus_cards":
            enemy_effect(s, e)
    s.battle.attacks_next = 0 if hero_first(s, seat) else 1
    if s.log is not None:
        s.emit("initiative", f"{s.name(seat) if s.battle.attacks_next == 0 else enemy_title(s)} attacks first")
    s.push(Battle(seat))
