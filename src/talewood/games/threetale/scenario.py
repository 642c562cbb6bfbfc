"""ThreeTale positions described as data (engine/scenario.py), for rulebook examples and rule tests.

```toml
seed = 1
[options]
heroes = "silver_deer+youngest_son+sun_and_moon"
[position]
phase = "past"                                   # or "future" (with `future`)
future = "nine_rings"
tiles = [{ tile = "01", x = 0, y = 0, rotation = 0 }, { tile = "02", x = 1, y = 0, flipped = true }]
tokens = [{ space = "01:NE", token = "none" }]   # lift a token (or put one back: "treasure3", a piece id)
heroes_at = ["01:NW", "01:SW", "02:NE"]          # a tile id and a corner (NW, NE, SE, SW), per seat
boards = [{ love = 7, hope = 3, speed = 5, artifacts = ["A1-01"], talents = ["SD1a"] }, {}, {}]
decks = { battle1 = ["B1-01"] }                  # cards moved to the top of a deck, in order
turn = { seat = 0, start = "turn" }              # whose turn; "turn", "battle", "treasure", "end"
```

Components are moved, never created: a tile comes off the stack, an Artifact out of its deck, a card
to the top of its deck. The check after a scenario is `check_invariants` (every component somewhere
exactly once), which the playout tests also run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import ScenarioError, ScenarioSchema, Setting
from ...engine.scenario import expect_int, expect_list, expect_name
from .battle.start import start_battle
from .components.symbols import SPACE_KINDS, VIRTUES
from .future.present import SetUpFuture, future_counters, place_pieces
from .geometry import key
from .rolls import start_treasure
from .state_fields import FUTURE, PAST
from .tables import (
    ART1,
    BAT1,
    ENEMY_BONUS,
    FUTURE_DECK,
    FUTURE_PIECE,
    HERO_BONUS,
    OFFERING,
    PAST_DECK_NAMES,
    QUESTS,
    TRE1,
)
from .turn.acting import Turn, new_turn
from .turn.bonus import StartOfTurn
from .turn.end import EndOfTurn
from .turn.tile import DrawTile, lay_components

if TYPE_CHECKING:
    from .state import TTState

CORNER_CODES = ("NW", "NE", "SE", "SW")


def tile_index(s: TTState, name: Any) -> int:
    ids = {tile.id: i for i, tile in enumerate(s.t.c.tiles)}
    return ids[expect_name(name, ids, "tile")]


def space_index(s: TTState, text: Any) -> int:
    if not isinstance(text, str) or ":" not in text:
        raise ScenarioError(f"a space is written tile:corner, e.g. \"01:NW\", not {text!r}")
    tile, corner = text.split(":", 1)
    t = tile_index(s, tile)
    if not s.on_map[t]:
        raise ScenarioError(f"tile {tile} is not on the Map")
    return t * 4 + CORNER_CODES.index(expect_name(corner, CORNER_CODES, "corner"))


def put_phase(s: TTState, value: Any) -> None:
    phase = expect_name(value, ("past", "future"), "phase")
    s.stack.clear()
    if -1 in s.hero:
        raise ScenarioError("a position needs the Heroes: start it with the option heroes=<a team>")
    s.phase = PAST if phase == "past" else FUTURE


def put_future(s: TTState, value: Any) -> None:
    ids = [f.id for f in s.t.c.futures]
    s.future = ids.index(expect_name(value, ids, "Future"))
    p = next(i for i, x in enumerate(s.t.c.prophecies) if x.future == ids[s.future] and not x.tutorial)
    if p not in s.prophecies:
        s.prophecies[-1] = p
        s.prophecies.sort()
    s.fulfilled = p

    future_counters(s)


def put_tiles(s: TTState, value: Any) -> None:
    for entry in expect_list(value, "tiles"):
        if not isinstance(entry, dict):
            raise ScenarioError("each tile is a table like { tile = \"01\", x = 0, y = 0, rotation = 0 }")
        t = tile_index(s, entry.get("tile"))
        if t not in s.tile_stack:
            raise ScenarioError(f"tile {entry.get('tile')} is not in the stack (each tile exists once)")
        x = expect_int(entry.get("x", 0), "x", -30, 30)
        y = expect_int(entry.get("y", 0), "y", -30, 30)
        rot = expect_int(entry.get("rotation", 0), "rotation", 0, 270)
        if rot % 90:
            raise ScenarioError(f"rotation is 0, 90, 180 or 270, not {rot}")

        if key(x, y) in s.cell_tile:
            raise ScenarioError(f"two tiles at ({x}, {y})")
        s.tile_stack.remove(t)
        s.place_tile(t, x, y, rot // 90)

        if s.phase == PAST:
            lay_components(s, t)
        if entry.get("flipped", False):
            s.flip(t)


def put_next_tiles(s: TTState, value: Any) -> None:
    for name in expect_list(value, "next_tiles"):
        t = tile_index(s, name)
        if t not in s.tile_stack:
            raise ScenarioError(f"tile {name} is not in the stack (each tile exists once)")
        s.tile_stack.remove(t)
        s.tile_top.append(t)


def put_figure(s: TTState, value: Any) -> None:
    sp = space_index(s, value)
    s.figure = sp
    if s.future >= 0 and s.t.c.futures[s.future].number == 3:
        s.tree_tile = sp >> 2
    s.token[sp] = -1


def put_future_state(s: TTState, value: Any) -> None:
    if not isinstance(value, dict):
        raise ScenarioError("future_state is a table like { wow = 40, flips = 6 }")
    fields = {"wow": ("wow", 0, 200), "flips": ("flips", 0, 30), "tentacles_left": ("tentacles_left", 0, 10),
              "vicinator_defense": ("vici_def", -50, 200), "parallel_virtues_left": ("pv_left", 0, 30)}
    for name, raw in value.items():
        if name == "viruses":
            spaces = [space_index(s, x) for x in expect_list(raw, "viruses")]
            if len(spaces) > len(s.viruses) and s.viruses:
                raise ScenarioError(f"at most {len(s.viruses)} Viruses")
            s.viruses = (spaces + [-1] * 8)[:max(8, len(s.viruses))]
            continue
        if name not in fields:
            raise ScenarioError(f"unknown future_state key {name!r}; valid: viruses, {', '.join(fields)}")
        field, low, high = fields[name]
        setattr(s, field, expect_int(raw, name, low, high))


def token_code(s: TTState, name: str) -> int:
    if name == "none":
        return -1
    if name == "offering":
        return OFFERING
    if name in SPACE_KINDS[3:13]:
        return SPACE_KINDS.index(name)
    ids = [p.id for p in s.t.pieces]
    return FUTURE_PIECE + ids.index(expect_name(name, ids, "token"))


def put_tokens(s: TTState, value: Any) -> None:
    for entry in expect_list(value, "tokens"):
        if not isinstance(entry, dict):
            raise ScenarioError("each token is a table like { space = \"01:NW\", token = \"white\" }")
        sp = space_index(s, entry.get("space"))
        s.token[sp] = token_code(s, str(entry.get("token")))


def put_heroes_at(s: TTState, value: Any) -> None:
    spaces = expect_list(value, "heroes_at")
    for seat, text in enumerate(spaces[:3]):
        s.pos[seat] = space_index(s, text) if text else -1


def take_card(s: TTState, d: int, card: int) -> None:
    for pile in (s.deck[d], s.top[d], s.bottom[d], s.discard[d]):
        if card in pile:
            pile.remove(card)
            return
    raise ScenarioError("that card is not in its deck (each card exists once)")


def put_boards(s: TTState, value: Any) -> None:
    boards = expect_list(value, "boards")
    arts = {a.id: i for i, a in enumerate(s.t.artifacts)}
    talents = {tal.id: i for i, tal in enumerate(s.t.talents)}
    for seat, board in enumerate(boards[:3]):
        if not isinstance(board, dict):
            raise ScenarioError("each board is a table like { love = 7, speed = 5 }")
        for v, name in enumerate(VIRTUES):
            if name in board:
                s.set_virtue(seat, v, expect_int(board[name], name, 0, 13))
        for name, low, high in (("speed", 0, 40), ("spirit", 0, 3), ("shevitsa", 0, 99), ("offerings", 0, 3),
                                ("sacred_stones", 0, 6), ("rings", 0, 22), ("seeds", 0, 14), ("heads", 0, 7)):
            if name in board:
                field = {"shevitsa": "shev", "sacred_stones": "stones"}.get(name, name)
                getattr(s, field)[seat] = expect_int(board[name], name, low, high)
        for tid in expect_list(board.get("talents", []), "talents"):
            ti = talents[expect_name(tid, talents, "talent")]
            if s.t.talent_hero[ti] != s.hero[seat]:
                raise ScenarioError(f"talent {tid} is not a Talent of {s.name(seat)}")
            s.develop_talent(seat, s.t.talents[ti].level - 1, ti)
        for aid in expect_list(board.get("artifacts", []), "artifacts"):
            a = arts[expect_name(aid, arts, "artifact")]
            take_card(s, ART1 + s.t.artifacts[a].level - 1, a)
            s.add_artifact(seat, a)
        for aid in expect_list(board.get("in_slot", []), "in_slot"):
            a = arts[expect_name(aid, arts, "artifact")]
            if a not in s.arts[seat]:
                raise ScenarioError(f"{aid} is not held by {s.name(seat)}")
            s.put_in_slot(seat, s.t.art_slot[a], a)
        quests = {q.id: i for i, q in enumerate(s.t.c.quests)}
        for qid in expect_list(board.get("quests", []), "quests"):
            q = quests[expect_name(qid, quests, "quest")]
            take_card(s, QUESTS, q)
            s.quests[seat].extend((q, 0))


def deck_number(s: TTState, name: str) -> tuple[int, dict[str, int]]:
    if name in PAST_DECK_NAMES:
        d = PAST_DECK_NAMES[name]
        if d < TRE1:
            return d, {b.id: i for i, b in enumerate(s.t.battles)}
        if d < QUESTS:
            return d, {x.id: i for i, x in enumerate(s.t.c.treasures)}
        return d, {q.id: i for i, q in enumerate(s.t.c.quests)}
    if name in ("artifacts1", "artifacts2", "artifacts3"):
        return ART1 + int(name[-1]) - 1, {a.id: i for i, a in enumerate(s.t.artifacts)}
    if name == "hero_bonus":
        return HERO_BONUS, {b.id: i for i, b in enumerate(s.t.hero_bonus)}
    if name == "enemy_bonus":
        return ENEMY_BONUS, {b.id: i for i, b in enumerate(s.t.enemy_bonus)}
    ids = s.t.fdeck_index
    d = FUTURE_DECK + ids[expect_name(name, ids, "deck")]
    return d, {card.id: i for i, card in enumerate(s.t.fcards)}


def put_decks(s: TTState, value: Any) -> None:
    if not isinstance(value, dict):
        raise ScenarioError("decks is a table like { battle1 = [\"B1-01\"] }")
    for name, cards in value.items():
        d, ids = deck_number(s, str(name))
        for cid in expect_list(cards, f"decks.{name}"):
            card = ids[expect_name(cid, ids, "card")]
            take_card(s, d, card)
            s.top[d].append(card)


def put_dice(s: TTState, value: Any) -> None:
    """"explicit": every roll waits for its result to be given (tests set the dice they need)."""
    s.explicit_chance = expect_name(value, ("explicit", "random"), "dice") == "explicit"


def put_turn(s: TTState, value: Any) -> None:
    if not isinstance(value, dict):
        raise ScenarioError("turn is a table like { seat = 0, start = \"turn\" }")
    seat = expect_int(value.get("seat", 0), "seat", 0, 2)
    start = expect_name(value.get("start", "turn"),
                        ("tile", "start", "turn", "battle", "treasure", "end", "future", "round"), "start")
    s.stack.clear()
    if start == "future":
        if s.future < 0:
            raise ScenarioError("start = \"future\" needs position.future")
        s.push(SetUpFuture(s.order[0]))
        s.settle()
        return
    if start == "round":
        # the round's stage: 0 its start (the enemy turn), 1-3 a Hero's turn, 4 its end (the clock)
        stage = expect_int(value.get("fstage", 0), "fstage", 0, 4)
        s.round_no = expect_int(value.get("round", 1), "round", 1, 99) - (1 if stage == 0 else 0)
        s.fstage = stage
        if value.get("pieces", True):
            place_pieces(s)
        s.settle()
        return
    new_turn(s, seat)
    s.turn_no = expect_int(value.get("turn_no", 1), "turn_no", 0, 99)
    s.round_no = expect_int(value.get("round", 1), "round", 0, 99)
    if "fstage" in value:
        s.fstage = expect_int(value["fstage"], "fstage", 0, 4)
    s.steps = expect_int(value.get("steps_used", 0), "steps_used", 0, 40)
    s.acts = expect_int(value.get("actions_used", 0), "actions_used", 0, 20)
    s.push(EndOfTurn(seat))
    s.push(Turn(seat))
    if start in ("tile", "start"):
        s.push(StartOfTurn(seat))
        if start == "tile":
            s.push(DrawTile(seat))
    elif start == "battle":
        name = str(value.get("card"))
        ids = {b.id: i for i, b in enumerate(s.t.battles)}
        card = ids[expect_name(name, ids, "Battle card")]
        take_card(s, BAT1 + s.t.battles[card].level - 1, card)
        start_battle(s, seat, s.t.battles[card].level, card)
    elif start == "treasure":
        ids = {x.id: i for i, x in enumerate(s.t.c.treasures)}
        card = ids[expect_name(str(value.get("card")), ids, "Treasure card")]
        take_card(s, TRE1 + s.t.c.treasures[card].level - 1, card)
        start_treasure(s, seat, card)
    elif start == "end":
        s.stack.pop()
    s.settle()


def check_invariants(s: TTState) -> None:
    """Every component is somewhere exactly once; every number is within its track."""
    c = s.t.c
    tiles = sorted(s.tile_stack + s.tile_top + s.tile_bottom + s.drawn + s.placed + s.removed)
    assert tiles == list(range(len(c.tiles))), f"every tile is somewhere once: {tiles}"
    held: dict[int, list[int]] = {ART1 + lv: [] for lv in range(3)}
    for seat in range(3):
        for a in s.arts[seat]:
            held[ART1 + s.t.artifacts[a].level - 1].append(a)
        assert 0 <= s.spirit[seat] <= 3, "Spirit stays within 0..3"
        assert all(0 <= v <= 13 for v in s.virtues(seat)), "Virtues stay within 0..13"
        assert s.shev[seat] >= 0 and s.speed[seat] >= 0 and s.stones[seat] >= 0
        for slot in range(3):
            a = s.in_slot(seat, slot)
            assert a < 0 or (a in s.arts[seat] and s.t.art_slot[a] == slot), "an Artifact in a slot is held"
    for a in s.on_offer:
        if type(s.stack[-1]).__name__ == "KeepArtifact":
            held[ART1 + s.t.artifacts[a].level - 1].append(a)
    extra: dict[int, list[int]] = {HERO_BONUS: list(s.bonus_hand), ENEMY_BONUS: list(s.battle.bonus_cards),
                                   QUESTS: [q for seat in range(3) for q in s.quests[seat][0::2]]}
    if s.on_offer and type(s.stack[-1]).__name__ == "KeepQuest":
        extra[QUESTS] += s.on_offer
    if s.battle.kind == 1:
        extra.setdefault(BAT1 + s.battle.level - 1, []).append(s.battle.card)
    if s.roll.kind == 1 and s.roll.card >= 0:
        extra.setdefault(TRE1 + c.treasures[s.roll.card].level - 1, []).append(s.roll.card)
    for d, cards in enumerate(s.t.deck_cards):
        where = s.deck[d] + s.top[d] + s.bottom[d] + s.discard[d] + held.get(d, []) + extra.get(d, [])
        assert sorted(where) == sorted(cards), f"deck {d}: every card is somewhere once"
    assert len({h for h in s.hero if h >= 0}) == sum(1 for h in s.hero if h >= 0), "three different Heroes"
    assert 0 <= s.pv_left <= 30
    assert sum(1 for v in s.viruses if v >= 0) <= 8
    assert s.figure < 0 or not s.figure_blocks() or s.hero_at(s.figure) < 0, "no Hero on the Tree or the Vicinator"


SCHEMA = ScenarioSchema([
    Setting("phase", "the phase the position is in: past or future", put_phase),
    Setting("future", "the Future being played (a Future's id)", put_future),
    Setting("tiles", "tiles moved from the stack to the Map: { tile, x, y, rotation, flipped }", put_tiles),
    Setting("tokens", "tokens lifted or put on spaces: { space = \"01:NW\", token }", put_tokens),
    Setting("next_tiles", "tiles taken from the stack to be drawn next, in order", put_next_tiles),
    Setting("figure", "the space the Future's figure stands on (\"03:NW\")", put_figure),
    Setting("future_state", "the Future's counters: wow, flips, tentacles_left, vicinator_defense, "
            "parallel_virtues_left, viruses (spaces)", put_future_state),
    Setting("heroes_at", "the space each seat's Hero stands on (\"01:NW\")", put_heroes_at),
    Setting("boards", "each seat's Hero board: Virtues, speed, spirit, shevitsa, talents, artifacts …", put_boards),
    Setting("decks", "cards moved to the top of a deck, in order", put_decks),
    Setting("dice", "explicit: each roll waits for the result a test gives; random (the default)", put_dice),
    Setting("turn", "whose turn it is and how it starts: { seat, start, card, steps_used, actions_used }", put_turn),
], check_invariants)
