"""Scenario helpers: build a custom Greylune position, find actions by name, check invariants."""

from __future__ import annotations

from collections import Counter

from talewood.engine import Frame
from talewood.games import load
from talewood.games.greylune.actions import GAPS, SPACE
from talewood.games.greylune.content import load_content
from talewood.games.greylune.game import NO_CARD, SPRING, GreyluneState

C = load_content()
GAME = load("greylune")


def card(name: str) -> int:
    """A Village card's index by name."""
    return next(c.index for c in C.cards if c.name == name)


def enc(name: str) -> int:
    """An Encounter's id by name."""
    return next(e.id for e in C.encounters[1:] if e.name == name)


def gap_between(a: int, b: int) -> int:
    return GAPS.index((min(a, b), max(a, b)))


def act(kind: str, **params: int | str) -> int:
    return SPACE.id_of(kind, **params)


def new_state(players: int = 2, seed: int = 1) -> GreyluneState:
    s = GAME.new_game(players, seed)
    assert isinstance(s, GreyluneState)
    return s


def scenario(players: int = 2, seed: int = 1, grid: dict[int, str] | None = None, seat: int = 0,
             season: int = SPRING) -> GreyluneState:
    """A fresh game whose Village is laid out as given (other slots keep their cards), seat to act."""
    s = new_state(players, seed)
    if grid:
        for slot, name in grid.items():
            idx = card(name)
            old = s.grid[slot]
            # swap with wherever that card is so every card stays somewhere
            for where in (s.village_deck, s.village_removed, s.village_discard):
                if idx in where:
                    where[where.index(idx)] = old
                    break
            else:
                if idx in s.grid:
                    s.grid[s.grid.index(idx)] = old
            s.grid[slot] = idx
            # Seals follow the placement rule of the card now there
            s.seal_discard.extend(s.seals[slot])
            s.seals[slot] = ()
    set_turn(s, seat, season)
    return s


def set_turn(s: GreyluneState, seat: int, season: int) -> None:
    s.cur = seat
    s.season[seat] = season
    s.stack = [Frame("turn", seat)]
    s.invalidate()


def set_seals(s: GreyluneState, slot: int, values: tuple[int, ...]) -> None:
    """Put these Seals on a card, taking them from the pile/discard so the 24 are conserved."""
    s.seal_discard.extend(s.seals[slot])
    s.seals[slot] = ()
    for v in values:
        if v in s.seal_pile:
            s.seal_pile.remove(v)
        else:
            s.seal_discard.remove(v)
    s.seals[slot] = tuple(sorted(values))
    s.invalidate()


def give(s: GreyluneState, seat: int, name: str) -> None:
    """Give a Village card (Item or Companion) to a seat, wherever it was."""
    idx = card(name)
    for where in (s.village_deck, s.village_removed, s.village_discard):
        if idx in where:
            where.remove(idx)
            break
    else:
        if idx in s.grid:
            s.grid[s.grid.index(idx)] = NO_CARD
    s.owner[idx] = seat
    if C.cards[idx].kind == "companion":
        s.comps[seat].append(idx)
    else:
        s.items[seat].append(idx)
    s.invalidate()


def place_villager(s: GreyluneState, seat: int, gap: int, n: int = 1) -> None:
    s.active[seat] -= n
    s.gapv[gap * 4 + seat] += n
    s.invalidate()


def take_encounter(s: GreyluneState, seat: int, name: str, told: bool = False) -> None:
    """Put an Encounter card in a seat's Untold (or Told) Stories, wherever it was."""
    e = enc(name)
    for where in (s.enc_deck, s.enc_removed, s.enc_board, s.enc_discard):
        if e in where:
            where.remove(e)
            break
    (s.told if told else s.untold)[seat].append(e)
    s.invalidate()


def put_encounter_on_board(s: GreyluneState, name: str) -> int:
    e = enc(name)
    if e not in s.enc_board:
        for where in (s.enc_deck, s.enc_removed, s.enc_discard):
            if e in where:
                where.remove(e)
                break
        s.enc_board.append(e)
    s.invalidate()
    return e


def legal_kinds(s: GreyluneState) -> set[str]:
    return {SPACE.specs[a].kind for a in s.legal_actions()}


def check_invariants(s: GreyluneState) -> None:
    """Every component is somewhere exactly once; no count is negative."""
    n = s.players
    for p in range(n):
        assert s.coins[p] >= 0, f"seat {p} has negative coins"
        assert 0 <= s.str_[p] <= 5 and 0 <= s.mag[p] <= 5
        parts = (s.active[p], s.camp[p], s.supply[p], s.on_event[p], s.on_special[p])
        assert min(parts) >= 0
        village = sum(s.gapv[g * 4 + p] for g in range(len(GAPS)))
        assert sum(parts) + village == 7, f"seat {p} has {sum(parts) + village} Villagers"
        assert len(s.comps[p]) <= 3
    # Village cards
    places: Counter[int] = Counter()
    for lst in (s.village_deck, s.village_removed, s.village_discard):
        places.update(lst)
    places.update(c for c in s.grid if c != NO_CARD)
    for p in range(n):
        places.update(s.items[p])
        places.update(s.comps[p])
    boxed = [i for i, o in enumerate(s.owner) if o == -2]
    places.update(boxed)
    assert sorted(places) == list(range(49)), "a Village card is missing or doubled"
    # Encounters
    e_places: Counter[int] = Counter()
    for lst in (s.enc_deck, s.enc_removed, s.enc_board, s.enc_discard):
        e_places.update(lst)
    for p in range(n):
        e_places.update(s.untold[p])
        e_places.update(s.told[p])
    assert sorted(e_places) == list(range(1, 42)), "an Encounter is missing or doubled"
    # Seals
    seals = Counter(s.seal_pile) + Counter(s.seal_discard)
    for t in s.seals:
        seals.update(t)
    assert seals == Counter({1: 8, 2: 8, 3: 8}), f"Seals {seals}"
    # Events
    events = [*s.event_stack, *s.event_removed, *s.event_discard, s.event_current]
    assert sorted(events) == list(range(6))
    # Income tokens: each held at most once, by the player who resolved its Encounter
    held = [t for p in range(n) for t in s.income[p]]
    assert len(held) == len(set(held))
    for p in range(n):
        for t in s.income[p]:
            assert C.income[t - 1].encounter in s.untold[p] + s.told[p]
