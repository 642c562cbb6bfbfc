"""What one seat sees of a Spirits game, as a fixed-size vector of numbers (engine/observation.py).

Seats are ordered from the observer: slot 0 is the observer, slot 1 the next player, and so on;
slots of absent players stay 0. Only what `view(seat)` shows is encoded: face-down tiles and
tokens are marked, never named; others' favor tokens count only when public.

The encoding is written once, as an updater (engine/observation.py): it keeps one seat's buffer up
to date, remembering the inputs of each part as it last wrote them (copies of the state's lists) and
rewriting only the parts whose inputs changed. In the forest that is the places whose tile, token or
tile's state changed, found by comparing the lists in C (`map(ne, ...)`), never by a Python loop over
every place. The whole encoding is written by a fresh updater on a zeroed buffer, so `Game.encode` and the
learning environments write the same numbers by construction. What a face-up tile shows never
changes, so each tile's numbers are laid out once per game and copied in one slice.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Mapping
from itertools import compress, repeat
from operator import ge, ne
from typing import TYPE_CHECKING, Any

from ...engine import ObservationSpec, OptionValue, Segment, State
from ...engine.observation import NUMBER, Update, numbers
from .frames import Firefly, Gem, KeepHex, KeepWish, MoveTo, Pay, Second, Take
from .scoring import Favor

if TYPE_CHECKING:
    from .game import SpiritsGame
    from .state import SpiritsState

SEATS = 4
PLACE_FEATURES = 22
SEAT_FEATURES = 22
FRAME_KINDS = (Take, Second, Pay, Firefly, Gem, MoveTo, KeepWish, KeepHex, Favor)


def observation_spec(game: SpiritsGame, players: int, options: Mapping[str, OptionValue | None]) -> ObservationSpec:
    rows, cols = game.forest_size(players, options)
    c = game.content
    tokens, wishes, hexes = len(c.tokens), len(c.wishes), len(c.hexes)
    spec = ObservationSpec([
        Segment("forest", (rows, cols, PLACE_FEATURES),
                "per place: tile, face up, spirit symbols ×10, power one-hot ×3, double, collectable, "
                "my gemstone, another's gemstone, firefly, face-down token, face-up token"),
        Segment("seats", (SEATS, SEAT_FEATURES),
                "per seat from me: present, spirit symbols ×10 /8, powers ×3 /8, gemstones in supply, "
                "placed, lost /4, favor tokens /8, drop tokens /2, fireflies /4, tiles /30, to move"),
        Segment("my_tokens", (tokens,), "my favor tokens, by token"),
        Segment("public_tokens", (SEATS - 1, tokens), "the others' public favor tokens, by token"),
        Segment("box", (tokens,), "the favor tokens in the box, while I choose a Wish reward"),
        Segment("discarded_tokens", (tokens,), "discarded favor tokens"),
        Segment("wish", (SEATS, wishes), "each seat's kept Wish card, once I may see it"),
        Segment("hex", (SEATS, hexes), "each seat's kept Hex card, once I may see it"),
        Segment("hands", (wishes + hexes,), "the Wish and Hex cards in my hand before I keep one"),
        Segment("decision", (len(FRAME_KINDS) + 10,), "the pending decision's kind, and Second's spirit"),
        Segment("rows", (rows, 3), "Seasons per row: tiles that must remain /4, open, drop token still there"),
        Segment("solo", (11,), "solo: the opponent's spirit symbols ×10 /8, its hidden tokens /2"),
        Segment("progress", (2,), "turn /60, tiles left in the forest / tiles at the start"),
    ])
    spec.updater = _updaters(game, spec, players, options)   # and no writer: a fresh updater writes a zeroed buffer
    return spec


def encode(game: SpiritsGame, s: SpiritsState, seat: int) -> list[float]:
    return game.observation_spec(s.players, s.options).encode(s, seat)


def _place_rows(game: SpiritsGame) -> list[array[float]]:
    """Per tile, the 22 numbers of its place while it lies face up and nothing else is on it or known
    of it: in the forest, face up, its spirit symbols, its power one-hot, double."""
    rows = []
    for tile in game.content.tiles:
        row = numbers(PLACE_FEATURES)
        row[0] = row[1] = 1.0
        for x in tile.symbols:
            row[2 + x] += 1.0
        if tile.power >= 0:
            row[12 + tile.power] = 1.0
        row[15] = float(tile.is_double)
        rows.append(row)
    return rows


def _updaters(game: SpiritsGame, spec: ObservationSpec, players: int,
              options: Mapping[str, OptionValue | None]) -> Callable[[], Update]:
    """The factory of the spec's updaters (see the module). What the options fix (the modules, the
    forest's size, the number of seats) is worked out here, once per spec."""
    c = game.content
    up_rows = _place_rows(game)
    down_row = numbers(PLACE_FEATURES)
    down_row[0] = 1.0
    empty_row = numbers(PLACE_FEATURES)
    up_bytes, down_bytes, empty_bytes = [row.tobytes() for row in up_rows], down_row.tobytes(), empty_row.tobytes()
    tile_symbols = [tile.symbols for tile in c.tiles]
    tile_power = [tile.power for tile in c.tiles]
    forest, seats_at, pub, mine_at = spec.offset("forest"), spec.offset("seats"), spec.offset("public_tokens"), \
        spec.offset("my_tokens")
    box_at, discarded_at, hands_at, decision_at = spec.offset("box"), spec.offset("discarded_tokens"), \
        spec.offset("hands"), spec.offset("decision")
    rows_at, solo_at, progress_at = spec.offset("rows"), spec.offset("solo"), spec.offset("progress")
    wish_at, hex_at = spec.offset("wish"), spec.offset("hex")
    nw, nh, ntok = len(c.wishes), len(c.hexes), len(c.tokens)
    kinds = {kind: i for i, kind in enumerate(FRAME_KINDS)}
    second = kinds[Second]
    n = players
    seats = range(n)
    places = range((seats_at - forest) // PLACE_FEATURES)
    tiles = range(len(c.tiles))
    layout = game.layout_for(players, options)
    template = game.forest_template(layout, bool(options["air_spirit"]))
    place_row = template.place_row
    start = len(template.tiles)
    fireflies, seasons, solo = bool(options["fireflies"]), bool(options["seasons"]), players == 1
    wishes_on, hexes_on = bool(options["wish"]), bool(options["hex"])
    zeros = spec.buffer()
    nought = repeat(0)
    no_tokens = numbers(ntok)
    no_public = numbers(ntok * (SEATS - 1))
    no_cards = numbers(decision_at - wish_at)

    def write_forest(s: SpiritsState, seat: int, out: array[float]) -> None:
        """The whole forest (a new observer, a new game): the places' rows joined in one copy, then
        what lies on them."""
        place_tile, face_up, tile_place, gem_on, over = s.place_tile, s.face_up, s.tile_place, s.gem_on, s.over
        out[forest:seats_at] = array(NUMBER, b"".join(
            [empty_bytes if t < 0 else up_bytes[t] if face_up[t] else down_bytes for t in place_tile]))
        if max(gem_on) >= 0:
            for t in compress(tiles, map(ge, gem_on, nought)):
                p = tile_place[t]
                if p >= 0:
                    out[forest + p * PLACE_FEATURES + (17 if gem_on[t] == seat else 18)] = 1.0
        token_up = s.token_up
        for p in compress(places, map(ge, s.token_at, nought)):
            if place_tile[p] >= 0:
                out[forest + p * PLACE_FEATURES + (21 if token_up[p] or over else 20)] = 1.0
        if fireflies:
            for t in compress(tiles, s.firefly):
                p = tile_place[t]
                if p >= 0 and face_up[t]:
                    out[forest + p * PLACE_FEATURES + 19] = 1.0
        row_count, row_min = s.row_count, s.cfg.row_min
        for t in s.exposed:
            p = tile_place[t]
            if p >= 0 and place_tile[p] == t and row_count[place_row[p]] > row_min[place_row[p]]:
                out[forest + p * PLACE_FEATURES + 16] = 1.0

    def follow() -> Update:
        # what the buffer shows, as copies of the inputs it was written from (None: write it whole)
        last_seat: int | None = None
        at: list[int] = []                 # per seat: where its numbers start (its slot from the observer)
        sym_at: list[int] = []             # per number of sym, pw: where it goes (-1: nowhere)
        pw_at: list[int] = []
        # the forest
        place_tile: list[int] | None = None
        face_up: list[bool] = []
        gem_on: list[int] = []
        firefly: list[bool] = []
        token_at: list[int] = []
        token_up: list[bool] = []
        exposed: list[int] = []
        was_at: list[int] = []             # each tile's place then (where to look for a tile taken since)
        forest_over = False
        row_count: list[int] = []
        row_min: tuple[int, ...] = ()
        opened: list[bool] = []            # per row (Seasons): tiles may be taken from it
        # the seats
        held: list[int] | None = None      # each seat's number of tiles
        sym: list[int] = []
        pw: list[int] = []
        supply: list[int] | None = None
        placed: list[int] | None = None
        lost: list[int] | None = None
        drops: list[int] | None = None
        lit: list[int] | None = None       # each seat's fireflies
        favors: list[list[int]] | None = None
        public_token: list[bool] = []
        favors_over = False
        current: int | None = None
        # the rest
        looking = False
        box: list[int] | None = None
        discarded: list[int] | None = None
        dealt: tuple[Any, ...] | None = None       # the kept cards, their reveal, my hands
        kind_at = spirit_at = -1                    # the decision's numbers set to 1
        rows: tuple[Any, ...] | None = None        # Seasons: what the rows show
        opponent: tuple[Any, ...] | None = None    # solo: the opponent's symbols and hidden tokens
        turn = left = -1

        def update(state: State, seat: int, out: array[float]) -> None:
            nonlocal last_seat, at, sym_at, pw_at, place_tile, face_up, gem_on, firefly, token_at, token_up, \
                exposed, was_at, forest_over, row_count, row_min, opened, held, sym, pw, supply, \
                placed, lost, drops, lit, favors, public_token, favors_over, current, looking, box, discarded, \
                dealt, kind_at, spirit_at, rows, opponent, turn, left
            s: SpiritsState = state  # type: ignore[assignment]
            if seat != last_seat:                  # another observer: everything again
                out[:] = zeros
                last_seat = seat
                at = [seats_at + (who - seat) % n * SEAT_FEATURES for who in seats]
                for o in at:
                    out[o] = 1.0
                ns = s.cfg.n_spirits
                sym_at = [at[i // 10] + 1 + i % 10 if i % 10 < ns else -1 for i in range(10 * n)]
                pw_at = [at[i // 3] + 11 + i % 3 for i in range(3 * n)]
                place_tile = held = supply = placed = lost = drops = lit = favors = current = box = discarded = None
                dealt = rows = opponent = None
                kind_at = spirit_at = turn = left = -1
                looking = False
            over = s.over

            # -- the tiles each seat collected: their numbers ----------------------------------
            now_sym, now_pw, tiles_of = s.sym, s.pw, s.tiles_of
            now_held = list(map(len, tiles_of))
            taken: list[int] = []
            if held is None:
                for o, x in zip(sym_at, now_sym, strict=True):
                    if o >= 0:
                        out[o] = x / 8
                for o, x in zip(pw_at, now_pw, strict=True):
                    out[o] = x / 8
                for who in seats:
                    out[at[who] + 20] = now_held[who] / 30
                sym, pw, held = now_sym[:], now_pw[:], now_held
            else:
                if now_held != held:
                    # the usual change: tiles collected. Their symbols and powers are brought up to date
                    # in the copies; anything else is found below, comparing the copies with the state
                    for who in seats:
                        had = held[who]
                        if now_held[who] != had:
                            out[at[who] + 20] = now_held[who] / 30
                            for t in tiles_of[who][had:]:
                                taken.append(t)
                                for i in tile_symbols[t]:
                                    i += who * 10
                                    sym[i] = x = now_sym[i]
                                    if sym_at[i] >= 0:
                                        out[sym_at[i]] = x / 8
                                i = tile_power[t]
                                if i >= 0:
                                    i += who * 3
                                    pw[i] = x = now_pw[i]
                                    out[pw_at[i]] = x / 8
                    held = now_held
                if now_sym != sym:
                    for i in compress(range(len(now_sym)), map(ne, now_sym, sym)):
                        if sym_at[i] >= 0:
                            out[sym_at[i]] = now_sym[i] / 8
                    sym = now_sym[:]
                if now_pw != pw:
                    for i in compress(range(len(now_pw)), map(ne, now_pw, pw)):
                        out[pw_at[i]] = now_pw[i] / 8
                    pw = now_pw[:]

            # -- the forest: the places whose inputs changed ------------------------------------
            now_tiles, now_up, now_gems, now_tokens, now_token_up, now_exposed = \
                s.place_tile, s.face_up, s.gem_on, s.token_at, s.token_up, s.exposed
            whole = place_tile is None
            if seasons and (s.row_count != row_count or s.cfg.row_min != row_min):
                row_count, row_min = s.row_count[:], s.cfg.row_min
                now_open = [k > m for k, m in zip(row_count, row_min, strict=True)]
                if now_open != opened:
                    opened = now_open
                    whole = True
            if not whole:
                dirty: list[int] = []                  # places to write again
                if now_exposed != exposed:
                    # the usual change: the tiles just collected left the open ends (their places are
                    # empty now) and their neighbours were opened, at the end of the list. What these
                    # places show is brought up to date in the copies, which must then equal the state
                    # (anything else that changed, apart from gemstones: the whole forest again)
                    rest = exposed[:]
                    gone: Iterable[int] = taken
                    opening: Iterable[int] = ()
                    for t in taken:
                        if t in rest:
                            rest.remove(t)
                    k = len(rest)
                    if now_exposed[:k] == rest:
                        opening = now_exposed[k:]
                    else:                                 # another change: by the sets of open tiles
                        now_set = set(now_exposed)
                        gone, opening = set(exposed) - now_set, now_set - set(exposed)
                    for t in gone:
                        p = was_at[t]
                        if p >= 0 and place_tile[p] == t:   # type: ignore[index]
                            gem_on[t] = now_gems[t]
                            place_tile[p], token_at[p], token_up[p] = now_tiles[p], now_tokens[p], now_token_up[p]  # type: ignore[index]
                            if now_tiles[p] < 0:
                                out[forest + p * PLACE_FEATURES:forest + (p + 1) * PLACE_FEATURES] = empty_row
                            else:
                                dirty.append(p)
                            left = -1
                    tile_place = s.tile_place
                    for t in opening:
                        p = tile_place[t]
                        if p >= 0:
                            dirty.append(p)
                            face_up[t], gem_on[t] = now_up[t], now_gems[t]
                    exposed = now_exposed[:]
                if now_tiles != place_tile or now_up != face_up or now_tokens != token_at \
                        or now_token_up != token_up or (fireflies and s.firefly != firefly):
                    whole = True
            if not whole:
                if over != forest_over:             # at the end every token left shows face up
                    forest_over = over
                    if now_tiles.count(-1) < len(now_tiles):
                        for p in compress(places, map(ge, now_tokens, nought)):
                            if now_tiles[p] >= 0 and not now_token_up[p]:
                                o = forest + p * PLACE_FEATURES
                                out[o + 20] = 0.0 if over else 1.0
                                out[o + 21] = 1.0 if over else 0.0
                if now_gems != gem_on:              # a gemstone placed, moved or lost
                    tile_place = s.tile_place
                    for t in compress(tiles, map(ne, now_gems, gem_on)):
                        gem_on[t] = g = now_gems[t]
                        p = tile_place[t]
                        if p >= 0:
                            o = forest + p * PLACE_FEATURES
                            out[o + 17] = 1.0 if g == seat else 0.0
                            out[o + 18] = 1.0 if g >= 0 and g != seat else 0.0
                        if now_gems == gem_on:
                            break
                for p in dirty:
                    o = forest + p * PLACE_FEATURES
                    t = now_tiles[p]
                    if now_up[t]:
                        out[o:o + PLACE_FEATURES] = up_rows[t]
                        if fireflies and firefly[t]:
                            out[o + 19] = 1.0
                    else:
                        out[o:o + PLACE_FEATURES] = down_row
                    g = now_gems[t]
                    if g >= 0:
                        out[o + (17 if g == seat else 18)] = 1.0
                    if now_tokens[p] >= 0:
                        out[o + (21 if now_token_up[p] or over else 20)] = 1.0
                    if t in now_exposed and (not seasons or opened[place_row[p]]):
                        out[o + 16] = 1.0
            else:
                write_forest(s, seat, out)
                place_tile, face_up, gem_on, token_at, token_up, exposed = \
                    now_tiles[:], now_up[:], now_gems[:], now_tokens[:], now_token_up[:], now_exposed[:]
                firefly, was_at, forest_over = s.firefly[:], s.tile_place[:], over
                if seasons:
                    row_count, row_min = s.row_count[:], s.cfg.row_min
                    opened = [k > m for k, m in zip(row_count, row_min, strict=True)]
                left = -1

            # -- the seats' other numbers, from the observer on --------------------------------
            now = s.supply
            if now != supply:
                supply = now[:]
                for who in seats:
                    out[at[who] + 14] = now[who] / 4
            now = s.placed
            if now != placed:
                placed = now[:]
                for who in seats:
                    out[at[who] + 15] = now[who] / 4
            now = s.lost
            if now != lost:
                lost = now[:]
                for who in seats:
                    out[at[who] + 16] = now[who] / 4
            now = s.drops
            if now != drops:
                drops = now[:]
                for who in seats:
                    out[at[who] + 18] = now[who] / 2
            if fireflies:
                shown = s.firefly.__getitem__
                now = [sum(map(shown, mine)) for mine in tiles_of]
                if now != lit:
                    lit = now
                    for who in seats:
                        out[at[who] + 19] = now[who] / 4
            if s.favors != favors or s.public_token != public_token or over != favors_over:
                favors, public_token, favors_over = [x[:] for x in s.favors], s.public_token[:], over
                out[pub:pub + ntok * (SEATS - 1)] = no_public
                for who in seats:
                    out[at[who] + 17] = len(favors[who]) / 8
                    if who != seat:
                        o = pub + ((who - seat) % n - 1) * ntok
                        for k in favors[who]:
                            if over or public_token[k]:
                                out[o + k] += 1.0
                out[mine_at:mine_at + ntok] = no_tokens
                for k in favors[seat]:
                    out[mine_at + k] += 1.0
            stack = s.stack
            top = stack[-1] if stack else None
            now_current = None if over or top is None else top.seat   # (Spirits has no chance steps)
            if now_current != current:
                if current is not None:
                    out[at[current] + 21] = 0.0
                if now_current is not None:
                    out[at[now_current] + 21] = 1.0
                current = now_current

            # -- favor tokens in the box (choosing a Wish reward) and discarded -----------------
            now_looking = type(top) is Favor and top.seat == seat
            if now_looking != looking or (now_looking and s.box != box):
                looking = now_looking
                box = s.box[:] if now_looking else None
                out[box_at:box_at + ntok] = no_tokens
                for k in box or ():
                    out[box_at + k] = 1.0
            if s.discarded != discarded:
                discarded = s.discarded[:]
                out[discarded_at:discarded_at + ntok] = no_tokens
                for k in discarded:
                    out[discarded_at + k] = 1.0

            # -- Wish and Hex cards -------------------------------------------------------------
            if wishes_on or hexes_on:
                revealed = s.cards_revealed
                now_dealt = (revealed, s.wish, s.hex, s.wish_hand[seat], s.hex_hand[seat])
                if now_dealt != dealt:
                    dealt = (revealed, s.wish[:], s.hex[:], s.wish_hand[seat][:], s.hex_hand[seat][:])
                    out[wish_at:decision_at] = no_cards
                    for on, kept, o, size in ((wishes_on, dealt[1], wish_at, nw), (hexes_on, dealt[2], hex_at, nh)):
                        if on:
                            for who in seats:
                                if kept[who] >= 0 and (who == seat or revealed):
                                    out[o + (who - seat) % n * size + kept[who]] = 1.0
                    if not revealed:
                        for w in dealt[3]:
                            out[hands_at + w] = 1.0
                        for h in dealt[4]:
                            out[hands_at + nw + h] = 1.0

            # -- the decision ---------------------------------------------------------------------
            if now_current is None:
                now_kind = now_spirit = -1
            else:
                now_kind = kinds[type(top)]
                now_spirit = len(FRAME_KINDS) + top.spirit if now_kind == second else -1  # type: ignore[union-attr]
            if now_kind != kind_at or now_spirit != spirit_at:
                if kind_at >= 0:
                    out[decision_at + kind_at] = 0.0
                if spirit_at >= 0:
                    out[decision_at + spirit_at] = 0.0
                if now_kind >= 0:
                    out[decision_at + now_kind] = 1.0
                if now_spirit >= 0:
                    out[decision_at + now_spirit] = 1.0
                kind_at, spirit_at = now_kind, now_spirit

            # -- Seasons, solo, progress ----------------------------------------------------------
            if seasons:
                now_rows = (s.cfg.row_min, opened, s.drop_open)
                if now_rows != rows:
                    rows = (now_rows[0], opened, s.drop_open[:])
                    for r, (m, on) in enumerate(zip(row_min, opened, strict=True)):
                        o = rows_at + r * 3
                        out[o] = m / 4
                        out[o + 1] = float(on)
                        out[o + 2] = float(bool(rows[2]) and rows[2][r])
            if solo:
                now_opponent = (s.opp_sym, len(s.opp_hidden) - s.opp_revealed)
                if now_opponent != opponent:
                    opponent = (s.opp_sym[:], now_opponent[1])
                    for x in range(9):
                        out[solo_at + x] = opponent[0][x] / 8
                    out[solo_at + 10] = opponent[1] / 2
            if s.turn != turn:
                turn = s.turn
                out[progress_at] = turn / 60
            if left < 0:
                left = sum(s.row_count)   # (each row counts the tiles left in it)
                out[progress_at + 1] = left / start

        return update

    return follow
