"""What one seat sees of a Greylune game (JSON-safe), and the rulebook words for requirements and effects.

Everything on the table is public in Greylune; what no seat sees is the order of the decks, the
cards removed at setup, the Event stack and the Seal pile (only their sizes are shown).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import seat_name
from ...engine.stack import frame_name
from .actions import GAPS, NGAPS
from .board import NO_CARD, PERIOD_OF_YEAR, SEASONS
from .content import R_NONE, VillageCard
from .scoring import breakdown
from .texts import (
    effects_text,
    encounter_text,
    event_text,
    option_words,
    quest_text,
    requirement,
    token_texts,
    village_brief,
    village_text,
)

if TYPE_CHECKING:
    from .state import GreyluneState

def card_json(card: VillageCard) -> dict[str, Any]:
    return {"id": card.id, "name": card.name, "kind": card.kind, "cost": card.cost,
            "tavern": card.tavern, "potion": card.potion, "end_vp": card.end_vp, "text": village_text(card),
            "brief": village_brief(card)}


def encounter_json(s: GreyluneState, e: int) -> dict[str, Any]:
    c = s.c
    card = c.encounters[e]
    return {"id": e, "name": card.name, "distance": card.distance, "crest": c.crests[card.distance],
            "story": card.story, "income": c.income[card.income - 1].name if card.income else None,
            "sides": [{"req": "nothing" if side.req[0] == R_NONE else requirement(side.req),
                       "reward": effects_text(side.reward) if side.reward else "no reward"} for side in card.sides],
            "text": encounter_text(c, card)}


def build_view(s: GreyluneState, seat: int | None) -> dict[str, Any]:
    n = s.players
    c = s.c
    top = s.stack[-1] if s.stack and not s.over else None
    return {
        "game": "greylune", "players": n, "seat": seat, "year": s.year,
        "period": PERIOD_OF_YEAR[s.year], "first_player": s.first_player,
        "current_player": s.current_player, "over": s.over, "prompt": s.prompt(),
        "result": s.final.to_json() if s.final else None,
        "score_sheet": s.game.score_sheet(s.final).to_json() if s.final else None,
        # the pending decision: its kind (a frame of the rules) and its fields, all public in Greylune
        "decision": None if top is None else {"kind": frame_name(top), **top._asdict()},
        "village": [
            None if s.grid[slot] == NO_CARD else {"slot": slot, **card_json(c.cards[s.grid[slot]]),
                                                   "seals": list(s.seals[slot]), "extra_cost": s.around(slot)}
            for slot in range(9)],
        "gaps": [{"gap": g, "slots": list(GAPS[g]), "villagers": [s.villagers_in(g, p) for p in range(n)]}
                 for g in range(NGAPS)],
        "event": None if s.event_current < 0 else {
            "name": c.events[s.event_current].name, "text": event_text(c.events[s.event_current]),
            "options": [option_words(o.cost, o.effects) for o in c.events[s.event_current].options],
            "festival_taken": list(s.festival), "villagers": list(s.on_event)},
        "encounters": [encounter_json(s, e) for e in s.enc_board],
        "quests": [{"space": d, "name": c.quests[s.quests[d - 3]].name,
                    "text": quest_text(c, c.quests[s.quests[d - 3]], d),
                    "vp": list(c.quest_vp[d]), "first": s.quest_first[d - 3],
                    "done_by": [p for p in range(n) if (s.quest_done[p] >> d) & 1]}
                   for d in (3, 4, 5)],
        "track": list(c.crests),
        # what the tokens and the track's spaces do, by name (Income and Bonus tokens, spaces by crest)
        "texts": token_texts(c),
        "decks": {"village": len(s.village_deck), "encounters": len(s.enc_deck),
                  "events": len(s.event_stack), "seal_pile": len(s.seal_pile),
                  "seal_discard": sorted(s.seal_discard)},
        "player_states": [player_json(s, p) for p in range(n)],
    }


def player_json(s: GreyluneState, p: int) -> dict[str, Any]:
    c = s.c
    exh = s.exh[p]
    return {
        "seat": p, "name": seat_name(p), "season": SEASONS[s.season[p]], "coins": s.coins[p], "vp": s.vp[p],
        "strength": s.str_[p], "magic": s.mag[p], "adventurer": s.adventurer[p],
        "villagers": {"active": s.active[p], "campsite": s.camp[p], "supply": s.supply[p],
                      "event": s.on_event[p], "special": s.on_special[p],
                      "village": s.villagers_in_village(p)},
        "companions": [{**card_json(c.cards[i]), "exhausted": bool((exh >> i) & 1)} for i in s.comps[p]],
        "items": [{**card_json(c.cards[i]), "exhausted": bool((exh >> i) & 1)} for i in s.items[p]],
        "untold": [encounter_json(s, e) for e in s.untold[p]], "told": [encounter_json(s, e) for e in s.told[p]],
        "income": [c.income[t - 1].name for t in s.income[p]],
        "bonus_tokens": [c.bonus_names[k] for k in range(3) if (s.bonus_left[p] >> k) & 1],
        "quests": [d for d in (3, 4, 5) if (s.quest_done[p] >> d) & 1],
        "event_used": bool(s.event_used[p]), "item_limit": s.item_limit(p),
        # the final scoring as it would count now (the result exists only at the end)
        "end_game": breakdown(s, p),
    }
