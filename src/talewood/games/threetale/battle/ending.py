"""The end of a battle (rulebook, Battle Cards): the prize claimed when the enemy's Defense is exhausted,
the card discarded, and the escape for 1 Spirit, at any time in the Past (L211, L307; R75), never
from the Future's Hostile objects (Future Book, Map, Tiles and Tokens).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import rulings
from ..effects import resolve
from ..quests import quest_event
from ..state_fields import B_HURT, FUTURE_BATTLE, NO_BATTLE, PAST, PAST_BATTLE
from ..tables import BAT1, ENEMY_BONUS
from ..turn.talents import trigger
from .enemy import enemy_name, forbidden

if TYPE_CHECKING:
    from ..state import TTState


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
    kind = s.battle.kind
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


def end_battle(s: TTState) -> None:
    """Put the battle away: Enemy Bonus cards go back to their deck."""
    s.deck[ENEMY_BONUS].extend(s.battle.bonus_cards)
    s.shuffle_in(ENEMY_BONUS)
    b = s.battle
    b.bonus_cards = []
    b.kind = NO_BATTLE
    b.card = -1
    b.level = 0
    b.used = b.activated = b.extra_damage = b.hero_dice_turned = b.enemy_dice_turned = b.enemy_extra_dice = 0
    b.beast_dice = 0
    b.positive = b.dice = b.hero_rounds = b.enemy_rounds = 0
    b.speed = b.defense = b.defense_at_start = b.strength = 0


def battle_won(s: TTState, seat: int) -> None:
    kind = s.battle.kind
    card = s.battle.card
    unharmed = not s.battle.used & B_HURT
    if kind == PAST_BATTLE:
        b = s.t.battles[card]
        level = s.battle.level
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


def discard_card(s: TTState) -> None:
    if s.battle.kind == PAST_BATTLE:
        s.discard[BAT1 + s.battle.level - 1].append(s.battle.card)
