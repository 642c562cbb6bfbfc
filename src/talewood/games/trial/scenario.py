"""Trial positions described as data (engine/scenario.py), for the rulebook's examples and rule tests.

```toml
players = 3
seed = 1
options = { first_player = "seat0", tiles = "fixed" }
[position]
day = 2
first_player = 1                                       # who holds the first player token (1 = Player 1)
positions = ["tower_c", "start_n", "start_n"]          # each seat's space (forest or expedition)
tiles = [{ space = "store_n", side = "back" }]         # a location tile on its back (or tile = id)
food = [{ tea = 1, raspberry = 1 }, {}, {}]            # each seat's food (the rest back to the tray)
hands = [["food_delivery"], [], []]                    # each seat's hand (the rest back to the deck)
stories = [[{ card = "caravan" }, { card = "duel", face_up = false }], [], []]
backpacks = [["kettle", "ancient_coin"], [], []]       # objects carried (taken from the store, ruins, slots)
gallery = [["ice_crystal"], [], []]
morality = [2, 0, 0]                                   # spots from the middle: - good, + evil
flags = [{ forgotten_swamps = "swamps_finish_raspberry" }, {}, {}]
paws = [{ placed = ["store_n", "help"], strong = "home" }, {}, {}]
tents = [["tent_tea", "tent_x"], [], []]                # each seat's tent tokens
campsite_tents = [{ space = "camp_n", tent = "tent_tea", owner = 2 }]
store = [{ row = 2, column = 3, item = "shield" }]      # an item moved onto a slot (a stack with count)
ruins = [{ space = "ruins_w", items = ["rope", "axe", "bow"] }]
encounters = ["tea_cat", "knight", "bandits"]          # the face-up encounter cards, left to right
deck_top = ["wolf"]                                     # cards put on top of their deck, the first on top
discard = ["pathfinder"]
tunnels = [{ space = "path_05", state = "dug" }]
boosts = [{ movement = 1 }, {}, {}]
legendary = { legendary_pioneer = 2 }
camped = [2, 3]                                         # who has already camped today
turn = { seat = 1, camping = false }                   # whose turn starts now
```

Seats are counted from 1, as players name them. Components are moved, never created: a card, item,
artifact, tent or food token is taken from wherever it lies. A position without `turn` still asks for
the starting spaces; `positions` alone skips that.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import ScenarioError, ScenarioSchema, Setting
from ...engine.scenario import expect_int, expect_list, expect_name
from .objects import ChooseSlot
from .tables import (
    ALL_SEATS,
    AREA_INDEX,
    COLUMN_INDEX,
    ENCOUNTER_SECTION,
    EXPEDITION_SECTION,
    FOOD_INDEX,
    HELP_SPOT,
    PLAYING,
    SK_SIZE,
    UNIVERSAL,
)
from .turn import begin_turn

if TYPE_CHECKING:
    from .state import TrialState


def _seat(s: TrialState, value: Any, what: str = "seat") -> int:
    return expect_int(value, what, 1, s.players) - 1


def _per_seat(s: TrialState, value: Any, what: str) -> list[Any]:
    rows = expect_list(value, what)
    if len(rows) > s.players:
        raise ScenarioError(f"{what} lists {len(rows)} seats for {s.players} players")
    return rows


def _card(s: TrialState, name: Any) -> int:
    ids = s.c.card_index
    return ids[expect_name(name, ids, "card")]


def _object(s: TrialState, name: Any) -> int:
    return s.t.object_index[expect_name(name, s.t.object_index, "item or artifact")]


def _space(s: TrialState, name: Any) -> int:
    return s.t.space_index[expect_name(name, s.t.space_index, "space")]


def _tent(s: TrialState, name: Any) -> int:
    ids = {x.id: i for i, x in enumerate(s.c.tents)}
    return ids[expect_name(name, ids, "tent")]


# -- moving components ---------------------------------------------------------------------------------
def lift_card(s: TrialState, card: int) -> None:
    """Take `card` from wherever it lies (a deck, a pile, a slot, a hand, a story)."""
    for pile in (s.deck, s.discard, s.enc_deck, *s.xdeck, *s.xdiscard, *s.hand, *s.aside):
        if card in pile:
            pile.remove(card)
            return
    if card in s.enc_slots:
        s.enc_slots[s.enc_slots.index(card)] = -1
        return
    for seat, story in enumerate(s.story):
        for code in story:
            if code >> 3 == card:
                _unstory(s, seat, code)
                return
    raise ScenarioError(f"the card {s.t.cards[card].card.id} is not in this game any more")


def _unstory(s: TrialState, seat: int, code: int) -> None:
    """Take a card out of a story, undoing what it added (its skills; not the morality it moved)."""

    story = s.story[seat]
    story.remove(code)
    rest = list(story)
    b = seat * SK_SIZE
    s.sk[b:b + SK_SIZE] = [0] * SK_SIZE
    s.story[seat] = []
    morality = s.morality[seat]
    for again in rest:
        s.add_story(seat, again >> 3, (again >> 1) & 3, bool(again & 1), 0)
    s.morality[seat] = morality
    s.known[code >> 3] = ALL_SEATS


def return_card(s: TrialState, card: int) -> None:
    """Put a card back in its own deck (an encounter card in the encounter deck…)."""
    t = s.t
    if card < len(t.deed_range):
        s.deck.insert(0, card)
    elif t.is_encounter[card]:
        s.enc_deck.insert(0, card)
    else:
        s.xdeck[t.cards[card].area].insert(0, card)


def lift_object(s: TrialState, obj: int) -> None:
    """Take an item or artifact from the store, the ruins, its slot, a backpack, a gallery or the box."""
    t = s.t
    if obj < t.n_items:
        slot = s.store_slot_of(obj)
        if slot >= 0:
            s.store_take(obj)
            return
        for items in s.ruins:
            if obj in items:
                items.remove(obj)
                return
        for pack in s.backpack:
            if obj in pack:
                pack.remove(obj)
                return
        raise ScenarioError(f"no {t.object_ids[obj]} is left to take")
    a = obj - t.n_items
    if s.artifact_home[a]:
        s.artifact_home[a] = False
        return
    for where in (*s.backpack, *s.gallery):
        if obj in where or a in where:
            where.remove(obj if obj in where else a)
            return
    if a in s.artifact_box:
        s.artifact_box.remove(a)
        return
    raise ScenarioError(f"the artifact {t.object_ids[obj]} is not in this game any more")


def lift_tent(s: TrialState, x: int) -> None:
    for where in (*s.tents, s.tent_box, s.tent_used, *s.tent_kept):
        if x in where:
            where.remove(x)
            return
    if x in s.tent_on:
        k = s.tent_on.index(x)
        s.tent_on[k] = -1
        s.tent_knower[k] = -1
        return
    raise ScenarioError(f"the tent {s.c.tents[x].id} is not in this game any more")


# -- the settings ---------------------------------------------------------------------------------------
def put_first_player(s: TrialState, value: Any) -> None:
    s.first = _seat(s, value, "first_player")
    s.day_first = s.opener = s.first


def put_day(s: TrialState, value: Any) -> None:
    s.day = expect_int(value, "day", 1, s.t.days)


def put_positions(s: TrialState, value: Any) -> None:

    for seat, space in enumerate(_per_seat(s, value, "positions")):
        s.pos[seat] = _space(s, space)
    if all(p >= 0 for p in s.pos):
        s.phase = PLAYING
        s.day = s.day or 1
        s.stack = [f for f in s.stack if type(f).__name__ != "ChooseStart"]
        if not s.stack:                 # the first player's turn begins (`turn` may say otherwise)
            s.turns = 0
            begin_turn(s, s.first)


def put_tiles(s: TrialState, value: Any) -> None:
    t = s.t
    for entry in expect_list(value, "tiles"):
        space = _space(s, entry.get("space"))
        loc = t.loc_of[space]
        if loc < 0:
            raise ScenarioError(f"{t.space_ids[space]} is not a location")
        if "tile" in entry:
            ids = {x.id: i for i, x in enumerate(s.c.tiles)}
            tile = ids[expect_name(entry["tile"], ids, "tile")]
            if t.tile_type[tile] != t.loc_type[loc]:
                raise ScenarioError(f"the tile {s.c.tiles[tile].id} does not match {t.space_ids[space]}'s type")
            other = s.tile_at.index(tile)
            s.tile_at[other], s.tile_at[loc] = s.tile_at[loc], tile
            s.tile_side[other], s.tile_side[loc] = s.tile_side[loc], s.tile_side[other]
        side = expect_name(entry.get("side", "front"), ("front", "back"), "side")
        s.tile_side[loc] = 0 if side == "front" else 1
        s.tile_known[loc] = s.tile_known[loc] or side == "back" or "tile" in entry


def put_food(s: TrialState, value: Any) -> None:
    for seat, table in enumerate(_per_seat(s, value, "food")):
        for f in range(4):
            s.return_food(seat, f)
        for name, n in table.items():
            f = FOOD_INDEX[expect_name(name, FOOD_INDEX, "food")]
            n = expect_int(n, f"{name}", 0, 16)
            if s.tray[f] < n:
                raise ScenarioError(f"the tray has only {s.tray[f]} {name} left")
            s.tray[f] -= n
            s.add_food(seat, f, n)


def put_hands(s: TrialState, value: Any) -> None:
    for seat, names in enumerate(_per_seat(s, value, "hands")):
        for card in list(s.hand[seat]):
            s.hand[seat].remove(card)
            return_card(s, card)
        for name in expect_list(names, "a hand"):
            card = _card(s, name)
            lift_card(s, card)
            s.hand[seat].append(card)
            s.known[card] = 1 << seat


def put_stories(s: TrialState, value: Any) -> None:
    for seat, entries in enumerate(_per_seat(s, value, "stories")):
        for entry in expect_list(entries, "a story"):
            if isinstance(entry, str):
                entry = {"card": entry}
            card = _card(s, entry.get("card"))
            ci = s.t.cards[card]
            column = entry.get("column")
            col = COLUMN_INDEX[expect_name(column, COLUMN_INDEX, "column")] if column else ci.column
            if col < 0:
                raise ScenarioError(f"{ci.card.id} is a wildcard: say its column")
            lift_card(s, card)
            morality = s.morality[seat]
            s.add_story(seat, card, col, bool(entry.get("face_up", True)), 0)
            s.morality[seat] = morality


def put_backpacks(s: TrialState, value: Any) -> None:
    for seat, names in enumerate(_per_seat(s, value, "backpacks")):
        for obj in list(s.backpack[seat]):
            s.remove_object(seat, obj)
            if obj >= s.t.n_items:
                a = obj - s.t.n_items
                s.artifact_box.remove(a)
                s.artifact_home[a] = True
        for name in expect_list(names, "a backpack"):
            obj = _object(s, name)
            lift_object(s, obj)
            s.backpack[seat].append(obj)
        if s.used_slots(seat) > s.t.backpack_slots:
            raise ScenarioError(f"Player {seat + 1}'s backpack holds more than {s.t.backpack_slots} slots")


def put_gallery(s: TrialState, value: Any) -> None:
    for seat, names in enumerate(_per_seat(s, value, "gallery")):
        for name in expect_list(names, "a gallery"):
            obj = _object(s, name)
            if obj < s.t.n_items:
                raise ScenarioError(f"only artifacts go to the gallery, not {name}")
            lift_object(s, obj)
            s.gallery[seat].append(obj - s.t.n_items)


def put_morality(s: TrialState, value: Any) -> None:
    t = s.t
    for seat, n in enumerate(_per_seat(s, value, "morality")):
        s.morality[seat] = t.morality_start + expect_int(n, "morality", -t.morality_start, t.morality_start)


def put_flags(s: TrialState, value: Any) -> None:
    t = s.t
    for seat, table in enumerate(_per_seat(s, value, "flags")):
        for area, space in table.items():
            a = AREA_INDEX[expect_name(area, AREA_INDEX, "expedition")]
            x = _space(s, space)
            if not t.is_finish[x] or t.area_of[x] != a:
                raise ScenarioError(f"{space} is not a finishing space of {area}")
            s.set_flag(seat, a, x)


def _place(s: TrialState, name: Any) -> int:
    if name == "encounter":
        return ENCOUNTER_SECTION
    if name == "help":
        return HELP_SPOT
    if isinstance(name, str) and name.endswith("_section"):
        return EXPEDITION_SECTION + AREA_INDEX[expect_name(name[:-8], AREA_INDEX, "expedition")]
    loc = s.t.loc_of[_space(s, name)]
    if loc < 0:
        raise ScenarioError(f"{name} is not a location, 'encounter', 'help' or '<area>_section'")
    return loc


def put_paws(s: TrialState, value: Any) -> None:
    t = s.t
    for seat, entry in enumerate(_per_seat(s, value, "paws")):
        placed = [_place(s, p) for p in expect_list(entry.get("placed", []), "placed paws")]
        strong = entry.get("strong", "home")
        s.placed[seat] = placed
        if strong == "home":
            s.strong_home[seat] = True
            s.strong_at[seat] = -1
            s.paws_home[seat] = t.paws - 1 - len(placed)
        else:
            where = _place(s, strong)
            if where not in placed:
                raise ScenarioError("the strong paw must be one of the placed paws")
            s.strong_home[seat] = False
            s.strong_at[seat] = where
            s.paws_home[seat] = t.paws - len(placed)
        if s.paws_home[seat] < 0:
            raise ScenarioError(f"Player {seat + 1} has only {t.paws} paw tokens")


def put_tents(s: TrialState, value: Any) -> None:
    for seat, names in enumerate(_per_seat(s, value, "tents")):
        for x in list(s.tents[seat]):
            s.tents[seat].remove(x)
            s.tent_box.append(x)
        for name in expect_list(names, "tents"):
            x = _tent(s, name)
            lift_tent(s, x)
            s.tents[seat].append(x)


def put_campsite_tents(s: TrialState, value: Any) -> None:
    t = s.t
    for entry in expect_list(value, "campsite_tents"):
        where = entry.get("space")
        k = UNIVERSAL if where == "universal" else t.camp_of[_space(s, where)]
        if k < 0:
            raise ScenarioError(f"{where} is not a campsite")
        x = _tent(s, entry.get("tent"))
        lift_tent(s, x)
        if s.tent_on[k] >= 0:
            s.tent_box.append(s.tent_on[k])
        s.tent_on[k] = x
        s.tent_knower[k] = _seat(s, entry["owner"], "owner") if "owner" in entry else -1


def put_store(s: TrialState, value: Any) -> None:
    """Move an item's stack onto a slot (the item lying there moves to an empty slot of its size); a larger
    `count` takes more tokens from the ruins or backpacks."""
    t = s.t
    for entry in expect_list(value, "store"):
        slot = (expect_int(entry.get("row"), "row", 1, len(t.store_rows)) - 1) * len(t.store_cols) + \
            expect_int(entry.get("column"), "column", 1, len(t.store_cols)) - 1
        kind = _object(s, entry.get("item"))
        if kind >= t.n_items or t.rare[kind] != t.slot_large[slot]:
            raise ScenarioError(f"{entry.get('item')} does not fit that slot (common items small, rare large)")
        count = expect_int(entry.get("count", 1), "count", 1, t.item_count[kind])
        in_store = 0
        for x in range(t.n_slots):
            if s.store_kind[x] == kind:
                in_store += s.store_n[x]
                s.store_kind[x], s.store_n[x] = -1, 0
        if count < in_store:
            raise ScenarioError(f"{in_store} {entry.get('item')} tokens lie in the store: say count = {in_store} "
                                f"(move the others away with backpacks or ruins)")
        occupant = s.store_kind[slot]
        if occupant >= 0:
            empty = [x for x in range(t.n_slots)
                     if x != slot and s.store_kind[x] < 0 and t.slot_large[x] == t.slot_large[slot]]
            if not empty:
                raise ScenarioError(f"row {entry.get('row')}, column {entry.get('column')} holds an item and no "
                                    f"slot of its size is free")
            s.store_kind[empty[0]], s.store_n[empty[0]] = occupant, s.store_n[slot]
        for _ in range(count - in_store):
            lift_object(s, kind)
        s.store_kind[slot], s.store_n[slot] = kind, count


def put_ruins(s: TrialState, value: Any) -> None:
    t = s.t
    for entry in expect_list(value, "ruins"):
        loc = t.loc_of[_space(s, entry.get("space"))]
        if loc < 0 or t.loc_type[loc] != 1:
            raise ScenarioError(f"{entry.get('space')} is not a ruins location")
        for kind in list(s.ruins[loc]):
            s.ruins[loc].remove(kind)
            s.store_return(kind)
        for name in expect_list(entry.get("items", []), "ruins items"):
            kind = _object(s, name)
            lift_object(s, kind)
            s.ruins[loc].append(kind)


def put_encounters(s: TrialState, value: Any) -> None:

    names = expect_list(value, "encounters")
    for k in range(len(s.enc_slots)):
        if s.enc_slots[k] >= 0:
            s.enc_deck.insert(0, s.enc_slots[k])
            s.enc_slots[k] = -1
    for k, name in enumerate(names):
        if name in ("", None):
            continue
        card = _card(s, name)
        lift_card(s, card)
        s.enc_slots[k] = card
        s.known[card] = ALL_SEATS


def put_deck_top(s: TrialState, value: Any) -> None:
    names: list[object] = expect_list(value, "deck_top")
    for name in reversed(names):
        card = _card(s, name)
        lift_card(s, card)
        t = s.t
        if card < len(t.deed_range):
            s.deck.append(card)
        elif t.is_encounter[card]:
            s.enc_deck.append(card)
        else:
            s.xdeck[t.cards[card].area].append(card)


def put_expedition_decks(s: TrialState, value: Any) -> None:
    """Empty or shorten an expedition deck: {area = n} leaves n cards (the rest to its discard pile)."""
    for area, n in value.items():
        a = AREA_INDEX[expect_name(area, AREA_INDEX, "expedition")]
        n = expect_int(n, "cards left", 0, len(s.xdeck[a]))
        keep = len(s.xdeck[a]) - n
        s.xdiscard[a].extend(s.xdeck[a][:keep])
        del s.xdeck[a][:keep]


def put_discard(s: TrialState, value: Any) -> None:

    for name in expect_list(value, "discard"):
        card = _card(s, name)
        lift_card(s, card)
        s.discard.append(card)
        s.known[card] = ALL_SEATS


def put_tunnels(s: TrialState, value: Any) -> None:
    for entry in expect_list(value, "tunnels"):
        space = _space(s, entry.get("space"))
        state = expect_name(entry.get("state"), ("dug", "collapsed"), "tunnel state")
        if -1 not in s.tun_space:
            raise ScenarioError("both tunnel tokens are already on the board")
        i = s.tun_space.index(-1)
        s.tun_space[i] = space
        s.tun_up[i] = state == "dug"


def put_boosts(s: TrialState, value: Any) -> None:
    names = ("movement", "trading", "strength", "card_draw")
    for seat, table in enumerate(_per_seat(s, value, "boosts")):
        for name, n in table.items():
            k = names.index(expect_name(name, names, "one-time symbol"))
            s.add_boost(seat, k, expect_int(n, name, 0, 9) - s.card_boosts_of(seat, k))     # sets the count


def put_legendary(s: TrialState, value: Any) -> None:
    ids = {tok.id: i for i, tok in enumerate(s.c.legendary)}
    for name, seat in value.items():
        s.legendary[ids[expect_name(name, ids, "legendary token")]] = _seat(s, seat)


def put_camped(s: TrialState, value: Any) -> None:
    for seat in expect_list(value, "camped"):
        s.camped[_seat(s, seat)] = True


def put_turn(s: TrialState, value: Any) -> None:
    if any(p < 0 for p in s.pos):
        raise ScenarioError("give every seat a position before starting a turn")
    s.phase = PLAYING
    s.day = s.day or 1
    s.stack = []
    seat = _seat(s, value.get("seat", 1))
    s.turns = max(0, s.turns - 1)
    begin_turn(s, seat)
    if "camping" in value:
        s.t_camp = bool(value["camping"])


# -- the invariants ------------------------------------------------------------------------------------
def cards_everywhere(s: TrialState) -> list[int]:
    """Every card's place, limbo included (a card being resolved, added, or drawn on an expedition)."""
    out = [*s.deck, *s.discard, *s.enc_deck, *(c for c in s.enc_slots if c >= 0)]
    for piles in (s.xdeck, s.xdiscard, s.hand, s.aside, s.f_cards):
        for pile in piles:
            out += pile
    for story in s.story:
        out += [code >> 3 for code in story]
    for frame in s.stack:
        card = getattr(frame, "card", -1)
        if type(frame).__name__ == "Redraw" and card not in out:
            out.append(card)
    if s.r_card >= 0 and s.r_card not in out:
        out.append(s.r_card)
    if s.pend >= 0 and s.pend not in out:
        out.append(s.pend)
    return out


def check_position(s: TrialState) -> None:
    """Every card, item, artifact, food token, tent, paw and tunnel token somewhere exactly once."""
    t = s.t
    cards = cards_everywhere(s)
    assert sorted(cards) == list(range(t.n_cards)), "a card is lost or doubled"
    items = [0] * t.n_items
    for x in range(t.n_slots):
        if s.store_kind[x] >= 0:
            assert s.store_n[x] > 0, "an empty stack keeps its item"
            items[s.store_kind[x]] += s.store_n[x]
        else:
            assert s.store_n[x] == 0
        assert s.store_kind[x] < 0 or t.rare[s.store_kind[x]] == t.slot_large[x], "an item on a slot of the wrong size"
    for where in (*s.ruins, *s.backpack):
        for o in where:
            if o < t.n_items:
                items[o] += 1
    for frame in s.stack:
        if isinstance(frame, ChooseSlot) and not frame.sale:
            items[frame.kind] += 1            # on its way back to the store: its slot is being chosen
    assert items == list(t.item_count), "an item is lost or doubled"
    kinds = [k for k in s.store_kind if k >= 0]
    assert len(kinds) == len(set(kinds)), "two stacks of one item"
    artifacts = [o - t.n_items for pack in s.backpack for o in pack if o >= t.n_items]
    artifacts += [a for g in s.gallery for a in g] + s.artifact_box
    artifacts += [a for a in range(len(t.c.artifacts)) if s.artifact_home[a]]
    assert sorted(artifacts) == list(range(len(t.c.artifacts))), "an artifact is lost or doubled"
    for f in range(4):
        total = s.tray[f] + s.gallery_food[f] + sum(s.food_of(seat, f) for seat in range(s.players))
        total += s.help_food[f] if f < 3 else 0
        assert total == 16, f"food {f} is lost or doubled ({total})"
        assert s.tray[f] >= 0 and all(s.food_of(seat, f) >= 0 for seat in range(s.players))
    tents = [x for hand in s.tents for x in hand] + [x for x in s.tent_on if x >= 0] + s.tent_box + s.tent_used
    tents += [x for kept in s.tent_kept for x in kept]
    assert sorted(tents) == list(range(len(s.c.tents))), "a tent is lost or doubled"
    for seat in range(s.players):
        assert s.paws_home[seat] + s.strong_home[seat] + len(s.placed[seat]) == t.paws, "a paw token is lost"
        assert (s.strong_at[seat] < 0) == s.strong_home[seat]
        assert s.strong_at[seat] < 0 or s.strong_at[seat] in s.placed[seat]
        assert s.used_slots(seat) <= t.backpack_slots, "a backpack holds too much"
        locs = [p for p in s.placed[seat] if p < ENCOUNTER_SECTION]
        assert len(locs) == len(set(locs)), "two paw tokens of one player on one location"
        assert 0 <= s.morality[seat] <= t.morality_max
    dug = [x for x in s.tun_space if x >= 0]
    assert len(dug) == len(set(dug)), "two tunnel tokens on one space"


SCHEMA = ScenarioSchema([
    Setting("first_player", "who holds the first player token (1 = Player 1)", put_first_player),
    Setting("day", "the day, 1 to 4", put_day),
    Setting("positions", "each seat's space", put_positions),
    Setting("tiles", "location tiles: {space, side = front|back, tile}", put_tiles),
    Setting("food", "each seat's food: {raspberry, acorn, mushroom, tea}", put_food),
    Setting("hands", "each seat's hand (card ids)", put_hands),
    Setting("store", "items on store slots: {row, column, item, count}", put_store),
    Setting("ruins", "items on ruins: {space, items}", put_ruins),
    Setting("backpacks", "each seat's items and artifacts", put_backpacks),
    Setting("gallery", "each seat's artifacts in the gallery", put_gallery),
    Setting("morality", "each seat's morality, spots from the middle (- good, + evil)", put_morality),
    Setting("flags", "each seat's flags: {area = finishing space}", put_flags),
    Setting("paws", "each seat's paw tokens: {placed = [places], strong = home|place}", put_paws),
    Setting("tents", "each seat's tent tokens", put_tents),
    Setting("campsite_tents", "tents on campsites: {space|universal, tent, owner}", put_campsite_tents),
    Setting("encounters", "the face-up encounter cards", put_encounters),
    Setting("stories", "each seat's story: {card, column, face_up}", put_stories),
    Setting("deck_top", "cards on top of their decks, the first on top", put_deck_top),
    Setting("expedition_decks", "cards left in an expedition deck: {area = n}", put_expedition_decks),
    Setting("discard", "cards in the deed discard pile", put_discard),
    Setting("tunnels", "tunnel tokens: {space, state = dug|collapsed}", put_tunnels),
    Setting("boosts", "each seat's one-time symbols from cards", put_boosts),
    Setting("legendary", "legendary tokens claimed: {token = seat}", put_legendary),
    Setting("camped", "the seats that camped today", put_camped),
    Setting("turn", "whose turn starts: {seat, camping}", put_turn),
], check_position)
