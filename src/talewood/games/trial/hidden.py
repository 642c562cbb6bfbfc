"""What a seat cannot see, re-dealt at random for a bot's search (A-43).

Hidden from a seat: the order of every deck (deed, encounter, each expedition's; a top card Pathfinder
revealed stays), the cards in other hands and face down in other stories that it does not know (card
backs show deed or encounter, so each kind is re-dealt among its own places), the cards an opponent
played face down in a fight, the tents in other hands, on campsites where someone else put them and in
the box, the items on ruins it has not looked at (common and rare tokens differ in size, so each kind
stays in its places), and which store or ruins tile hides which back until a tile is flipped.
Every pool is sorted before it is shuffled, so the re-deal depends only on what the seat sees.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Rng

if TYPE_CHECKING:
    from .state import TrialState


def determinize(state: TrialState, seat: int, rng: Rng) -> TrialState:
    o = state.clone()
    o.rng = rng.spawn()
    t = o.t
    me = 1 << seat
    is_enc = t.is_encounter
    # -- cards in hands, asides, face-down stories and fights, and the deed and encounter decks ----------
    slots: list[tuple[list[int], int, int, int]] = []     # (list, index, packed code rest, mask)
    for who in range(o.players):
        if who == seat:
            continue
        for where in (o.hand[who], o.aside[who]):
            for i, c in enumerate(where):
                if not o.known[c] & me:
                    slots.append((where, i, -1, o.known[c]))
        for i, code in enumerate(o.story[who]):
            c = code >> 3
            if not code & 1 and not o.known[c] & me:
                slots.append((o.story[who], i, code & 7, o.known[c]))
    for side in (0, 1):
        for i, c in enumerate(o.f_cards[side]):
            if not o.known[c] & me:
                slots.append((o.f_cards[side], i, -1, o.known[c]))
    deed_slots: list[tuple[list[int], int, int, int]] = []
    enc_slots: list[tuple[list[int], int, int, int]] = []
    deed_pool: list[int] = []
    enc_pool: list[int] = []
    for slot in slots:
        where, i, rest, _mask = slot
        c = where[i] >> 3 if rest >= 0 else where[i]
        (enc_slots if is_enc[c] else deed_slots).append(slot)
        (enc_pool if is_enc[c] else deed_pool).append(c)
    for i, c in enumerate(o.deck):
        deed_slots.append((o.deck, i, -1, 0))
        deed_pool.append(c)
    for i, c in enumerate(o.enc_deck):
        enc_slots.append((o.enc_deck, i, -1, 0))
        enc_pool.append(c)
    for pool, places in ((deed_pool, deed_slots), (enc_pool, enc_slots)):
        pool.sort()
        rng.shuffle(pool)
        for (where, i, rest, mask), c in zip(places, pool, strict=True):
            where[i] = c * 8 + rest if rest >= 0 else c
            o.known[c] = mask
    # -- the expedition decks (a revealed top card stays) -----------------------------------------------
    for a in range(3):
        deck = o.xdeck[a]
        keep = 1 if o.xtop[a] and deck else 0
        hidden = sorted(deck[:len(deck) - keep])
        rng.shuffle(hidden)
        deck[:len(deck) - keep] = hidden
    # -- tents ------------------------------------------------------------------------------------------
    tent_places: list[tuple[list[int], int]] = []
    tents: list[int] = []
    for who in range(o.players):
        if who != seat:
            for i, x in enumerate(o.tents[who]):
                tent_places.append((o.tents[who], i))
                tents.append(x)
    for k, x in enumerate(o.tent_on):
        if x >= 0 and o.tent_knower[k] != seat:
            tent_places.append((o.tent_on, k))
            tents.append(x)
    for i, x in enumerate(o.tent_box):
        tent_places.append((o.tent_box, i))
        tents.append(x)
    tents.sort()
    rng.shuffle(tents)
    for (where, i), x in zip(tent_places, tents, strict=True):
        where[i] = x
    # -- the ruins' items it has not seen -----------------------------------------------------------------
    for rare in (False, True):
        item_places: list[tuple[list[int], int]] = []
        items: list[int] = []
        for loc in range(len(t.locations)):
            if o.sees_ruins(seat, loc):
                continue
            for i, k in enumerate(o.ruins[loc]):
                if t.rare[k] == rare:
                    item_places.append((o.ruins[loc], i))
                    items.append(k)
        items.sort()
        rng.shuffle(items)
        for (where, i), k in zip(item_places, items, strict=True):
            where[i] = k
    # -- the store and ruins tiles not yet flipped ------------------------------------------------------
    for kind in (1, 3):           # ruins, store (tables' type indices)
        locs = [loc for loc in range(len(t.locations)) if t.loc_type[loc] == kind and not o.tile_known[loc]]
        tiles = sorted(o.tile_at[loc] for loc in locs)
        rng.shuffle(tiles)
        for loc, tile in zip(locs, tiles, strict=True):
            o.tile_at[loc] = tile
    o.invalidate()
    return o
