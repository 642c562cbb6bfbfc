"""Reading a Future's chapter (Future Book; future_*.toml) and checking it against the map it is set up
on: its decks, cards, pieces, enemies, goal, clock, enemy turn and the Sacred Stone's uses.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....engine.content import require
from .box import Knob
from .futures import Clock, Enemy, EnemyTurn, Future, FutureCard, FutureDeck, Goal, Piece, Reflection, StoneUse
from .map import Tile
from .reading import (
    _bool,
    _choice,
    _delta,
    _delta_sum,
    _enemy_talent,
    _entries,
    _int,
    _keys,
    _max_gain,
    _number,
    _Parser,
    _source,
    _str,
    _strs,
    _table,
    _text,
    _unique,
)
from .symbols import DECK_BACKS, FIGURE_PLACES, OBJECT_KINDS, PAST_DECKS, PIECE_KINDS, SLOTS, STONE_USES, SUPPLIES
from .vocabulary import walk


def _reflection(where: str, raw: dict[str, Any]) -> Reflection:
    names = ("speed", "defense_per_love", "defense_add", "defense_min", "strength_divisor", "strength_add",
             "strength_min")
    _keys(where, raw, (*names, "fixed"))
    fixed = raw["fixed"]
    require(isinstance(fixed, list) and len(fixed) == 3 and all(isinstance(x, int) and x >= 0 for x in fixed),
            f"{where}: fixed lists Speed, Defense and Strength")
    v = [_int(where, raw, n, low=-9) for n in names]
    require(v[4] >= 1, f"{where}: strength_divisor must be 1 or more")
    return Reflection(v[0], v[1], v[2], v[3], v[4], v[5], v[6], (fixed[0], fixed[1], fixed[2]))


def _goal(where: str, raw: dict[str, Any]) -> Goal:
    kind = _choice(where, raw, "kind", ("gather", "survive", "defeat"))
    if kind == "gather":
        _keys(where, raw, ("kind", "token", "at", "around"), ("per_hero", "team", "one_per_level"))
        goal = Goal(kind, _choice(where, raw, "token", (*SUPPLIES, "head")), _int(where, raw, "per_hero", 0),
                    _int(where, raw, "team", 0), _bool(where, raw, "one_per_level", False), _str(where, raw, "at"),
                    _choice(where, raw, "around", ("spaces", "tiles")))
        require((goal.per_hero > 0) != (goal.team > 0), f"{where}: a gathering goal counts per_hero or for the team")
        return goal
    if kind == "defeat":
        _keys(where, raw, ("kind", "enemy"))
        return Goal(kind, enemy=_str(where, raw, "enemy"))
    _keys(where, raw, ("kind",))
    return Goal(kind)


def _clock(where: str, raw: dict[str, Any]) -> Clock:
    kind = _choice(where, raw, "kind", ("flips", "removals", "unturned", "tentacles"))
    if kind == "flips":
        _keys(where, raw, ("kind", "when", "lose_at"))
        return Clock(kind, when=_choice(where, raw, "when", ("end_of_round", "end_of_hero_turn")),
                     lose_at=_int(where, raw, "lose_at", low=1))
    if kind == "removals":
        _keys(where, raw, ("kind", "when", "extra_on", "border_order", "lose_at_tiles"))
        order = raw["border_order"]
        require(isinstance(order, list) and all(isinstance(x, int) for x in order), f"{where}: border_order lists "
                                                                                     f"numbers of borders")
        return Clock(kind, when=_choice(where, raw, "when", ("before_hero_turn",)),
                     extra_on=_choice(where, raw, "extra_on", ("blank",)), border_order=tuple(order),
                     lose_at_tiles=_int(where, raw, "lose_at_tiles", low=1))
    if kind == "unturned":
        _keys(where, raw, ("kind", "hero_flips", "win_at_unturned"))
        return Clock(kind, hero_flips=_int(where, raw, "hero_flips"),
                     win_at_unturned=_int(where, raw, "win_at_unturned"))
    _keys(where, raw, ("kind", "deck"))
    return Clock(kind, deck=_str(where, raw, "deck"))


def _enemy_turn(where: str, raw: dict[str, Any]) -> EnemyTurn:
    kind = _choice(where, raw, "kind", ("tree", "vicinator"))
    if kind == "tree":
        _keys(where, raw, ("kind", "first", "flips", "damage_per_pv"))
        return EnemyTurn(kind, _bool(where, raw, "first"), flips=_int(where, raw, "flips", low=1),
                         damage_per_pv=_int(where, raw, "damage_per_pv", low=1))
    _keys(where, raw, ("kind", "first", "viruses", "virus_damage"))
    return EnemyTurn(kind, _bool(where, raw, "first"), viruses=_int(where, raw, "viruses", low=1),
                     virus_damage=_int(where, raw, "virus_damage", low=1))


def _check_future(f: str, fu: Future, tiles: tuple[Tile, ...], white_cubes: int) -> None:
    """A Future's references and counts: every token can draw a card, every supply lasts."""
    _unique(f, [p.id for p in fu.pieces], "pieces")
    _unique(f, [d.id for d in fu.decks], "decks")
    _unique(f, [c.id for c in fu.cards], "cards")
    _unique(f, [e.id for e in fu.enemies], "enemies")
    piece_ids = {p.id for p in fu.pieces}
    deck_ids = {d.id for d in fu.decks}
    figures = [p for p in fu.pieces if p.kind == "figure"]
    require(len(figures) == 1, f"{f}: a Future has one figure, not {len(figures)}")
    figure = figures[0]
    where_figure = {"altar": ("altar",), "treasure3": ("treasure3",), "battle1_tile": ("battle1",),
                    "battle2_or_3": ("battle2", "battle3")}[figure.place]
    require(any(t.count(k) for t in tiles for k in where_figure),
            f"{f}: piece {figure.id} stands on {figure.place}, and no tile has one")
    if fu.goal.kind == "gather":
        require(fu.goal.at == figure.id, f"{f}: the goal gathers at {fu.goal.at!r}, which is not its figure")
    if fu.goal.kind == "defeat":
        require(any(e.id == fu.goal.enemy for e in fu.enemies), f"{f}: the goal's enemy {fu.goal.enemy!r} is "
                                                                 f"not an enemy of {f}")
    if fu.clock.kind == "tentacles":
        require(fu.clock.deck in deck_ids, f"{f}: the clock's deck {fu.clock.deck!r} is not a deck of {f}")
    replaced: dict[str, str] = {}
    for p in fu.pieces:
        for slot in p.replaces:
            require(slot not in replaced, f"{f}: piece {p.id}: {slot} slots are already taken by {replaced.get(slot)}")
            replaced[slot] = p.id
        slots = sum(t.count(s) for t in tiles for s in p.replaces)
        taken = 1 if figure.place in p.replaces else 0   # the Throne stands on one Treasure 3 slot
        if p.replaces:
            require(p.count == slots - taken, f"{f}: piece {p.id}: {p.count} for the tiles' {slots - taken} "
                                              f"{'/'.join(p.replaces)} slots")
        for e in p.claim:
            if e.do == "draw":
                require(e.deck in deck_ids, f"{f}: piece {p.id} draws from {e.deck!r}, which is no deck of {f}")
                size = sum(c.deck == e.deck for c in fu.cards)
                require(size >= p.count, f"{f}: deck {e.deck} has {size} cards for {p.count} {p.id} tokens")
    whites = sum(p.count for p in fu.pieces if p.colour == "white")
    require(whites <= white_cubes, f"{f}: {whites} white cubes needed, the box has {white_cubes}")
    for supply in SUPPLIES:
        have = sum(p.count * p.value for p in fu.pieces if p.supply == supply)
        most = sum(_max_gain((*c.effects, *c.reward), supply) for c in fu.cards)
        most += sum(p.count * _max_gain(p.claim, supply) for p in fu.pieces)
        require(have >= most, f"{f}: the {supply} supply ({have}) is smaller than what the cards and tokens can "
                              f"give ({most})")
    for c in fu.cards:
        for e in walk((*c.effects, *c.reward, *(c.talent.effects if c.talent else ()))):
            require(e.do != "draw" or e.deck in deck_ids | set(PAST_DECKS), f"{f}: card {c.id} draws from {e.deck!r}")
    require(bool(piece_ids), f"{f}: a Future has pieces")


# -- future_*.toml: the Future Book's chapters --

def read_future(f: str, data: dict[str, Any], parser: _Parser, knobs: tuple[Knob, ...],
                settings: Mapping[str, int | str], tiles: tuple[Tile, ...], white_cubes: int) -> Future:
    """A Future's chapter (future_*.toml `f`, read as `data`), checked against the map's tiles."""
    fr = _table(f"{f}: [future]", data.get("future"))
    fid = str(fr.get("id"))
    where = f"{f}: future {fid}"
    _keys(where, fr, ("id", "number", "name", "reward", "source", "text", "goal", "clock"), ("enemy_turn",))
    goal = _goal(f"{where}: goal", _table(f"{where}: goal", fr["goal"]))
    clock = _clock(f"{where}: clock", _table(f"{where}: clock", fr["clock"]))
    enemy_turn = _enemy_turn(f"{where}: enemy_turn", _table(f"{where}: enemy_turn", fr["enemy_turn"])) \
        if "enemy_turn" in fr else None
    decks = []
    for raw in _entries(f, data, "deck"):
        dw = f"{f}: deck {raw.get('id')}"
        _keys(dw, raw, ("id", "name", "back", "text", "source"), ("deal", "reflection"))
        reflection = None
        if "reflection" in raw:
            reflection = _reflection(f"{dw}: reflection", _table(f"{dw}: reflection", raw["reflection"]))
            delta = _delta_sum(knobs, settings, str(raw.get("id")), "defense")
            reflection = Reflection(reflection.speed, reflection.defense_per_love,
                                    reflection.defense_add + delta, reflection.defense_min + delta,
                                    reflection.strength_divisor, reflection.strength_add, reflection.strength_min,
                                    (reflection.fixed[0], max(1, reflection.fixed[1] + delta), reflection.fixed[2]))
        decks.append(FutureDeck(_str(dw, raw, "id"), fid, _str(dw, raw, "name"),
                                _choice(dw, raw, "back", DECK_BACKS), _text(dw, raw, "text", parser.numbers),
                                _number(dw, raw, "deal", parser.numbers, 0), reflection, _source(dw, raw)))
    deck_by_id = {d.id: d for d in decks}
    reflect = settings.get("path_of_initiation.reflection", "relative") == "relative"
    cards = []
    for raw in _entries(f, data, "card"):
        cw = f"{f}: card {raw.get('id')}"
        kind = _choice(cw, raw, "kind", OBJECT_KINDS)
        deck_id = _str(cw, raw, "deck")
        require(deck_id in deck_by_id, f"{cw}: no deck of {f} has the id {deck_id!r}")
        deck = deck_by_id[deck_id]
        require(deck.back in ("mixed", kind), f"{cw}: a {kind} card in the {deck.back} deck {deck_id}")
        base = ("id", "deck", "name", "kind", "text", "source")
        if kind == "hostile":
            stats = ("speed", "defense", "strength")
            if deck.reflection is not None:
                _keys(cw, raw, (*base, "reward"), ("bonus", "talent"))
                sp, df, st = (0, 0, 0) if reflect else deck.reflection.fixed
            else:
                _keys(cw, raw, (*base, *stats, "reward"), ("bonus", "talent"))
                sp, df, st = [_delta(knobs, settings, deck_id, s,
                                     _number(cw, raw, s, parser.numbers, low=int(s == "defense")))
                              for s in stats]
            cards.append(FutureCard(_str(cw, raw, "id"), deck_id, _str(cw, raw, "name"), kind,
                                    _text(cw, raw, "text", parser.numbers), (), sp, df, st,
                                    _int(cw, raw, "bonus", 0, high=5),
                                    _enemy_talent(cw, raw, parser), parser.effects(f"{cw}: reward", raw["reward"]),
                                    deck.reflection if reflect else None, _source(cw, raw)))
            require(bool(cards[-1].reward), f"{cw}: a Hostile card has a Reward")
        else:
            _keys(cw, raw, (*base, "effects"))
            cards.append(FutureCard(_str(cw, raw, "id"), deck_id, _str(cw, raw, "name"), kind,
                                    _text(cw, raw, "text", parser.numbers), parser.effects(cw, raw["effects"]),
                                    0, 0, 0, 0, None, (), None, _source(cw, raw)))
            require(bool(cards[-1].effects), f"{cw}: a card does something (write {{ do = \"nothing\" }})")
    for d in decks:
        n = sum(c.deck == d.id for c in cards)
        require(n > 0, f"{f}: deck {d.id} has no cards")
        require(d.deal <= n, f"{f}: deck {d.id} deals {d.deal} of its {n} cards")
    enemies = []
    for raw in _entries(f, data, "enemy"):
        ew = f"{f}: enemy {raw.get('id')}"
        _keys(ew, raw, ("id", "name", "count", "speed", "defense", "strength", "move", "rounds", "keeps_damage",
                        "attack_from", "text", "source", "on_fail"), ("note",))
        enemies.append(Enemy(_str(ew, raw, "id"), _str(ew, raw, "name"), _int(ew, raw, "count", low=1),
                             _number(ew, raw, "speed", parser.numbers),
                             _number(ew, raw, "defense", parser.numbers, low=1),
                             _number(ew, raw, "strength", parser.numbers), _number(ew, raw, "move", parser.numbers),
                             _int(ew, raw, "rounds", high=1), _bool(ew, raw, "keeps_damage"),
                             _choice(ew, raw, "attack_from", ("adjacent8",)), parser.effects(ew, raw["on_fail"]),
                             _text(ew, raw, "text", parser.numbers), _source(ew, raw), _str(ew, raw, "note", "")))
    pieces = []
    for raw in _entries(f, data, "piece"):
        pw = f"{f}: piece {raw.get('id')}"
        _keys(pw, raw, ("id", "name", "kind", "object", "count", "text", "source"),
              ("replaces", "place", "neighbours", "supply", "value", "claim", "colour", "note"))
        kind = _choice(pw, raw, "kind", PIECE_KINDS)
        require((kind == "figure") == ("place" in raw), f"{pw}: a figure, and only a figure, has a 'place'")
        pieces.append(Piece(_str(pw, raw, "id"), _str(pw, raw, "name"), kind,
                            _choice(pw, raw, "object", DECK_BACKS),
                            _int(pw, raw, "count", low=1), _choice(pw, raw, "colour", ("", "white"), ""),
                            _strs(pw, raw, "replaces", SLOTS), _choice(pw, raw, "place", ("", *FIGURE_PLACES), ""),
                            _int(pw, raw, "neighbours", 0, high=8), _choice(pw, raw, "supply", ("", *SUPPLIES), ""),
                            _int(pw, raw, "value", 1, low=1), parser.effects(pw, raw.get("claim", [])),
                            _text(pw, raw, "text", parser.numbers), _source(pw, raw), _str(pw, raw, "note", "")))
    future = Future(fid, _int(where, fr, "number", low=1, high=5), _str(where, fr, "name"),
                    _int(where, fr, "reward", low=1), _text(where, fr, "text", parser.numbers), goal, clock,
                    enemy_turn,
                    _stones(f, data, decks, enemies), tuple(pieces), tuple(decks), tuple(cards),
                    tuple(enemies), _source(where, fr))
    _check_future(f, future, tiles, white_cubes)
    return future

def _stones(f: str, data: dict[str, Any], decks: list[FutureDeck], enemies: list[Enemy]
            ) -> tuple[StoneUse, ...]:
    targets = {d.id for d in decks} | {e.id for e in enemies}
    out = []
    for i, raw in enumerate(_entries(f, data, "sacred_stone")):
        sw = f"{f}: sacred_stone {i + 1}"
        _keys(sw, raw, ("use", "n", "against", "text"))
        use = StoneUse(_choice(sw, raw, "use", STONE_USES), _int(sw, raw, "n", low=1),
                       _strs(sw, raw, "against"), _text(sw, raw, "text", {}))
        for t in use.against:
            require(t in targets, f"{sw}: against {t!r}, which is no deck or enemy of {f}")
        require((use.use == "strike") == bool(use.against), f"{sw}: a strike names what it hits, and only a strike")
        out.append(use)
    require(any(u.use == "strike" for u in out), f"{f}: the Sacred Stone inflicts damage in every Future")
    return tuple(out)
