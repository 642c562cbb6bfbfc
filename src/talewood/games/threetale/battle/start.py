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
