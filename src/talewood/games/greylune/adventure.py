"""Going on an adventure: move the Adventurer (Elwen), then on arrival an Encounter (Potions,
Ariok, which sides), the space's bonus or its Heroic Quest; when the move ends, Mira or an
Endurance Potion may put a Villager into the Village (ruling R8)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...engine import automatic, decision, seat_name
from . import effects, items, stories
from .actions import NGAPS, SIDE_NAMES
from .content import HAVE_MAG, HAVE_SM, HAVE_STR, INCOME, SPEND_COINS, Effect
from .texts import effects_text

if TYPE_CHECKING:
    from .state import GreyluneState

# the boosts a ready Potion gives an Encounter: (Strength, Magic, requirements ignored)
POTION_BOOSTS = {"strength": (2, 0, 0), "mana": (0, 2, 0), "flying": (1, 1, 0), "invisibility": (0, 0, 1)}
HAVE_REQS = (HAVE_STR, HAVE_MAG, HAVE_SM)


@decision
class Move(NamedTuple):
    """Move your Adventurer up to `reach` spaces either way (or stay); Elwen adds 2 once."""

    seat: int
    reach: int
    elwen_used: bool

    def prompt(self, s: GreyluneState) -> str:
        spaces = "1 space" if self.reach == 1 else f"{self.reach} spaces"
        elwen = ", Elwen's 2 included" if self.elwen_used else ""
        return f"move your Adventurer up to {spaces}{elwen} (or stay)"

    def legal(self, s: GreyluneState) -> list[int]:
        p = self.seat
        reach = self.reach
        pos = s.adventurer[p]
        base = s.ids.move
        out = [base + d for d in range(max(0, pos - reach), min(5, pos + reach) + 1)]
        if s.ready_card(p, s.tables.elwen):      # again if Isandre readied her
            out.append(s.ids.elwen)
        return out

    def apply(self, s: GreyluneState, action: int) -> None:
        p = self.seat
        if action == s.ids.elwen:
            s.stack.append(Move(p, self.reach + 2, True))
            effects.exhaust(s, p, s.tables.elwen)
            return
        d = action - s.ids.move
        s.adventurer[p] = d
        if s.log is not None:
            where = f"space {d} ({s.c.crests[d]})" if d else "the Village"
            s.emit("move", f"{seat_name(p)}'s Adventurer goes to {where}", seat=p)
        s.stack.append(EndOfMove(p, False))
        if d >= 1:
            arrive = Arrive(p, d)
            if len(arrive.legal(s)) > 1:  # only "stop": nothing to decide
                s.stack.append(arrive)
                s.stack.append(EndOfMove(p, True))  # Mira: "before or after resolving an Encounter"


def ready_boosts(s: GreyluneState, p: int) -> tuple[int, int, int]:
    """What all of p's ready Potions would add: (Strength, Magic, requirements ignored)."""
    kinds = s.tables.potion_kind
    exh = s.exh[p]
    bs = bm = ign = 0
    for i in s.items[p]:
        boost = POTION_BOOSTS.get(kinds[i])
        if boost and not (exh >> i) & 1:
            bs += boost[0]
            bm += boost[1]
            ign += boost[2]
    return bs, bm, ign


def encounter_possible(s: GreyluneState, p: int, e: int) -> bool:
    """Could p meet some side of Encounter e, using every ready Potion and Ariok?"""
    card = s.c.encounters[e]
    bs, bm, ign = ready_boosts(s, p)
    if s.ready_card(p, s.tables.ariok) and s.mag[p] >= 1:
        ign += 1
    if ign:
        return True
    return any(s.req_ok(p, (side.req,), bs, bm) for side in card.sides)


def quest_possible(s: GreyluneState, p: int, d: int) -> bool:
    if (s.quest_done[p] >> d) & 1:
        return False
    q = s.c.quests[s.quests[d - 3]]
    if q.special == "bard":
        return len(s.untold[p]) >= 2
    if q.special == "donation":
        return bool(s.items[p])
    if q.special == "trap":
        return s.active[p] >= 1
    bs, bm, _ = ready_boosts(s, p)   # a Potion's boost counts for a "have at least" Quest
    return s.req_ok(p, q.reqs, bs, bm)


def quest_boostable(s: GreyluneState, p: int, d: int) -> bool:
    """Does the Quest on space d ask to have some Strength or Magic, and has p a ready Potion adding some?"""
    q = s.c.quests[s.quests[d - 3]]
    bs, bm, _ = ready_boosts(s, p)
    return bool(bs or bm) and any(code in HAVE_REQS for code, _ in q.reqs)


@decision
class Arrive(NamedTuple):
    """On arrival: an Encounter of this space, the space's bonus, its Heroic Quest, or stop."""

    seat: int
    space: int

    def prompt(self, s: GreyluneState) -> str:
        return "resolve an Encounter, the space's bonus or Quest, or stop"

    def legal(self, s: GreyluneState) -> list[int]:
        p = self.seat
        d = self.space
        ids = s.ids
        encounters = s.c.encounters
        out = sorted(ids.encounter + e - 1 for e in s.enc_board
                     if encounters[e].distance == d and encounter_possible(s, p, e))
        if s.c.space_bonus[d] is not None:
            out.append(ids.space_bonus)
        if d >= 3 and quest_possible(s, p, d):
            out.append(ids.quest)
        out.append(ids.stop)
        return out

    def apply(self, s: GreyluneState, action: int) -> None:
        p, d = self.seat, self.space
        ids = s.ids
        if action == ids.stop:
            return
        if action == ids.space_bonus:
            bonus = s.c.space_bonus[d]
            assert bonus is not None
            effects.do_effect(s, p, bonus[0], bonus[1], 0)
            return
        if action == ids.quest:
            if quest_boostable(s, p, d):
                s.stack.append(QuestPotions(p, d, 0, 0))
            else:
                complete_quest(s, p, d)
            return
        s.stack.append(Meet(p, action - ids.encounter + 1, 0, 0, 0))


@decision
class QuestPotions(NamedTuple):
    """A Heroic Quest that asks to have Strength or Magic: drink Potions, then complete it. A Potion's boost
    counts for a "have at least" requirement, never for one that spends."""

    seat: int
    space: int
    strength_boost: int
    magic_boost: int

    def prompt(self, s: GreyluneState) -> str:
        return "use potions, then complete the Heroic Quest"

    def legal(self, s: GreyluneState) -> list[int]:
        p = self.seat
        kinds = s.tables.potion_kind
        potion_id = s.tables.potion_id
        out = sorted(potion_id[i] for i in s.items[p]
                     if kinds[i] in POTION_BOOSTS and POTION_BOOSTS[kinds[i]][:2] != (0, 0) and s.ready_card(p, i))
        q = s.c.quests[s.quests[self.space - 3]]
        if s.req_ok(p, q.reqs, self.strength_boost, self.magic_boost):
            out.append(s.ids.quest)
        return out

    def apply(self, s: GreyluneState, action: int) -> None:
        p = self.seat
        if action == s.ids.quest:
            complete_quest(s, p, self.space)
            return
        idx = s.tables.potion_cards[action - s.ids.potion]
        st, mg, _ = POTION_BOOSTS[s.tables.potion_kind[idx]]
        s.stack.append(self._replace(strength_boost=self.strength_boost + st, magic_boost=self.magic_boost + mg))
        effects.use_potion(s, p, idx)


def complete_quest(s: GreyluneState, p: int, d: int) -> None:
    q = s.c.quests[s.quests[d - 3]]
    s.quest_done[p] |= 1 << d
    if s.quest_first[d - 3] == -1:
        s.quest_first[d - 3] = p
    if s.log is not None:
        s.emit("quest", f"{seat_name(p)} completes the Heroic Quest {q.name}", seat=p)
    if q.special == "bard":
        s.stack.append(stories.BardStory(p, 2))
    elif q.special == "donation":
        s.stack.append(items.DiscardItem(p, True))
    elif q.special == "trap":
        s.active[p] -= 1
        s.supply[p] += 1
    else:
        effects.pay_reqs(s, p, q.reqs)


def side_sets(choice: int, count: int) -> tuple[int, ...]:
    """The sides a choice meets: left, right or both of a two-sided card; the only side of a one-sided one."""
    if count == 1:
        return (0,)
    return ((0,), (1,), (0, 1))[choice]


def best_ignores(s: GreyluneState, p: int, e: int, chosen: tuple[int, ...], bs: int, bm: int,
                 ign: int) -> tuple[int, ...] | None:
    """The sides whose requirement is ignored (ruling R9), or None if the choice cannot be met."""
    card = s.c.encounters[e]
    best: tuple[int, ...] | None = None
    best_key = (-1, -1)
    subsets: list[tuple[int, ...]] = [()]
    if ign >= 1:
        subsets += [(i,) for i in chosen]
    if ign >= 2 and len(chosen) == 2:
        subsets.append(chosen)
    for ignored in subsets:
        reqs = tuple(card.sides[i].req for i in chosen if i not in ignored)
        if not s.req_ok(p, reqs, bs, bm):
            continue
        spends = sum(1 for i in ignored if card.sides[i].req[0] >= SPEND_COINS)
        key = (len(ignored), spends)
        if key > best_key:
            best, best_key = ignored, key
    return best


@decision
class Meet(NamedTuple):
    """Resolve an Encounter: drink Potions or exhaust Ariok, then choose the sides to meet (ruling R8:
    the boosts last for this Encounter only)."""

    seat: int
    encounter: int
    strength_boost: int
    magic_boost: int
    ignores: int            # requirements that may be ignored (Ariok, Invisibility Potion)

    def prompt(self, s: GreyluneState) -> str:
        card = s.c.encounters[self.encounter]
        which = "one side or both" if len(card.sides) == 2 else "to meet it"
        return f"{card.name}: use a Potion or Ariok if you wish, then choose {which}"

    def legal(self, s: GreyluneState) -> list[int]:
        p = self.seat
        e = self.encounter
        ids = s.ids
        kinds = s.tables.potion_kind
        potion_id = s.tables.potion_id
        exh = s.exh[p]
        out = []
        for i in s.items[p]:
            if kinds[i] in POTION_BOOSTS and not (exh >> i) & 1:
                out.append(potion_id[i])
        out.sort()
        if s.ready_card(p, s.tables.ariok) and s.mag[p] >= 1:
            out.append(ids.ariok)
        count = len(s.c.encounters[e].sides)
        for k in range(3 if count == 2 else 1):
            if best_ignores(s, p, e, side_sets(k, count), self.strength_boost, self.magic_boost,
                            self.ignores) is not None:
                out.append(ids.sides + k)
        return out

    def apply(self, s: GreyluneState, action: int) -> None:
        p = self.seat
        e = self.encounter
        ids = s.ids
        if action == ids.ariok:
            s.mag[p] -= 1
            s.stack.append(self._replace(ignores=self.ignores + 1))
            effects.exhaust(s, p, s.tables.ariok)
            return
        if action < ids.sides:
            idx = s.tables.potion_cards[action - ids.potion]
            st, mg, ign = POTION_BOOSTS[s.tables.potion_kind[idx]]
            s.stack.append(Meet(p, e, self.strength_boost + st, self.magic_boost + mg, self.ignores + ign))
            effects.use_potion(s, p, idx)
            return
        card = s.c.encounters[e]
        chosen = side_sets(action - ids.sides, len(card.sides))
        ignored = best_ignores(s, p, e, chosen, self.strength_boost, self.magic_boost, self.ignores)
        assert ignored is not None
        s.enc_board.remove(e)
        s.untold[p].append(e)
        if s.log is not None:
            k = action - ids.sides
            which = "" if len(card.sides) == 1 else " (both sides)" if k == 2 else f" (its {SIDE_NAMES[k]})"
            reward = " + ".join(effects_text(card.sides[i].reward) for i in chosen if card.sides[i].reward)
            s.emit("encounter", f"{seat_name(p)} resolves {card.name}{which}: "
                                f"{'gains ' + reward if reward else 'no reward, only its story'}", seat=p)
        rewards: list[Effect] = []
        for i in chosen:
            for op, n in card.sides[i].reward:
                rewards.append((op, e) if op == INCOME else (op, n))
        effects.push_effects(s, p, tuple(rewards))
        effects.pay_reqs(s, p, tuple(card.sides[i].req for i in chosen if i not in ignored))


@automatic
class EndOfMove(NamedTuple):
    """On arrival, before what the space offers is resolved, and when the move is over: offer Mira or an
    Endurance Potion if a Villager could go into the Village (ruling R8)."""

    seat: int
    before: bool            # True on arrival, before the Encounter (or the space's bonus or Quest)

    def run(self, s: GreyluneState) -> None:
        p = self.seat
        if s.active[p] < 1 or not any(s.gap_open(g) for g in range(NGAPS)):
            return
        kinds = s.tables.potion_kind
        if s.ready_card(p, s.tables.mira) or any(kinds[i] == "endurance" and s.ready_card(p, i)
                                                 for i in s.items[p]):
            s.stack.append(AfterMove(p, self.before))


@decision
class AfterMove(NamedTuple):
    """Exhaust Mira or drink an Endurance Potion to put a Villager into the Village?"""

    seat: int
    before: bool            # True on arrival, before resolving what the space offers

    def prompt(self, s: GreyluneState) -> str:
        when = "before resolving this space" if self.before else "now that the move is over"
        return f"{when}: place a Villager in the Village (Mira or Endurance Potion)?"

    def legal(self, s: GreyluneState) -> list[int]:
        p = self.seat
        kinds = s.tables.potion_kind
        potion_id = s.tables.potion_id
        out = [potion_id[i] for i in s.items[p] if kinds[i] == "endurance" and s.ready_card(p, i)]
        if s.ready_card(p, s.tables.mira):
            out.append(s.ids.react)
        out.append(s.ids.decline)
        out.sort()
        return out

    def apply(self, s: GreyluneState, action: int) -> None:
        p = self.seat
        ids = s.ids
        if action == ids.decline:
            return
        s.stack.append(EndOfMove(p, self.before))
        s.stack.append(PutVillager(p))
        if action == ids.react:
            effects.exhaust(s, p, s.tables.mira)
        else:
            effects.use_potion(s, p, s.tables.potion_cards[action - ids.potion])


@decision
class PutVillager(NamedTuple):
    """The gap Mira's (or the Potion's) Villager goes to."""

    seat: int

    def prompt(self, s: GreyluneState) -> str:
        return "choose the gap for the Villager"

    def legal(self, s: GreyluneState) -> list[int]:
        base = s.ids.place
        return [base + g for g in range(NGAPS) if s.gap_open(g)]

    def apply(self, s: GreyluneState, action: int) -> None:
        s.active[self.seat] -= 1
        s.put_villager(action - s.ids.place, self.seat)
