"""The Trial of the Forest's content: the TOML data under content/, loaded into the typed immutable objects
of components.py and checked.

`load_content(folder)` validates everything as it loads: the counts of the component list (L57-77), every
reference (spaces, tiles, artifacts, items), the board graph (content_board.py), every term against the
vocabulary (vocabulary.py) and every entry's source. A bad file is refused with a ContentError naming the
file, the entry and the fault. This module reads the pieces: items and artifacts, location tiles, the
store, the cards, tents, characters and the counted components.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType

from talewood.engine.content import require

from .components import (
    Artifact,
    Card,
    Character,
    Content,
    FightDice,
    Item,
    LegendaryToken,
    LocationSide,
    LocationTile,
    MoralityTrack,
    Option,
    Store,
    StoreColumn,
    Supply,
    Tent,
)
from .content_board import read_board
from .reading import Entry, Reader, entry_id, table_list, unique
from .vocabulary import (
    BASIC_FOODS,
    DECKS,
    ENHANCEMENT_SYMBOLS,
    EXPEDITIONS,
    FOODS,
    HAVE_ITEMS,
    ICON_COLUMN,
    ICONS,
    LEGENDARY_COLUMNS,
    LOCATION_TYPES,
    MORALITY_ICONS,
    SIDE_STATES,
    SPEND_ITEMS,
    TOP_BONUSES,
    Term,
    parse_term,
)

FILES = ("board.toml", "locations.toml", "store.toml", "items.toml", "deeds.toml", "encounters.toml",
         "expeditions.toml", "tents.toml", "components.toml")


# -- items and artifacts ---------------------------------------------------------------------------
ITEM_FIELDS = ("id", "name", "rarity", "count", "slots", "fame", "amphibian", "abilities", "text", "source", "stated")
ARTIFACT_FIELDS = ("id", "name", "expedition", "size", "fame", "amphibian", "abilities", "text", "source", "stated")


def _items(reader: Reader) -> tuple[tuple[Item, ...], tuple[Artifact, ...]]:
    fname = "items.toml"
    data = reader.file(fname)
    items = []
    for i, raw in enumerate(table_list(data, "item", fname)):
        e = Entry(raw, f"{fname} item {entry_id(raw, fname, 'item', i)!r}", ITEM_FIELDS)
        rarity = e.choice("rarity", ("common", "rare"))
        slots = e.number("slots", low=1, high=2)
        require(slots == (1 if rarity == "common" else 2), f"{e.where}: common items take 1 slot, rare items 2 (L98)")
        items.append(Item(e.text("id"), e.text("name"), rarity, e.number("count", low=1, high=6), slots,
                          e.number("fame", low=0, high=5), e.flag("amphibian"),
                          reader.terms(e, "abilities", "ability", "item"), e.text("text"), e.source(),
                          e.stated(ITEM_FIELDS)))
    unique((x.id for x in items), fname)
    for x in items:
        # setup puts one of each common kind on the ruins, 2 per ruins, and 1 rare per ruins (L180)
        want = 3 if x.rarity == "common" else 1
        require(x.count == want, f"{fname} item {x.id!r}: a {x.rarity} item has {want} token(s), not {x.count}")
    common = [x for x in items if x.rarity == "common"]
    rare = [x for x in items if x.rarity == "rare"]
    total = sum(x.count for x in items)
    require(total == 24, f"{fname}: the game has 24 item tokens (L61), not {total}")
    require(sum(x.count for x in common) == 18 and sum(x.count for x in rare) == 6,
            f"{fname}: 18 common and 6 rare item tokens (L61)")
    require(len(common) == 6 and len(rare) == 6,
            f"{fname}: 6 common kinds (2 per ruins at setup, the rest in 6 store stacks) and 6 rare items")
    ids = {x.id for x in items}
    missing = sorted(set(HAVE_ITEMS) - ids)
    require(not missing, f"{fname}: the cost icons name items that do not exist: {missing}")
    for x in items:
        if x.id in SPEND_ITEMS:
            require(x.rarity == "common", f"{fname} item {x.id!r}: an item a cost spends is common (L235)")
    reader.refs["item"] = frozenset(ids)

    artifacts = []
    for i, raw in enumerate(table_list(data, "artifact", fname)):
        e = Entry(raw, f"{fname} artifact {entry_id(raw, fname, 'artifact', i)!r}", ARTIFACT_FIELDS)
        size = e.choice("size", ("small", "large"))
        artifacts.append(Artifact(e.text("id"), e.text("name"), e.choice("expedition", EXPEDITIONS), size,
                                  1 if size == "small" else 2, e.number("fame", low=0, high=8), e.flag("amphibian"),
                                  reader.terms(e, "abilities", "ability", "artifact"), e.text("text"), e.source(),
                                  e.stated(ARTIFACT_FIELDS)))
    unique((a.id for a in artifacts), f"{fname} artifacts")
    unique([*(x.id for x in items), *(a.id for a in artifacts)], f"{fname} items and artifacts")
    require(len(artifacts) == 9, f"{fname}: the game has 9 artifact tokens (L62), not {len(artifacts)}")
    for area in EXPEDITIONS:
        n = sum(1 for a in artifacts if a.expedition == area)
        require(n == 3, f"{fname}: 3 artifacts belong to {area} (L62), not {n}")
    reader.refs["artifact"] = frozenset(a.id for a in artifacts)
    reader.artifact_names.update((a.id, a.name) for a in artifacts)
    return tuple(items), tuple(artifacts)


# -- location tiles --------------------------------------------------------------------------------
TILE_FIELDS = ("id", "type", "front", "back", "source", "stated")
SIDE_FIELDS = ("name", "state", "counts_as", "paw", "strong", "enhance", "enhance_on", "text")


def _side(reader: Reader, raw: object, where: str) -> LocationSide:
    e = Entry(raw, where, SIDE_FIELDS)
    return LocationSide(e.text("name"), e.choice("state", SIDE_STATES), e.choice("counts_as", LOCATION_TYPES),
                        reader.terms(e, "paw", "effect", "location"), reader.terms(e, "strong", "effect", "location"),
                        e.choice("enhance", ("", "food", "card_draw", "trading"), ""),
                        e.choice("enhance_on", ("paw", "strong"), "paw"), e.text("text"))


def _tiles(reader: Reader) -> tuple[LocationTile, ...]:
    fname = "locations.toml"
    tiles = []
    for i, raw in enumerate(table_list(reader.file(fname), "tile", fname)):
        e = Entry(raw, f"{fname} tile {entry_id(raw, fname, 'tile', i)!r}", TILE_FIELDS)
        kind = e.choice("type", LOCATION_TYPES)
        front = _side(reader, e.raw.get("front"), f"{e.where} front")
        back = _side(reader, e.raw.get("back"), f"{e.where} back")
        want = ("ruins", "restored") if kind == "ruins" else ("intact", "ruined")
        require((front.state, back.state) == want,
                f"{e.where}: a {kind} tile shows {want[0]} on its front and {want[1]} on its back")
        require(front.counts_as == kind and (kind == "ruins" or back.counts_as == kind),
                f"{e.where}: its sides must count as {kind} (a restored side counts as its new type)")
        for side in (front, back):
            require(bool(side.paw), f"{e.where}: every side has an action")
            require(side.state in ("intact", "restored") or not side.enhance,
                    f"{e.where}: a ruined side or ruins have a crossed symbol: no enhancement (L497)")
        tiles.append(LocationTile(e.text("id"), kind, front, back, e.source(), e.stated(TILE_FIELDS)))
    unique((t.id for t in tiles), fname)
    require(len(tiles) == 12, f"{fname}: the game has 12 location tiles (L60), not {len(tiles)}")
    for kind in LOCATION_TYPES:
        n = sum(1 for t in tiles if t.type == kind)
        require(n == 3, f"{fname}: 3 tiles of type {kind}, not {n}")
    groves = sorted(str(t.front.paw[0].args[0]) for t in tiles if t.type == "grove")
    require(groves == sorted(BASIC_FOODS), f"{fname}: one grove each for acorn, raspberry and mushroom (L381)")
    restored = sorted(t.back.counts_as for t in tiles if t.type == "ruins")
    require(restored == ["grove", "store", "tower"],
            f"{fname}: the ruins hide one restored store, lookout tower and grove (L409)")
    ruined_stores = {tuple(str(x) for x in t.back.paw) for t in tiles if t.type == "store"}
    require(len(ruined_stores) == 3, f"{fname}: each ruined store has a different ability (L489)")
    reader.refs["tile"] = frozenset(t.id for t in tiles)
    return tuple(tiles)


# -- the store -------------------------------------------------------------------------------------
def _store(reader: Reader) -> Store:
    fname = "store.toml"
    data = reader.file(fname)
    e = Entry(data.get("store"), f"{fname} [store]", ("rows", "columns", "source"))
    rows = e.words("rows", (*FOODS, "any_food"))
    columns = []
    for i, raw in enumerate(e.seq("columns")):
        c = Entry(raw, f"{fname} [store] column {i + 1}", ("symbol", "size", "start"))
        columns.append(StoreColumn(c.choice("symbol", (*FOODS, "any_food")), c.choice("size", ("small", "large")),
                                   c.choice("start", ("common", "rare", "empty"))))
    require(len(columns) == 4 and [c.size for c in columns] == ["small", "small", "large", "large"],
            f"{fname}: 2 columns of small slots then 2 of large slots (L461)")
    require([c.start for c in columns] == ["common", "common", "rare", "empty"],
            f"{fname}: common stacks in the small columns, rares in the third, the fourth empty (L181)")
    # 6 stacks of common items and 6 unique rares must always find their slot
    require(len(rows) == 3, f"{fname}: 3 rows, so 6 small and 6 large slots hold 6 common kinds and 6 rares")
    b = Entry(data.get("trading_bonus"), f"{fname} [trading_bonus]", ("choices", "source"))
    bonus = []
    for i, raw in enumerate(b.seq("choices")):
        c = Entry(raw, f"{fname} [trading_bonus] choice {i + 1}", ("symbols", "effects"))
        bonus.append((c.number("symbols", low=1, high=10), reader.terms(c, "effects", "effect", "store")))
    b.source()
    g = Entry(data.get("gallery"), f"{fname} [gallery]", ("small", "large", "source"))
    g.source()
    return Store(rows, tuple(columns), tuple(bonus), reader.terms(g, "small", "effect", "store"),
                 reader.terms(g, "large", "effect", "store"), e.source())


# -- cards -----------------------------------------------------------------------------------------
CARD_FIELDS = ("id", "name", "deck", "icons", "fame", "bonus", "blue_triangle", "skill", "enhancement", "requires",
               "cost", "options", "effects", "test", "reroll", "win", "lose", "text", "source", "stated")
OPTION_FIELDS = ("label", "morality", "requires", "cost", "effects", "test", "reroll", "win", "lose")
PLACEMENTS = ("discard_this", "story_face_down", "stays")


def _option(reader: Reader, e: Entry, context: str, label: str) -> Option:
    test_text = e.raw.get("test")
    test = parse_term(test_text, "test", context, f"{e.where} test", reader.refs) if test_text is not None else None
    option = Option(label, e.choice("morality", ("", "good", "evil"), ""),
                    reader.terms(e, "requires", "condition", context), reader.costs(e, "cost", context),
                    reader.terms(e, "effects", "effect", context), test, reader.costs(e, "reroll", context),
                    reader.terms(e, "win", "effect", context), reader.terms(e, "lose", "effect", context))
    require(test is not None or not (option.win or option.lose or option.reroll),
            f"{e.where}: win, lose and reroll need a test")
    require(not option.reroll or (test is not None and test.keyword.startswith("roll")),
            f"{e.where}: only a roll test can be re-rolled")
    if test is not None and test.keyword in ("fight", "duel"):
        require(test.keyword == "duel" or any(t.keyword in PLACEMENTS for t in option.lose),
                f"{e.where}: a fight against a card opponent says where the card goes when you lose")
    for branch in (option.effects, option.win, option.lose):
        placed = [t.keyword for t in branch if t.keyword in PLACEMENTS]
        require(len(placed) <= 1, f"{e.where}: a card goes to one place, not {placed}")
    return option


def _card(reader: Reader, raw: object, where: str, deck_family: str) -> Card:
    e = Entry(raw, where, CARD_FIELDS)
    deck = e.choice("deck", DECKS, deck_family)
    context = "expedition" if deck in EXPEDITIONS else deck
    belongs = deck in EXPEDITIONS if deck_family == "expedition" else deck == deck_family
    require(belongs, f"{where}: a {deck} card does not belong in this file")
    icons = e.words("icons", ICONS)
    require(bool(icons), f"{where}: a card shows at least 1 icon top left")
    require(icons[0] in ICON_COLUMN, f"{where}: the leftmost icon must be a category icon, not {icons[0]!r}")
    require("either" not in icons[1:] and "wildcard" not in icons[1:],
            f"{where}: the either and wildcard icons only appear leftmost")
    column = ICON_COLUMN[icons[0]]
    require(not (icons[0] == "wildcard" and deck != "deed"), f"{where}: only deeds carry the wildcard")
    require(sum(1 for i in icons if i in MORALITY_ICONS) <= 1, f"{where}: at most one good/evil/either icon")
    enhancement = e.words("enhancement", ENHANCEMENT_SYMBOLS)
    if deck in EXPEDITIONS:
        require(not enhancement, f"{where}: expedition cards never reach a hand, so have no enhancement section")
    else:
        require(1 <= len(enhancement) <= 2, f"{where}: the enhancement section shows 1 or 2 symbols")
    bonus = e.choice("bonus", ("", *TOP_BONUSES), "")
    blue = e.flag("blue_triangle")
    require(not blue or bonus in FOODS, f"{where}: only a grove food bonus carries the blue triangle")
    skill = e.text("skill", "")
    if skill:
        parse_term(skill, "skill", context, f"{where} skill", reader.refs)
    # a card with one way to resolve it may write that option's fields at the card level
    inline = {k: e.raw[k] for k in ("effects", "test", "reroll", "win", "lose") if k in e.raw}
    raw_options = e.seq("options")
    require(not (inline and raw_options), f"{where}: write the effects inside its options, not beside them")
    name = e.text("name")
    if raw_options:
        options = []
        for i, o in enumerate(raw_options):
            oe = Entry(o, f"{where} option {i + 1}", OPTION_FIELDS)
            options.append(_option(reader, oe, context, oe.text("label")))
    else:
        options = [_option(reader, Entry(inline, where, OPTION_FIELDS), context, name)]
    labels = [o.label for o in options]
    require(len(set(labels)) == len(labels) and all(labels), f"{where}: options need distinct, non-empty labels")
    if icons[0] == "either":
        require(sorted(o.morality for o in options) == ["evil", "good"],
                f"{where}: a moral-choice card has one good and one evil option (L337)")
    else:
        require(all(o.morality == "" for o in options), f"{where}: only a moral-choice card marks its options")
    card_requires, card_cost = reader.terms(e, "requires", "condition", context), reader.costs(e, "cost", context)
    if deck in EXPEDITIONS:
        # L522: "If you cannot pay the full cost of a card, read its description": some option is always open
        require(not card_cost and not card_requires and any(not o.cost and not o.requires for o in options),
                f"{where}: an expedition card needs an option with no cost or requirement (for when you cannot pay)")
    for o in options:
        for t in (*o.effects, *o.win, *o.lose):
            require(t.keyword != "stays" or deck == "encounter", f"{where}: only an encounter stays in its slot")
    card = Card(e.text("id"), name, deck, icons, column, e.number("fame", low=0, high=5), bonus, blue, skill,
                enhancement, card_requires, card_cost, tuple(options), e.text("text"), e.source(),
                e.stated(CARD_FIELDS))
    _check_text(card, where, reader.artifact_names)
    return card


FOOD_NAMES = {"raspberry": "raspberr", "acorn": "acorn", "mushroom": "mushroom", "tea": "tea"}


def _check_text(card: Card, where: str, artifact_names: Mapping[str, str]) -> None:
    """The printed text must mention what the data makes the card do (a cheap guard against drift)."""
    text = card.text.lower()
    require(len(text) >= 20, f"{where}: the text players read is missing or too short")

    def mention(word: str, why: str) -> None:
        require(word in text, f"{where}: the text never mentions {word!r} ({why})")

    costs = [alt for c in card.cost for alt in c] + [alt for o in card.options for c in o.cost for alt in c]
    for term in costs:
        what = str(term.args[0]) if term.args else ""
        if what in FOOD_NAMES:
            mention(FOOD_NAMES[what], str(term))
        elif what in HAVE_ITEMS:
            mention(what, str(term))
    for o in card.options:
        if o.test is not None and o.test.keyword == "fight":
            mention("fight", str(o.test))
        for t in (*o.effects, *o.win, *o.lose):
            if t.keyword == "advance":
                mention("advance", str(t))
            elif t.keyword == "artifact":
                mention(artifact_names[str(t.args[0])].lower(), str(t))


def _cards(reader: Reader, filename: str, family: str) -> tuple[Card, ...]:
    data = reader.file(filename)
    return tuple(_card(reader, raw, f"{filename} {family} {entry_id(raw, filename, family, i)!r}", family)
                 for i, raw in enumerate(table_list(data, family, filename)))



# -- tents, characters and the counted components ---------------------------------------------------
TENT_BONUSES = ("draw:2", "morality:choose:1", "gain:raspberry:1", "gain:mushroom:1", "gain:acorn:1", "gain:tea:1",
                "", "gain:basic:1", "boost:movement:1", "boost:trading:1", "boost:strength:1",
                "boost:card_draw:1")   # the 12 tent bonuses of L605-619 ("" is the tent with an X)


def _tents(reader: Reader) -> tuple[Tent, ...]:
    fname = "tents.toml"
    tents = []
    for i, raw in enumerate(table_list(reader.file(fname), "tent", fname)):
        e = Entry(raw, f"{fname} tent {entry_id(raw, fname, 'tent', i)!r}", ("id", "name", "effects", "text", "source"))
        effects = reader.terms(e, "effects", "effect", "camp")
        require(" ".join(str(t) for t in effects) in TENT_BONUSES,
                f"{e.where}: a tent shows one of the 12 bonuses of L605-619, not {[str(t) for t in effects]}")
        tents.append(Tent(e.text("id"), e.text("name"), effects, e.text("text"), e.source()))
    unique((t.id for t in tents), fname)
    require(len(tents) == 14, f"{fname}: the game has 14 tent tokens (L67), not {len(tents)}")
    kinds = {" ".join(str(x) for x in t.effects) for t in tents}
    missing = [k or "X" for k in TENT_BONUSES if k not in kinds]
    require(not missing, f"{fname}: tent bonuses {missing} of L605-619 are missing")
    return tuple(tents)


CHARACTER_FIELDS = ("id", "name", "colour", "movement", "strength", "trading", "dice", "backpack_slots",
                    "movement_slots", "paws", "strong_paws", "flags", "tent_slots", "source")


def _components(reader: Reader) -> tuple[tuple[Character, ...], MoralityTrack, FightDice,
                                          tuple[LegendaryToken, ...], Supply]:
    fname = "components.toml"
    data = reader.file(fname)
    characters = []
    for i, raw in enumerate(table_list(data, "character", fname)):
        e = Entry(raw, f"{fname} character {entry_id(raw, fname, 'character', i)!r}", CHARACTER_FIELDS)
        c = Character(e.text("id"), e.text("name"), e.text("colour"), e.number("movement", high=5),
                      e.number("strength", high=5), e.number("trading", high=5), e.number("dice", high=3),
                      e.number("backpack_slots", low=1, high=10), e.number("movement_slots", high=5),
                      e.number("paws", low=1, high=8), e.number("strong_paws", high=2), e.number("flags", high=5),
                      e.number("tent_slots", high=5), e.source())
        require((c.backpack_slots, c.movement_slots, c.paws, c.strong_paws, c.flags) == (5, 2, 4, 1, 3),
                f"{e.where}: 5 backpack slots (2 with movement), 4 paw tokens (1 strong), 3 flags (L73-98)")
        characters.append(c)
    unique((c.id for c in characters), f"{fname} characters")
    require(sorted(c.name for c in characters) == ["Bird", "Frog", "Hedgehog", "Mouse"],
            f"{fname}: the Hedgehog, the Mouse, the Bird and the Frog (L90)")

    m = Entry(data.get("morality"), f"{fname} [morality]", ("fame", "start", "source"))
    fame = tuple(int(v) for v in m.seq("fame") if isinstance(v, int))
    require(len(fame) == len(m.seq("fame")) and len(fame) % 2 == 1 and len(fame) >= 3,
            f"{m.where}: the fame of each spot, an odd number of whole numbers")
    start = m.number("start", high=len(fame) - 1)
    require(start == len(fame) // 2, f"{m.where}: the token starts in the middle spot (L106)")
    require(max(fame) == 7, f"{m.where}: good or evil, up to 7 fame points (L106)")
    morality = MoralityTrack(fame, start, m.source())

    d = Entry(data.get("dice"), f"{fname} [dice]", ("count", "faces", "star_strength", "star_number", "source"))
    faces = d.seq("faces")
    require(all(f == "star" or (isinstance(f, str) and f.isdigit()) for f in faces) and "star" in faces
            and {"1", "2", "3"} <= set(faces), f"{d.where}: faces are numbers and the winning symbol 'star'; the "
            "rulebook shows rolls of 1, 2 and 3")
    dice = FightDice(d.number("count", low=3, high=3), tuple(str(f) for f in faces), d.number("star_strength", high=6),
                     d.number("star_number", high=6), d.source())

    legendary = []
    for i, raw in enumerate(table_list(data, "legendary", fname)):
        e = Entry(raw, f"{fname} legendary {entry_id(raw, fname, 'legendary', i)!r}",
                   ("id", "name", "column", "cards_needed", "fame", "source"))
        legendary.append(LegendaryToken(e.text("id"), e.text("name"), e.choice("column", LEGENDARY_COLUMNS),
                                        e.number("cards_needed", low=5, high=5), e.number("fame", low=3, high=3),
                                        e.source()))
    require(sorted(t.column for t in legendary) == sorted(LEGENDARY_COLUMNS),
            f"{fname}: 3 legendary deed tokens, trading, pioneering and fighting (L65)")

    s = Entry(data.get("supply"), f"{fname} [supply]",
               ("food", "tunnel_tokens", "first_player_fame", "encounter_slots", "hand_size", "hand_limit",
                "start_food", "days", "enhancement_cards", "help_spot", "universal_campsite", "empty_deck_advance",
                "source"))
    food_raw = s.raw.get("food")
    require(isinstance(food_raw, dict) and sorted(food_raw) == sorted(FOODS)
            and all(food_raw[k] == 16 for k in FOODS), f"{s.where}: 16 of each of the 4 foods (L64)")
    assert isinstance(food_raw, dict)

    def choices(key: str) -> tuple[tuple[Term, ...], ...]:
        out = []
        for i, group in enumerate(s.seq(key)):
            require(isinstance(group, list), f"{s.where} {key}: each choice is a list of effects")
            out.append(tuple(parse_term(t, "effect", "camp", f"{s.where} {key} choice {i + 1}", reader.refs)
                             for t in group))
        return tuple(out)

    supply = Supply(MappingProxyType(dict(food_raw)), s.number("tunnel_tokens", low=2, high=2),
                    s.number("first_player_fame", low=1, high=1), s.number("encounter_slots", low=3, high=3),
                    s.number("hand_size", low=5, high=5), s.number("hand_limit", low=7, high=7),
                    s.words("start_food", BASIC_FOODS), s.number("days", low=4, high=4),
                    s.number("enhancement_cards", low=2, high=2), choices("help_spot"), choices("universal_campsite"),
                    reader.costs(s, "empty_deck_advance", "expedition"), s.source())
    require(sorted(supply.start_food) == sorted(BASIC_FOODS), f"{s.where}: 1 mushroom, 1 raspberry, 1 acorn (L196)")
    return tuple(characters), morality, dice, tuple(legendary), supply


# -- the whole content -----------------------------------------------------------------------------
def _deck_checks(deeds: tuple[Card, ...], encounters: tuple[Card, ...], decks: dict[str, tuple[Card, ...]],
                 artifacts: tuple[Artifact, ...]) -> None:
    require(len(deeds) == 70, f"deeds.toml: the game has 70 deed cards (L68), not {len(deeds)}")
    require(len(encounters) == 20, f"encounters.toml: the game has 20 encounter cards (L69), not {len(encounters)}")
    for deck in EXPEDITIONS:
        n = len(decks[deck])
        require(n == 12, f"expeditions.toml: the {deck} deck has 12 cards (L70), not {n}")
    everything = [*deeds, *encounters, *(c for d in decks.values() for c in d)]
    unique((c.id for c in everything), "cards (deeds.toml, encounters.toml, expeditions.toml)")
    names = [c.name for c in everything]
    require(len(set(names)) == len(names), "cards: two cards share a name; players tell cards apart by name")
    # every artifact can be won in its own area: cards hand out artifacts of their own expedition only
    for card in everything:
        for o in card.options:
            for t in (*o.effects, *o.win, *o.lose):
                if t.keyword == "artifact":
                    area = next(a.expedition for a in artifacts if a.id == t.args[0])
                    require(card.deck == area, f"expeditions.toml card {card.id!r}: {t} belongs to {area}")
    for a in artifacts:
        found = any(str(t) == f"artifact:{a.id}" for c in decks[a.expedition] for o in c.options
                    for t in (*o.effects, *o.win, *o.lose))
        require(found, f"expeditions.toml: no {a.expedition} card hands out the artifact {a.id!r}")


def _load(folder: Path | None) -> Content:
    reader = Reader(folder)
    items, artifacts = _items(reader)
    tiles = _tiles(reader)
    store = _store(reader)
    spaces, paths, expeditions, width, height = read_board(reader, tiles)
    deeds = _cards(reader, "deeds.toml", "deed")
    encounters = _cards(reader, "encounters.toml", "encounter")
    expedition_cards = _cards(reader, "expeditions.toml", "expedition")
    decks = {deck: tuple(c for c in expedition_cards if c.deck == deck) for deck in EXPEDITIONS}
    _deck_checks(deeds, encounters, decks, artifacts)
    tents = _tents(reader)
    characters, morality, dice, legendary, supply = _components(reader)
    neighbours: dict[str, list[str]] = {s.id: [] for s in spaces}
    for x in expeditions:
        neighbours[x.start] = []
    for a, b in paths:
        neighbours[a].append(b)
        neighbours[b].append(a)
    for x in expeditions:
        neighbours[x.exit].append(x.start)
        neighbours[x.start].append(x.exit)
    all_cards = (*deeds, *encounters, *(c for deck in EXPEDITIONS for c in decks[deck]))
    return Content(
        spaces=spaces, space_by_id=MappingProxyType({s.id: s for s in spaces}), paths=paths,
        neighbours=MappingProxyType({k: tuple(v) for k, v in neighbours.items()}), expeditions=expeditions,
        expedition_by_id=MappingProxyType({x.id: x for x in expeditions}), tiles=tiles,
        tile_by_id=MappingProxyType({t.id: t for t in tiles}), store=store, items=items,
        item_by_id=MappingProxyType({x.id: x for x in items}), artifacts=artifacts,
        artifact_by_id=MappingProxyType({a.id: a for a in artifacts}), deeds=deeds, encounters=encounters,
        expedition_decks=MappingProxyType(decks), card_by_id=MappingProxyType({c.id: c for c in all_cards}),
        all_cards=all_cards, card_index=MappingProxyType({c.id: i for i, c in enumerate(all_cards)}), tents=tents,
        characters=characters, morality=morality, dice=dice, legendary=legendary, supply=supply,
        board_size=(width, height))


@cache
def _packaged() -> Content:
    return _load(None)


def load_content(folder: Path | None = None) -> Content:
    """The validated content: the package's (cached: immutable and shared by every state), or a designer's
    copy in `folder` (files it lacks come from the package). A bad file raises ContentError."""
    return _packaged() if folder is None else _load(folder)
