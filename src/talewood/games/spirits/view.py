"""What one seat sees of a Spirits game (JSON-safe). Nothing a seat cannot see is put in."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import seat_name
from .content import DROP, NO_SEASON, POWER_NAMES, POWERS, SPIRIT_NAMES, SPIRITS
from .scoring import gemstone_count

if TYPE_CHECKING:
    from .state import SpiritsState

SEASON_NAMES = ("spring", "summer", "autumn", "winter")


_TILE_JSON: dict[int, tuple[dict[str, Any], ...]] = {}


def tile_json(state: SpiritsState, t: int) -> dict[str, Any]:
    """A tile as JSON. Built once per content and shared: views are serialised, never mutated."""
    table = _TILE_JSON.get(id(state.c))
    if table is None:
        table = _TILE_JSON[id(state.c)] = tuple(
            {"id": tile.id, "symbols": [SPIRITS[s] for s in tile.symbols],
             "power": POWERS[tile.power] if tile.power >= 0 else None, "name": tile.name(), "air": tile.air,
             "text": tile.text()}
            for tile in state.c.tiles)
    return table[t]


def build_view(state: SpiritsState, seat: int | None) -> dict[str, Any]:
    cfg = state.cfg
    over = state.over
    tokens = state.c.tokens
    open_rows = [state.row_count[r] > cfg.row_min[r] for r in range(cfg.rows)]
    exposed = set(state.exposed)
    forest: list[list[dict[str, Any] | None]] = [[None] * cfg.cols for _ in range(cfg.rows)]
    for p, t in enumerate(state.place_tile):
        if t < 0:
            continue
        up = state.face_up[t]
        k = state.token_at[p]
        token: str | None = None
        if k >= 0:
            token = tokens[k].id if (state.token_up[p] or over) else "hidden"
        forest[cfg.place_row[p]][cfg.place_col[p]] = {
            "tile": tile_json(state, t) if up else None,
            "face_down": not up,
            "gem": state.gem_on[t] if state.gem_on[t] >= 0 else None,
            "firefly": bool(up and state.firefly[t]),
            "collectable": t in exposed and open_rows[cfg.place_row[p]],
            "token": token,
        }
    players = []
    for s in range(state.players):
        own = seat == s
        shown = [tokens[k].id for k in state.favors[s] if own or over or state.public_token[k]]
        n_spirits = cfg.n_spirits
        entry: dict[str, Any] = {
            "seat": s, "name": seat_name(s),
            "tiles": [tile_json(state, t) for t in state.tiles_of[s]],
            "discarded_tiles": [tile_json(state, t) for t in state.discarded_tiles[s]],
            "symbols": dict(zip(SPIRITS[:n_spirits], state.symbols_of(s), strict=True)),
            "powers": dict(zip(POWERS, state.powers_of(s), strict=True)),
            "gemstones": {"supply": state.supply[s], "placed": state.placed[s], "lost": state.lost[s],
                          "total": gemstone_count(state, s)},
            "favor_count": len(state.favors[s]),
            "favor_tokens": shown,
            "hidden_favor_tokens": len(state.favors[s]) - len(shown),
            "drops": state.drops[s],
            "fireflies": sum(1 for t in state.tiles_of[s] if state.firefly[t]),
        }
        for key, on, cards, kept, hand in (("wish", cfg.wishes, state.c.wishes, state.wish, state.wish_hand),
                                           ("hex", cfg.hexes, state.c.hexes, state.hex, state.hex_hand)):
            if not on:
                continue
            # a kept card is secret until every seat has chosen; the hand only its owner sees
            entry[key] = cards[kept[s]].id if kept[s] >= 0 and (own or state.cards_revealed) else None
            entry[f"{key}_chosen"] = kept[s] >= 0
            if own and not state.cards_revealed:
                entry[f"{key}_hand"] = [cards[x].id for x in hand[s]]
        players.append(entry)
    view: dict[str, Any] = {
        "game": "spirits", "seat": seat, "players": state.players,
        "current_player": state.current_player, "prompt": state.prompt(), "decision": state.decision_view(),
        "turn": state.turn,
        "layout": cfg.layout_id, "rows": cfg.rows, "cols": cfg.cols, "forest": forest,
        "player_states": players, "box": len(state.box),
        "discarded_favor_tokens": [tokens[k].id for k in state.discarded],
        "over": over, "result": state.final.to_json() if state.final else None,
    }
    if cfg.seasons:
        view["seasons"] = [
            {"row": r, "season": SEASON_NAMES[r] if r < 4 else None,
             "token": None if cfg.season_tokens[r] == NO_SEASON else
             ("drop" if cfg.season_tokens[r] == DROP else cfg.season_tokens[r]),
             "drop_taken": cfg.season_tokens[r] == DROP and not state.drop_open[r],
             "must_remain": cfg.row_min[r], "open": open_rows[r]}
            for r in range(cfg.rows)]
    # the texts of what this view names: every token and symbol, and the Wish and Hex cards it shows
    cards_shown: dict[str, set[str]] = {key: set() for key in ("wish", "hex")}
    for entry in players:
        for key in ("wish", "hex"):
            if entry.get(key):
                cards_shown[key].add(entry[key])
            cards_shown[key].update(entry.get(f"{key}_hand", ()))
    common = texts(state)
    view["texts"] = {**common, "wishes": {k: common["wishes"][k] for k in sorted(cards_shown["wish"])},
                     "hexes": {k: common["hexes"][k] for k in sorted(cards_shown["hex"])}}
    if not state.options.get("air_spirit"):     # the key names only what this forest can hold
        view["texts"]["spirits"] = {k: v for k, v in common["spirits"].items() if k != "air"}
    if not cfg.fireflies:
        view["texts"]["legend"] = [pair for pair in common["legend"] if pair[0] != "✧"]
    if state.final is not None:
        view["score_sheet"] = state.game.score_sheet(state.final).to_json()
    if seat is not None and state.looking_into_box(seat):
        view["box_tokens"] = [tokens[k].id for k in state.box]
    if cfg.solo:
        view["opponent"] = {
            "tiles": [tile_json(state, t) for t in state.opp_tiles],
            "symbols": dict(zip(SPIRITS[:9], state.opp_sym[:9], strict=True)),
            "revealed_tokens": [tokens[k].id for k in state.opp_hidden[:state.opp_revealed]],
            "hidden_tokens": len(state.opp_hidden) - state.opp_revealed,
        }
        view["your_solo_token"] = tokens[state.solo_token].id if state.solo_token >= 0 else None
    return view


SEASON_WORDS = "A season token beside a row: its number of tiles must remain in the row (the row closes to taking " \
    "when it has that many); the drop symbol gives 1 nature point to whoever takes the row's last tile."
LEGEND = (
    ("◆", "a gemstone: the tile is reserved for its owner; anyone else pays a gemstone to take it"),
    ("✦ / ?", "a favor token face down"), ("✧", "a Silver Firefly (the player with the most discards "
                                               "their Air Spirit tiles with fireflies at the end)"),
    ("☀ ☾ ▲", "the Sun, Moon and Fire power sources"),
    ("−3", "for each spirit and power source of which you have no symbol on your tiles"),
)


def texts(state: SpiritsState) -> dict[str, Any]:
    """The full text of every token, card and symbol a view may name, for reading on hover or tap."""
    table = _TEXTS.get(id(state.c))
    if table is None:
        c = state.c
        table = _TEXTS[id(state.c)] = {
            "tokens": {k.id: k.text() for k in c.tokens},
            "wishes": {w.id: w.text() for w in c.wishes},
            "hexes": {h.id: h.text() for h in c.hexes},
            "spirits": {name: SPIRIT_NAMES[i] for i, name in enumerate(SPIRITS)},
            "powers": {name: POWER_NAMES[i] for i, name in enumerate(POWERS)},
            "season": SEASON_WORDS,
            "legend": [list(pair) for pair in LEGEND],
        }
    return table


_TEXTS: dict[int, dict[str, Any]] = {}
