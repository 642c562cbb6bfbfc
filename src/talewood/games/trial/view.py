"""What one seat sees of The Trial of the Forest (JSON-safe). Nothing a seat cannot see is put in (A-43):
other hands and tents are counted, face-down story cards show only their column, ruins show their items
only to whoever looked, a store or ruins tile shows its back only once flipped, decks show their size.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...engine import seat_name
from .tables import (
    BOOSTS,
    ENCOUNTER_SECTION,
    EXPEDITION_SECTION,
    FOOD_NAME,
    HELP_SPOT,
    SK_CARD_DRAW,
    SK_COLS,
    SK_DICE,
    SK_FAME,
    SK_MOVEMENT,
    SK_SIZE,
    SK_STRENGTH,
    SK_TRADING,
    UNIVERSAL,
    Tables,
)
from .vocabulary import COLUMNS, EXPEDITIONS

if TYPE_CHECKING:
    from .state import TrialState

FOODS = ("raspberry", "acorn", "mushroom", "tea")


def _place_name(t: Tables, place: int) -> str:
    if place < ENCOUNTER_SECTION:
        return t.space_ids[t.locations[place]]
    if place == ENCOUNTER_SECTION:
        return "encounter_section"
    if place == HELP_SPOT:
        return "help_spot"
    return f"{EXPEDITIONS[place - EXPEDITION_SECTION]}_section"


def _foods(values: Sequence[int]) -> dict[str, int]:
    return dict(zip(FOODS, values, strict=True))


def build_view(s: TrialState, seat: int | None) -> dict[str, Any]:
    t = s.t
    c = s.c
    me = -1 if seat is None else seat
    over = s.over
    cid = [ci.card.id for ci in t.cards]
    oid = t.object_ids
    pieces: dict[int, list[int]] = {}
    for who in range(s.players):
        if s.pos[who] >= 0:
            pieces.setdefault(s.pos[who], []).append(who)
    passable = set(s.passable_tunnels())
    tunnel_tokens = {s.tun_space[i]: ("dug" if s.tun_up[i] else "collapsed")
                     for i in range(len(s.tun_space)) if s.tun_space[i] >= 0}
    spaces = []
    for i, sp in enumerate(c.spaces):
        entry: dict[str, Any] = {"id": sp.id, "name": sp.name, "kind": sp.kind, "x": sp.x, "y": sp.y,
                                 "pieces": pieces.get(i, [])}
        if t.printed_tunnel[i] or i in tunnel_tokens:
            entry["tunnel"] = {"printed": t.printed_tunnel[i], "token": tunnel_tokens.get(i),
                               "passable": i in passable}
        if sp.expedition:
            entry["exit_of"] = sp.expedition
        spaces.append(entry)
    locations = []
    for loc, space in enumerate(t.locations):
        side = s.side_of(loc)
        known = s.tile_known[loc]
        entry = {"space": t.space_ids[space], "type": c.spaces[space].location, "side": side.name,
                 "state": side.state, "flipped": bool(s.tile_side[loc]), "text": side.text,
                 "tile": c.tiles[s.tile_at[loc]].id if known else None,
                 "corner": c.spaces[space].corner or None,
                 "paws": [who for who in range(s.players) if loc in s.placed[who]]}
        if t.loc_type[loc] == 1:
            items = s.ruins[loc]
            if over or (me >= 0 and s.sees_ruins(me, loc)):
                entry["items"] = sorted(oid[k] for k in items)
            else:
                entry["items"] = None
            entry["common_items"] = sum(1 for k in items if not t.rare[k])
            entry["rare_items"] = sum(1 for k in items if t.rare[k])
        locations.append(entry)
    camps = []
    for k in range(len(t.campsites) + 1):
        x = s.tent_on[k]
        tent: str | None = None
        if x >= 0:
            tent = c.tents[x].id if (over or s.tent_knower[k] == me) else "face_down"
        bonus = t.lists[t.camp_bonus[k]] if k < UNIVERSAL else ()
        camps.append({"space": t.space_ids[t.campsites[k]] if k < UNIVERSAL else "universal",
                      "bonus": " ".join(str(b) for b in bonus) if k < UNIVERSAL else "draw:1 or gain:basic:1",
                      "tent": tent})
    expeditions = []
    for a, area in enumerate(EXPEDITIONS):
        xp = c.expedition_by_id[area]
        deck = s.xdeck[a]
        expeditions.append({
            "id": area, "name": xp.name, "exit": xp.exit, "start": xp.start,
            "spaces": [{"id": xs.id, "name": xs.name, "kind": xs.kind, "x": xs.x, "y": xs.y, "fame": xs.fame,
                        "pieces": pieces.get(t.space_index[xs.id], [])} for xs in xp.spaces],
            "lines": [{"from": st.frm, "to": st.to, "line": st.line,
                       "pay": " ".join(str(p[0]) for p in st.pay) or None} for st in xp.steps],
            "deck": len(deck), "top": cid[deck[-1]] if deck and s.xtop[a] else None,
            "discard": [cid[k] for k in s.xdiscard[a]],
            "artifacts": [a2.id for i2, a2 in enumerate(c.artifacts) if s.artifact_home[i2] and a2.expedition == area],
            "flags": {str(who): t.space_ids[s.flag(who, a)] for who in range(s.players)
                      if s.flag(who, a) >= 0},
            "paws": [who for who in range(s.players) for p in s.placed[who] if p == EXPEDITION_SECTION + a],
        })
    store = [{"row": i // 4 + 1, "column": i % 4 + 1, "price": list(t.slot_price[i]),
              "size": "large" if t.slot_large[i] else "small",
              "item": oid[s.store_kind[i]] if s.store_kind[i] >= 0 else None, "count": s.store_n[i]}
             for i in range(t.n_slots)]
    players = [_player(s, who, me, over) for who in range(s.players)]
    view: dict[str, Any] = {
        "game": "trial", "seat": seat, "players": s.players, "current_player": s.current_player,
        "prompt": s.prompt(), "decision": s.decision_view(), "over": over,
        "result": s.final.to_json() if s.final else None,
        "day": s.day, "days": t.days, "turn": s.turns, "whose_turn": s.cur if s.cur >= 0 else None,
        "first_player": s.first, "day_first_player": s.day_first,
        "board": {"width": c.board_size[0], "height": c.board_size[1], "spaces": spaces,
                  "lines": [list(p) for p in c.paths], "passable_tunnels": sorted(t.space_ids[x] for x in passable),
                  "tunnel_tokens_in_tray": sum(1 for x in s.tun_space if x < 0)},
        "locations": locations, "campsites": camps, "expeditions": expeditions,
        "store": {"slots": store, "gallery": {str(who): [c.artifacts[a].id for a in s.gallery[who]]
                                              for who in range(s.players)},
                  "gallery_food": _foods(s.gallery_food)},
        "encounters": {"slots": [cid[k] if k >= 0 else None for k in s.enc_slots], "deck": len(s.enc_deck),
                       "paws": [who for who in range(s.players) for p in s.placed[who] if p == ENCOUNTER_SECTION]},
        "deeds": {"deck": len(s.deck), "discard": [cid[k] for k in s.discard]},
        "help_spot": {"paws": [who for who in range(s.players) for p in s.placed[who] if p == HELP_SPOT],
                      "food": _foods([*s.help_food, 0])},
        "tray": _foods(s.tray),
        "legendary": [{"id": tok.id, "name": tok.name, "column": tok.column,
                       "holder": s.legendary[i] if s.legendary[i] >= 0 else None}
                      for i, tok in enumerate(c.legendary)],
        "tents": {"box": len(s.tent_box), "used": [c.tents[x].id for x in s.tent_used]},
        "player_states": players,
        "texts": texts(t),
    }
    if s.r_card >= 0:
        ci = t.cards[s.r_card]
        view["resolving"] = {"card": cid[s.r_card], "seat": s.r_seat,
                             "option": ci.options[s.r_opt].label if s.r_opt >= 0 else None}
    if s.f_att >= 0:
        view["fight"] = {
            "attacker": s.f_att, "defender": s.f_def if s.f_def >= 0 else None,
            "opponent": cid[s.r_card] if s.f_def < 0 and s.r_card >= 0 else None,
            "strength": list(s.f_pts), "weapons": [oid[w] if w >= 0 else None for w in s.f_weapon],
            "cards": [[cid[k] for k in s.f_cards[side]] if (s.f_def < 0 or side == _side(s, me)) else None
                      for side in (0, 1)],
            "cards_played": [len(s.f_cards[0]), len(s.f_cards[1])],
            "dice": list(s.f_dice),
        }
        if s.f_def >= 0:                        # face-down cards keep the duel's totals hidden
            view["fight"]["strength"] = [s.f_pts[0], s.f_pts[1]]
    if s.pend >= 0:
        view["adding"] = {"card": cid[s.pend]}
    if s.rv_loc >= 0 and s.stack and type(s.stack[-1]).__name__ == "RuinsTake":
        view["ruins_visit"] = t.space_ids[t.locations[s.rv_loc]]
    if s.final is not None:
        view["score_sheet"] = s.game.score_sheet(s.final).to_json()
    return view


def _side(s: TrialState, me: int) -> int:
    if me == s.f_att:
        return 0
    if me == s.f_def:
        return 1
    return -1


def _player(s: TrialState, who: int, me: int, over: bool) -> dict[str, Any]:
    t = s.t
    c = s.c
    cid = [ci.card.id for ci in t.cards]
    own = who == me
    bit = 1 << me if me >= 0 else 0
    sk = s.sk[who * SK_SIZE:(who + 1) * SK_SIZE]
    story = []
    for code in s.story[who]:
        card, column, up = code >> 3, (code >> 1) & 3, code & 1
        shown = up or own or over or s.known[card] & bit
        story.append({"card": cid[card] if shown else None, "column": COLUMNS[column], "face_up": bool(up)})
    hand = s.hand[who] + s.aside[who]
    entry: dict[str, Any] = {
        "seat": who, "name": seat_name(who), "character": c.characters[who].name,
        "position": t.space_ids[s.pos[who]] if s.pos[who] >= 0 else None,
        "food": _foods(s.foods(who)),
        "hand_size": len(s.hand[who]), "set_aside": len(s.aside[who]),
        "hand_backs": {"deed": sum(1 for k in hand if not t.is_encounter[k]),
                       "encounter": sum(1 for k in hand if t.is_encounter[k])},
        "story": story,
        "columns": {COLUMNS[k]: sk[SK_COLS + k] for k in range(4)},
        "skills": {"movement": s.movement(who), "strength": s.strength(who), "trading": s.trading(who),
                   "dice": s.dice(who), "card_draw": sk[SK_CARD_DRAW],
                   "story_movement": sk[SK_MOVEMENT], "story_strength": sk[SK_STRENGTH],
                   "story_trading": sk[SK_TRADING], "story_dice": sk[SK_DICE],
                   "grove_food": _foods(sk[5:9]), "blue_triangle_food": _foods(sk[9:13])},
        "story_fame": sk[SK_FAME],
        "backpack": [t.object_ids[o] for o in s.backpack[who]],
        "backpack_slots_used": s.used_slots(who),
        "gallery": [c.artifacts[a].id for a in s.gallery[who]],
        "morality": {"position": s.morality[who] - t.morality_start, "fame": t.morality_fame[s.morality[who]],
                     "leaning": "evil" if s.morality[who] > t.morality_start else
                     ("good" if s.morality[who] < t.morality_start else "neither")},
        "flags": {EXPEDITIONS[a]: t.space_ids[s.flag(who, a)] if s.flag(who, a) >= 0 else None
                  for a in range(3)},
        "paws": {"home": s.paws_home[who], "strong_home": s.strong_home[who],
                 "placed": [_place_name(t, p) for p in s.placed[who]],
                 "strong_at": _place_name(t, s.strong_at[who]) if s.strong_at[who] >= 0 else None},
        "tents": len(s.tents[who]),
        "kept_tents": [c.tents[x].id for x in s.tent_kept[who]],
        "one_time_symbols": {BOOSTS[k]: s.boosts_of(who, k) for k in range(4)},
        "legendary": [tok.id for i, tok in enumerate(c.legendary) if s.legendary[i] == who],
        "first_player": s.first == who,
        "camped_today": s.camped[who],
    }
    if own or over:
        entry["hand"] = sorted(cid[k] for k in s.hand[who])
        entry["aside"] = sorted(cid[k] for k in s.aside[who])
        entry["tent_tokens"] = sorted(c.tents[x].id for x in s.tents[who])
    else:
        entry["known_cards"] = sorted(cid[k] for k in hand if s.known[k] & bit)
    return entry


_TEXTS: dict[int, dict[str, Any]] = {}


def texts(t: Tables) -> dict[str, Any]:
    """The full text of every card, item, artifact, location side, tent and campsite (for hover or a panel)."""
    table = _TEXTS.get(id(t))
    if table is None:
        c = t.c
        table = _TEXTS[id(t)] = {
            "cards": {ci.card.id: {"name": ci.card.name, "deck": ci.card.deck, "icons": list(ci.card.icons),
                                   "fame": ci.fame, "enhancement": list(ci.card.enhancement),
                                   "bonus": ci.card.bonus or None, "blue_triangle": ci.blue,
                                   "text": ci.card.text} for ci in t.cards},
            "objects": {t.object_ids[o]: {"name": t.object_name[o], "slots": t.object_slots[o],
                                          "fame": t.object_fame[o], "amphibian": t.amphibian[o],
                                          "text": t.object_text[o]} for o in range(t.n_objects)},
            "tiles": {tile.id: {"front": {"name": tile.front.name, "text": tile.front.text},
                                "back": {"name": tile.back.name, "text": tile.back.text}} for tile in c.tiles},
            "tents": {x.id: {"name": x.name, "text": x.text} for x in c.tents},
            "foods": dict(zip(FOODS, FOOD_NAME, strict=True)),
            "morality_fame": list(t.morality_fame),
            "backpack": {"slots": t.backpack_slots, "movement_slots": t.movement_slots},
            "legend": [
                ["paw token", "marks an action; a location holds one of each player's tokens per day"],
                ["strong paw token", "also resolves a tile's '+' effect"],
                ["tent", "face down on a campsite: the next to camp there gains its bonus"],
                ["flag", "on a finishing space: its fame at the end of the game"],
            ],
        }
    return table
