"""The Trial of the Forest content: the TOML data under content/, loaded into typed immutable objects.

Everything a card, tile, token or space *does* is written in one small vocabulary of terms
(`VOCABULARY` below): a term is a keyword followed by its parameters, separated by colons
("gain:tea:2", "fight:6:1", "at:tower"). Each keyword declares its kind (condition, cost, test,
effect, ability, skill), its parameters and where it may appear; the rules interpret the terms, and
docs/rules/trial.md says exactly what the rules do with each one.

`load_content(folder)` validates everything as it loads: the counts of the component list, every
reference (spaces, tiles, artifacts, items), the board graph, every term against the vocabulary and
every entry's source. A bad file is refused with a ContentError naming the file, the entry and the fault.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from talewood.engine.content import check_source, load_toml, require

GAME_ID = "trial"
PACKAGE = "talewood.games.trial"
FILES = ("board.toml", "locations.toml", "store.toml", "items.toml", "deeds.toml", "encounters.toml",
         "expeditions.toml", "tents.toml", "components.toml")

# -- the words of the game ---------------------------------------------------------------------------
BASIC_FOODS = ("raspberry", "acorn", "mushroom")
FOODS = (*BASIC_FOODS, "tea")
# a food gained by choice: basic = a raspberry, acorn or mushroom (where the rulebook leaves tea out, L480,
# L493, L580, L612, L631); any = a food token of any kind, a tea leaf included (L475, L499)
GAINED_FOODS = (*FOODS, "basic", "any")
LOCATION_TYPES = ("grove", "ruins", "tower", "store")
COLUMNS = ("morality", "trading", "pioneering", "fighting")   # the four columns of a story
LEGENDARY_COLUMNS = ("trading", "pioneering", "fighting")
# top-left icons: the leftmost decides the column; a category icon is also that column's skill
ICONS = ("good", "evil", "either", "trading", "pioneering", "fighting", "wildcard", "die")
MORALITY_ICONS = ("good", "evil", "either")
ICON_COLUMN = {"good": "morality", "evil": "morality", "either": "morality", "trading": "trading",
               "pioneering": "pioneering", "fighting": "fighting", "wildcard": "chosen"}
SKILL_OF_ICON = {"trading": "trading", "pioneering": "movement", "fighting": "strength"}
ENHANCEMENT_SYMBOLS = ("movement", "strength", "trading", "card_draw", *FOODS)
TOP_BONUSES = (*FOODS, "card_draw")
DECKS = ("deed", "encounter", "frosty_hill", "forgotten_swamps", "dark_caverns")
EXPEDITIONS = ("frosty_hill", "forgotten_swamps", "dark_caverns")
# the item icons a cost may show uncrossed ("you need to have", L233) and crossed ("spend", L235)
HAVE_ITEMS = ("shovel", "spyglass", "torch", "kettle", "axe", "rope", "shield", "bow", "sword")
SPEND_ITEMS = ("shovel", "torch", "axe", "rope")
SPACE_KINDS = ("path", "location", "start", "campsite", "tunnel", "exit")
CORNERS = ("nw", "ne", "sw", "se")
SIDE_STATES = ("intact", "ruined", "ruins", "restored")
LINES = ("plain", "dotted", "dashed")

# where a term may be written: card decks, location tiles, the camp (campsites, the universal
# campsite, tents, the help spot), expedition finishing spaces and the store (trading bonus, gallery)
CARD = frozenset({"deed", "encounter", "expedition"})
FOREST_CARD = frozenset({"deed", "encounter"})
ANYWHERE = CARD | {"location", "camp", "finish", "store"}
KIND_CONTEXTS = {"condition": CARD, "cost": CARD, "test": CARD, "effect": ANYWHERE,
                 "ability": frozenset({"item", "artifact"}), "skill": CARD}


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter of a keyword: a word from `words`, a whole number in low..high, or an id of `ref`."""

    name: str
    words: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    ref: str = ""
    default: str | int | None = None

    def describe(self) -> str:
        kinds = [", ".join(self.words)] if self.words else []
        if self.low is not None:
            kinds.append(f"{self.low}..{self.high}")
        if self.ref:
            kinds.append(f"an id from {self.ref}s")
        return " or ".join(kinds)


@dataclass(frozen=True, slots=True)
class Word:
    """A keyword of the vocabulary: its kind, its parameters, where it may appear and what it means."""

    keyword: str
    kind: str   # condition | cost | test | effect | ability | skill
    params: tuple[Param, ...]
    meaning: str
    contexts: frozenset[str] = frozenset()   # empty: wherever its kind may be written (KIND_CONTEXTS)

    @property
    def allowed(self) -> frozenset[str]:
        return self.contexts or KIND_CONTEXTS[self.kind]

    def signature(self) -> str:
        return ":".join([self.keyword, *(f"<{p.name}>" for p in self.params)])


def _n(name: str = "n", low: int = 1, high: int = 4, default: int | None = None) -> Param:
    return Param(name, low=low, high=high, default=default)


def _w(name: str, *words: str, default: str | None = None) -> Param:
    return Param(name, words=words, default=default)


VOCABULARY_LIST: tuple[Word, ...] = (
    # -- conditions: the requirement icons of a card or option; all must hold ----------------------
    Word("same_space", "condition", (), "Another adventurer stands on your space."),
    Word("same_space_evil", "condition", (), "An evil adventurer (morality right of the middle) stands on your space."),
    Word("at", "condition", (_w("place", *LOCATION_TYPES, "location", "campsite", "tunnel"),),
         "Your piece is on a space of that kind: a location of that type (board type, whatever side its tile "
         "shows; restored ruins count as their new type too), any location, a campsite space, or a space with a "
         "passable tunnel."),
    Word("tile_intact", "condition", (),
         "The location tile on your space shows a side that can be ruined: the front of a grove, lookout tower "
         "or store, or the restored side of ruins."),
    Word("paws", "condition", (_w("pattern", "border", "diagonal", "follow", "three_types"),),
         "Your paw tokens on location tiles form the pattern: border = on both corner locations of one side of "
         "the board; diagonal = on two diagonally opposite corner locations; follow = on at least 2 location "
         "tiles that also hold a paw token of one and the same other adventurer; three_types = at least 3 paw "
         "tokens placed, every one of them on a location and no two on the same type (2 stores are one type)."),
    Word("story_columns", "condition", (_n("n", 1, 4),), "Your story has face-up cards in at least n columns."),
    Word("no_evil_story", "condition", (), "No face-up card in your story shows the evil icon top left."),
    # -- costs: paid in full before the effect; "a/b" in the data means one of the alternatives ---------
    Word("spend", "cost", (_w("what", *FOODS, "any_food", "card", *SPEND_ITEMS, "amphibian"), _n(default=1)),
         "Spend n of it: food goes back to the tray (a tea leaf may replace a raspberry, acorn or mushroom; "
         "any_food accepts any food token), a card from your hand goes to its discard pile, an item goes back "
         "to the store, amphibian = an item or artifact with the amphibian symbol (an artifact goes to the box)."),
    Word("have", "cost", (_w("what", *HAVE_ITEMS),), "You must carry this item in your backpack; it is not spent."),
    Word("give", "cost", (_w("what", "any_food", "tea", "card"), _n(default=1)),
         "Hand n of it from your own resources to one adventurer on your space (a card from your hand)."),
    Word("spend_per_object", "cost", (),
         "Spend 1 food token or 1 card from your hand for every item and artifact in your backpack, in any mix."),
    Word("spend_to_gallery", "cost", (_w("food", *FOODS),),
         "Spend 1 food token of that kind (tea may replace a basic food); it goes to the gallery section, "
         "out of play."),
    # -- tests: what decides between the win and the lose effects ---------------------------------
    Word("fight", "test", (_n("strength", 0, 12), _n("dice", 0, 4)),
         "Fight a card opponent (always the defender; plays no cards): its strength is `strength` plus the "
         "roll of `dice` fight dice, rolled by you. Win with strictly more strength; a tie goes to the defender."),
    Word("duel", "test", (_w("target", "same_space", "same_space_evil"),),
         "Attack another adventurer on your space (an evil one for same_space_evil) in a fight between "
         "adventurers. `win` applies to the winner, `lose` to the loser; the winner adds this card to their story.",
         FOREST_CARD),
    Word("roll_at_least", "test", (_n("n", 1, 3),),
         "Roll 1 fight die: success if its number is n or more (the winning symbol counts as its number)."),
    Word("roll_star", "test", (), "Roll 1 fight die: success on the winning symbol."),
    Word("roll_under_fame", "test", (),
         "Discard any number of cards (at least 1) from your hand, then roll 1 fight die: success if the "
         "number is lower than the total fame printed on the discarded cards; the same number has no effect."),
    Word("peek_no_fight", "test", (),
         "Reveal the top card of this expedition's deck: success if it has no fight; put it back on top face down.",
         frozenset({"expedition"})),
    # -- effects: applied in order --------------------------------------------------------------------
    Word("gain", "effect", (_w("food", *GAINED_FOODS), _n()),
         "Gain n food tokens of that kind from the tray; basic = each a raspberry, acorn or mushroom of your "
         "choice; any = each a food token of your choice, a tea leaf included."),
    Word("draw", "effect", (_n(),),
         "Draw n deed cards from the deck; cards gained during your turn are set aside until its end."),
    Word("item", "effect", (_w("rarity", "common", "rare"),),
         "Take 1 item of that rarity of your choice from the store, free, into your backpack."),
    Word("artifact", "effect", (Param("id", ref="artifact"),),
         "Take that artifact from its slot into your backpack (nothing if it is gone).", CARD),
    Word("morality", "effect", (_w("way", "left", "right", "choose"), _n("n", 1, 2, default=1)),
         "Move your morality token n spots left (good), right (evil) or the way you choose."),
    Word("encounter_to_hand", "effect", (),
         "Take 1 face-up encounter card into your hand and refill its slot from the encounter deck; you may "
         "later play it as if it were a deed card."),
    Word("tuck_from_hand", "effect", (),
         "Add 1 card from your hand face down to any column of your story (its effect is ignored)."),
    Word("tuck_face_up", "effect", (_w("source", "hand", "deck"),),
         "Add a card face up to your story without resolving its effect: one from your hand, or the top card "
         "of the deed deck. Its good or evil icon moves your morality as usual; an either icon (or, for the "
         "deck, an evil icon) lets you choose the way.", CARD),
    Word("pick_discard", "effect", (Param("look", words=("all",), low=1, high=5), _n("keep", 1, 3)),
         "Look at the top `look` cards of the deed discard pile (all = the whole pile) and gain `keep` of them "
         "(all of them if there are fewer); the others stay in the pile in order."),
    Word("boost", "effect", (_w("symbol", "movement", "trading", "strength", "card_draw"), _n("n", 1, 3)),
         "Gain n one-time symbols of that kind, kept until you use them in a matching action."),
    Word("tunnel", "effect", (_w("action", "dig", "collapse", "rebuild"), _w("where", "here", "any")),
         "dig: put a tunnel token from the tray passable side up on a space with no tunnel, outside the "
         "expedition areas; collapse: put a token collapsed side up on a printed tunnel, or flip a passable "
         "token; rebuild: remove a collapsed token from a printed tunnel, or turn a collapsed dug token passable "
         "side up. here = your space, any = a space of your choice.",
         FOREST_CARD),
    Word("flip_tile", "effect", (_w("where", "here", "any"), _w("way", "ruin", "restore")),
         "Turn a location tile upside down: ruin = an intact side becomes ruined (a restored side goes back to "
         "ruins); restore = a ruined side becomes intact (ruins become restored; their items go to the store).",
         FOREST_CARD),
    Word("advance", "effect", (_n("n", 1, 2), _w("line", "any", "dotted", "dashed")),
         "Move n steps forward in this expedition area, along lines of that kind (any = any line), paying "
         "every paid path used; landing on a finishing space ends the expedition.", frozenset({"expedition"})),
    Word("reveal_expedition_tops", "effect", (),
         "Turn the top card of each expedition deck face up; it stays face up until it leaves the deck.",
         FOREST_CARD),
    Word("flag_up", "effect", (),
         "Move one of your placed expedition flags to the next finishing space worth more fame in its area "
         "(no effect if none can move).", FOREST_CARD),
    Word("flag_place", "effect", (),
         "Put one of your flags on the lowest-fame finishing space of an area where you have no flag, without "
         "going there and without its reward.", FOREST_CARD),
    Word("first_player", "effect", (), "Take the first player token."),
    Word("others_gain", "effect", (_w("food", *GAINED_FOODS), _n()),
         "Every other adventurer, in round order from your left, gains n food of that kind (basic, any: each "
         "chooses).",
         FOREST_CARD),
    Word("all_draw", "effect", (_n(), _w("mode", "must", "may")),
         "Every adventurer, you first and then in round order, draws n deed cards (may: each decides).",
         FOREST_CARD),
    Word("others_offer", "effect", (_w("deal", "charity", "ritual_good", "ritual_evil", "trafficker"),),
         "Every other adventurer, in round order from your left, decides: charity = may give you 1 food token "
         "and then draws 1 deed card; ritual_good / ritual_evil = may move their morality 1 spot left / right, "
         "and you gain 1 basic food for each who does; trafficker = gives you 1 food token or lets you take 1 "
         "random card from their hand (their choice; nothing if they have neither).", FOREST_CARD),
    Word("steal", "effect", (_w("what", "food", "card"),),
         "Take from another adventurer on your space (in a duel: the loser) 1 food token of your choice, or 1 "
         "random card from their hand.", FOREST_CARD),
    Word("tent_from_box", "effect", (),
         "Draw at random 1 tent token left in the box at setup and put it face down on a campsite space or the "
         "universal campsite that has no tent token.", FOREST_CARD),
    Word("help_spot_food", "effect", (_n("n", 1, 3),),
         "Put n basic food of your choice from the tray on the help spot: each adventurer who next uses the "
         "help spot also takes 1 of them.", FOREST_CARD),
    Word("gain_per_column", "effect", (_w("food", *GAINED_FOODS),),
         "Gain 1 food of that kind for every column of your story that holds a face-up card.", FOREST_CARD),
    Word("swap_strong_paw", "effect", (),
         "Swap your strong paw token on the board with a paw token from your character board (nothing if either "
         "is missing).", FOREST_CARD),
    Word("discard_this", "effect", (),
         "This card does not enter a story: a deed goes to the deed discard pile, an encounter to the bottom of "
         "the encounter deck, an expedition card to its area's discard pile.", CARD),
    Word("story_face_down", "effect", (), "Add this card face down to your story, in its own column.", CARD),
    Word("stays", "effect", (), "This encounter card stays face up in its slot.", frozenset({"encounter"})),
    Word("store", "effect", (),
         "Make store transactions: buy and sell any number of items (never buying and selling the same type "
         "in one visit) and leave artifacts in the gallery.", frozenset({"location"})),
    Word("cards_as_tea", "effect", (_n("n", 1, 2),),
         "During this store action, each card you spend from your hand counts as n tea leaves.",
         frozenset({"location"})),
    Word("ruins_search", "effect", (_w("price", "any_food", "tea"),),
         "Look secretly at the items on these ruins and take 1 of them for the price (1 food token, or 1 tea "
         "leaf); the rest go back face down.", frozenset({"location"})),
    Word("exchange", "effect", (_w("give", *BASIC_FOODS), _w("get", *FOODS)),
         "Exchange 1 food token of the first kind for 1 of the second.", frozenset({"location"})),
    Word("trade_in", "effect", (),
         "Put 1 common item from your backpack into the store (its stack, or an empty small slot); the "
         "effects after it are what you get for it. Once per visit.", frozenset({"location"})),
    # -- abilities of items and artifacts: they work only from your backpack -------------------------
    Word("weapon", "ability", (_n("strength", 0, 4), _n("dice", 0, 2)),
         "Chosen as your one weapon in a fight: + strength points and + dice to roll."),
    Word("store_trading", "ability", (_n("n", 1, 4),), "+n trading symbols when you use a store."),
    Word("forest_movement", "ability", (_n("n", 1, 4),), "+n movement symbols when you move in the forest."),
    Word("redraw", "ability", (),
         "On an expedition, you may discard the card you drew and resolve the next one instead (like the strong "
         "paw; with the strong paw you may discard the first two)."),
    Word("shield", "ability", (_n("n", 1, 2),), "Card opponents (encounters, expeditions) roll n fewer fight dice."),
    Word("bow", "ability", (),
         "Chosen as your weapon: roll 1 die before the fight; the winning symbol wins the fight at once."),
    Word("elixir", "ability", (),
         "During your turn, discard this token to the box to add any card from your hand face up to your story "
         "without resolving it (good or evil icons move your morality as printed; either: your choice)."),
    # -- unique permanent skills printed on a card's top left ---------------------------------------
    Word("cartographer", "skill", (),
         "Each time you land on an expedition's first space, advance 1 space at once along any line (paying a "
         "paid path); in the Forgotten Swamps you may take a finishing space right away."),
    Word("herbalist", "skill", (), "At the help spot you may take a tea leaf instead of a basic food."),
    Word("scavenger", "skill", (), "At ruins, the first item you take each visit costs no food."),
    Word("camper", "skill", (), "Each time you camp, also draw 1 deed card."),
)
VOCABULARY: Mapping[str, Word] = MappingProxyType({w.keyword: w for w in VOCABULARY_LIST})


@dataclass(frozen=True, slots=True)
class Term:
    """One written term: a keyword of VOCABULARY and its parameters (ints or words), defaults filled in."""

    keyword: str
    args: tuple[str | int, ...] = ()

    def __str__(self) -> str:
        return ":".join([self.keyword, *(str(a) for a in self.args)])

    def arg(self, name: str) -> str | int:
        """A parameter by its declared name."""
        for param, value in zip(VOCABULARY[self.keyword].params, self.args, strict=True):
            if param.name == name:
                return value
        raise KeyError(f"{self.keyword} has no parameter {name!r}")


Cost = tuple[Term, ...]   # one cost term: its alternatives ("/" in the data); any one of them pays it


def parse_term(text: object, kind: str, context: str, where: str, refs: Mapping[str, frozenset[str]]) -> Term:
    """Parse and check one term; `where` names the file and entry for the error message."""
    require(isinstance(text, str) and text != "", f"{where}: a {kind} must be a non-empty string, not {text!r}")
    assert isinstance(text, str)
    keyword, *raw = text.split(":")
    word = VOCABULARY.get(keyword)
    if word is None or word.kind != kind:
        known = ", ".join(w.keyword for w in VOCABULARY_LIST if w.kind == kind)
        require(False, f"{where}: unknown {kind} keyword {keyword!r} in {text!r}; known: {known}")
    assert word is not None
    require(context in word.allowed,
            f"{where}: {keyword!r} cannot be used here ({context}); it belongs to {sorted(word.allowed)}")
    params = word.params
    required = sum(1 for p in params if p.default is None)
    require(required <= len(raw) <= len(params),
            f"{where}: {text!r} has {len(raw)} parameter(s); {word.signature()} takes "
            f"{required if required == len(params) else f'{required} to {len(params)}'}")
    args: list[str | int] = []
    for i, param in enumerate(params):
        if i >= len(raw):
            assert param.default is not None
            args.append(param.default)
            continue
        value = raw[i]
        if param.ref:
            require(value in refs.get(param.ref, frozenset()),
                    f"{where}: {text!r}: {value!r} is not a known {param.ref} id")
            args.append(value)
        elif value.lstrip("-").isdigit() and param.low is not None:
            number = int(value)
            high = param.high if param.high is not None else param.low
            require(param.low <= number <= high,
                    f"{where}: {text!r}: {param.name} must be {param.describe()}, not {number}")
            args.append(number)
        else:
            require(value in param.words, f"{where}: {text!r}: {param.name} must be {param.describe()}, not {value!r}")
            args.append(value)
    return Term(keyword, tuple(args))


# -- the objects -------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Option:
    """One way to resolve a card. Order: requirements, cost, effects, test (then win or lose), story."""

    label: str
    morality: str                    # "" or, on a moral-choice card, "good" / "evil"
    requires: tuple[Term, ...]
    cost: tuple[Cost, ...]
    effects: tuple[Term, ...]
    test: Term | None
    reroll: tuple[Cost, ...]         # the price of one re-roll of a roll test (the new roll stands)
    win: tuple[Term, ...]
    lose: tuple[Term, ...]


@dataclass(frozen=True, slots=True)
class Card:
    """A deed, encounter or expedition card. `requires` and `cost` apply to every option."""

    id: str
    name: str
    deck: str
    icons: tuple[str, ...]           # top left, leftmost first
    column: str                      # morality | trading | pioneering | fighting | chosen (wildcard)
    fame: int
    bonus: str                       # top middle: a food (grove bonus) or card_draw (tower bonus), or ""
    blue_triangle: bool
    skill: str                       # a unique permanent skill keyword, or ""
    enhancement: tuple[str, ...]     # the symbols of the enhancement section (none on expedition cards)
    requires: tuple[Term, ...]
    cost: tuple[Cost, ...]
    options: tuple[Option, ...]
    text: str
    source: str
    stated: tuple[str, ...]          # the fields whose values the rulebook states (the rest is designed)

    @property
    def is_moral_choice(self) -> bool:
        return self.icons[0] == "either"

    def skills(self) -> dict[str, int]:
        """The permanent symbols this card gives face up (the wildcard's column is chosen when tucked)."""
        out: dict[str, int] = {}
        for icon in self.icons:
            symbol = SKILL_OF_ICON.get(icon) or ("die" if icon == "die" else "")
            if symbol:
                out[symbol] = out.get(symbol, 0) + 1
        return out


@dataclass(frozen=True, slots=True)
class Space:
    id: str
    name: str
    kind: str                        # path | location | start | campsite | tunnel | exit
    x: int
    y: int
    location: str                    # the location type printed on the space, or ""
    tile: str                        # the tile of the fixed arrangement (setup shuffles within the type)
    side: str                        # the side that tile shows: front at setup (L177), or back
    corner: str                      # nw | ne | sw | se for the 4 corner locations, or ""
    bonus: tuple[Term, ...]          # a campsite's bonus
    expedition: str                  # the area an exit space leads into, or ""
    source: str


@dataclass(frozen=True, slots=True)
class ExpeditionSpace:
    id: str
    name: str
    kind: str                        # start | space | finish
    x: int
    y: int
    fame: int                        # a finishing space's fame
    reward: tuple[Term, ...]         # a finishing space's bonus (the Forgotten Swamps' resources)
    source: str


@dataclass(frozen=True, slots=True)
class Step:
    """A forward line inside an expedition area; `pay` is the extra cost of a paid path."""

    frm: str
    to: str
    line: str                        # plain | dotted | dashed
    pay: tuple[Cost, ...]


@dataclass(frozen=True, slots=True)
class Expedition:
    id: str                          # also its deck's id
    name: str
    direction: str
    exit: str                        # the forest space right before the start
    start: str
    spaces: tuple[ExpeditionSpace, ...]
    steps: tuple[Step, ...]
    item_hints: tuple[str, ...]
    source: str

    def forward(self, space: str) -> tuple[Step, ...]:
        return tuple(s for s in self.steps if s.frm == space)

    @property
    def finishes(self) -> tuple[ExpeditionSpace, ...]:
        return tuple(s for s in self.spaces if s.kind == "finish")


@dataclass(frozen=True, slots=True)
class LocationSide:
    name: str
    state: str                       # intact | ruined (grove/tower/store) | ruins | restored
    counts_as: str                   # the location type this side works as
    paw: tuple[Term, ...]            # a paw token (and the strong paw) resolves these
    strong: tuple[Term, ...]         # the strong paw also resolves these (the "+")
    enhance: str                     # story symbols and up to 2 discards apply: food | card_draw | trading | ""
    enhance_on: str                  # "paw" (the whole action) or "strong" (the strong paw's part only)
    text: str


@dataclass(frozen=True, slots=True)
class LocationTile:
    id: str
    type: str
    front: LocationSide
    back: LocationSide
    source: str
    stated: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class StoreColumn:
    symbol: str                      # a food or any_food: half of the price of each slot below it
    size: str                        # small (common items) | large (rare items)
    start: str                       # what stands there at setup: common | rare | empty


@dataclass(frozen=True, slots=True)
class Store:
    rows: tuple[str, ...]            # the symbol left of each row
    columns: tuple[StoreColumn, ...]
    trading_bonus: tuple[tuple[int, tuple[Term, ...]], ...]   # (trading symbols, what they buy)
    gallery_small: tuple[Term, ...]
    gallery_large: tuple[Term, ...]
    source: str

    def price(self, row: int, column: int) -> tuple[str, str]:
        """The 2 food symbols of a slot: its column's, then its row's (buying pays them, selling gains them)."""
        return (self.columns[column].symbol, self.rows[row])


@dataclass(frozen=True, slots=True)
class Item:
    id: str
    name: str
    rarity: str                      # common | rare
    count: int
    slots: int
    fame: int
    amphibian: bool
    abilities: tuple[Term, ...]
    text: str
    source: str
    stated: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Artifact:
    id: str
    name: str
    expedition: str
    size: str                        # small | large
    slots: int
    fame: int
    amphibian: bool
    abilities: tuple[Term, ...]
    text: str
    source: str
    stated: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Tent:
    id: str
    name: str
    effects: tuple[Term, ...]        # boosts are kept and used once later; the rest apply at once
    text: str
    source: str

    @property
    def kept(self) -> bool:
        return any(t.keyword == "boost" for t in self.effects)


@dataclass(frozen=True, slots=True)
class Character:
    id: str
    name: str
    colour: str
    movement: int                    # printed on the board, besides the backpack's movement slots
    strength: int
    trading: int
    dice: int
    backpack_slots: int
    movement_slots: int              # slots that print a movement symbol (covered = lost)
    paws: int
    strong_paws: int
    flags: int
    tent_slots: int
    source: str


@dataclass(frozen=True, slots=True)
class MoralityTrack:
    fame: tuple[int, ...]            # fame of each spot, left (good) to right (evil)
    start: int                       # the middle spot
    source: str


@dataclass(frozen=True, slots=True)
class FightDice:
    count: int
    faces: tuple[str, ...]           # "1", "2", "3" … or "star" (the winning symbol)
    star_strength: int               # strength points the winning symbol gives
    star_number: int                 # the number it counts as (Swindler, roll tests)
    source: str

    def strength(self, face: int) -> int:
        value = self.faces[face]
        return self.star_strength if value == "star" else int(value)

    def number(self, face: int) -> int:
        value = self.faces[face]
        return self.star_number if value == "star" else int(value)


@dataclass(frozen=True, slots=True)
class LegendaryToken:
    id: str
    name: str
    column: str
    cards_needed: int
    fame: int
    source: str


@dataclass(frozen=True, slots=True)
class Supply:
    """The counted components of the tray and the box, and the numbers of the player setup."""

    food: Mapping[str, int]
    tunnel_tokens: int
    first_player_fame: int
    encounter_slots: int
    hand_size: int
    hand_limit: int
    start_food: tuple[str, ...]
    days: int
    enhancement_cards: int           # cards you may discard for one enhancement (L294)
    help_spot: tuple[tuple[Term, ...], ...]          # the choices of the help spot
    universal_campsite: tuple[tuple[Term, ...], ...]  # the choices of the universal campsite
    empty_deck_advance: tuple[Cost, ...]             # what advances you when an expedition deck is empty
    source: str


@dataclass(frozen=True, slots=True)
class Content:
    spaces: tuple[Space, ...]
    space_by_id: Mapping[str, Space]
    paths: tuple[tuple[str, str], ...]               # the forest's lines (tunnels and exit-start excluded)
    neighbours: Mapping[str, tuple[str, ...]]        # forest lines plus each exit's line to its start
    expeditions: tuple[Expedition, ...]
    expedition_by_id: Mapping[str, Expedition]
    tiles: tuple[LocationTile, ...]
    tile_by_id: Mapping[str, LocationTile]
    store: Store
    items: tuple[Item, ...]
    item_by_id: Mapping[str, Item]
    artifacts: tuple[Artifact, ...]
    artifact_by_id: Mapping[str, Artifact]
    deeds: tuple[Card, ...]
    encounters: tuple[Card, ...]
    expedition_decks: Mapping[str, tuple[Card, ...]]
    card_by_id: Mapping[str, Card]
    all_cards: tuple[Card, ...]                      # deeds, encounters, then each expedition deck: a dense index
    card_index: Mapping[str, int]                    # card id -> its position in all_cards
    tents: tuple[Tent, ...]
    characters: tuple[Character, ...]
    morality: MoralityTrack
    dice: FightDice
    legendary: tuple[LegendaryToken, ...]
    supply: Supply
    board_size: tuple[int, int]                      # width and height of the drawing's coordinates

    def spaces_of(self, kind: str) -> tuple[Space, ...]:
        """The forest spaces of one kind (path, location, start, campsite, tunnel, exit)."""
        return tuple(s for s in self.spaces if s.kind == kind)

    def corner(self, which: str) -> Space:
        """The corner location nw, ne, sw or se (Border Ranger, The Longest Road)."""
        return next(s for s in self.spaces if s.corner == which)

    def cards(self) -> Iterable[Card]:
        return iter(self.all_cards)


# -- reading raw TOML entries ----------------------------------------------------------------------
class _Entry:
    """A raw TOML table with typed getters; every fault names `where` and unknown fields are refused."""

    def __init__(self, raw: object, where: str, allowed: Iterable[str]) -> None:
        require(isinstance(raw, dict), f"{where}: must be a table")
        assert isinstance(raw, dict)
        self.raw: dict[str, Any] = raw
        self.where = where
        unknown = sorted(set(raw) - set(allowed))
        require(not unknown, f"{where}: unknown field(s) {unknown}; known: {sorted(allowed)}")

    def text(self, key: str, default: str | None = None) -> str:
        value = self.raw.get(key, default)
        require(isinstance(value, str), f"{self.where}: field {key!r} must be text, not {value!r}")
        assert isinstance(value, str)
        return value

    def number(self, key: str, default: int | None = None, low: int = 0, high: int = 10_000) -> int:
        value = self.raw.get(key, default)
        require(isinstance(value, int) and not isinstance(value, bool) and low <= value <= high,
                f"{self.where}: field {key!r} must be a whole number {low}..{high}, not {value!r}")
        assert isinstance(value, int)
        return value

    def flag(self, key: str, default: bool = False) -> bool:
        value = self.raw.get(key, default)
        require(isinstance(value, bool), f"{self.where}: field {key!r} must be true or false, not {value!r}")
        return bool(value)

    def seq(self, key: str) -> list[Any]:
        value = self.raw.get(key, [])
        require(isinstance(value, list), f"{self.where}: field {key!r} must be a list, not {value!r}")
        assert isinstance(value, list)
        return value

    def words(self, key: str, allowed: Iterable[str]) -> tuple[str, ...]:
        allowed = tuple(allowed)
        out = []
        for value in self.seq(key):
            require(value in allowed, f"{self.where}: {key} entry {value!r} is not one of {list(allowed)}")
            out.append(str(value))
        return tuple(out)

    def choice(self, key: str, allowed: Iterable[str], default: str | None = None) -> str:
        allowed = tuple(allowed)
        value = self.text(key, default)
        require(value in allowed, f"{self.where}: {key} must be one of {list(allowed)}, not {value!r}")
        return value

    def source(self) -> str:
        return check_source(self.where, self.raw)

    def stated(self, fields: Iterable[str]) -> tuple[str, ...]:
        fields = tuple(fields)
        stated = self.words("stated", fields)
        require(not stated or self.raw.get("source") in ("rulebook", "inferred", "reference"),
                f"{self.where}: a designed entry states nothing from the rulebook (drop 'stated')")
        return stated


class _Reader:
    """Reads the content files of one load (a designer's folder first) and parses terms with its references."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.refs: dict[str, frozenset[str]] = {}
        self.artifact_names: dict[str, str] = {}

    def file(self, filename: str) -> dict[str, Any]:
        return load_toml(GAME_ID, PACKAGE, filename, self.folder)

    def terms(self, entry: _Entry, key: str, kind: str, context: str) -> tuple[Term, ...]:
        return tuple(parse_term(t, kind, context, f"{entry.where} {key}", self.refs) for t in entry.seq(key))

    def costs(self, entry: _Entry, key: str, context: str) -> tuple[Cost, ...]:
        out = []
        for text in entry.seq(key):
            require(isinstance(text, str), f"{entry.where} {key}: a cost must be a string, not {text!r}")
            out.append(tuple(parse_term(alt, "cost", context, f"{entry.where} {key}", self.refs)
                             for alt in str(text).split("/")))
        return tuple(out)


def _table_list(data: dict[str, Any], key: str, filename: str) -> list[Any]:
    value = data.get(key, [])
    require(isinstance(value, list), f"{filename}: [[{key}]] must be an array of tables")
    assert isinstance(value, list)
    return value


def _unique(ids: Iterable[str], what: str) -> None:
    seen: set[str] = set()
    for i in ids:
        require(i not in seen, f"{what}: the id {i!r} is used twice")
        seen.add(i)


def _id(raw: object, filename: str, family: str, index: int) -> str:
    value = raw.get("id") if isinstance(raw, dict) else None
    require(isinstance(value, str) and value.replace("_", "").isalnum() and value == value.lower(),
            f"{filename} {family} #{index + 1}: id must be lower_snake_case text, not {value!r}")
    return str(value)


# -- items and artifacts ---------------------------------------------------------------------------
ITEM_FIELDS = ("id", "name", "rarity", "count", "slots", "fame", "amphibian", "abilities", "text", "source", "stated")
ARTIFACT_FIELDS = ("id", "name", "expedition", "size", "fame", "amphibian", "abilities", "text", "source", "stated")


def _items(reader: _Reader) -> tuple[tuple[Item, ...], tuple[Artifact, ...]]:
    fname = "items.toml"
    data = reader.file(fname)
    items = []
    for i, raw in enumerate(_table_list(data, "item", fname)):
        e = _Entry(raw, f"{fname} item {_id(raw, fname, 'item', i)!r}", ITEM_FIELDS)
        rarity = e.choice("rarity", ("common", "rare"))
        slots = e.number("slots", low=1, high=2)
        require(slots == (1 if rarity == "common" else 2), f"{e.where}: common items take 1 slot, rare items 2 (L98)")
        items.append(Item(e.text("id"), e.text("name"), rarity, e.number("count", low=1, high=6), slots,
                          e.number("fame", low=0, high=5), e.flag("amphibian"),
                          reader.terms(e, "abilities", "ability", "item"), e.text("text"), e.source(),
                          e.stated(ITEM_FIELDS)))
    _unique((x.id for x in items), fname)
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
    for i, raw in enumerate(_table_list(data, "artifact", fname)):
        e = _Entry(raw, f"{fname} artifact {_id(raw, fname, 'artifact', i)!r}", ARTIFACT_FIELDS)
        size = e.choice("size", ("small", "large"))
        artifacts.append(Artifact(e.text("id"), e.text("name"), e.choice("expedition", EXPEDITIONS), size,
                                  1 if size == "small" else 2, e.number("fame", low=0, high=8), e.flag("amphibian"),
                                  reader.terms(e, "abilities", "ability", "artifact"), e.text("text"), e.source(),
                                  e.stated(ARTIFACT_FIELDS)))
    _unique((a.id for a in artifacts), f"{fname} artifacts")
    _unique([*(x.id for x in items), *(a.id for a in artifacts)], f"{fname} items and artifacts")
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


def _side(reader: _Reader, raw: object, where: str) -> LocationSide:
    e = _Entry(raw, where, SIDE_FIELDS)
    return LocationSide(e.text("name"), e.choice("state", SIDE_STATES), e.choice("counts_as", LOCATION_TYPES),
                        reader.terms(e, "paw", "effect", "location"), reader.terms(e, "strong", "effect", "location"),
                        e.choice("enhance", ("", "food", "card_draw", "trading"), ""),
                        e.choice("enhance_on", ("paw", "strong"), "paw"), e.text("text"))


def _tiles(reader: _Reader) -> tuple[LocationTile, ...]:
    fname = "locations.toml"
    tiles = []
    for i, raw in enumerate(_table_list(reader.file(fname), "tile", fname)):
        e = _Entry(raw, f"{fname} tile {_id(raw, fname, 'tile', i)!r}", TILE_FIELDS)
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
    _unique((t.id for t in tiles), fname)
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
def _store(reader: _Reader) -> Store:
    fname = "store.toml"
    data = reader.file(fname)
    e = _Entry(data.get("store"), f"{fname} [store]", ("rows", "columns", "source"))
    rows = e.words("rows", (*FOODS, "any_food"))
    columns = []
    for i, raw in enumerate(e.seq("columns")):
        c = _Entry(raw, f"{fname} [store] column {i + 1}", ("symbol", "size", "start"))
        columns.append(StoreColumn(c.choice("symbol", (*FOODS, "any_food")), c.choice("size", ("small", "large")),
                                   c.choice("start", ("common", "rare", "empty"))))
    require(len(columns) == 4 and [c.size for c in columns] == ["small", "small", "large", "large"],
            f"{fname}: 2 columns of small slots then 2 of large slots (L461)")
    require([c.start for c in columns] == ["common", "common", "rare", "empty"],
            f"{fname}: common stacks in the small columns, rares in the third, the fourth empty (L181)")
    # 6 stacks of common items and 6 unique rares must always find their slot
    require(len(rows) == 3, f"{fname}: 3 rows, so 6 small and 6 large slots hold 6 common kinds and 6 rares")
    b = _Entry(data.get("trading_bonus"), f"{fname} [trading_bonus]", ("choices", "source"))
    bonus = []
    for i, raw in enumerate(b.seq("choices")):
        c = _Entry(raw, f"{fname} [trading_bonus] choice {i + 1}", ("symbols", "effects"))
        bonus.append((c.number("symbols", low=1, high=10), reader.terms(c, "effects", "effect", "store")))
    b.source()
    g = _Entry(data.get("gallery"), f"{fname} [gallery]", ("small", "large", "source"))
    g.source()
    return Store(rows, tuple(columns), tuple(bonus), reader.terms(g, "small", "effect", "store"),
                 reader.terms(g, "large", "effect", "store"), e.source())


# -- cards -----------------------------------------------------------------------------------------
CARD_FIELDS = ("id", "name", "deck", "icons", "fame", "bonus", "blue_triangle", "skill", "enhancement", "requires",
               "cost", "options", "effects", "test", "reroll", "win", "lose", "text", "source", "stated")
OPTION_FIELDS = ("label", "morality", "requires", "cost", "effects", "test", "reroll", "win", "lose")
PLACEMENTS = ("discard_this", "story_face_down", "stays")


def _option(reader: _Reader, e: _Entry, context: str, label: str) -> Option:
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


def _card(reader: _Reader, raw: object, where: str, deck_family: str) -> Card:
    e = _Entry(raw, where, CARD_FIELDS)
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
            oe = _Entry(o, f"{where} option {i + 1}", OPTION_FIELDS)
            options.append(_option(reader, oe, context, oe.text("label")))
    else:
        options = [_option(reader, _Entry(inline, where, OPTION_FIELDS), context, name)]
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


def _cards(reader: _Reader, filename: str, family: str) -> tuple[Card, ...]:
    data = reader.file(filename)
    return tuple(_card(reader, raw, f"{filename} {family} {_id(raw, filename, family, i)!r}", family)
                 for i, raw in enumerate(_table_list(data, family, filename)))


# -- the board -------------------------------------------------------------------------------------
SPACE_FIELDS = ("id", "name", "kind", "x", "y", "location", "tile", "side", "corner", "bonus", "expedition",
                "source")
EXPEDITION_FIELDS = ("id", "name", "direction", "exit", "start", "item_hints", "space", "step", "source", "stated")
XSPACE_FIELDS = ("id", "name", "kind", "x", "y", "fame", "reward", "source")
STEP_FIELDS = ("from", "to", "line", "pay")
CAMPSITE_BONUSES = ("morality:choose:1", "tuck_from_hand", "gain:tea:1", "encounter_to_hand", "item:common",
                    "first_player")   # the 6 campsite bonuses of L594-599, in the rulebook's order


def _board(reader: _Reader, tiles: tuple[LocationTile, ...]) -> tuple[
        tuple[Space, ...], tuple[tuple[str, str], ...], tuple[Expedition, ...], int, int]:
    fname = "board.toml"
    data = reader.file(fname)
    head = _Entry(data.get("board"), f"{fname} [board]", ("width", "height", "source"))
    width, height = head.number("width", low=100, high=5000), head.number("height", low=100, high=5000)
    head.source()
    spaces = []
    tile_by_id = {t.id: t for t in tiles}
    for i, raw in enumerate(_table_list(data, "space", fname)):
        e = _Entry(raw, f"{fname} space {_id(raw, fname, 'space', i)!r}", SPACE_FIELDS)
        kind = e.choice("kind", SPACE_KINDS)
        location = e.choice("location", ("", *LOCATION_TYPES), "")
        tile = e.text("tile", "")
        require((kind == "location") == bool(location) == bool(tile),
                f"{e.where}: a location space (and only one) names its location type and its tile")
        if tile:
            require(tile in tile_by_id, f"{e.where}: unknown tile {tile!r}")
            require(tile_by_id[tile].type == location,
                    f"{e.where}: tile {tile!r} is a {tile_by_id[tile].type}, the space shows a {location} (L177)")
        side = e.choice("side", ("front", "back"), "front")
        require(kind == "location" or "side" not in e.raw, f"{e.where}: only a location space holds a tile side")
        corner = e.choice("corner", ("", *CORNERS), "")
        require(not corner or kind == "location", f"{e.where}: only a location is a corner location")
        bonus = reader.terms(e, "bonus", "effect", "camp")
        require((kind == "campsite") == bool(bonus), f"{e.where}: a campsite space (and only one) has a bonus")
        expedition = e.choice("expedition", ("", *EXPEDITIONS), "")
        require((kind == "exit") == bool(expedition), f"{e.where}: an exit space (and only one) names its area")
        x, y = e.number("x", high=width), e.number("y", high=height)
        spaces.append(Space(e.text("id"), e.text("name"), kind, x, y, location, tile, side, corner, bonus,
                            expedition, e.source()))
    ids = [s.id for s in spaces]
    _unique(ids, f"{fname} spaces")
    by_id = {s.id: s for s in spaces}

    pe = _Entry(data.get("paths"), f"{fname} [paths]", ("lines", "source"))
    pe.source()
    paths: list[tuple[str, str]] = []
    seen: set[frozenset[str]] = set()
    for pair in pe.seq("lines"):
        require(isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str) for p in pair),
                f"{fname} [paths]: a line joins 2 space ids, not {pair!r}")
        a, b = pair
        require(a in by_id and b in by_id, f"{fname} [paths]: line {pair!r} names an unknown space")
        require(a != b and frozenset(pair) not in seen, f"{fname} [paths]: line {pair!r} is a loop or a repeat")
        seen.add(frozenset(pair))
        paths.append((a, b))

    expeditions = []
    for i, raw in enumerate(_table_list(data, "expedition", fname)):
        expeditions.append(_expedition(reader, raw, f"{fname} expedition {_id(raw, fname, 'expedition', i)!r}",
                                       by_id, width, height))
    _unique([*ids, *(s.id for x in expeditions for s in x.spaces)], f"{fname} spaces and expedition spaces")
    _check_board(fname, spaces, paths, expeditions, tiles)
    return tuple(spaces), tuple(paths), tuple(expeditions), width, height


def _expedition(reader: _Reader, raw: object, where: str, forest: Mapping[str, Space], width: int,
                height: int) -> Expedition:
    e = _Entry(raw, where, EXPEDITION_FIELDS)
    area = e.choice("id", EXPEDITIONS)
    xspaces = []
    for i, r in enumerate(e.seq("space")):
        se = _Entry(r, f"{where} space #{i + 1} {r.get('id') if isinstance(r, dict) else ''!r}", XSPACE_FIELDS)
        kind = se.choice("kind", ("start", "space", "finish"))
        fame = se.number("fame", 0, low=0, high=12)
        reward = reader.terms(se, "reward", "effect", "finish")
        require(kind == "finish" or (fame == 0 and not reward),
                f"{se.where}: only a finishing space has fame or a reward")
        require(kind != "finish" or fame > 0, f"{se.where}: a finishing space shows its fame")
        xspaces.append(ExpeditionSpace(se.text("id"), se.text("name"), kind, se.number("x", high=width),
                                       se.number("y", high=height), fame, reward, se.source()))
    _unique((s.id for s in xspaces), f"{where} spaces")
    by_id = {s.id: s for s in xspaces}
    steps = []
    for i, r in enumerate(e.seq("step")):
        st = _Entry(r, f"{where} step #{i + 1}", STEP_FIELDS)
        a, b = st.text("from"), st.text("to")
        require(a in by_id and b in by_id, f"{st.where}: {a!r} -> {b!r} names a space outside this area")
        steps.append(Step(a, b, st.choice("line", LINES, "plain"), reader.costs(st, "pay", "expedition")))
    start, exit_ = e.text("start"), e.text("exit")
    require(start in by_id and by_id[start].kind == "start", f"{where}: start {start!r} is not this area's start space")
    require(sum(1 for s in xspaces if s.kind == "start") == 1, f"{where}: one starting space (L505)")
    require(exit_ in forest and forest[exit_].kind == "exit" and forest[exit_].expedition == area,
            f"{where}: exit {exit_!r} is not a forest exit space leading here")
    hints = e.words("item_hints", HAVE_ITEMS)
    x = Expedition(area, e.text("name"), e.choice("direction", ("west", "northeast", "south")), exit_, start,
                   tuple(xspaces), tuple(steps), hints, e.source())
    e.stated(EXPEDITION_FIELDS)
    _check_expedition(where, x)
    return x


def _check_expedition(where: str, x: Expedition) -> None:
    kinds = {s.id: s.kind for s in x.spaces}
    require(len(x.finishes) >= 2, f"{where}: several finishing spaces (L507)")
    for s in x.steps:
        require(kinds[s.to] != "start", f"{where}: no line leads back into the start")
        require(kinds[s.frm] != "finish", f"{where}: a finishing space ends the expedition; no line leaves it")
    # forward lines only: never backward (L532), so the lines form no cycle; all spaces lie on a way to a finish
    order: list[str] = []
    indegree = {s.id: 0 for s in x.spaces}
    for s in x.steps:
        indegree[s.to] += 1
    ready = deque(k for k, v in indegree.items() if v == 0)
    while ready:
        k = ready.popleft()
        order.append(k)
        for s in x.forward(k):
            indegree[s.to] -= 1
            if indegree[s.to] == 0:
                ready.append(s.to)
    require(len(order) == len(x.spaces), f"{where}: its lines go round in a circle; an expedition never goes back")
    reach = {x.start}
    for k in order:
        if k in reach:
            reach.update(s.to for s in x.forward(k))
    lost = sorted(set(kinds) - reach)
    require(not lost, f"{where}: spaces {lost} cannot be reached from the start")
    dead = [k for k, kind in kinds.items() if kind != "finish" and not x.forward(k)]
    require(not dead, f"{where}: spaces {dead} lead nowhere; every way ends on a finishing space")
    lines = {s.line for s in x.steps}
    paid = [s for s in x.steps if s.pay]
    if x.id == "forgotten_swamps":
        require(lines == {"plain"} and not paid, f"{where}: the Swamps use plain lines and no paid paths (L536)")
        near = [s for s in x.forward(x.start) if kinds[s.to] == "finish"]
        require(len(near) >= 2, f"{where}: finishing spaces lie right after the start (Cartographer, L688)")
    elif x.id == "frosty_hill":
        require(lines == {"plain"}, f"{where}: Frosty Hill uses plain lines, 2 of them paid (L537)")
        costs = sorted(str(c[0]) for s in paid for c in s.pay)
        require(len(paid) == 2 and costs == ["spend:any_food:2", "spend:tea:1"],
                f"{where}: exactly 2 paid paths, one for 2 food tokens and one for 1 tea leaf (L538-539)")
        require(any(s.pay for s in x.forward(x.start)), f"{where}: a paid shortcut leaves the start (L572, L688)")
    else:
        require(lines == {"dotted", "dashed"} and not paid, f"{where}: the Caverns use dotted and dashed lines (L540)")
        require({s.line for s in x.forward(x.start)} == {"dotted", "dashed"},
                f"{where}: both a dotted and a dashed line leave the start (L688)")


def _check_board(fname: str, spaces: list[Space], paths: list[tuple[str, str]], expeditions: list[Expedition],
                 tiles: tuple[LocationTile, ...]) -> None:
    def count(kind: str) -> int:
        return sum(1 for s in spaces if s.kind == kind)

    require(count("start") == 4, f"{fname}: 4 starting spaces (L191), not {count('start')}")
    require(count("location") == 12, f"{fname}: 12 location spaces (L375), not {count('location')}")
    for kind in LOCATION_TYPES:
        n = sum(1 for s in spaces if s.location == kind)
        require(n == 3, f"{fname}: 3 location spaces of type {kind}, one per tile, not {n}")
    used = [s.tile for s in spaces if s.tile]
    require(sorted(used) == sorted(t.id for t in tiles), f"{fname}: every location tile stands on exactly one space")
    require(count("tunnel") >= 2, f"{fname}: tunnel spaces, adjacent to one another (L302)")
    require(count("campsite") >= 1, f"{fname}: campsite spaces (L592)")
    bonuses = {str(t) for s in spaces for t in s.bonus}
    missing = [b for b in CAMPSITE_BONUSES if b not in bonuses]
    require(not missing, f"{fname}: the campsite bonuses {missing} of L594-599 are on no campsite space")
    for s in spaces:
        require(s.kind != "campsite" or (len(s.bonus) == 1 and str(s.bonus[0]) in CAMPSITE_BONUSES),
                f"{fname} space {s.id!r}: a campsite shows one of the bonuses of L594-599")
    corners = sorted(s.corner for s in spaces if s.corner)
    require(corners == sorted(CORNERS), f"{fname}: one corner location in each corner (Border Ranger), not {corners}")
    require(count("exit") == 3 and sorted(x.id for x in expeditions) == sorted(EXPEDITIONS),
            f"{fname}: 3 expedition areas, each with its exit space (L505)")
    adjacency: dict[str, set[str]] = {s.id: set() for s in spaces}
    for a, b in paths:
        adjacency[a].add(b)
        adjacency[b].add(a)
    # the forest itself is one piece, without tunnels, so no space depends on a token to be reached
    seen = {spaces[0].id}
    todo = [spaces[0].id]
    while todo:
        for nb in adjacency[todo.pop()]:
            if nb not in seen:
                seen.add(nb)
                todo.append(nb)
    lost = sorted(set(adjacency) - seen)
    require(not lost, f"{fname}: the forest is not connected; {lost} cannot be reached along its lines")
    for s in spaces:
        require(bool(adjacency[s.id]), f"{fname} space {s.id!r}: no line reaches it")


# -- tents, characters and the counted components ---------------------------------------------------
TENT_BONUSES = ("draw:2", "morality:choose:1", "gain:raspberry:1", "gain:mushroom:1", "gain:acorn:1", "gain:tea:1",
                "", "gain:basic:1", "boost:movement:1", "boost:trading:1", "boost:strength:1",
                "boost:card_draw:1")   # the 12 tent bonuses of L605-619 ("" is the tent with an X)


def _tents(reader: _Reader) -> tuple[Tent, ...]:
    fname = "tents.toml"
    tents = []
    for i, raw in enumerate(_table_list(reader.file(fname), "tent", fname)):
        e = _Entry(raw, f"{fname} tent {_id(raw, fname, 'tent', i)!r}", ("id", "name", "effects", "text", "source"))
        effects = reader.terms(e, "effects", "effect", "camp")
        require(" ".join(str(t) for t in effects) in TENT_BONUSES,
                f"{e.where}: a tent shows one of the 12 bonuses of L605-619, not {[str(t) for t in effects]}")
        tents.append(Tent(e.text("id"), e.text("name"), effects, e.text("text"), e.source()))
    _unique((t.id for t in tents), fname)
    require(len(tents) == 14, f"{fname}: the game has 14 tent tokens (L67), not {len(tents)}")
    kinds = {" ".join(str(x) for x in t.effects) for t in tents}
    missing = [k or "X" for k in TENT_BONUSES if k not in kinds]
    require(not missing, f"{fname}: tent bonuses {missing} of L605-619 are missing")
    return tuple(tents)


CHARACTER_FIELDS = ("id", "name", "colour", "movement", "strength", "trading", "dice", "backpack_slots",
                    "movement_slots", "paws", "strong_paws", "flags", "tent_slots", "source")


def _components(reader: _Reader) -> tuple[tuple[Character, ...], MoralityTrack, FightDice,
                                          tuple[LegendaryToken, ...], Supply]:
    fname = "components.toml"
    data = reader.file(fname)
    characters = []
    for i, raw in enumerate(_table_list(data, "character", fname)):
        e = _Entry(raw, f"{fname} character {_id(raw, fname, 'character', i)!r}", CHARACTER_FIELDS)
        c = Character(e.text("id"), e.text("name"), e.text("colour"), e.number("movement", high=5),
                      e.number("strength", high=5), e.number("trading", high=5), e.number("dice", high=3),
                      e.number("backpack_slots", low=1, high=10), e.number("movement_slots", high=5),
                      e.number("paws", low=1, high=8), e.number("strong_paws", high=2), e.number("flags", high=5),
                      e.number("tent_slots", high=5), e.source())
        require((c.backpack_slots, c.movement_slots, c.paws, c.strong_paws, c.flags) == (5, 2, 4, 1, 3),
                f"{e.where}: 5 backpack slots (2 with movement), 4 paw tokens (1 strong), 3 flags (L73-98)")
        characters.append(c)
    _unique((c.id for c in characters), f"{fname} characters")
    require(sorted(c.name for c in characters) == ["Bird", "Frog", "Hedgehog", "Mouse"],
            f"{fname}: the Hedgehog, the Mouse, the Bird and the Frog (L90)")

    m = _Entry(data.get("morality"), f"{fname} [morality]", ("fame", "start", "source"))
    fame = tuple(int(v) for v in m.seq("fame") if isinstance(v, int))
    require(len(fame) == len(m.seq("fame")) and len(fame) % 2 == 1 and len(fame) >= 3,
            f"{m.where}: the fame of each spot, an odd number of whole numbers")
    start = m.number("start", high=len(fame) - 1)
    require(start == len(fame) // 2, f"{m.where}: the token starts in the middle spot (L106)")
    require(max(fame) == 7, f"{m.where}: good or evil, up to 7 fame points (L106)")
    morality = MoralityTrack(fame, start, m.source())

    d = _Entry(data.get("dice"), f"{fname} [dice]", ("count", "faces", "star_strength", "star_number", "source"))
    faces = d.seq("faces")
    require(all(f == "star" or (isinstance(f, str) and f.isdigit()) for f in faces) and "star" in faces
            and {"1", "2", "3"} <= set(faces), f"{d.where}: faces are numbers and the winning symbol 'star'; the "
            "rulebook shows rolls of 1, 2 and 3")
    dice = FightDice(d.number("count", low=3, high=3), tuple(str(f) for f in faces), d.number("star_strength", high=6),
                     d.number("star_number", high=6), d.source())

    legendary = []
    for i, raw in enumerate(_table_list(data, "legendary", fname)):
        e = _Entry(raw, f"{fname} legendary {_id(raw, fname, 'legendary', i)!r}",
                   ("id", "name", "column", "cards_needed", "fame", "source"))
        legendary.append(LegendaryToken(e.text("id"), e.text("name"), e.choice("column", LEGENDARY_COLUMNS),
                                        e.number("cards_needed", low=5, high=5), e.number("fame", low=3, high=3),
                                        e.source()))
    require(sorted(t.column for t in legendary) == sorted(LEGENDARY_COLUMNS),
            f"{fname}: 3 legendary deed tokens, trading, pioneering and fighting (L65)")

    s = _Entry(data.get("supply"), f"{fname} [supply]",
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
    _unique((c.id for c in everything), "cards (deeds.toml, encounters.toml, expeditions.toml)")
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
    reader = _Reader(folder)
    items, artifacts = _items(reader)
    tiles = _tiles(reader)
    store = _store(reader)
    spaces, paths, expeditions, width, height = _board(reader, tiles)
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
