"""What a seat cannot see, re-dealt at random for a bot's search (A-43).

Hidden from a seat: the order of every deck (deed, encounter, each expedition's; a top card Pathfinder
revealed stays), the cards in other hands and face down in other stories that it does not know (card
backs show deed or encounter, so each kind is re-dealt among its own places), the cards an opponent
played face down in a fight, the tents in other hands, on campsites where someone else put them and in
the box, the items on ruins it has not looked at (common and rare tokens differ in size, so each kind
stays in its places), and which store or ruins tile hides which back until a tile is flipped.
Every pool is sorted before it is shuffled, so the re-deal depends only on what the seat sees. A deck is
dealt from, not shuffled (`unordered`, TrialState.in_order): a card taken from its top is drawn from it at
random, and it is shuffled only when its order is looked at; the tents left in the box keep no order (one
is drawn from the box at random).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Rng
from .tables import PILE_DEEDS, PILE_ENCOUNTERS, PILE_EXPEDITION

if TYPE_CHECKING:
    from .state import TrialState


def determinize(state: TrialState, seat: int, rng: Rng) -> TrialState:
    o = state.clone()
    o.rng = rng.spawn()
    t = o.t
    me = 1 << seat
    is_enc = t.is_encounter
    known = o.known
    # -- cards in hands, asides, face-down stories and fights, and the deed and encounter decks ----------
    # a hidden card's place: (list, index, packed code rest or -1, the seats that know it), deeds and
    # encounter cards apart (their backs differ); each deck's cards follow in its pool, in deck order
    places: tuple[list[tuple[list[int], int, int, int]], list[tuple[list[int], int, int, int]]] = ([], [])
    pools: tuple[list[int], list[int]] = ([], [])
    for who in range(o.players):
        if who == seat:
            continue
        for where in (o.hand[who], o.aside[who]):
            for i, c in enumerate(where):
                mask = known[c]
                if not mask & me:
                    kind = 1 if is_enc[c] else 0
                    places[kind].append((where, i, -1, mask))
                    pools[kind].append(c)
        story = o.story[who]
        for i, code in enumerate(story):
            if not code & 1:
                c = code >> 3
                mask = known[c]
                if not mask & me and c < t.n_hand_cards:   # an expedition card's back shows its deck
                    kind = 1 if is_enc[c] else 0
                    places[kind].append((story, i, code & 7, mask))
                    pools[kind].append(c)
    for where in o.f_cards:
        for i, c in enumerate(where):
            mask = known[c]
            if not mask & me:
                kind = 1 if is_enc[c] else 0
                places[kind].append((where, i, -1, mask))
                pools[kind].append(c)
    for kind, deck in ((0, o.deck), (1, o.enc_deck)):
        pool = pools[kind]
        n = len(pool)
        pool += deck
        pool.sort()               # the deck is left in an order that tells nothing of the real one
        rng.deal(pool, n)
        kept = len(pool) - n
        for (where, i, rest, mask), c in zip(places[kind], pool[kept:], strict=True):
            where[i] = c * 8 + rest if rest >= 0 else c
            known[c] = mask
        deck[:] = pool[:kept]
        for c in deck:
            known[c] = 0
    o.unordered = PILE_DEEDS | PILE_ENCOUNTERS
    # -- the expedition decks (a revealed top card stays) -----------------------------------------------
    for a in range(3):
        deck = o.xdeck[a]
        if o.xtop[a] and deck:
            hidden = sorted(deck[:-1])
            rng.shuffle(hidden)
            deck[:-1] = hidden
        else:
            deck.sort()
            o.unordered |= PILE_EXPEDITION << a
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
    n = len(tents)
    tents += o.tent_box
    tents.sort()
    rng.deal(tents, n)
    kept = len(tents) - n
    for (where, i), x in zip(tent_places, tents[kept:], strict=True):
        where[i] = x
    o.tent_box[:] = tents[:kept]
    # -- the ruins' items it has not seen (common and rare ones apart: their tokens differ) ---------------
    item_places: tuple[list[tuple[list[int], int]], list[tuple[list[int], int]]] = ([], [])
    items: tuple[list[int], list[int]] = ([], [])
    rare = t.rare
    for loc, pile in enumerate(o.ruins):
        if pile and not o.sees_ruins(seat, loc):
            for i, k in enumerate(pile):
                r = 1 if rare[k] else 0
                item_places[r].append((pile, i))
                items[r].append(k)
    for r in (0, 1):
        pool = items[r]
        pool.sort()
        rng.shuffle(pool)
        for (where, i), k in zip(item_places[r], pool, strict=True):
            where[i] = k
    # -- the store and ruins tiles not yet flipped ------------------------------------------------------
    for locs_of_kind in t.hidden_tile_locs:       # ruins, store
        locs = [loc for loc in locs_of_kind if not o.tile_known[loc]]
        tiles = sorted(o.tile_at[loc] for loc in locs)
        rng.shuffle(tiles)
        for loc, tile in zip(locs, tiles, strict=True):
            o.tile_at[loc] = tile
    o.invalidate()
    return o
