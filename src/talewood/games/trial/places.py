"""Using a location (L373-497), the help spot (L578-584), and the board effects: tunnels and tiles.

A tile side's terms (locations.toml) say what a paw token resolves and what the strong paw adds (the
"+", L312); its `enhance` says whether story symbols and up to 2 discarded cards add to the action
(L497). Groves gather food, lookout towers draw cards, ruins sell their hidden items, stores open
store.py; ruined sides resolve their few terms as they are written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...engine import automatic, decision, plural, seat_name
from . import cards, rulings
from .tables import (
    BOOST_NAME,
    FOOD_A,
    FOOD_INDEX,
    FOOD_NAME,
    FOOD_PLURAL,
    SK_CARD_DRAW,
    SK_FOOD,
    SK_HERBALIST,
    SK_SCAVENGER,
    SK_SIZE,
    TEA,
    U_ANY,
    U_FOOD,
)

if TYPE_CHECKING:
    from .state import TrialState

CARD_DRAW = 3         # the one-time card-draw symbol
BASIC = (0, 1, 2)


def use_location(s: TrialState, seat: int, loc: int, strong: bool) -> None:
    t = s.t
    tile = s.tile_at[loc]
    side_i = s.tile_side[loc]
    side = s.side_of(loc)
    paw = side.paw
    more = side.strong if strong else ()
    words = {x.keyword for x in paw}
    s.r_traded = -1
    if "store" in words:
        from .store import begin_visit

        card_tea = next((int(x.args[0]) for x in more if x.keyword == "cards_as_tea"), 0)
        begin_visit(s, seat, card_tea, side.enhance == "trading")
    elif "ruins_search" in words:
        begin_ruins(s, seat, loc, strong)
    elif side.enhance == "food":
        s.en_count = 0
        s.en_extra = 0
        s.stack.append(Gather(seat, loc, 1 if strong else 0))
        offer_by_hand(s, seat)
        if _food_cards(s, seat):
            s.stack.append(GroveEnhance(seat))
    elif side.enhance == "card_draw":
        enhanced = strong or side.enhance_on == "paw"
        draws = [x for x in (*paw, *more) if x.keyword == "draw"]
        s.en_count = 0
        s.en_extra = 0
        if draws:
            s.stack.append(TowerDraw(seat, sum(int(x.args[0]) for x in draws), 1 if enhanced else 0))
            if enhanced:
                offer_by_hand(s, seat)
            if enhanced and (_draw_cards(s, seat) or s.boosts_of(seat, CARD_DRAW)):
                s.stack.append(TowerEnhance(seat))
        rest = t.side_rest[tile][side_i]
        if rest:
            s.stack.append(cards.Effect(seat, rest, 0))
    else:
        lst = t.side_paw[tile][side_i]
        if lst:
            s.stack.append(cards.Effect(seat, lst, 0))


def offer_by_hand(s: TrialState, seat: int) -> None:
    """A discard is about to be offered, or not, by what `seat` holds: every view shows the pending
    decision, so either way the others learn something of the hand, and the step cannot be taken back."""
    if s.hand[seat]:
        s.reveal()


# -- groves ------------------------------------------------------------------------------------------
def _food_cards(s: TrialState, seat: int) -> list[int]:
    info = s.t.cards
    return sorted({c for c in s.hand[seat] if any(info[c].enh_food)})


@decision
class GroveEnhance(NamedTuple):
    """At a grove: discard up to 2 cards for the food symbols of their enhancement sections (L387)."""

    seat: int

    def prompt(self, s: TrialState) -> str:
        return "you may discard up to 2 cards for the food symbols of their enhancement sections"

    def legal(self, s: TrialState) -> list[int]:
        ids = s.t.ids
        out = [ids.card + c for c in _food_cards(s, self.seat)] if s.en_count < s.t.enhancement_cards else []
        return [*out, ids.done]

    def label(self, s: TrialState, action: int) -> str:
        ids = s.t.ids
        if action == ids.done:
            return "Gather the food"
        card = action - ids.card
        foods = " and ".join(f"{n} {FOOD_NAME[f] if n == 1 else FOOD_PLURAL[f]}"
                             for f, n in enumerate(s.t.cards[card].enh_food) if n)
        return f"Discard {s.card_name(card)} for {foods}"

    def apply(self, s: TrialState, action: int) -> None:
        ids = s.t.ids
        if action == ids.done:
            return
        card = action - ids.card
        s.take_from_hand(self.seat, card)
        s.discard_card(card)
        s.en_count += 1
        if s.log is not None:
            s.emit("enhance", f"{seat_name(self.seat)} discards {s.card_name(card)} for food", seat=self.seat)
        for f, n in enumerate(s.t.cards[card].enh_food):
            if n:
                s.gain_food(self.seat, f, n)
        s.stack.append(GroveEnhance(self.seat))


@automatic
class Gather(NamedTuple):
    """Gather a grove's food (L381-385, L425-429): every food symbol of the story pays 1 of its kind, at a
    grove and at a restored grove alike ("each of them grants you 1 additional resource of the indicated
    type", L385; L273, L429). A blue triangle ("regardless of their type", L273) adds nothing to that."""

    seat: int
    loc: int
    strong: int

    def run(self, s: TrialState) -> None:
        seat = self.seat
        side = s.side_of(self.loc)
        terms = (*side.paw, *(side.strong if self.strong else ()))
        gains = [0, 0, 0, 0]
        for x in terms:
            if x.keyword == "gain":
                gains[FOOD_INDEX[str(x.args[0])]] += int(x.args[1])
        b = seat * SK_SIZE
        sk = s.sk
        for f in range(4):
            gains[f] += sk[b + SK_FOOD + f]
        for f in range(4):
            if gains[f]:
                s.gain_food(seat, f, gains[f])


# -- lookout towers ------------------------------------------------------------------------------------
def _draw_cards(s: TrialState, seat: int) -> list[int]:
    info = s.t.cards
    return sorted({c for c in s.hand[seat] if info[c].enh_draw})


@decision
class TowerEnhance(NamedTuple):
    """At a lookout tower: discard up to 2 cards for their card-draw symbols, or use one-time ones (L441)."""

    seat: int

    def prompt(self, s: TrialState) -> str:
        return "you may discard up to 2 cards for their card-draw symbols before you draw"

    def legal(self, s: TrialState) -> list[int]:
        ids = s.t.ids
        out = [ids.card + c for c in _draw_cards(s, self.seat)] if s.en_count < s.t.enhancement_cards else []
        if s.boosts_of(self.seat, CARD_DRAW):
            out.append(ids.boost + CARD_DRAW)
        return sorted([*out, ids.done])

    def label(self, s: TrialState, action: int) -> str:
        ids = s.t.ids
        if action == ids.done:
            return "Draw the cards"
        if action == ids.boost + CARD_DRAW:
            return f"Use a one-time {BOOST_NAME[CARD_DRAW]} symbol (1 more card)"
        card = action - ids.card
        return f"Discard {s.card_name(card)} for {plural(s.t.cards[card].enh_draw, 'more card')}"

    def apply(self, s: TrialState, action: int) -> None:
        ids = s.t.ids
        if action == ids.done:
            return
        if action == ids.boost + CARD_DRAW:
            s.use_boost(self.seat, CARD_DRAW)
            s.en_extra += 1
        else:
            card = action - ids.card
            s.take_from_hand(self.seat, card)
            s.discard_card(card)
            s.en_count += 1
            s.en_extra += s.t.cards[card].enh_draw
        s.stack.append(TowerEnhance(self.seat))


@automatic
class TowerDraw(NamedTuple):
    """Draw the tower's cards, +1 per card-draw symbol in the story (L439) when `enhanced`."""

    seat: int
    n: int
    enhanced: int

    def run(self, s: TrialState) -> None:
        n = self.n
        if self.enhanced:
            n += s.sk[self.seat * SK_SIZE + SK_CARD_DRAW] + s.en_extra
        s.draw_deeds(self.seat, n)


# -- ruins -----------------------------------------------------------------------------------------
def begin_ruins(s: TrialState, seat: int, loc: int, strong: bool) -> None:
    """Take the ruins' items and look at them secretly (L403)."""
    s.ruins_seen[seat * 12 + loc] = True
    s.reveal()
    s.rv_loc = loc
    s.rv_free = s.sk[seat * SK_SIZE + SK_SCAVENGER] > 0
    if s.log is not None:
        names = ", ".join(s.t.object_name[k] for k in sorted(s.ruins[loc])) or "nothing"
        s.emit("ruins", f"{seat_name(seat)} looks at the items on the {s.space_name(s.t.locations[loc])}", seat=seat)
        s.emit("ruins_private", f"You see: {names}", to=seat)
    if strong:
        s.stack.append(RuinsTake(seat, 1))
    s.stack.append(RuinsTake(seat, 0))


@decision
class RuinsTake(NamedTuple):
    """Ruins: spend any 1 food token for 1 of the items (`second` 1: the strong paw's, for a tea leaf)."""

    seat: int
    second: int

    def price(self, s: TrialState) -> int:
        side = s.side_of(s.rv_loc)
        terms = side.strong if self.second else side.paw
        price = next(str(x.args[0]) for x in terms if x.keyword == "ruins_search")
        return U_FOOD + TEA if price == "tea" else U_ANY

    def prompt(self, s: TrialState) -> str:
        if self.second:
            return "you may take a second item for a tea leaf"
        return "you may take one of the items for a food token"

    def can_pay(self, s: TrialState) -> bool:
        if not self.second and s.rv_free:
            return True
        b = self.seat * 4
        if self.price(s) == U_ANY:
            return s.food_total(self.seat) > 0
        return s.food[b + TEA] > 0

    def legal(self, s: TrialState) -> list[int]:
        seat = self.seat
        t = s.t
        ids = t.ids
        out = []
        if s.rv_loc >= 0 and self.can_pay(s):
            out += sorted({ids.take_item + k for k in s.ruins[s.rv_loc] if s.fits(seat, k)})
        out += sorted({ids.drop + o for o in s.backpack[seat]})
        out.append(ids.done)
        return sorted(out)

    def label(self, s: TrialState, action: int) -> str:
        ids = s.t.ids
        if action == ids.done:
            return "Take no more items" if self.second else "Leave the ruins"
        if ids.take_item <= action < ids.take_item + s.t.n_items:
            k = action - ids.take_item
            if not self.second and s.rv_free:
                return f"Take the {s.t.object_name[k]} (free: Scavenger)"
            cost = "a tea leaf" if self.price(s) != U_ANY else "a food token"
            return f"Take the {s.t.object_name[k]} for {cost}"
        return ""

    def apply(self, s: TrialState, action: int) -> None:
        seat = self.seat
        ids = s.t.ids
        if action == ids.done:
            if not self.second and s.stack and isinstance(s.stack[-1], RuinsTake):
                s.stack.pop()             # no first item: the visit ends
            return
        if ids.drop <= action < ids.drop + s.t.n_objects:
            s.stack.append(self)
            cards.drop_object(s, seat, action - ids.drop)
            return
        kind = action - ids.take_item
        s.ruins[s.rv_loc].remove(kind)
        s.backpack[seat].append(kind)
        if s.log is not None:
            s.emit("ruins_take", f"{seat_name(seat)} takes the {s.t.object_name[kind]} from the ruins", seat=seat)
        if not self.second and s.rv_free:
            s.rv_free = False
            return
        s.pay = [self.price(s)]
        s.stack.append(cards.PayNext(seat))


# -- the help spot -------------------------------------------------------------------------------------
@decision
class HelpSpot(NamedTuple):
    """The help spot (L580-584): a deed card, or a raspberry, an acorn or a mushroom."""

    seat: int

    def prompt(self, s: TrialState) -> str:
        return "help the residents: draw a deed card or take a food token"

    def legal(self, s: TrialState) -> list[int]:
        t = s.t
        ids = t.ids
        out = []
        for lst in t.help_choices:
            for x in t.lists[lst]:
                if x.keyword == "draw":
                    out.append(ids.take_card)
                elif x.keyword == "gain":
                    word = str(x.args[0])
                    foods = BASIC if word == "basic" else (0, 1, 2, 3) if word == "any" else (FOOD_INDEX[word],)
                    out += [ids.food + f for f in foods if s.tray[f]]
        if s.sk[self.seat * SK_SIZE + SK_HERBALIST] and s.tray[TEA]:
            out.append(ids.food + TEA)
        return sorted(set(out))

    def label(self, s: TrialState, action: int) -> str:
        ids = s.t.ids
        if ids.food <= action < ids.food + 4:
            return f"Take {FOOD_A[action - ids.food]}"
        return ""

    def apply(self, s: TrialState, action: int) -> None:
        ids = s.t.ids
        if action == ids.take_card:
            s.draw_deeds(self.seat, 1)
        else:
            s.gain_food(self.seat, action - ids.food)
        if any(s.help_food) and rulings.PHILANTHROPIST_FOOD_FOR_EVERYONE:
            s.stack.append(HelpBonus(self.seat))


@decision
class HelpBonus(NamedTuple):
    """Philanthropist's food on the help spot: take 1 of them too."""

    seat: int

    def prompt(self, s: TrialState) -> str:
        return "take one of the food tokens Philanthropist left on the help spot"

    def legal(self, s: TrialState) -> list[int]:
        return [s.t.ids.food + f for f in BASIC if s.help_food[f]]

    def label(self, s: TrialState, action: int) -> str:
        return f"Take the {FOOD_NAME[action - s.t.ids.food]} from the help spot"

    def apply(self, s: TrialState, action: int) -> None:
        f = action - s.t.ids.food
        s.help_food[f] -= 1
        s.food[self.seat * 4 + f] += 1


# -- tunnels and tiles -----------------------------------------------------------------------------
DIG, COLLAPSE, REBUILD, RUIN, RESTORE = 0, 1, 2, 3, 4


def tunnel_targets(s: TrialState, action: int) -> list[int]:
    t = s.t
    tray = [i for i in range(len(s.tun_space)) if s.tun_space[i] < 0]
    covered = set(x for x in s.tun_space if x >= 0)
    if action == DIG:
        if not tray:
            return []
        return [x for x in range(t.n_forest) if not t.printed_tunnel[x] and x not in covered]
    if action == COLLAPSE:
        out = []
        for x in s.passable_tunnels():
            dug = any(s.tun_space[i] == x and s.tun_up[i] for i in range(len(s.tun_space)))
            if dug or tray:
                out.append(x)
        return sorted(out)
    return sorted(s.tun_space[i] for i in range(len(s.tun_space)) if s.tun_space[i] >= 0 and not s.tun_up[i])


def tunnel_effect(s: TrialState, seat: int, action: str, where: str) -> None:
    code = ("dig", "collapse", "rebuild").index(action)
    targets = tunnel_targets(s, code)
    if where == "here":
        here = s.pos[seat]
        if here in targets:
            do_tunnel(s, seat, code, here)
        return
    if targets:
        s.stack.append(ChooseSpace(seat, code))


def do_tunnel(s: TrialState, seat: int, code: int, space: int) -> None:
    if code == DIG:
        i = s.tun_space.index(-1)
        s.tun_space[i] = space
        s.tun_up[i] = True
        verb = "digs a tunnel on"
    elif code == COLLAPSE:
        dug = [i for i in range(len(s.tun_space)) if s.tun_space[i] == space and s.tun_up[i]]
        if dug:
            s.tun_up[dug[0]] = False
        else:
            i = s.tun_space.index(-1)
            s.tun_space[i] = space
            s.tun_up[i] = False
        verb = "collapses"
    else:
        i = next(i for i in range(len(s.tun_space)) if s.tun_space[i] == space and not s.tun_up[i])
        if rulings.REBUILD_TURNS_A_DUG_TOKEN_UP and not s.t.printed_tunnel[space]:
            s.tun_up[i] = True
        else:
            s.tun_space[i] = -1
            s.tun_up[i] = False
        verb = "rebuilds"
    if s.log is not None:
        s.emit("tunnel", f"{seat_name(seat)} {tunnel_words(s, verb, space)}", seat=seat)


def tunnel_words(s: TrialState, verb: str, space: int) -> str:
    """"collapses the North-east tunnel", but "collapses the tunnel on Forest path 5" (a space of another kind)."""
    where = s.t.space_the[space]
    return f"{verb} {where}" if s.t.space_kind[space] == "tunnel" else f"{verb} the tunnel on {where}"


def flip_targets(s: TrialState, way: str) -> list[int]:
    """Locations whose tile can be ruined (an intact or restored side) or restored (a ruined side or ruins)."""
    out = []
    for loc in range(len(s.t.locations)):
        state = s.side_of(loc).state
        if (way == "ruin") == (state in ("intact", "restored")):
            out.append(loc)
    return out


def flip_effect(s: TrialState, seat: int, where: str, way: str) -> None:
    targets = flip_targets(s, way)
    if where == "here":
        loc = s.location_here(seat)
        if loc in targets:
            flip(s, seat, loc)
        return
    if targets:
        s.stack.append(ChooseSpace(seat, RUIN if way == "ruin" else RESTORE))


def flip(s: TrialState, seat: int, loc: int) -> None:
    """Turn a location tile upside down (L150, L700); restored ruins send their items to the store."""
    was = s.side_of(loc)
    if not rulings.PAW_STAYS_ON_A_FLIPPED_TILE:  # pragma: no cover - the other reading: the tokens go home
        for who in range(s.players):
            if loc in s.placed[who] and s.strong_at[who] != loc:
                s.placed[who].remove(loc)
                s.paws_home[who] += 1
    s.tile_side[loc] ^= 1
    s.tile_known[loc] = True
    s.reveal()
    if was.state == "ruins":
        for kind in s.ruins[loc]:
            s.store_return(kind)
        s.ruins[loc] = []
    if s.log is not None:
        s.emit("flip", f"{seat_name(seat)} turns the tile of the {s.space_name(s.t.locations[loc])}: it is now "
                       f"the {s.side_of(loc).name}", seat=seat)


@decision
class ChooseSpace(NamedTuple):
    """Choose the space a tunnel effect or a tile flip applies to (`what`: dig, collapse, rebuild, ruin, restore)."""

    seat: int
    what: int

    def prompt(self, s: TrialState) -> str:
        return ("choose a space with no tunnel to dig a tunnel on", "choose a tunnel to collapse",
                "choose a collapsed tunnel to rebuild", "choose a location to ruin",
                "choose a location to restore")[self.what]

    def targets(self, s: TrialState) -> list[int]:
        if self.what >= RUIN:
            return [s.t.locations[loc] for loc in flip_targets(s, "ruin" if self.what == RUIN else "restore")]
        return tunnel_targets(s, self.what)

    def legal(self, s: TrialState) -> list[int]:
        return sorted(s.t.ids.space + x for x in self.targets(s))

    def label(self, s: TrialState, action: int) -> str:
        space = action - s.t.ids.space
        if self.what in (COLLAPSE, REBUILD):
            return tunnel_words(s, "Collapse" if self.what == COLLAPSE else "Rebuild", space)
        verb = ("Dig a tunnel on", "", "", "Ruin", "Restore")[self.what]
        return f"{verb} {s.t.space_the[space]}"

    def apply(self, s: TrialState, action: int) -> None:
        space = action - s.t.ids.space
        if self.what >= RUIN:
            flip(s, self.seat, s.t.loc_of[space])
        else:
            do_tunnel(s, self.seat, self.what, space)
