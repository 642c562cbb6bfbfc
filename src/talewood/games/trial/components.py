"""The Trial of the Forest's components as typed, immutable objects (the component list, L57-77, and
their descriptions, L84-166): cards and their options, the board's spaces and the expedition areas, the
location tiles, the store, items and artifacts, tents, characters, the morality track, the fight dice,
the legendary deed tokens, the supply, and `Content`, all of them together. content.py reads them from
the TOML files under content/ and checks them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .vocabulary import SKILL_OF_ICON, Cost, Term


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
