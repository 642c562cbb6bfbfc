"""Spirits positions described as data (engine/scenario.py), for rulebook examples and rule tests.

```toml
players = 2
options = { seasons = true }
[position]
forest = [["moss+moss", "vines", ""], ["fruits (fire)"]]      # rows of tiles; "" leaves a place empty
tokens = [{ row = 1, col = 1, token = "dew_drops" }]           # favor tokens lying on the forest
seasons = [1, 2, "drop", 3]                                    # the season token beside each row
collections = [["moss+moss"], []]                              # tiles each seat has collected
favor_tokens = [["sun"], []]                                   # favor tokens each seat holds
gemstones = [{ supply = 2, lost = 1 }, { supply = 3 }]         # each seat's gemstones not on tiles
reserved = [{ row = 1, col = 2, seat = 2 }]                    # gemstones on forest tiles (or { tile = id })
wishes = ["most_moss", "most_gemstones"]                       # each seat's kept Wish (hexes alike)
solo = { opponent_tokens = ["moss", "vines"], your_token = "sun" }   # the solo game's tokens
fireflies = [60, 61]                                           # Air Spirit doubles with a firefly
turn = { seat = 1, first_turn = false }                        # whose turn starts
```

A tile is named by its symbols joined with "+" and its power in brackets, or by its id. A described
forest replaces the dealt one: tiles not named stay out of play (the position of a game where they
are gone), and every tile is face up. Components are moved, never created.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...engine import ScenarioError, ScenarioSchema, Setting
from ...engine.scenario import expect_int, expect_list, expect_name
from .content import DROP, POWER_INDEX, SPIRIT_INDEX, SPIRITS
from .frames import Take

if TYPE_CHECKING:
    from .state import SpiritsState


def tile_by_description(s: SpiritsState, text: Any, taken: set[int]) -> int:
    """A tile not yet in `taken` matching "moss+moss (fire)", or a tile id."""
    if isinstance(text, int) and not isinstance(text, bool):
        if not 0 <= text < len(s.c.tiles) or text in taken:
            raise ScenarioError(f"tile {text} does not exist or is used twice")
        return text
    if not isinstance(text, str):
        raise ScenarioError(f"a tile is described by its symbols (e.g. \"moss+moss (fire)\"), not {text!r}")
    name, _, power = text.partition("(")
    symbols = tuple(SPIRIT_INDEX[expect_name(x.strip(), SPIRIT_INDEX, "spirit")] for x in name.split("+"))
    p = POWER_INDEX[expect_name(power.strip(" )"), POWER_INDEX, "power")] if power else -1
    air = bool(s.options["air_spirit"])
    for tile in s.c.tiles:
        if tile.id not in taken and tile.symbols == symbols and tile.power == p and (air or not tile.air):
            return tile.id
    raise ScenarioError(f"no tile {text!r} is left to place (each tile exists once)")


def _token(s: SpiritsState, name: Any) -> int:
    ids = {k.id: k.index for k in s.c.tokens}
    return ids[expect_name(name, ids, "favor token")]


def _place(s: SpiritsState, row: Any, col: Any) -> int:
    cfg = s.cfg
    return expect_int(row, "row", 1, cfg.rows) * cfg.cols - cfg.cols + expect_int(col, "column", 1, cfg.cols) - 1


def _take_token(s: SpiritsState, k: int) -> None:
    """Lift favor token k from wherever it is (box, forest, a hand)."""
    if k in s.box:
        s.box.remove(k)
        return
    if k in s.token_at:
        p = s.token_at.index(k)
        s.token_at[p] = -1
        s.token_up[p] = False
        return
    for hand in s.favors:
        if k in hand:
            hand.remove(k)
            return
    raise ScenarioError(f"the favor token {s.c.tokens[k].id} is not in this game")


def put_forest(s: SpiritsState, rows: Any) -> None:
    cfg = s.cfg
    ntiles = len(s.c.tiles)
    rows = expect_list(rows, "forest")
    if len(rows) > cfg.rows:
        raise ScenarioError(f"the forest has {cfg.rows} rows, not {len(rows)}")
    s.place_tile = [-1] * (cfg.rows * cfg.cols)
    s.tile_place = [-1] * ntiles
    s.face_up = [True] * ntiles
    s.row_count = [0] * cfg.rows
    s.gem_on = [-1] * ntiles
    s.supply = [cfg.gemstones] * s.players
    s.placed = [0] * s.players
    moved = [k for k in s.token_at if k >= 0]
    s.token_at = [-1] * (cfg.rows * cfg.cols)
    s.token_up = [False] * (cfg.rows * cfg.cols)
    s.box.extend(moved)
    taken: set[int] = set()
    for r, row in enumerate(rows):
        for c, text in enumerate(expect_list(row, f"row {r + 1}")):
            if text == "" or text is None:
                continue
            if c >= cfg.cols:
                raise ScenarioError(f"row {r + 1} has {cfg.cols} places")
            t = tile_by_description(s, text, taken)
            taken.add(t)
            p = r * cfg.cols + c
            s.place_tile[p] = t
            s.tile_place[t] = p
            s.row_count[r] += 1
    _open_ends(s)
    s.free_up = [s.tile_place[t] >= 0 for t in range(ntiles)]
    held = {t for hand in s.tiles_of for t in hand}
    s.firefly = [s.firefly[t] and (s.tile_place[t] >= 0 or t in held) for t in range(ntiles)]


def _open_ends(s: SpiritsState) -> None:
    """The tiles with a free end (collectable), turned face up."""
    cols = s.cfg.cols
    s.exposed = []
    for p, t in enumerate(s.place_tile):
        if t >= 0:
            c = p % cols
            if c == 0 or s.place_tile[p - 1] < 0 or c == cols - 1 or s.place_tile[p + 1] < 0:
                s.exposed.append(t)
                s.face_up[t] = True
                s.free_up[t] = s.gem_on[t] < 0


def put_tokens(s: SpiritsState, entries: Any) -> None:
    for entry in expect_list(entries, "tokens"):
        k = _token(s, entry.get("token"))
        p = _place(s, entry.get("row"), entry.get("col"))
        _take_token(s, k)
        s.token_at[p] = k
        s.token_up[p] = bool(entry.get("face_up", False))


def put_seasons(s: SpiritsState, tokens: Any) -> None:
    if not s.cfg.seasons:
        raise ScenarioError("season tokens need the option seasons = true")
    values = [DROP if v == "drop" else expect_int(v, "a season token", 0, 4) for v in expect_list(tokens, "seasons")]
    values += [s.cfg.season_tokens[r] for r in range(len(values), s.cfg.rows)]
    s.cfg = replace(s.cfg, season_tokens=tuple(values), row_min=tuple(0 if v == DROP else max(v, 0) for v in values))
    s.drop_open = [v == DROP for v in values]


def put_collections(s: SpiritsState, hands: Any) -> None:
    """Tiles collected by each seat: out of play first, else lifted from the forest."""
    held = {t for hand in s.tiles_of for t in hand} | {t for hand in s.discarded_tiles for t in hand}
    in_forest = {t for t in range(len(s.c.tiles)) if s.tile_place[t] >= 0}
    for seat, hand in enumerate(expect_list(hands, "collections")):
        for text in expect_list(hand, f"Player {seat + 1}'s collection"):
            try:
                t = tile_by_description(s, text, held | in_forest)
            except ScenarioError:
                t = tile_by_description(s, text, held)
            held.add(t)
            if s.tile_place[t] >= 0:
                g = s.gem_on[t]
                if g >= 0:
                    s.gem_on[t] = -1
                    s.placed[g] -= 1
                    s.supply[g] += 1
                p = s.tile_place[t]
                s.place_tile[p] = s.tile_place[t] = -1
                s.free_up[t] = False
                s.row_count[s.cfg.place_row[p]] -= 1
                _open_ends(s)
                in_forest.discard(t)
            s.tiles_of[seat].append(t)
            s.tally_tile(seat, s.c.tiles[t], 1)


def put_favor_tokens(s: SpiritsState, hands: Any) -> None:
    for seat, hand in enumerate(expect_list(hands, "favor_tokens")):
        for name in expect_list(hand, f"Player {seat + 1}'s favor tokens"):
            k = _token(s, name)
            _take_token(s, k)
            s.favors[seat].append(k)


def put_gemstones(s: SpiritsState, entries: Any) -> None:
    total = s.cfg.gemstones
    for seat, entry in enumerate(expect_list(entries, "gemstones")):
        lost = expect_int(entry.get("lost", 0), "lost gemstones", 0, total)
        supply = expect_int(entry.get("supply", total - lost - s.placed[seat]), "gemstones in supply", 0, total)
        s.supply[seat], s.lost[seat] = supply, lost


def put_reserved(s: SpiritsState, entries: Any) -> None:
    for entry in expect_list(entries, "reserved"):
        seat = expect_int(entry.get("seat"), "seat", 1, s.players) - 1
        if "tile" in entry:
            t = expect_int(entry["tile"], "tile", 0, len(s.c.tiles) - 1)
            if s.tile_place[t] < 0:
                raise ScenarioError(f"tile {t} is not in the forest, so it cannot be reserved")
        else:
            t = s.place_tile[_place(s, entry.get("row"), entry.get("col"))]
        if t < 0:
            raise ScenarioError(f"no tile at row {entry.get('row')}, column {entry.get('col')} to reserve")
        s.gem_on[t] = seat
        s.free_up[t] = False
        s.placed[seat] += 1
        s.supply[seat] = s.cfg.gemstones - s.placed[seat] - s.lost[seat]


def _put_cards(kind: str) -> Any:
    def put(s: SpiritsState, names: Any) -> None:
        cards = s.c.wishes if kind == "wishes" else s.c.hexes
        if not (s.cfg.wishes if kind == "wishes" else s.cfg.hexes):
            raise ScenarioError(f"{kind} need the option {kind[:-2] if kind == 'wishes' else 'hex'} = true")
        ids = {card.id: card.index for card in cards}
        kept = s.wish if kind == "wishes" else s.hex
        for seat, name in enumerate(expect_list(names, kind)):
            kept[seat] = ids[expect_name(name, ids, kind[:-1] if kind == "hexes" else "wish")]
        s.cards_revealed = True
    return put


def put_solo(s: SpiritsState, entry: Any) -> None:
    """The solo opponent's two hidden favor tokens and your face-up one."""
    if not s.cfg.solo:
        raise ScenarioError("solo needs a one-player game")
    wanted = [_token(s, k) for k in expect_list(entry.get("opponent_tokens", []), "opponent_tokens")]
    mine = _token(s, entry["your_token"]) if "your_token" in entry else s.solo_token
    pool = [*s.opp_hidden, s.solo_token, *s.box]
    for k in [*wanted, mine]:
        if k not in pool:
            raise ScenarioError(f"the favor token {s.c.tokens[k].id} is not in the solo game")
    s.opp_hidden = wanted or s.opp_hidden
    s.solo_token = mine
    s.box = [k for k in pool if k not in s.opp_hidden and k != mine]
    s.public_token = [k == mine for k in range(len(s.c.tokens))]


def put_fireflies(s: SpiritsState, tiles: Any) -> None:
    """The tiles (by id) that carry a Silver Firefly: Air Spirit doubles only."""
    if not s.cfg.fireflies:
        raise ScenarioError("fireflies need the options air_spirit = true and fireflies = true")
    s.firefly = [False] * len(s.c.tiles)
    for t in expect_list(tiles, "fireflies"):
        t = expect_int(t, "a tile", 0, len(s.c.tiles) - 1)
        if not (s.c.tiles[t].air and s.c.tiles[t].is_double):
            raise ScenarioError(f"tile {t} is no Air Spirit double: no firefly sits on it")
        s.firefly[t] = True


def put_turn(s: SpiritsState, turn: Any) -> None:
    seat = expect_int(turn.get("seat", 1), "seat", 1, s.players) - 1
    s.stack = [Take(seat)]
    s.cur = seat
    s.took = 0
    s.first_turn = bool(turn.get("first_turn", False))
    s.cards_revealed = s.cards_revealed or not (s.cfg.wishes or s.cfg.hexes)


def check_position(s: SpiritsState, complete: bool = False) -> None:
    """Every tile, token and gemstone at most once (and, `complete`, every tile of the game somewhere)."""
    c = s.c
    cfg = s.cfg
    where = [t for t in s.place_tile if t >= 0]
    where += [t for hand in s.tiles_of for t in hand] + [t for d in s.discarded_tiles for t in d] + s.opp_tiles
    assert len(where) == len(set(where)), "a tile is in two places"
    if complete:
        in_play = [t for t in range(len(c.tiles)) if s.options["air_spirit"] or not c.tiles[t].air]
        assert sorted(where) == sorted(in_play), "a tile is lost or doubled"
    for t in range(len(c.tiles)):
        p = s.tile_place[t]
        assert p < 0 or s.place_tile[p] == t, "a tile's place does not hold it"
    tokens = [k for k in s.token_at if k >= 0] + [k for f in s.favors for k in f] + s.box
    tokens += s.discarded + s.opp_hidden + ([s.solo_token] if s.solo_token >= 0 and s.solo_token not in s.favors[0]
                                             else [])
    assert len(tokens) == len(set(tokens)), "a favor token is doubled"
    for seat in range(s.players):
        assert min(s.supply[seat], s.placed[seat], s.lost[seat]) >= 0, "a negative number of gemstones"
        assert s.supply[seat] + s.placed[seat] + s.lost[seat] == cfg.gemstones, "a gemstone is lost or doubled"
        assert s.placed[seat] == sum(1 for g in s.gem_on if g == seat), "placed gemstones do not match the forest"
        for x in range(len(SPIRITS)):
            assert s.symbols(seat, x) == sum(c.tiles[t].symbols.count(x) for t in s.tiles_of[seat])
    for t, g in enumerate(s.gem_on):
        assert g < 0 or s.tile_place[t] >= 0, "a gemstone sits on a tile outside the forest"


SCHEMA = ScenarioSchema([
    Setting("forest", "rows of tiles; \"\" leaves a place empty", put_forest),
    Setting("tokens", "favor tokens on the forest: {row, col, token, face_up}", put_tokens),
    Setting("seasons", "the season token beside each row (a number or \"drop\")", put_seasons),
    Setting("collections", "the tiles each seat has collected", put_collections),
    Setting("favor_tokens", "the favor tokens each seat holds", put_favor_tokens),
    Setting("gemstones", "each seat's gemstones: {supply, lost}", put_gemstones),
    Setting("reserved", "gemstones on forest tiles: {row, col, seat}", put_reserved),
    Setting("wishes", "each seat's kept Wish card", _put_cards("wishes")),
    Setting("hexes", "each seat's kept Hex card", _put_cards("hexes")),
    Setting("solo", "solo: {opponent_tokens, your_token}", put_solo),
    Setting("fireflies", "the tiles (ids) carrying a Silver Firefly", put_fireflies),
    Setting("turn", "whose turn starts: {seat, first_turn}", put_turn),
], check_position)
