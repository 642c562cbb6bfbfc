"""Greylune positions described as data (engine/scenario.py), and the invariants every position keeps.

A scenario starts a game from its seed and then moves components into place; nothing is created
or destroyed, so every card, Seal and Villager stays somewhere exactly once (`check_invariants`).
Seats are numbered from 0, Village slots 0-8 row by row, the track's spaces 0 (the Village) to 5.

```toml
players = 2
seed = 1
[position]
village = { 0 = "Jade Statue", 4 = "Magical School", 8 = "" }   # "" empties a slot
seals = { 4 = [2] }                     # the Seals on a card (a card laid here comes without)
seal_pile = 0                           # how many Seals stay in the pile (the others go to the discard)
event = "Banquet"
quests = { 3 = "Deadly Trap" }          # the Quest tile on space 3, 4 or 5
encounters = ["Bear"]                   # Encounter cards put on the track
year = 2
first_player = 1
turn = { seat = 1, season = "Summer" }  # whose turn it is (a Spring or Summer action)
decision = { kind = "Move", reach = 2, elwen_used = false }   # or the decision the turn's action opened
[position.seats.1]
coins = 3
vp = 6
strength = 1
magic = 2
villagers = { active = 2, campsite = 1, supply = 4, event = 0, special = 0 }
in_village = [[4, 5]]                   # a Villager in the gap between slots 4 and 5 (from the active ones)
items = ["Horn"]
companions = ["Kael"]
exhausted = ["Kael"]
untold = ["Sheep"]
told = ["Hermit"]
income = ["Sheep"]                      # Income tokens (their Encounter must be in the seat's stories)
adventurer = 3
season = "Summer"
bonus_taken = ["Coins"]
quests = { 3 = "later", 5 = "first" }   # Quests done: first, or later than someone else
```
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ...engine import ScenarioError, ScenarioSchema, Setting, seat_name
from ...engine.scenario import expect_int, expect_list, expect_name
from ...engine.stack import DECISIONS
from . import rulings
from .actions import GAPS
from .board import IN_BOX, MAX_COMPANIONS, NO_CARD, SEASONS, VILLAGERS_PER_PLAYER, YEARS
from .content import Content
from .seasons import Turn

if TYPE_CHECKING:
    from .state import GreyluneState


def check_invariants(s: GreyluneState) -> None:
    """Every component is somewhere exactly once; no count is negative or above its track."""
    c = s.c
    n = s.players
    for p in range(n):
        assert s.coins[p] >= 0, f"{seat_name(p)} has negative coins"
        assert s.vp[p] >= 0, f"{seat_name(p)} has negative VP"
        assert 0 <= s.str_[p] <= 5 and 0 <= s.mag[p] <= 5, f"{seat_name(p)}'s skills are off their tracks"
        parts = (s.active[p], s.camp[p], s.supply[p], s.on_event[p], s.on_special[p])
        assert min(parts) >= 0, f"{seat_name(p)} has a negative count of Villagers"
        village = s.villagers_in_village(p)
        assert sum(parts) + village == VILLAGERS_PER_PLAYER, f"{seat_name(p)} has {sum(parts) + village} Villagers"
        assert len(s.comps[p]) <= MAX_COMPANIONS, f"{seat_name(p)} has more than {MAX_COMPANIONS} Companions"
        for i in s.items[p] + s.comps[p]:
            assert s.owner[i] == p, f"{c.cards[i].name} is on {seat_name(p)}'s board but not theirs"
    # Village cards
    places: Counter[int] = Counter()
    for lst in (s.village_deck, s.village_removed, s.village_discard):
        places.update(lst)
    places.update(card for card in s.grid if card != NO_CARD)
    for p in range(n):
        places.update(s.items[p])
        places.update(s.comps[p])
    places.update(i for i, o in enumerate(s.owner) if o == IN_BOX)
    assert sorted(places) == list(range(len(c.cards))), "a Village card is missing or doubled"
    # Encounters
    e_places: Counter[int] = Counter()
    for lst in (s.enc_deck, s.enc_removed, s.enc_board, s.enc_discard):
        e_places.update(lst)
    for p in range(n):
        e_places.update(s.untold[p])
        e_places.update(s.told[p])
    assert sorted(e_places) == list(range(1, len(c.encounters))), "an Encounter is missing or doubled"
    # Seals
    seals = Counter(s.seal_pile) + Counter(s.seal_discard)
    for on_card in s.seals:
        seals.update(on_card)
    expected = Counter({v: c.seal_counts[v - 1] for v in (1, 2, 3)})
    assert seals == expected, f"the Seals are {dict(seals)}, not {dict(expected)}"
    # Events
    events = [*s.event_stack, *s.event_removed, *s.event_discard, s.event_current]
    assert sorted(events) == list(range(len(c.events))), "an Event is missing or doubled"
    # Income tokens: each held at most once, by the player who resolved its Encounter
    held = [t for p in range(n) for t in s.income[p]]
    assert len(held) == len(set(held)), "an Income token is held twice"
    for p in range(n):
        for t in s.income[p]:
            assert c.income[t - 1].encounter in s.untold[p] + s.told[p], (
                f"{seat_name(p)} holds the {c.income[t - 1].name} Income token without its Encounter")


# -- moving components --------------------------------------------------------------------------
def _slot(value: Any) -> int:
    return expect_int(int(value) if isinstance(value, str) and value.isdigit() else value, "a Village slot", 0, 8)


def _seat(s: GreyluneState, value: Any) -> int:
    return expect_int(int(value) if isinstance(value, str) and value.isdigit() else value, "a seat",
                      0, s.players - 1)


def _table(value: Any, what: str) -> Mapping[Any, Any]:
    if not isinstance(value, Mapping):
        raise ScenarioError(f"{what} must be a table, not {value!r}")
    return value


def _card(c: Content, name: Any) -> int:
    found = expect_name(name, [card.name for card in c.cards], "Village card")
    return next(card.index for card in c.cards if card.name == found)


def _encounter(c: Content, name: Any) -> int:
    found = expect_name(name, [e.name for e in c.encounters[1:]], "Encounter card")
    return next(e.id for e in c.encounters[1:] if e.name == found)


def _take_card(s: GreyluneState, idx: int) -> None:
    """Take a Village card from wherever it lies unclaimed (a deck, the discard, the box, the Village)."""
    for where in (s.village_deck, s.village_removed, s.village_discard):
        if idx in where:
            where.remove(idx)
            return
    if idx in s.grid:
        slot = s.grid.index(idx)
        s.grid[slot] = NO_CARD
        s.seal_discard.extend(s.seals[slot])
        s.seals[slot] = ()
        return
    if s.owner[idx] == IN_BOX:
        s.owner[idx] = -1
        return
    raise ScenarioError(f"{s.c.cards[idx].name} is held by {seat_name(s.owner[idx])}")


def _take_encounter(s: GreyluneState, e: int) -> None:
    for where in (s.enc_deck, s.enc_removed, s.enc_board, s.enc_discard):
        if e in where:
            where.remove(e)
            return
    holder = next(p for p in range(s.players) if e in s.untold[p] + s.told[p])
    raise ScenarioError(f"{s.c.encounters[e].name} is in {seat_name(holder)}'s stories")


def put_village(s: GreyluneState, value: Any) -> None:
    """Lay cards in the Village (the card there goes where the new one came from); "" empties a slot."""
    for key, name in _table(value, "village").items():
        slot = _slot(key)
        old = s.grid[slot]
        s.seal_discard.extend(s.seals[slot])     # a card laid by a scenario comes without Seals
        s.seals[slot] = ()
        if name == "":
            if old != NO_CARD:
                s.grid[slot] = NO_CARD
                s.village_discard.append(old)
            continue
        idx = _card(s.c, name)
        if idx == old:
            continue
        for where in (s.village_deck, s.village_removed, s.village_discard):
            if idx in where:
                if old == NO_CARD:
                    where.remove(idx)
                else:
                    where[where.index(idx)] = old
                break
        else:
            if idx in s.grid:
                other = s.grid.index(idx)
                s.grid[other] = old
            else:
                _take_card(s, idx)
                if old != NO_CARD:
                    s.village_discard.append(old)
        s.grid[slot] = idx


def put_seals(s: GreyluneState, value: Any) -> None:
    """The Seals on cards: taken from the pile (then the discard); those there before go to the discard."""
    for key, values in _table(value, "seals").items():
        slot = _slot(key)
        wanted = [expect_int(v, "a Seal's value", 1, 3) for v in expect_list(values, "the Seals of a slot")]
        if wanted and s.grid[slot] == NO_CARD:
            raise ScenarioError(f"slot {slot} has no card to put Seals on")
        s.seal_discard.extend(s.seals[slot])
        s.seals[slot] = ()
        for v in wanted:
            if v in s.seal_pile:
                s.seal_pile.remove(v)
            elif v in s.seal_discard:
                s.seal_discard.remove(v)
            else:
                raise ScenarioError(f"no Seal of value {v} is left to put on slot {slot}")
        s.seals[slot] = tuple(sorted(wanted))


def put_seal_pile(s: GreyluneState, value: Any) -> None:
    """How many Seals stay in the pile: the others (from the bottom) go to the discard."""
    keep = expect_int(value, "the Seals left in the pile", 0, len(s.seal_pile))
    moved = len(s.seal_pile) - keep
    s.seal_discard.extend(s.seal_pile[:moved])
    del s.seal_pile[:moved]


def put_event(s: GreyluneState, value: Any) -> None:
    names = [e.name for e in s.c.events]
    k = names.index(expect_name(value, names, "Event"))
    if k != s.event_current:
        for where in (s.event_stack, s.event_removed, s.event_discard):
            if k in where:
                where[where.index(k)] = s.event_current
                break
        s.event_current = k
        s.festival = [-1] * 5


def put_quests(s: GreyluneState, value: Any) -> None:
    names = [q.name for q in s.c.quests]
    for key, name in _table(value, "quests").items():
        space = expect_int(int(key) if isinstance(key, str) and key.isdigit() else key, "a Quest space", 3, 5)
        q = names.index(expect_name(name, names, "Quest"))
        if q in s.quests:                        # already on another space: the two tiles swap
            s.quests[s.quests.index(q)] = s.quests[space - 3]
        s.quests[space - 3] = q


def put_encounters(s: GreyluneState, value: Any) -> None:
    """Encounter cards put on the track, from wherever they are, besides those dealt."""
    encounters = s.c.encounters
    for name in expect_list(value, "encounters"):
        e = _encounter(s.c, name)
        if e not in s.enc_board:
            _take_encounter(s, e)
            s.enc_board.append(e)
    s.enc_board.sort(key=lambda e: (encounters[e].distance, e))


def put_year(s: GreyluneState, value: Any) -> None:
    s.year = expect_int(value, "the year", 1, YEARS)


def put_first_player(s: GreyluneState, value: Any) -> None:
    s.first_player = _seat(s, value)


def _season(value: Any) -> int:
    return SEASONS.index(expect_name(value, SEASONS, "season"))


def _put_count(s: GreyluneState, p: int, field: str, word: str, high: int | None) -> Callable[[Any], None]:
    def put(value: Any) -> None:
        getattr(s, field)[p] = expect_int(value, f"{seat_name(p)}'s {word}", 0, high)
    return put


VILLAGER_PLACES = {"active": "active", "campsite": "camp", "supply": "supply", "event": "on_event",
                   "special": "on_special"}


def _put_seat(s: GreyluneState, p: int, values: Mapping[str, Any]) -> None:
    c = s.c
    who = seat_name(p)

    def villagers(value: Any) -> None:
        for key, n in _table(value, f"{who}'s villagers").items():
            place = expect_name(key, list(VILLAGER_PLACES), "place of Villagers")
            getattr(s, VILLAGER_PLACES[place])[p] = expect_int(n, f"{who}'s Villagers ({place})", 0,
                                                                VILLAGERS_PER_PLAYER)

    def in_village(value: Any) -> None:
        for pair in expect_list(value, f"{who}'s Villagers in the Village"):
            a, b = sorted(_slot(x) for x in expect_list(pair, "a gap (two neighbouring slots)"))
            if (a, b) not in GAPS:
                raise ScenarioError(f"slots {a} and {b} are not neighbours: no gap joins them")
            if s.active[p] < 1:
                raise ScenarioError(f"{who} has no active Villager left to put in the Village")
            s.active[p] -= 1
            s.put_villager(GAPS.index((a, b)), p)

    def cards(kind: str) -> Callable[[Any], None]:
        def put(value: Any) -> None:
            for name in expect_list(value, f"{who}'s {kind}s"):
                idx = _card(c, name)
                if c.cards[idx].kind != kind:
                    raise ScenarioError(f"{c.cards[idx].name} is not a{'n' if kind == 'item' else ''} {kind}")
                _take_card(s, idx)
                s.owner[idx] = p
                (s.items if kind == "item" else s.comps)[p].append(idx)
        return put

    def exhausted(value: Any) -> None:
        for name in expect_list(value, f"{who}'s exhausted cards"):
            idx = _card(c, name)
            if s.owner[idx] != p:
                raise ScenarioError(f"{who} does not hold {c.cards[idx].name}")
            s.exh[p] |= 1 << idx

    def stories(told: bool) -> Callable[[Any], None]:
        def put(value: Any) -> None:
            for name in expect_list(value, f"{who}'s stories"):
                e = _encounter(c, name)
                _take_encounter(s, e)
                (s.told if told else s.untold)[p].append(e)
        return put

    def income(value: Any) -> None:
        names = [t.name for t in c.income]
        for name in expect_list(value, f"{who}'s Income tokens"):
            s.income[p].append(c.income[names.index(expect_name(name, names, "Income token"))].id)

    def adventurer(value: Any) -> None:
        s.adventurer[p] = expect_int(value, f"{who}'s Adventurer's space", 0, 5)

    def season(value: Any) -> None:
        s.season[p] = _season(value)

    def bonus_taken(value: Any) -> None:
        taken = [expect_name(x, c.bonus_names, "Bonus token") for x in expect_list(value, "Bonus tokens taken")]
        if len(taken) > 2 or len(set(taken)) != len(taken):
            raise ScenarioError("a player takes at most two different Bonus tokens")
        s.bonus_stage[p] = len(taken)
        left = 0b111
        for name in taken:
            left &= ~(1 << c.bonus_names.index(name))
        s.bonus_left[p] = 0 if len(taken) == 2 else left

    def quests(value: Any) -> None:
        for key, order in _table(value, f"{who}'s Quests").items():
            d = expect_int(int(key) if isinstance(key, str) and key.isdigit() else key, "a Quest space", 3, 5)
            order = expect_name(order, ("first", "later"), "order of a Quest")
            s.quest_done[p] |= 1 << d
            if order == "first":
                s.quest_first[d - 3] = p

    # in this order: counts before what moves from them, cards before their state, stories before Income
    puts: dict[str, Callable[[Any], None]] = {
        "coins": _put_count(s, p, "coins", "coins", None), "vp": _put_count(s, p, "vp", "VP", None),
        "strength": _put_count(s, p, "str_", "Strength", rulings.MAX_SKILL),
        "magic": _put_count(s, p, "mag", "Magic", rulings.MAX_SKILL),
        "villagers": villagers, "in_village": in_village, "items": cards("item"), "companions": cards("companion"),
        "exhausted": exhausted, "untold": stories(False), "told": stories(True), "income": income,
        "adventurer": adventurer, "season": season, "bonus_taken": bonus_taken, "quests": quests,
    }
    unknown = [k for k in values if k not in puts]
    if unknown:
        raise ScenarioError(f"unknown key {unknown[0]!r} for {who}; valid: {', '.join(puts)}")
    for key, put in puts.items():
        if key in values:
            try:
                put(values[key])
            except ScenarioError as exc:
                raise ScenarioError(f"{who}: {key}: {exc}") from exc


def put_seats(s: GreyluneState, value: Any) -> None:
    for key, values in _table(value, "seats").items():
        p = _seat(s, key)
        _put_seat(s, p, _table(values, f"{seat_name(p)}'s table"))


def put_turn(s: GreyluneState, value: Any) -> None:
    """Whose turn it is, with a Spring or Summer action to choose (the decisions of the turn so far are gone)."""
    turn = _table(value, "turn")
    unknown = [k for k in turn if k not in ("seat", "season")]
    if unknown:
        raise ScenarioError(f"unknown key {unknown[0]!r} for the turn; valid: seat, season")
    p = _seat(s, turn.get("seat", s.cur))
    if "season" in turn:
        s.season[p] = _season(turn["season"])
    if s.season[p] == SEASONS.index("Autumn"):
        raise ScenarioError(f"{seat_name(p)} is in Autumn: their year is over")
    s.cur = p
    s.stack[:] = [Turn(p)]


def put_decision(s: GreyluneState, value: Any) -> None:
    """The decision the turn's action opened (say, a move of the Adventurer), by its kind and fields:
    it stands for the turn's action, so once it is resolved the turn passes."""
    spec = dict(_table(value, "decision"))
    kinds: dict[str, Any] = {cls.__name__: cls for cls in DECISIONS if cls.__module__.startswith(__package__ or "")}
    kind = kinds[expect_name(spec.pop("kind", None), sorted(kinds), "decision")]
    spec.setdefault("seat", s.cur)
    fields: tuple[str, ...] = kind._fields
    missing = [f for f in fields if f not in spec]
    unknown = [f for f in spec if f not in fields]
    if missing or unknown:
        raise ScenarioError(f"a {kind.__name__} has the fields {', '.join(fields)}"
                            + (f"; missing {', '.join(missing)}" if missing else "")
                            + (f"; unknown {', '.join(unknown)}" if unknown else ""))
    for name in fields:
        if not isinstance(spec[name], int):
            raise ScenarioError(f"{kind.__name__}.{name} must be an integer (or true/false), not {spec[name]!r}")
    _seat(s, spec["seat"])
    s.stack[:] = [kind(**spec)]


def build_schema() -> ScenarioSchema:
    """The keys of a Greylune scenario, in the order they are put on the table."""
    return ScenarioSchema([
        Setting("village", "Village slot (0-8) -> card name, or \"\" for an empty slot", put_village),
        Setting("seals", "Village slot -> the values of its Seals", put_seals),
        Setting("seal_pile", "how many Seals stay in the pile (the others go to the discard)", put_seal_pile),
        Setting("event", "the Event of the year, by name", put_event),
        Setting("quests", "Quest space (3-5) -> Quest tile name", put_quests),
        Setting("encounters", "Encounter cards put on the track", put_encounters),
        Setting("year", "the year (1-5)", put_year),
        Setting("first_player", "the seat holding the First Player token", put_first_player),
        Setting("seats", "seat -> its coins, vp, strength, magic, villagers, in_village, items, companions, "
                         "exhausted, untold, told, income, adventurer, season, bonus_taken, quests", put_seats),
        Setting("turn", "{seat, season}: whose turn it is", put_turn),
        Setting("decision", "{kind, fields…}: the decision the turn's action opened, instead of the turn's "
                            "choice", put_decision),
    ], check_invariants)
