"""A Hero's turn: the Past's tile (steps 1-3), then moving and acting in any order (steps 4-5),
then the end of the turn (Endurance and Mercy, Bonus cards back). The Future's turns are the same
without the tile (Future Book: "the same rules you've followed so far").

Movement is one Step a decision; an Action is one decision (what it leads to — a Treasure roll, a
battle, an Altar's Sacrifices — has its own frames).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...engine import automatic, decision, names_in_words, plural
from . import rulings
from .components.symbols import portal_name
from .effects import RaiseVirtue, WinArtifact, resolve
from .quests import quest_event
from .state import (
    CORNER_DX,
    CORNER_DY,
    DX,
    DY,
    FUTURE,
    OFF,
    PAST,
    ROW,
    T_ATTACKED,
    T_DIAGONAL,
    T_FREE_GIVE,
    T_MOVED,
    T_PEEK,
    T_TREES,
)
from .tables import (
    ALTAR,
    BLACK,
    DARK,
    ENDEAVOR,
    ENDURANCE,
    FUTURE_PIECE,
    HERO_BONUS,
    MERCY,
    OFFERING,
    PORTAL,
    RED,
    TREE,
    WHITE,
    Profile,
)

if TYPE_CHECKING:
    from .state import TTState

T_SLOT = 8                 # tflags bits 8-10: that Artifact slot was changed this turn
ORTHOGONAL = (0, 1, 2, 3)
DIAGONAL = (0, 1, 2, 3, 4, 5, 6, 7)


def new_turn(s: TTState, seat: int) -> None:
    """Clear what a turn counts."""
    s.cur = seat
    s.steps = s.acts = s.turns_used = 0
    s.t_speed = s.t_love = s.t_actions = s.t_turns = 0
    s.t_endeavor = s.vir[seat * 6 + ENDEAVOR]
    s.tflags = 0
    s.bonus_hand = []
    s.bonus_unused = []
    s.slots_used = 0
    s.stones_turn = 0
    s.portals_free = 0


def begin_past_turn(s: TTState) -> None:
    seat = s.order[s.turn_no % 3]
    s.turn_no += 1
    s.round_no = (s.turn_no + 2) // 3
    new_turn(s, seat)
    if s.log is not None:
        s.emit("turn", f"Past, turn {s.turn_no}: {s.name(seat)}")
    s.push(EndOfTurn(seat))
    s.push(Turn(seat))
    s.push(StartOfTurn(seat))
    s.push(DrawTile(seat))


# -- steps 1-3: the tile -------------------------------------------------------------------------

def take_tile(s: TTState) -> int:
    """The next tile of the face-down stack (A-35: at random), else the bottom ones in order."""
    if s.tile_top:
        t = s.tile_top.pop(0)
    elif s.tile_stack:
        i = s.draw(len(s.tile_stack))
        t = s.tile_stack[i]
        s.tile_stack[i] = s.tile_stack[-1]
        s.tile_stack.pop()
    else:
        t = s.tile_bottom.pop(0)
    s.reveal()
    return t


@automatic
class DrawTile(NamedTuple):
    """Step 1: draw a tile (Foretold: two, and place one)."""

    seat: int

    def run(self, s: TTState) -> None:
        n = 1 + s.passive_sum(self.seat, "draw_more", deck="tile")
        s.drawn = [take_tile(s) for _ in range(min(n, s.tiles_left()))]
        if s.log is not None:
            tiles = " and ".join(s.tile_name(t) for t in s.drawn)
            s.emit("tile", f"{s.name(self.seat)} draws the {'tiles' if len(s.drawn) > 1 else 'tile'} {tiles}")
        if len(s.drawn) > 1:
            s.push(ChooseTile(self.seat))
        else:
            tile_chosen(s, self.seat, s.drawn[0])


def tile_chosen(s: TTState, seat: int, t: int) -> None:
    if s.placed:
        s.push(Snap(seat, t))
    else:
        s.push(Rotate(seat, t, 0, 0))


@decision
class ChooseTile(NamedTuple):
    """Foretold: place one of the two tiles drawn; the other goes to the bottom of the stack."""

    seat: int

    def prompt(self, s: TTState) -> str:
        return "choose the tile to place (the other goes to the bottom of the stack)"

    def legal(self, s: TTState) -> list[int]:
        return sorted(s.t.ids.choose_tile + t for t in s.drawn)

    def apply(self, s: TTState, action: int) -> None:
        t = action - s.t.ids.choose_tile
        for other in s.drawn:
            if other != t:
                s.tile_bottom.append(other)
        s.drawn = [t]
        tile_chosen(s, self.seat, t)


def snap_actions(s: TTState) -> list[int]:
    """Every empty cell sharing an edge with the Map, as the action naming it by the lowest tile beside
    it and that tile's side (A-34), in order."""
    out: list[int] = []
    taken = set(s.cell_tile)            # the cells with a tile, then those named already
    add = taken.add
    base = s.t.ids.snap
    tile_x, tile_y = s.tile_x, s.tile_y
    for t in sorted(s.placed):
        k = (tile_x[t] + OFF) * ROW + tile_y[t] + OFF
        a = base + t * 4
        if k - 1 not in taken:              # north
            add(k - 1)
            out.append(a)
        if k + ROW not in taken:            # east
            add(k + ROW)
            out.append(a + 1)
        if k + 1 not in taken:              # south
            add(k + 1)
            out.append(a + 2)
        if k - ROW not in taken:            # west
            add(k - ROW)
            out.append(a + 3)
    return out


@decision
class Snap(NamedTuple):
    """Step 1: snap the new tile's whole edge to the Map."""

    seat: int
    tile: int

    def prompt(self, s: TTState) -> str:
        return f"choose where {s.tile_name(self.tile)} snaps to the Map"

    def legal(self, s: TTState) -> list[int]:
        return snap_actions(s)

    def apply(self, s: TTState, action: int) -> None:
        other = (action - s.t.ids.snap) // 4
        side = (action - s.t.ids.snap) % 4
        s.push(Rotate(self.seat, self.tile, s.tile_x[other] + DX[side], s.tile_y[other] + DY[side]))


@decision
class Rotate(NamedTuple):
    """Step 1: turn the tile as you choose; its orientation never changes afterwards."""

    seat: int
    tile: int
    x: int
    y: int

    def prompt(self, s: TTState) -> str:
        return f"choose how {s.tile_name(self.tile)} is turned"

    def legal(self, s: TTState) -> list[int]:
        base = s.t.ids.rotate
        return [base, base + 1, base + 2, base + 3]

    def apply(self, s: TTState, action: int) -> None:
        t = self.tile
        s.place_tile(t, self.x, self.y, action - s.t.ids.rotate)
        s.drawn = []
        lay_components(s, t)
        if s.log is not None:
            s.emit("place", f"{s.name(self.seat)} places {s.tile_name(t)}", tile=s.t.c.tiles[t].id)
        if s.pos[self.seat] < 0:
            s.push(StartSpace(self.seat, t))


def lay_components(s: TTState, t: int) -> None:
    """Step 3: the tile's Stones and tokens go on their slots; an Altar gets an Offering (L257)."""
    kinds = s.t.tile_kind[t]
    rot = s.tile_rot[t]
    for k in range(4):
        kind = kinds[(k - rot) & 3]
        if WHITE <= kind <= 12:
            s.token[t * 4 + k] = kind
        elif kind == ALTAR:
            s.token[t * 4 + k] = OFFERING


@decision
class StartSpace(NamedTuple):
    """Step 2 (first turn only): place your Hero on an empty space of the new tile."""

    seat: int
    tile: int

    def prompt(self, s: TTState) -> str:
        return f"choose the space of {s.tile_name(self.tile)} your Hero starts on"

    def legal(self, s: TTState) -> list[int]:
        base = s.t.ids.start_space
        t = self.tile
        out = [base + k for k in range(4) if s.kind(t * 4 + k) != TREE and s.hero_at(t * 4 + k) < 0
               and (rulings.START_SPACE_NOT_TREE_OR_HERO or s.token[t * 4 + k] < 0)]
        return out or [base + k for k in range(4) if s.kind(t * 4 + k) != TREE]

    def apply(self, s: TTState, action: int) -> None:
        s.pos[self.seat] = self.tile * 4 + action - s.t.ids.start_space
        if s.log is not None:
            s.emit("start", f"{s.name(self.seat)} starts on {s.space_name(s.pos[self.seat])}")


# -- the start of a turn: Faith's Bonus cards -------------------------------------------------------

@automatic
class StartOfTurn(NamedTuple):
    """Draw tier(Faith) Hero Bonus cards (A-14) and use the abilities of the turn's start."""

    seat: int

    def run(self, s: TTState) -> None:
        seat = self.seat
        p = s.profile(seat)
        if "whenever" in p.dos:
            for e in p.effects:
                if e.do == "whenever" and e.event == "start_of_turn":
                    resolve(s, seat, e.then)
        n = s.faith_draws(seat)
        if n <= 0:
            return
        twin = s.passive_sum(seat, "draw_more", deck="hero_bonus")
        drawn = []
        for _ in range(n + twin):
            card = s.draw_card(HERO_BONUS)
            if card < 0:
                break
            drawn.append(card)
        s.bonus_hand.extend(drawn)
        s.bonus_unused.extend(drawn)
        if s.log is not None and drawn:
            s.emit("bonus", f"{s.name(seat)} draws the Bonus {'cards' if len(drawn) > 1 else 'card'} "
                            f"{names_in_words([s.t.hero_bonus[c].name for c in drawn])}")
        if twin and len(drawn) > n:
            s.push(UseDrawn(seat))
            s.push(ReturnBonus(seat))
        else:
            use_drawn(s, seat)


def take_bonus(s: TTState, seat: int, card: int) -> None:
    """A Hero Bonus card drawn during the turn (the Owl Feather)."""
    s.bonus_hand.append(card)
    s.bonus_unused.append(card)
    if s.log is not None:
        s.emit("bonus", f"{s.name(seat)} draws the Bonus card {s.t.hero_bonus[card].name}")
    use_drawn(s, seat)


def use_drawn(s: TTState, seat: int) -> None:
    """A card with one effect can only help this turn: it acts as drawn (with Starry Sky, all effects
    of a card do); a card with a choice waits until the Hero uses it."""
    both = s.has_passive(seat, "bonus_both")
    for card in list(s.bonus_unused):
        b = s.t.hero_bonus[card]
        if (len(b.options) == 1 and rulings.SINGLE_EFFECT_BONUS_USED_AS_DRAWN) or both:
            s.bonus_unused.remove(card)
            for option in reversed(b.options):
                resolve(s, seat, option)


@automatic
class UseDrawn(NamedTuple):
    seat: int

    def run(self, s: TTState) -> None:
        use_drawn(s, self.seat)


@decision
class ReturnBonus(NamedTuple):
    """Twin Lights: return one of the cards drawn, unused."""

    seat: int

    def prompt(self, s: TTState) -> str:
        return "return one of the Bonus cards you drew, unused"

    def legal(self, s: TTState) -> list[int]:
        return sorted(s.t.ids.return_bonus + c for c in s.bonus_unused)

    def apply(self, s: TTState, action: int) -> None:
        card = action - s.t.ids.return_bonus
        s.bonus_unused.remove(card)
        s.bonus_hand.remove(card)
        s.deck[HERO_BONUS].append(card)


def bonus_options(s: TTState, seat: int) -> list[int]:
    if seat != s.cur:
        return []
    base = s.t.ids.use_bonus
    return [base + c * 2 + e for c in s.bonus_unused for e in range(len(s.t.hero_bonus[c].options))]


def use_bonus_action(s: TTState, seat: int, action: int) -> None:
    ids = s.t.ids
    card, effect = divmod(action - ids.use_bonus, 2)
    s.bonus_unused.remove(card)
    if s.log is not None:
        s.emit("bonus", f"{s.name(seat)} uses {s.t.hero_bonus[card].name}")
    resolve(s, seat, s.t.hero_bonus[card].options[effect])


# -- moving ---------------------------------------------------------------------------------------

class Mobility(NamedTuple):
    trees: bool               # may pass through Tree spaces (never end on one)
    flipped: int              # Steps to enter a flipped tile's space
    portal: int               # Steps to enter a Portal
    diagonal: bool


def mobility(s: TTState, seat: int, p: Profile | None = None) -> Mobility:
    """How Hero `seat` moves now (`p`: its Profile, if known)."""
    if p is None:
        p = s.profile(seat)
    current = seat == s.cur
    trees = p.trees or (bool(s.tflags & T_TREES) and current)
    flipped = rulings.FLIPPED_TILE_ENTRY_COST
    if p.flipped:
        flipped = min(flipped, p.flipped)
    if s.green[seat] > 0:
        flipped = min(flipped, 1)
    portal = 1
    if p.portal >= 0 and (s.portals_free < rulings.FREE_PORTAL_ENTRIES_PER_TURN or not current):
        portal = min(portal, p.portal)
    return Mobility(trees, flipped, portal, p.diagonal and current and not s.tflags & T_DIAGONAL)


def blocked(s: TTState, space: int) -> bool:
    """A space no Hero may enter: the Tree's or the Vicinator's figure, a Virus."""
    return (space == s.figure and s.figure_blocks()) or (bool(s.viruses) and space in s.viruses)


def end_ok(s: TTState, seat: int, space: int) -> bool:
    """A Hero may end a move here: no Tree, no other Hero, no figure, no Altar in the Crown of Evil."""
    return _ends(s, seat, space, s.kind(space))


def _ends(s: TTState, seat: int, space: int, kind: int) -> bool:
    """end_ok, for a space whose kind is known."""
    if kind == TREE:
        return False
    pos = s.pos
    if (pos[0] == space and seat != 0) or (pos[1] == space and seat != 1) or (pos[2] == space and seat != 2):
        return False
    if (space == s.figure and s.figure_blocks()) or (s.viruses and space in s.viruses):
        return False
    return not (kind == ALTAR and s.no_ending_on_altars())


def enter_cost(s: TTState, space: int, mob: Mobility) -> int:
    t = space >> 2
    if s.flipped[t]:
        return mob.flipped
    if s.kind(space) == PORTAL:
        return mob.portal
    return 1


def reachable_end(s: TTState, seat: int, start: int, budget: int, mob: Mobility) -> bool:
    """Whether a Hero standing on `start` with `budget` Steps can reach a space it may end on."""
    if end_ok(s, seat, start):
        return True
    best = {start: budget}
    frontier = [start]
    trees = mob.trees
    nb = s.nb
    kind_of = s.kind
    while frontier:
        here = frontier.pop()
        left = best[here]
        for d in (0, 1, 2, 3):
            there = nb(here, d)
            if there < 0 or blocked(s, there):
                continue
            kind = kind_of(there)
            if kind == TREE and not trees:
                continue
            rest = left - (mob.flipped if kind == DARK else mob.portal if kind == PORTAL else 1)
            if rest < 0 or best.get(there, -1) >= rest:
                continue
            if _ends(s, seat, there, kind):
                return True
            best[there] = rest
            frontier.append(there)
    return False


def step_target(s: TTState, seat: int, d: int, budget: int, mob: Mobility, trees_free: bool = False) -> tuple[int, int]:
    """(space, cost) of a Step in direction d, or (-1, 0) if it is not legal."""
    there = s.geo[s.pos[seat] << 3 | d]                                                                 # s.nb
    if there < 0 or (there == s.figure and s.figure_blocks()) or (s.viruses and there in s.viruses):
        return -1, 0
    kind = s.kinds[there]                                                                               # s.kind
    if kind == TREE and not (mob.trees or trees_free):
        return -1, 0
    if trees_free:
        cost = 1
    else:
        cost = mob.flipped if kind == DARK else mob.portal if kind == PORTAL else 1
    if cost > budget:
        return -1, 0
    if not _ends(s, seat, there, kind):
        rest = budget - cost
        if kind == PORTAL and not trees_free and portal_exits(s, seat, there, rest, mob):
            return there, cost
        if rest <= 0 or not reachable_end(s, seat, there, rest, mob):
            return -1, 0
    return there, cost


def portal_exits(s: TTState, seat: int, entry: int, budget: int, mob: Mobility) -> list[int]:
    """The other Portals a Hero entering `entry` may be moved to (A-33)."""
    out = []
    flipped = s.flipped
    portals = s.t.tile_portals
    for t in s.placed:
        corners = portals[t]
        if not corners or flipped[t]:
            continue
        rot = s.tile_rot[t]
        for k in sorted((c + rot) & 3 for c in corners) if len(corners) > 1 else ((corners[0] + rot) & 3,):
            sp = t * 4 + k
            if sp != entry and not blocked(s, sp) and \
                    (end_ok(s, seat, sp) or (budget > 0 and reachable_end(s, seat, sp, budget, mob))):
                out.append(sp)
    return out


def step_options(s: TTState, seat: int, budget: int, mob: Mobility, trees_free: bool = False) -> list[int]:
    base = s.t.ids.step
    return [base + d for d in (DIAGONAL if mob.diagonal else ORTHOGONAL)
            if step_target(s, seat, d, budget, mob, trees_free)[0] >= 0]


def take_step(s: TTState, seat: int, d: int, mob: Mobility, budget: int, frame: int) -> int:
    """Move the Hero one Step; a Portal moves it on (A-33). Returns the Steps it cost."""
    there, cost = step_target(s, seat, d, budget, mob)
    s.pos[seat] = there
    if d >= 4:
        s.tflags |= T_DIAGONAL
    if s.kind(there) == PORTAL:
        if cost == 0 and seat == s.cur:
            s.portals_free += 1
        exits = portal_exits(s, seat, there, budget - cost, mob)
        if len(exits) == 1:
            s.pos[seat] = exits[0]
            quest_event(s, seat, "travel_portals")
        elif exits:
            s.push(PortalTo(seat, frame, budget - cost))
    s.goal_changed()
    return cost


@decision
class PortalTo(NamedTuple):
    """You entered a Portal: choose the other Portal you come out of."""

    seat: int
    frame: int          # 0: the Hero's own turn; 1: a move at another's turn end
    budget: int

    def prompt(self, s: TTState) -> str:
        return "choose the Portal you come out of"

    def legal(self, s: TTState) -> list[int]:
        base = s.t.ids.portal_to
        mob = mobility(s, self.seat)
        return sorted(base + (sp >> 2) for sp in portal_exits(s, self.seat, s.pos[self.seat], self.budget, mob))

    def apply(self, s: TTState, action: int) -> None:
        t = action - s.t.ids.portal_to
        s.pos[self.seat] = next(t * 4 + k for k in range(4) if s.kind(t * 4 + k) == PORTAL)
        quest_event(s, self.seat, "travel_portals")
        if s.log is not None:
            s.emit("portal", f"{s.name(self.seat)} comes out of {portal_name(s.tile_name(t))}")
        s.goal_changed()


# -- the turn: moving and acting --------------------------------------------------------------------

def can_act(s: TTState, seat: int) -> bool:
    return s.actions_left(seat) > 0 and not s.others_at(s.pos[seat], seat)


def claimable(s: TTState, space: int) -> bool:
    tok = s.token[space]
    if tok < 0:
        return False
    if tok >= FUTURE_PIECE:
        return bool(s.t.pieces[tok - FUTURE_PIECE].claim)
    return s.phase == PAST or tok == OFFERING


def give_targets(s: TTState, seat: int, acting: bool | None = None) -> tuple[list[int], bool]:
    """The Heroes an Artifact or Offering may go to now, and whether it is Forest Messenger's free give
    (`acting`: can_act, if known)."""
    here = s.pos[seat]
    if acting is None:
        acting = can_act(s, seat)
    beside = s.adjacent4 if rulings.GIVING_IS_ORTHOGONAL else s.adjacent8
    adjacent = [h for h in range(3) if h != seat and acting and beside(here, s.pos[h])]
    if not s.tflags & T_FREE_GIVE and "free_give" in s.profile(seat).dos:
        for e in s.passives(seat):
            if e.do == "free_give":
                near = [h for h in range(3) if h != seat and s.distance(here, s.pos[h]) <= e.range]
                if near:
                    return near, True
    return adjacent, False


def develop_options(s: TTState, seat: int) -> list[int]:
    """The Talents of the next level, if the Hero has the Shevitsa (A-07: levels in order)."""
    if seat != s.cur:
        return []
    tal = s.tal
    b = seat * 3
    lv = (tal[b] >= 0) + (tal[b + 1] >= 0) + (tal[b + 2] >= 0)
    if lv >= 3 or s.shev[seat] < s.t.c.board.talent_costs[lv]:
        return []
    base = s.t.ids.develop
    h = s.hero[seat]
    return [base + h * 6 + i for i, tal in enumerate(s.hero_of(seat).talents) if tal.level == lv + 1]


def develop(s: TTState, seat: int, ti: int) -> None:
    lv = s.t.talents[ti].level - 1
    s.shev[seat] -= s.t.c.board.talent_costs[lv]
    s.tal[seat * 3 + lv] = ti
    if s.log is not None:
        s.emit("talent", f"{s.name(seat)} develops the Talent {s.t.talents[ti].name}")


def usable_one_time(s: TTState, seat: int) -> list[int]:
    """One-time Artifacts in their slots that do something outside battle."""
    out: list[int] = []
    equip = s.equip
    b = seat * 3
    if equip[b] < 0 and equip[b + 1] < 0 and equip[b + 2] < 0:
        return out
    for a in s.equipped(seat, "one_time"):
        if s.slots_used >> s.t.art_slot[a] & 1:
            continue
        e = s.t.artifacts[a].effects[0]
        hurt = any(s.spirit[h] < rulings.SPIRIT_MAX for h in range(3))
        if e.do in ("gain", "this_turn", "teleport") or (e.do == "restore_spirit" and hurt):
            out.append(a)
    return out


def turn_options(s: TTState, seat: int) -> list[int]:
    t = s.t
    ids = t.ids
    out: list[int] = []
    here = s.pos[seat]
    arts = s.arts[seat]
    tflags = s.tflags
    # Artifact slots change only before the Hero moves or acts
    if arts and (not tflags & T_MOVED or not rulings.EQUIP_AT_TURN_START):
        equip = s.equip
        art_slot = t.art_slot
        used = s.slots_used
        b = seat * 3
        for a in arts:
            slot = art_slot[a]
            if equip[b + slot] != a and not tflags >> (T_SLOT + slot) & 1 and not used >> slot & 1:
                out.append(ids.equip + a)
    p = s.profile(seat)
    current = seat == s.cur
    speed = s.speed[seat] + p.speed_bonus + (s.t_speed if current else 0)          # s.speed_now
    steps = step_options(s, seat, speed - s.steps, mobility(s, seat, p))
    out += steps
    endeavor = s.vir[seat * 6 + ENDEAVOR] if rulings.ACTIONS_FOLLOW_ENDEAVOR else s.t_endeavor
    allowed = t.actions + t.tier[endeavor] + p.tiers[ENDEAVOR] + p.extra_actions + s.t_actions     # actions_allowed
    acting = allowed - s.acts > 0 and not s.others_at(here, seat)                    # can_act
    if acting:
        if claimable(s, here):
            out.append(ids.claim)
        if s.is_altar(here):
            out.append(ids.use_altar)
    offerings = s.offerings[seat]
    if arts or offerings:
        heroes, _ = give_targets(s, seat, acting)
        if heroes:
            if arts:
                out.extend(ids.give_to + s.hero[h] for h in heroes)
            if offerings:
                out.extend(ids.bless_to + s.hero[h] for h in heroes)
    if current:
        out += develop_options(s, seat)
        if s.bonus_unused:
            out += bonus_options(s, seat)
    out.extend(ids.use_artifact + a for a in usable_one_time(s, seat))
    tal = s.tal
    b = seat * 3
    if tal[b] >= 0 or tal[b + 1] >= 0 or tal[b + 2] >= 0:
        out += talent_actions(s, seat)
    if s.phase == FUTURE:
        out += s.future_turn_options(seat, acting)
    moved = s.steps > 0 or rulings.ZERO_STEPS_ALLOWED
    if (end_ok(s, seat, here) and (moved or not steps)) or not steps:
        out.append(ids.end_turn)
    out.sort()
    return out


def talent_actions(s: TTState, seat: int) -> list[int]:
    """Talents a Hero calls on their turn: Water of Life (once a game), Foretold's look (the Future)."""
    out = []
    base = s.t.ids.talent
    for lv in range(3):
        ti = s.tal[seat * 3 + lv]
        if ti < 0:
            continue
        for e in s.t.talents[ti].effects:
            restore = e.do == "restore_spirit" and not s.once_game[seat] >> lv & 1 and \
                any(s.spirit[h] < rulings.SPIRIT_MAX for h in range(3))
            peek = e.do == "peek" and s.phase == FUTURE and not s.tflags & T_PEEK and \
                any(s.cards_left(d) for d in s.future_decks())
            if restore or peek:
                out.append(base + ti)
    return out


@decision
class Turn(NamedTuple):
    """Steps 4 and 5: move up to your Speed and perform your Actions, in any order."""

    seat: int

    def prompt(self, s: TTState) -> str:
        steps, actions = s.steps_left(self.seat), max(0, s.actions_left(self.seat))
        can = [f"move ({plural(steps, 'Step')} left)"] if steps else []
        can += [f"act ({plural(actions, 'Action')} left)"] if actions else []
        return " or ".join(can) + ", or end your turn" if can else "end your turn (no Step or Action is left)"

    def legal(self, s: TTState) -> list[int]:
        return turn_options(s, self.seat)

    def apply(self, s: TTState, action: int) -> None:
        ids = s.t.ids
        seat = self.seat
        if action == ids.end_turn:
            if s.log is not None:
                s.emit("end_turn", f"{s.name(seat)} ends the turn on {s.space_name(s.pos[seat])}")
            return
        s.push(Turn(seat))
        if ids.step <= action < ids.step + 8:
            s.tflags |= T_MOVED
            mob = mobility(s, seat)
            d = action - ids.step
            cost = take_step(s, seat, d, mob, s.steps_left(seat), 0)
            s.steps += cost
            if s.log is not None:
                s.emit("step", f"{s.name(seat)} steps to {s.space_name(s.pos[seat])}", space=s.pos[seat])
            return
        if ids.equip <= action < ids.equip + len(s.t.artifacts):
            a = action - ids.equip
            slot = s.t.art_slot[a]
            s.equip[seat * 3 + slot] = a
            s.tflags |= 1 << (T_SLOT + slot)
            if s.log is not None:
                s.emit("equip", f"{s.name(seat)} puts {s.t.artifacts[a].name} in its {s.t.artifacts[a].slot} slot")
            return
        if action == ids.claim:
            claim(s, seat)
            return
        if action == ids.use_altar:
            s.acts += 1
            s.tflags |= T_MOVED
            if s.log is not None:
                s.emit("altar", f"{s.name(seat)} uses the Altar on {s.tile_name(s.pos[seat] >> 2)}")
            s.push(Altar(seat, s.pos[seat] >> 2, 0))
            return
        if ids.give_to <= action < ids.give_to + 5 or ids.bless_to <= action < ids.bless_to + 5:
            bless = action >= ids.bless_to
            target = s.hero.index(action - (ids.bless_to if bless else ids.give_to))
            _, free = give_targets(s, seat)
            if free:
                s.tflags |= T_FREE_GIVE
            else:
                s.acts += 1
            s.tflags |= T_MOVED
            if bless:
                bless_offering(s, seat, target)
            else:
                s.push(GiveWhich(seat, target))
            return
        if ids.develop <= action < ids.develop + len(s.t.talents):
            develop(s, seat, action - ids.develop)
            return
        if ids.use_artifact <= action < ids.use_artifact + len(s.t.artifacts):
            use_one_time(s, seat, action - ids.use_artifact)
            return
        if ids.use_bonus <= action < ids.use_bonus + 2 * len(s.t.hero_bonus):
            use_bonus_action(s, seat, action)
            return
        if ids.talent <= action < ids.talent + len(s.t.talents):
            ti = action - ids.talent
            tal = s.t.talents[ti]
            if s.log is not None:
                s.emit("talent", f"{s.name(seat)} uses {tal.name}")
            for e in tal.effects:
                if e.do == "restore_spirit":
                    s.once_game[seat] |= 1 << (tal.level - 1)
                    resolve(s, seat, (e,))
                elif e.do == "peek":
                    s.tflags |= T_PEEK
                    resolve(s, seat, (e,))
            return
        s.future_turn_action(seat, action)


def use_one_time(s: TTState, seat: int, a: int) -> None:
    art = s.t.artifacts[a]
    s.slots_used |= 1 << s.t.art_slot[a]
    s.tflags |= T_MOVED
    s.remove_artifact(seat, a)
    if s.log is not None:
        s.emit("artifact", f"{s.name(seat)} uses {art.name}: {art.text}")
    rest = []
    for e in art.effects:
        if e.do == "pass_trees":
            s.tflags |= T_TREES
        else:
            rest.append(e)
    resolve(s, seat, tuple(rest))


def claim(s: TTState, seat: int) -> None:
    """One Action: take the token or Stone from your space and do what it says (L245)."""
    here = s.pos[seat]
    tok = s.token[here]
    s.token[here] = -1
    s.acts += 1
    s.tflags |= T_MOVED
    if tok >= FUTURE_PIECE:
        piece = s.t.pieces[tok - FUTURE_PIECE]
        if s.log is not None:
            s.emit("claim", f"{s.name(seat)} claims the {piece.name}")
        resolve(s, seat, piece.claim)
        s.goal_changed()
        return
    if s.log is not None:
        name = s.t.token_name[tok]
        s.emit("claim", f"{s.name(seat)} claims the {name}{' token' if name[0] in 'BTQ' else ''}")
    resolve(s, seat, s.t.fx[s.t.slot_claim[tok]])
    if tok in (WHITE, RED, BLACK):
        if tok == WHITE:
            from .battle import trigger

            trigger(s, seat, "claim_white")
        s.stones_turn |= 1 << (tok - WHITE)
        if s.stones_turn == 7:
            s.stones_turn = 0
            quest_event(s, seat, "stones_in_one_turn")


# -- giving -----------------------------------------------------------------------------------------

@decision
class GiveWhich(NamedTuple):
    """Which of your Artifacts you give."""

    seat: int
    target: int

    def prompt(self, s: TTState) -> str:
        return f"choose the Artifact you give to {s.name(self.target)}"

    def legal(self, s: TTState) -> list[int]:
        return sorted(s.t.ids.artifact + a for a in s.arts[self.seat])

    def apply(self, s: TTState, action: int) -> None:
        a = action - s.t.ids.artifact
        s.remove_artifact(self.seat, a, to_deck=False)
        s.add_artifact(self.target, a)
        if s.log is not None:
            s.emit("give", f"{s.name(self.seat)} gives {s.t.artifacts[a].name} to {s.name(self.target)}")
        quest_event(s, self.seat, "give_artifacts", receiver=self.target)


def bless_offering(s: TTState, seat: int, target: int) -> None:
    """Giving an Offering blesses it: the team's 1st becomes a Level 1 Artifact, the 2nd a Level 2 …"""
    s.offerings[seat] -= 1
    s.blessings += 1
    level = rulings.blessing_level(s.blessings)
    if s.log is not None:
        s.emit("bless", f"{s.name(seat)} gives an Offering to {s.name(target)}: it is blessed into a "
                        f"Level {level} Artifact")
    quest_event(s, seat, "bless_offerings")
    quest_event(s, target, "bless_offerings")
    if rulings.BLESSED_ARTIFACT_KEPT_BY_GIVER_OR_RECEIVER:
        s.push(Keeper(seat, target, level))
    else:
        s.push(WinArtifact(target, level))         # the other reading: "allows you to gain" it (L253)


@decision
class Keeper(NamedTuple):
    """The blessed Offering: the team decides who keeps the Artifact (A-30: the giver or the receiver)."""

    seat: int
    receiver: int
    level: int

    def prompt(self, s: TTState) -> str:
        return f"choose who keeps the blessed Level {self.level} Artifact"

    def legal(self, s: TTState) -> list[int]:
        base = s.t.ids.keeper
        return sorted({base + s.hero[self.seat], base + s.hero[self.receiver]})

    def apply(self, s: TTState, action: int) -> None:
        keeper = s.hero.index(action - s.t.ids.keeper)
        s.push(WinArtifact(keeper, self.level))


# -- the Altar --------------------------------------------------------------------------------------

def altar_rate(s: TTState, seat: int, level: int) -> int:
    rate = s.t.altar_rate[level]
    for e in s.passives(seat):
        if e.do == "altar_rate" and e.level == level:
            rate = e.n
    return rate


def altar_options(s: TTState, seat: int) -> list[int]:
    ids = s.t.ids
    out = [ids.done]
    any_hero = s.has_passive(seat, "altar_any_hero")
    if s.shev[seat] >= 1 and (s.raisable(seat) or (any_hero and any(s.raisable(h) for h in range(3)))):
        out.append(ids.sac_shevitsa)
    out.extend(ids.artifact + a for a in s.arts[seat])
    arts = s.t.artifacts
    for lv in (1, 2, 3):
        if sum(1 for a in s.arts[seat] if arts[a].level == lv) >= 2 and (lv == 3 or s.cards_left(lv)):
            out.append(ids.upgrade + lv - 1)
    out.sort()
    return out


@decision
class Altar(NamedTuple):
    """One Altar Action: Sacrifice as many objects as you wish, one at a time (A-61), then stop."""

    seat: int
    tile: int
    used: int           # a Sacrifice was made in this Action (for the Pilgrimage Quest)

    def prompt(self, s: TTState) -> str:
        return "sacrifice on the Altar, or stop"

    def legal(self, s: TTState) -> list[int]:
        return altar_options(s, self.seat)

    def apply(self, s: TTState, action: int) -> None:
        ids = s.t.ids
        seat = self.seat
        if action == ids.done:
            return
        s.push(Altar(seat, self.tile, 1))
        if not self.used:
            quest_event(s, seat, "use_altars", altar=self.tile)
        if action == ids.sac_shevitsa:
            s.shev[seat] -= 1
            if s.log is not None:
                s.emit("sacrifice", f"{s.name(seat)} sacrifices 1 Shevitsa for a Virtue")
            if s.has_passive(seat, "altar_any_hero"):
                s.push(AltarVirtue(seat))
            else:
                s.push(RaiseVirtue(seat, 1))
            return
        if ids.upgrade <= action < ids.upgrade + 3:
            s.push(PickSacrifice(seat, action - ids.upgrade + 1, -1))
            return
        a = action - ids.artifact
        level = s.t.artifacts[a].level
        rate = altar_rate(s, seat, level)
        s.remove_artifact(seat, a)
        s.shev[seat] += rate
        if s.log is not None:
            s.emit("sacrifice", f"{s.name(seat)} sacrifices {s.t.artifacts[a].name} for {rate} Shevitsa")


@decision
class AltarVirtue(NamedTuple):
    """Holy Well: the Hero whose Virtue the Shevitsa raises."""

    seat: int

    def prompt(self, s: TTState) -> str:
        return "choose the Hero whose Virtue rises"

    def legal(self, s: TTState) -> list[int]:
        return sorted(s.t.ids.hero + s.hero[h] for h in range(3) if s.raisable(h))

    def apply(self, s: TTState, action: int) -> None:
        s.push(RaiseVirtue(s.hero.index(action - s.t.ids.hero), 1))


@decision
class PickSacrifice(NamedTuple):
    """Which two Artifacts of `level` go on the Altar (first, then second)."""

    seat: int
    level: int
    first: int

    def prompt(self, s: TTState) -> str:
        which = "first" if self.first < 0 else "second"
        return f"choose the {which} Level {self.level} Artifact to sacrifice"

    def legal(self, s: TTState) -> list[int]:
        arts = s.t.artifacts
        return sorted(s.t.ids.artifact + a for a in s.arts[self.seat]
                      if arts[a].level == self.level and a != self.first)

    def apply(self, s: TTState, action: int) -> None:
        a = action - s.t.ids.artifact
        if self.first < 0:
            s.push(PickSacrifice(self.seat, self.level, a))
            return
        seat = self.seat
        s.remove_artifact(seat, self.first)
        s.remove_artifact(seat, a)
        if s.log is not None:
            s.emit("sacrifice", f"{s.name(seat)} sacrifices {s.t.artifacts[self.first].name} and "
                                f"{s.t.artifacts[a].name}")
        if self.level < 3:
            s.push(WinArtifact(seat, self.level + 1))
        else:
            s.stones[seat] += 1
            if s.log is not None:
                s.emit("stone", f"{s.name(seat)} gains a Sacred Stone")


# -- the end of a turn -------------------------------------------------------------------------------

@automatic
class EndOfTurn(NamedTuple):
    """Endurance and Mercy, at once from the values before either (L201); end-of-turn Talents."""

    seat: int

    def run(self, s: TTState) -> None:
        seat = self.seat
        s.push(Cleanup(seat))
        endure = s.tier(seat, ENDURANCE)
        mercy = s.tier(seat, MERCY)
        shift = s.passive_sum(seat, "virtue_shift")
        if shift:
            s.push(Shift(seat, shift, -1))
        if mercy and any(s.raisable(h) for h in range(3) if h != seat):
            s.push(MercyHero(seat, mercy, 0))
        if endure:
            s.push(Endure(seat, endure, 0))
        p = s.profile(seat)
        if "whenever" in p.dos:
            for e in reversed(p.effects):
                if e.do == "whenever" and e.event == "end_of_turn":
                    resolve(s, seat, e.then)
        if "ally_move" in p.dos:
            for e in p.effects:
                if e.do == "ally_move":
                    for h in reversed(s.order):
                        if h != seat:
                            s.push(AllyMove(h, e.n))


def endure_options(s: TTState, seat: int, used: int) -> list[int]:
    base = s.t.ids.raise_virtue
    out = [base + v for v in s.raisable(seat)
           if not used >> v & 1 and not (v == ENDURANCE and rulings.ENDURANCE_NOT_ON_ITSELF)]
    return out


@decision
class Endure(NamedTuple):
    """Endurance: raise another of your Virtues by 1, once per band (A-16: each a different Virtue)."""

    seat: int
    left: int
    used: int

    def prompt(self, s: TTState) -> str:
        return f"Endurance: raise another of your Virtues by 1 ({self.left} left)"

    def legal(self, s: TTState) -> list[int]:
        out = endure_options(s, self.seat, self.used)
        return [*out, s.t.ids.done] if rulings.END_OF_TURN_GIFTS_MAY_BE_DECLINED or not out else out

    def apply(self, s: TTState, action: int) -> None:
        if action == s.t.ids.done:
            return
        v = action - s.t.ids.raise_virtue
        s.raise_virtue(self.seat, v)
        if s.log is not None:
            s.emit("endurance", f"{s.name(self.seat)}'s Endurance raises {s.t.virtue_names[v]} to {s.v(self.seat, v)}")
        used = self.used | 1 << v
        if self.left > 1 and endure_options(s, self.seat, used):
            s.push(Endure(self.seat, self.left - 1, used))


def mercy_pairs(s: TTState, seat: int, used: int) -> list[tuple[int, int]]:
    stack = s.has_passive(seat, "mercy_stack") or not rulings.MERCY_PAIRS_DIFFER
    return [(h, v) for h in range(3) if h != seat for v in s.raisable(h)
            if stack or not used >> (h * 6 + v) & 1]


@decision
class MercyHero(NamedTuple):
    """Mercy: choose another Hero whose Virtue rises by 1 (once per band)."""

    seat: int
    left: int
    used: int

    def prompt(self, s: TTState) -> str:
        return f"Mercy: choose another Hero to raise a Virtue of ({self.left} left)"

    def legal(self, s: TTState) -> list[int]:
        base = s.t.ids.hero
        out = sorted({base + s.hero[h] for h, _ in mercy_pairs(s, self.seat, self.used)})
        return [*out, s.t.ids.done] if rulings.END_OF_TURN_GIFTS_MAY_BE_DECLINED or not out else out

    def apply(self, s: TTState, action: int) -> None:
        if action == s.t.ids.done:
            return
        s.push(MercyVirtue(self.seat, s.hero.index(action - s.t.ids.hero), self.left, self.used))


@decision
class MercyVirtue(NamedTuple):
    """Mercy: which of that Hero's Virtues rises."""

    seat: int
    target: int
    left: int
    used: int

    def prompt(self, s: TTState) -> str:
        return f"Mercy: choose the Virtue of {s.name(self.target)} that rises by 1"

    def legal(self, s: TTState) -> list[int]:
        base = s.t.ids.raise_virtue
        return [base + v for h, v in mercy_pairs(s, self.seat, self.used) if h == self.target]

    def apply(self, s: TTState, action: int) -> None:
        v = action - s.t.ids.raise_virtue
        s.raise_virtue(self.target, v)
        if s.log is not None:
            s.emit("mercy", f"{s.name(self.seat)}'s Mercy raises {s.name(self.target)}'s {s.t.virtue_names[v]} to "
                            f"{s.v(self.target, v)}")
        used = self.used | 1 << (self.target * 6 + v)
        if self.left > 1 and mercy_pairs(s, self.seat, used):
            s.push(MercyHero(self.seat, self.left - 1, used))
        s.goal_changed()


@decision
class Shift(NamedTuple):
    """Phases of the Moon: move a point from one of your Virtues to another (from, then to)."""

    seat: int
    left: int
    source: int

    def prompt(self, s: TTState) -> str:
        if self.source < 0:
            return "Phases of the Moon: choose a Virtue to move 1 point from, or keep them"
        return f"Phases of the Moon: choose the Virtue that takes the point from {s.t.virtue_names[self.source]}"

    def legal(self, s: TTState) -> list[int]:
        ids = s.t.ids
        b = self.seat * 6
        if self.source < 0:
            return [*(ids.lower_virtue + v for v in range(6) if s.vir[b + v] > 0), ids.done]
        return [ids.raise_virtue + v for v in s.raisable(self.seat) if v != self.source]

    def apply(self, s: TTState, action: int) -> None:
        ids = s.t.ids
        if action == ids.done:
            return
        if self.source < 0:
            s.push(Shift(self.seat, self.left, action - ids.lower_virtue))
            return
        v = action - ids.raise_virtue
        s.vir[self.seat * 6 + self.source] -= 1
        s.raise_virtue(self.seat, v)
        if s.log is not None:
            s.emit("shift", f"{s.name(self.seat)} moves a point from {s.t.virtue_names[self.source]} to "
                            f"{s.t.virtue_names[v]}")
        if self.left > 1:
            s.push(Shift(self.seat, self.left - 1, -1))


@decision
class AllyMove(NamedTuple):
    """Leader of the Herd: at the end of its turn, each other Hero may move up to n Steps."""

    seat: int
    left: int

    def prompt(self, s: TTState) -> str:
        return f"Leader of the Herd: move up to {self.left} Steps, or stay"

    def legal(self, s: TTState) -> list[int]:
        out = step_options(s, self.seat, self.left, mobility(s, self.seat))
        if end_ok(s, self.seat, s.pos[self.seat]) or not out:
            out.append(s.t.ids.stop)
        return out

    def apply(self, s: TTState, action: int) -> None:
        if action == s.t.ids.stop:
            return
        d = action - s.t.ids.step
        left = self.left
        cost = take_step(s, self.seat, d, mobility(s, self.seat), left, 1)
        if s.log is not None:
            s.emit("step", f"{s.name(self.seat)} steps to {s.space_name(s.pos[self.seat])}")
        if left - cost > 0 or not end_ok(s, self.seat, s.pos[self.seat]):
            s.stack.insert(len(s.stack) - (1 if s.stack and isinstance(s.stack[-1], PortalTo) else 0),
                           AllyMove(self.seat, left - cost))


@automatic
class Cleanup(NamedTuple):
    """The turn is over: every Bonus card goes back and the deck is shuffled (L293)."""

    seat: int

    def run(self, s: TTState) -> None:
        s.deck[HERO_BONUS].extend(s.bonus_hand)
        s.shuffle_in(HERO_BONUS)
        s.bonus_hand = []
        s.bonus_unused = []
        if s.green[self.seat] > 0:
            s.green[self.seat] -= 1
        s.end_of_hero_turn(self.seat)


__all__ = ["CORNER_DX", "CORNER_DY", "T_ATTACKED"]
