"""Telling a story (a Tavern, or the special action): Encounter cards from Untold to Told Stories one
by one, their story values adding up to at most 3 (two 2s count as 3); Seren or a Charisma Potion
raises one card to 3 (ruling R23). The Bards' Tournament Quest tells two, whatever their value."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...engine import decision, seat_name
from . import effects, rulings
from .content import COINS, READY, STR, VP, Effect
from .texts import effects_text, with_seal

if TYPE_CHECKING:
    from .state import GreyluneState

SPECIAL_SOURCE = 99     # a story told with the special action, not at a Tavern
SPECIAL_TIERS: tuple[tuple[Effect, ...], ...] = (((COINS, 2),), ((STR, 1),), ((VP, 2),))


def can_add(total: int, cards: int, value: int) -> bool:
    """May a card of this story value join a story worth `total` from `cards` cards?"""
    return value >= 1 and (total + value <= 3 or (total == 2 and cards == 1 and value == 2))


@decision
class Story(NamedTuple):
    """Choose the Encounter cards of the story one by one, or end it."""

    seat: int
    source: int             # the Tavern's card index, or SPECIAL_SOURCE
    seal: int               # the value of the Seal the Tavern was activated with
    total: int              # the story's value so far
    cards: int              # the cards told so far

    def prompt(self, s: GreyluneState) -> str:
        return "choose the Encounter cards of your story"

    def legal(self, s: GreyluneState) -> list[int]:
        p = self.seat
        ids = s.ids
        encounters = s.c.encounters
        total, cards = self.total, self.cards
        out = sorted(ids.tell + e - 1 for e in s.untold[p] if can_add(total, cards, encounters[e].story))
        if cards == 0 and s.boost_available(p):
            out.extend(sorted(ids.tell_boost + e - 1 for e in s.untold[p]))
        if cards or not rulings.TAVERN_NEEDS_TELLABLE_STORY:
            out.append(ids.story_end)
        return out

    def apply(self, s: GreyluneState, action: int) -> None:
        p = self.seat
        ids = s.ids
        if action == ids.story_end:
            story_rewards(s, p, self.source, self.seal, self.total)
            return
        if action >= ids.tell_boost:
            e = action - ids.tell_boost + 1
            s.untold[p].remove(e)
            s.told[p].append(e)
            seren = s.ready_card(p, s.tables.seren)
            kinds = s.tables.potion_kind
            charisma = [i for i in s.items[p] if kinds[i] == "charisma" and s.ready_card(p, i)]
            if seren and charisma:
                s.stack.append(BoostSource(p, self.source, self.seal))
                return
            story_rewards(s, p, self.source, self.seal, 3)
            if seren:
                effects.exhaust(s, p, s.tables.seren)
            else:
                effects.use_potion(s, p, charisma[0])
            return
        e = action - ids.tell + 1
        s.untold[p].remove(e)
        s.told[p].append(e)
        total = self.total + s.c.encounters[e].story
        cards = self.cards + 1
        encounters = s.c.encounters
        if any(can_add(total, cards, encounters[x].story) for x in s.untold[p]):
            s.stack.append(Story(p, self.source, self.seal, total, cards))
        else:
            story_rewards(s, p, self.source, self.seal, total)


def story_rewards(s: GreyluneState, p: int, source: int, seal: int, total: int) -> None:
    """The rewards of a story of this value: the first `value` tiers of the Tavern (or special action)."""
    value = min(3, total)
    tiers = SPECIAL_TIERS if source == SPECIAL_SOURCE else s.c.cards[source].tiers
    gains: list[Effect] = []
    for t in range(value):
        gains.extend(tiers[t])
    if s.log is not None:
        got = with_seal(tuple(g for g in gains if g[0] != READY), seal)
        ready = " and readies one of their cards" if any(g[0] == READY for g in gains) else ""
        s.emit("story", f"{seat_name(p)} tells a story of value {value}: gains {effects_text(got)}{ready}", seat=p)
    effects.push_effects(s, p, tuple(gains), seal)


@decision
class BoostSource(NamedTuple):
    """Seren or a Charisma Potion: which raises the story to 3?"""

    seat: int
    source: int
    seal: int

    def prompt(self, s: GreyluneState) -> str:
        return "who raises the story to 3?"

    def legal(self, s: GreyluneState) -> list[int]:
        p = self.seat
        kinds = s.tables.potion_kind
        potion_id = s.tables.potion_id
        out = [potion_id[i] for i in s.items[p] if kinds[i] == "charisma" and s.ready_card(p, i)]
        out.append(s.ids.react)
        out.sort()
        return out

    def apply(self, s: GreyluneState, action: int) -> None:
        p = self.seat
        story_rewards(s, p, self.source, self.seal, 3)
        if action == s.ids.react:
            effects.exhaust(s, p, s.tables.seren)
        else:
            effects.use_potion(s, p, s.tables.potion_cards[action - s.ids.potion])


@decision
class BardStory(NamedTuple):
    """The Bards' Tournament: move one of your Untold Stories to your Told Stories."""

    seat: int
    left: int               # stories still to move

    def prompt(self, s: GreyluneState) -> str:
        return "choose a story to move to Told Stories"

    def legal(self, s: GreyluneState) -> list[int]:
        base = s.ids.pick_story
        return sorted(base + e - 1 for e in s.untold[self.seat])

    def apply(self, s: GreyluneState, action: int) -> None:
        p = self.seat
        e = action - s.ids.pick_story + 1
        s.untold[p].remove(e)
        s.told[p].append(e)
        if self.left > 1:
            s.stack.append(BardStory(p, self.left - 1))
