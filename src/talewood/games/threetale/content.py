"""ThreeTale content: heroes, tiles, tokens, cards, dice and the five Futures, loaded and validated.

Everything is read from content/*.toml (or a designer's folder) into frozen dataclasses. Card effects
are data in one vocabulary, `VOCABULARY` (keyword -> parameters and meaning), checked at load. The
difficulty knobs of tuning.toml are applied at load, so every number the rules read is final.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from functools import lru_cache
from pathlib import Path
from typing import Any, NoReturn

from ...engine.content import SOURCES, load_toml, require
from ...engine.errors import ContentError

GAME_ID = "threetale"
PACKAGE = "talewood.games.threetale"

VIRTUES = ("love", "hope", "faith", "endeavor", "endurance", "mercy")
LEVELS = (1, 2, 3)
DIFFICULTIES = ("easier", "normal", "harder")
FUTURE_FILES = ("future_nine_rings.toml", "future_information_flood.toml", "future_parallel_land.toml",
                "future_path_of_initiation.toml", "future_crown_of_evil.toml")


def portal_name(tile: str) -> str:
    """The Portal on a tile, as labels and the log name it: a Portal tile is named for its Portal
    ("Portal of the Mist": "the Portal of the Mist"), any other "the Portal of Boar's Glade"."""
    return f"the {tile}" if tile.startswith("Portal of ") else f"the Portal of {tile}"


# What a space of a tile shows: permanent features, slots for Stones and tokens, or nothing.
FEATURES = ("tree", "altar", "portal")
SLOTS = ("white", "red", "black", "battle1", "battle2", "battle3", "treasure1", "treasure2", "treasure3", "quest")
SPACE_KINDS = (*FEATURES, *SLOTS, "empty")
# the Past's decks, named by the `draw` effect of the Map's tokens
PAST_DECKS = ("battle1", "battle2", "battle3", "treasure1", "treasure2", "treasure3", "quest")
ARTIFACT_SLOTS = ("head", "hands", "feet")
ARTIFACT_USAGES = ("passive", "activation", "one_time")
# a Future card's kind; a deck's back is one of these or "mixed" (Future Book, "Map, Tiles and Tokens")
OBJECT_KINDS = ("aiding", "conditional", "hostile", "special")
DECK_BACKS = (*OBJECT_KINDS, "mixed")
PIECE_KINDS = ("figure", "token", "cube", "card", "standee")
# where a Future's figure is set up: an Altar, a Treasure 3 slot, any space of a Battle 1 tile,
# the Battle 2 or Battle 3 space of a tile
FIGURE_PLACES = ("altar", "treasure3", "battle1_tile", "battle2_or_3")
SUPPLIES = ("ring", "wow", "seed")
STONE_USES = ("strike", "prevent_removal", "spare_hero")
STATISTICS = (*VIRTUES, "speed", "shevitsa", "any_virtue_max")

# Quest requirements: each counts what happens after the card is drawn (virtue_at_least is a state).
QUEST_GOALS: dict[str, str] = {
    "win_battles": "defeat n enemies in Battles",
    "open_treasures": "claim n Treasure tokens (the roll's result does not matter)",
    "defeat_level3": "defeat n Level 3 enemies",
    "use_altars": "use n different Altars (an Altar Action with at least one Sacrifice)",
    "travel_portals": "travel through a Portal n times",
    "bless_offerings": "bless n Offerings, as the Hero who gives or the one who receives",
    "give_artifacts": "give n Artifacts to other Heroes (the reward's `receiver` is the last one)",
    "virtue_at_least": "have any Virtue at n or more (checked at once and after every change)",
    "win_unharmed": "win n Battles without losing any Virtue point or Spirit in them",
    "stones_in_one_turn": "claim a White, a Red and a Black Stone in one turn (n times)",
}


# -- the effect vocabulary ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Param:
    """One parameter of an effect keyword: its type, its allowed values, its default."""
    kind: str                      # int | word | bool | effects | options | deck
    meaning: str
    words: tuple[str, ...] = ()
    low: int = -99
    high: int = 999
    required: bool = False
    default: int | str | bool = 0


@dataclass(frozen=True, slots=True)
class Keyword:
    meaning: str
    params: Mapping[str, Param]


def _n(meaning: str = "how many", default: int = 1, low: int = 0, high: int = 999, required: bool = False) -> Param:
    return Param("int", meaning, low=low, high=high, default=default, required=required)


def _word(meaning: str, words: tuple[str, ...], default: str = "") -> Param:
    return Param("word", meaning, words=words, default=default, required=default == "")


def _limit(default: str = "none") -> Param:
    return _word("how often it may be used", ("none", "once_per_turn", "once_per_battle", "once_per_game"), default)


def _effects(meaning: str, required: bool = False) -> Param:
    return Param("effects", meaning, required=required)


GAINS = ("virtue_points", "one_virtue", *VIRTUES, "shevitsa", "speed", "artifact", "sacred_stone", "ring", "wow",
         "seed", "head")
WHO = ("self", "each", "each_other", "one_other", "chosen", "receiver")
LEVEL = Param("int", "an Artifact's or Head's level", low=1, high=3, default=0)
TESTS: dict[str, tuple[str, ...]] = {
    # test -> the parameters of `require` it uses
    "virtue_at_least": ("virtue", "n"),
    "any_virtue_max": (),
    "speed_at_least": ("n",),
    "spirit_full": (),
    "pay_shevitsa": ("n",),
    "discard_artifact": ("level",),
}
EVENTS = ("start_of_turn", "end_of_turn", "claim_white", "win_battle", "virtue_damage")

VOCABULARY: dict[str, Keyword] = {
    # resources
    "gain": Keyword(
        "The Heroes named by `who` gain n of `what`: virtue_points = n points, each on a Virtue of the "
        "receiver's choice (repeats allowed); one_virtue = all n on one Virtue of choice; love..mercy = that "
        "Virtue; shevitsa; speed = the Speed stat; artifact = win a Level `level` Artifact n times (draw 3, "
        "keep 1); sacred_stone; ring / wow / seed = from the Future's supply (wow: the team's count on the Ark); "
        "head = the Head token of `level`. `range` > 0: only a Hero within that many spaces. Virtues stop at 13.",
        {"what": _word("what is gained", GAINS), "n": _n(), "level": LEVEL,
         "who": _word("who gains it", WHO, "self"), "range": _n("0 = any distance, else at most this many spaces", 0)}),
    "lose": Keyword(
        "The Heroes named by `who` lose n of `what` (never below 0): virtue_points = n points from Virtues of "
        "their choice; artifact = one Artifact of their choice (back to its deck); spirit (0 Spirit: the Hero "
        "dies). shortfall = virtue_points: each point they cannot lose costs 1 Virtue point instead. "
        "`otherwise` happens instead when they have nothing of `what` to lose.",
        {"what": _word("what is lost", ("virtue_points", "shevitsa", "speed", "artifact", "spirit")), "n": _n(),
         "who": _word("who loses it", ("self", "each"), "self"),
         "shortfall": _word("what a missing point costs instead", ("none", "virtue_points"), "none"),
         "otherwise": _effects("what happens when there is nothing to lose")}),
    "pay": Keyword(
        "A cost: spend n Shevitsa, or sacrifice n Artifacts of Level `level` (back to their deck). The "
        "exchange that contains it can only be chosen when the Hero can pay all of it.",
        {"what": _word("what is paid", ("shevitsa", "artifacts")), "n": _n(low=1), "level": LEVEL}),
    "restore_spirit": Keyword(
        "The Heroes named by `who` regain n Spirit, never above 3; `otherwise` happens instead for a Hero whose "
        "Spirit is already full. any_time: usable at any moment, even on another Hero's turn and as a Spirit loss "
        "resolves, so a Hero it brings back from 0 does not die.",
        {"n": _n(low=1), "who": _word("who regains it", ("self", "chosen", "each"), "self"),
         "any_time": Param("bool", "usable at any moment", default=False), "limit": _limit(),
         "otherwise": _effects("what happens instead when Spirit is full")}),
    # structure
    "require": Keyword(
        "A Conditional gift: if the test holds, `then` happens, else `otherwise`. virtue_at_least (virtue, n); "
        "any_virtue_max (a Virtue at 13); speed_at_least (n, the Speed stat); spirit_full; pay_shevitsa (n: the "
        "Hero may pay n Shevitsa, and `then` happens if they do); discard_artifact (level: the Hero may discard an "
        "Artifact of that level or higher, and `then` happens if they do).",
        {"test": _word("the test", tuple(TESTS)), "virtue": Param("word", "the Virtue tested", words=VIRTUES),
         "n": Param("int", "the threshold or the price", low=0, high=99), "level": LEVEL,
         "then": _effects("what the test gives", required=True), "otherwise": _effects("what failing gives")}),
    "choose": Keyword(
        "The Hero chooses one of `options` (each a list of effects) and it happens.",
        {"options": Param("options", "two or more lists of effects", required=True)}),
    "whenever": Keyword(
        "A triggered ability: each time `event` happens to its owner, `then` happens to them. start_of_turn / "
        "end_of_turn (with Endurance and Mercy, from their values before them); claim_white (they claim a White "
        "Stone); win_battle (they defeat an enemy); virtue_damage (they take damage to Virtues). On an enemy's "
        "Talent the owner is the Hero fighting it, for that Battle.",
        {"event": _word("the trigger", EVENTS), "then": _effects("what happens", required=True)}),
    "this_turn": Keyword(
        "Until the end of this turn: speed = n more Steps and n more Speed for who attacks first; love = n more "
        "dice in each of your rounds of attack (not a Virtue: it absorbs no damage, changes no band, scores "
        "nothing); actions = n more Actions; turns = turn n dice of any rolls this turn, as Hope does (never the "
        "Information Flood's removal die).",
        {"stat": _word("what this turn gains", ("speed", "love", "actions", "turns")), "n": _n(low=1)}),
    "nothing": Keyword("Nothing happens (a blank card still counts as drawn).", {}),
    # cards, tokens, dice
    "draw": Keyword(
        "Draw the top card of `deck` and resolve it by its kind: a Battle card or Hostile card is fought, a "
        "Treasure card is rolled for (3 dice), a Quest card is kept, an Aiding or Special card's effects happen, a "
        "Conditional card's test is made. Future cards are then discarded for good.",
        {"deck": Param("deck", "a deck id", required=True)}),
    "draw_bonus": Keyword("Draw n Hero Bonus cards now; they can be used this turn.", {"n": _n(low=1)}),
    "draw_more": Keyword(
        "Whenever the owner draws from `deck`, draw n more and keep the usual number: quest (keep 1, the rest "
        "to the bottom), artifact (keep 1 of 3 + n), tile (place 1, the rest to the bottom of the stack), "
        "hero_bonus (return n of the drawn cards unused at once).",
        {"deck": _word("which draw", ("quest", "artifact", "tile", "hero_bonus")), "n": _n(low=1)}),
    "peek": Keyword(
        "Look at the top n cards of one deck (any = any one of the Future's decks); reorder: put them back in "
        "any order, else in the same order.",
        {"n": _n(low=1), "deck": Param("deck", "a Future deck id, or any", default="any"),
         "reorder": Param("bool", "may reorder", default=False), "limit": _limit()}),
    "roll": Keyword(
        "Roll n dice; with at least `need` positive, `then` happens, else `otherwise`. Hope and dice-turning "
        "effects apply.",
        {"n": _n(low=1), "need": _n("positive dice needed", low=1),
         "then": _effects("what success gives", required=True), "otherwise": _effects("what failure gives")}),
    "offering": Keyword(
        "Keep the Offering. Giving it to a Hero on an adjacent space (an Action) blesses it: the team's first "
        "blessing is a Level 1 Artifact, the second a Level 2, the third a Level 3, kept by the giver or the "
        "receiver as the team decides.", {}),
    # battle: the Hero's side
    "dice": Keyword(
        "`side` rolls n more dice (n < 0: fewer, never below 0): first_round = in its first round of attack of "
        "each Battle; every_round = in every round; one_round = in one round of the owner's choice, decided "
        "before the roll; next_enemy_round = the enemy's next round only.",
        {"side": _word("whose rolls", ("hero", "enemy")), "n": _n(low=-9, high=9),
         "when": _word("which rounds", ("first_round", "every_round", "one_round", "next_enemy_round")),
         "limit": _limit()}),
    "halve_dice": Keyword(
        "`side` rolls only half its dice in that round: the enemy rounds down, the Hero rounds up.",
        {"side": _word("whose roll", ("hero", "enemy")), "when": _word("which round", ("first_round", "one_round")),
         "limit": _limit()}),
    "turn_dice": Keyword(
        "Turn up to n dice, besides Hope: own_to_positive = the owner's blank dice positive; enemy_to_negative = "
        "the enemy's positive dice blank; hero_to_negative = (an enemy's effect) the Hero's positive dice blank; "
        "any = either way. when: next_enemy_roll / next_hero_roll = the next such roll only; enemy_roll = after "
        "seeing an enemy roll; each_enemy_roll / each_hero_roll = every such roll of the Battle; treasure_roll = "
        "each Treasure roll; one_roll = any one roll after seeing it (never the Information Flood's removal die).",
        {"n": _n(low=1), "dice": _word("which dice, which way",
                                       ("any", "own_to_positive", "enemy_to_negative", "hero_to_negative")),
         "when": _word("which rolls", ("next_enemy_roll", "enemy_roll", "each_enemy_roll", "next_hero_roll",
                                       "each_hero_roll", "treasure_roll", "one_roll")),
         "limit": _limit()}),
    "attack_damage": Keyword(
        "The Hero's round of attack deals n more damage (n < 0: less, never below 0). On an Activation Artifact "
        "it is the round it is activated in. vs: any; level3_or_hostile = a Level 3 Battle card or a Future "
        "Hostile enemy; slower = an enemy with less Speed than the Hero; vicinator. when: every_round; "
        "next_attack = the Hero's next attack only.",
        {"n": _n(low=-9, high=99), "vs": _word("against whom", ("any", "level3_or_hostile", "slower", "vicinator"),
                                               "any"),
         "when": _word("which rounds", ("every_round", "next_attack"), "every_round")}),
    "die_value": Keyword(
        "Each positive die not spent on an activation deals n damage instead of 1, in the rounds of `when`.",
        {"n": _n(low=2, high=9), "when": _word("which rounds", ("first_round",))}),
    "strike": Keyword(
        "Deal n damage at once, outside any round of attack (like a Sacred Stone): target enemy = the enemy of "
        "the owner's Battle, at any moment of it; vicinator = the Vicinator, wherever it is.",
        {"n": _n(low=1), "target": _word("whom", ("enemy", "vicinator"))}),
    "initiative": Keyword(
        "The Hero's Speed counts n more (n < 0: less) when comparing who attacks first, and only then.",
        {"n": _n(low=-9, high=9)}),
    "first_strike": Keyword("The Hero always attacks first against enemies of `vs`.",
                            {"vs": _word("against whom", ("level3_or_hostile",))}),
    "win_ties": Keyword("The Hero attacks first when the Speeds are equal (the enemy would).", {}),
    "free_block": Keyword("Block all the damage of one enemy round without spending Spirit.", {"limit": _limit()}),
    "damage_reduction": Keyword("Take n less damage from one enemy round of attack (never below 0).",
                                {"n": _n(low=1), "limit": _limit()}),
    "skip_enemy_round": Keyword("The enemy skips its next round of attack.", {}),
    "enemy_stat": Keyword(
        "The enemy has n more (n < 0: less) of `stat` for this Battle: speed, defense, strength (never below 0; "
        "Defense never below 1), or bonus_cards = the Enemy Bonus cards it draws.",
        {"stat": _word("which stat", ("speed", "defense", "strength", "bonus_cards")), "n": _n(low=-9, high=9)}),
    # battle: the enemy's side
    "regain_defense": Keyword("After each of its rounds of attack the enemy regains n Defense (never above its "
                              "starting Defense).", {"n": _n(low=1)}),
    "forbid": Keyword("In this Battle the Hero cannot: activation = activate Artifacts; escape = escape.",
                      {"what": _word("what is forbidden", ("activation", "escape"))}),
    "handler": Keyword(
        "A unique ability, coded by name in the rules: many_heads (after a Hero round dealing less than 4 damage "
        "the enemy regains 2 Defense, never above its start); blood_drain (it regains 1 Defense per point of "
        "damage it deals to Virtues); frenzy (at Defense half its start or less, Strength +2); mirror (after each "
        "Hero roll it turns as many positive dice blank as the Hero's Hope band).",
        {"name": _word("the handler", ("many_heads", "blood_drain", "frenzy", "mirror"))}),
    # movement
    "speed_bonus": Keyword("n more Steps each turn and n more Speed for who attacks first, but not the Speed "
                           "stat (it does not score).", {"n": _n(low=1)}),
    "extra_actions": Keyword("n more Actions every turn.", {"n": _n(low=1)}),
    "diagonal_step": Keyword("One Step may be diagonal.", {"limit": _limit()}),
    "pass_trees": Keyword("The Hero may move through Tree spaces but never end a move on one.",
                          {"duration": _word("how long", ("always", "this_turn"), "always")}),
    "move_cost": Keyword(
        "Entering a space of `terrain` costs the Hero n Steps: portal (normally 1) or flipped (normally 2).",
        {"terrain": _word("which spaces", ("portal", "flipped")), "n": _n(low=0, high=2),
         "duration": _word("how long", ("always", "this_turn", "until_next_turn_end"), "always")}),
    "teleport": Keyword("Move to any unoccupied space that is not a Tree, without Steps.", {}),
    "move_hero": Keyword("Move the chosen Hero up to n spaces, ignoring Trees, without Steps.",
                         {"who": _word("whom", ("chosen",), "chosen"), "n": _n(low=1)}),
    "ally_move": Keyword("At the end of the owner's turn, before Endurance and Mercy, each other Hero may move up "
                         "to n Steps (normal movement, no Actions).", {"n": _n(low=1)}),
    "free_give": Keyword("Giving an Artifact or an Offering costs no Action, to a Hero up to `range` spaces away.",
                         {"range": _n("spaces", low=1), "limit": _limit()}),
    # Virtues and Altars
    "tier": Keyword("The owner's `virtue` counts n bands higher (0-2 then gives n, and so on).",
                    {"virtue": Param("word", "which Virtue", words=VIRTUES, required=True), "n": _n(low=1, high=3)}),
    "mercy_stack": Keyword("Several Mercy increases may go to the same Virtue of the same Hero.", {}),
    "bonus_both": Keyword("When a Hero Bonus card shows several effects, the owner may use all of them.", {}),
    "virtue_shift": Keyword("At the end of the owner's turn (with Endurance and Mercy, from their values before "
                            "them), move up to n points from one of their Virtues to another of theirs.",
                            {"n": _n(low=1)}),
    "altar_rate": Keyword("At an Altar, a sacrificed Level `level` Artifact gives n Shevitsa.",
                          {"level": Param("int", "the Artifact level", low=1, high=3, required=True),
                           "n": _n(low=1)}),
    "altar_any_hero": Keyword("At an Altar, the Virtues the owner buys with Shevitsa may go to any Hero.", {}),
    "reroll_blanks": Keyword("After one of the owner's rolls of `rolls`, roll all its blank dice again once; the "
                             "new result stands.",
                             {"rolls": _word("which rolls", ("battle_or_treasure",)), "limit": _limit()}),
    "roll_more": Keyword("On the owner's rolls of `rolls`, roll n more dice and keep the usual number.",
                         {"n": _n(low=1), "rolls": _word("which rolls", ("treasure_or_incubator",))}),
    # the Futures
    "damage_heroes": Keyword(
        "Damage outside Battle: each Hero named by `who` (each, near_virus = on a space next to a Virus, "
        "diagonals included) takes n damage: spread it over their Virtues or block it all with 1 Spirit.",
        {"n": _n(low=1), "who": _word("who takes it", ("each", "near_virus"))}),
    "cancel_removal": Keyword("Information Flood: the next tile removal does not happen.", {}),
    "protect_tile": Keyword("Information Flood: a tile of the owner's choice cannot be removed until the end of "
                            "the next round; it is skipped in the order of removal.", {}),
    "clear_pv": Keyword(
        "Parallel Land: claim up to n Parallel Virtues (0 = all) without Actions, seeds may be placed on their "
        "spaces: where = anywhere on the Map, or your_tile_and_one_adjacent.",
        {"n": _n("how many, 0 = all", low=0), "where": _word("where", ("anywhere", "your_tile_and_one_adjacent"))}),
    "plant_seed": Keyword("Parallel Land: the Hero may place one of their Seeds on this space: no more Parallel "
                          "Virtues appear on its tile.", {}),
    "destroy_virus": Keyword("Crown of Evil: destroy up to n Viruses anywhere on the Map.", {"n": _n(low=1)}),
    "spawn_virus": Keyword("Crown of Evil: up to n destroyed Viruses return to free spaces next to the Vicinator.",
                           {"n": _n(low=1)}),
    "virus_move": Keyword("Crown of Evil: the Viruses move n more spaces in this enemy turn.", {"n": _n(low=1)}),
    "vicinator_heal": Keyword("Crown of Evil: the Vicinator regains n Defense (never above its start).",
                              {"n": _n(low=1)}),
    "vicinator_shield": Keyword("Crown of Evil: until its next turn, each attack on the Vicinator deals n less "
                                "damage.", {"n": _n(low=1)}),
    "flip_tile": Keyword("Flip a tile: nearest_vicinator = the unflipped tile nearest to the Vicinator's tile "
                         "(never its own).", {"which": _word("which tile", ("nearest_vicinator",))}),
    "cancel_tentacle": Keyword("Crown of Evil: the next Tentacle card activated has no effect; the clock still "
                               "advances.", {}),
    "block_virus": Keyword("Crown of Evil: the next Virus that reaches an Altar deals no damage.", {}),
}

@dataclass(frozen=True, slots=True)
class Effect:
    """One effect in the vocabulary: `do` is the keyword; the other fields are its parameters (defaults when
    the keyword does not use them). `then`, `otherwise` and `options` nest further effects."""
    do: str
    n: int = 0
    what: str = ""
    virtue: str = ""
    level: int = 0
    who: str = ""
    range: int = 0
    limit: str = ""
    when: str = ""
    vs: str = ""
    side: str = ""
    dice: str = ""
    stat: str = ""
    deck: str = ""
    terrain: str = ""
    duration: str = ""
    target: str = ""
    test: str = ""
    event: str = ""
    rolls: str = ""
    need: int = 0
    shortfall: str = ""
    where: str = ""
    which: str = ""
    name: str = ""
    any_time: bool = False
    reorder: bool = False
    then: tuple[Effect, ...] = ()
    otherwise: tuple[Effect, ...] = ()
    options: tuple[tuple[Effect, ...], ...] = ()

    def params(self) -> dict[str, Any]:
        """The parameters that differ from their defaults, as written in the data."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name != "do" and value != f.default:
                out[f.name] = value
        return out

    def __repr__(self) -> str:
        return f"Effect({self.do}{''.join(f' {k}={v!r}' for k, v in self.params().items())})"


EFFECT_FIELDS = frozenset(f.name for f in fields(Effect)) - {"do"}


def check_vocabulary() -> None:
    """Every keyword's parameters are fields of Effect (a coding error otherwise, caught by the tests)."""
    for keyword, spec in VOCABULARY.items():
        extra = set(spec.params) - EFFECT_FIELDS
        require(not extra, f"threetale: keyword {keyword} has parameters {sorted(extra)} that Effect lacks")


def walk(effects: tuple[Effect, ...]) -> list[Effect]:
    """Every effect of `effects`, nested ones included."""
    out: list[Effect] = []
    for e in effects:
        out.append(e)
        out.extend(walk(e.then))
        out.extend(walk(e.otherwise))
        for option in e.options:
            out.extend(walk(option))
    return out


# -- the content's objects ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Tier:
    low: int
    high: int
    gives: int


@dataclass(frozen=True, slots=True)
class AltarExchange:
    id: str
    name: str
    text: str
    effects: tuple[Effect, ...]
    source: str


@dataclass(frozen=True, slots=True)
class Scoring:
    virtue: int
    speed: int
    shevitsa: int
    artifact: tuple[int, int, int]
    sacred_stone: int
    spirit: int
    remaining_turn: int
    text: str
    source: str


@dataclass(frozen=True, slots=True)
class Guide:
    id: str
    name: str
    text: str
    source: str


@dataclass(frozen=True, slots=True)
class Board:
    """The Hero board's tracks and the rulebook's tables (board.toml)."""
    text: str
    virtue_min: int
    virtue_max: int
    spirit: int
    actions: int
    artifact_slots: tuple[str, ...]
    talent_costs: tuple[int, int, int]
    tiers: tuple[Tier, ...]
    altar: tuple[AltarExchange, ...]
    treasure_dice: int
    treasure_table: Mapping[int, tuple[str, str, str]]   # level -> outcome class for 0, 1-2, 3 positive
    scoring: Scoring
    guides: tuple[Guide, ...]
    source: str

    def tier(self, value: int) -> int:
        """What a Hope, Faith, Endeavor, Endurance or Mercy of `value` gives (0 to 3)."""
        for t in self.tiers:
            if t.low <= value <= t.high:
                return t.gives
        return self.tiers[-1].gives if value > self.tiers[-1].high else 0


@dataclass(frozen=True, slots=True)
class DieFace:
    face: int
    shows: str
    positive: bool


@dataclass(frozen=True, slots=True)
class Die:
    id: str
    name: str
    count: int
    faces: tuple[DieFace, ...]
    text: str
    source: str

    @property
    def positive_chance(self) -> float:
        return sum(f.positive for f in self.faces) / len(self.faces)


@dataclass(frozen=True, slots=True)
class Talent:
    id: str
    hero: str
    level: int
    name: str
    text: str
    effects: tuple[Effect, ...]
    source: str


@dataclass(frozen=True, slots=True)
class Hero:
    id: str
    name: str
    text: str
    virtues: tuple[int, int, int, int, int, int]   # in VIRTUES order
    speed: int
    spirit: int
    shevitsa: int
    talents: tuple[Talent, ...]
    source: str
    note: str

    def virtue(self, name: str) -> int:
        return self.virtues[VIRTUES.index(name)]


@dataclass(frozen=True, slots=True)
class Geometry:
    text: str
    spaces: tuple[str, str, str, str]
    edges: Mapping[str, tuple[str, str]]
    edge_kind: str
    rotations: int
    flipped: tuple[str, str, str, str]
    source: str


@dataclass(frozen=True, slots=True)
class Tile:
    id: str
    name: str
    text: str
    spaces: tuple[str, str, str, str]   # NW, NE, SE, SW at rotation 0
    source: str
    note: str

    def count(self, kind: str) -> int:
        return self.spaces.count(kind)


@dataclass(frozen=True, slots=True)
class Feature:
    id: str
    name: str
    text: str
    source: str


@dataclass(frozen=True, slots=True)
class Token:
    id: str
    name: str
    kind: str            # token | cube
    colour: str          # for cubes
    count: int
    slot: str            # the space kind it is placed on when its tile is laid ("" = never on the Map)
    text: str
    claim: tuple[Effect, ...]
    source: str
    note: str


@dataclass(frozen=True, slots=True)
class Artifact:
    id: str
    level: int
    slot: str
    usage: str
    activation: int      # positive dice to pay, for usage "activation"
    name: str
    text: str
    effects: tuple[Effect, ...]
    source: str
    note: str


@dataclass(frozen=True, slots=True)
class EnemyTalent:
    name: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class BattleCard:
    id: str
    level: int
    name: str
    speed: int
    defense: int
    strength: int
    bonus: int           # Enemy Bonus cards drawn before the Battle
    talent: EnemyTalent | None
    reward: tuple[Effect, ...]
    text: str
    source: str
    note: str


@dataclass(frozen=True, slots=True)
class TreasureCard:
    id: str
    level: int
    name: str
    text: str
    on_0: tuple[Effect, ...]
    on_1_2: tuple[Effect, ...]
    on_3: tuple[Effect, ...]
    source: str

    def outcome(self, positives: int) -> tuple[Effect, ...]:
        return self.on_0 if positives <= 0 else self.on_3 if positives >= 3 else self.on_1_2


@dataclass(frozen=True, slots=True)
class BonusCard:
    id: str
    deck: str            # hero | enemy
    name: str
    text: str
    options: tuple[tuple[Effect, ...], ...]   # use one of them
    source: str


@dataclass(frozen=True, slots=True)
class QuestCard:
    id: str
    name: str
    text: str
    goal: str            # a QUEST_GOALS key
    n: int
    reward: tuple[Effect, ...]
    source: str
    note: str


@dataclass(frozen=True, slots=True)
class Prophecy:
    id: str
    sign: int            # 1..5; 0 for the Tutorial
    name: str
    future: str
    tutorial: bool
    statistics: tuple[str, ...]
    story: str
    text: str
    source: str
    note: str


@dataclass(frozen=True, slots=True)
class Reflection:
    """A Reflector of Darkness's stats relative to the Hero who drew it (path_of_initiation)."""
    speed: int
    defense_per_love: int
    defense_add: int
    defense_min: int
    strength_divisor: int
    strength_add: int
    strength_min: int
    fixed: tuple[int, int, int]

    def stats(self, hero_speed: int, love: int) -> tuple[int, int, int]:
        """(Speed, Defense, Strength) of the reflection of a Hero with this Speed and Love."""
        defense = max(self.defense_min, love * self.defense_per_love + self.defense_add, 1)
        strength = max(self.strength_min, math.ceil(love / self.strength_divisor) + self.strength_add, 0)
        return max(0, hero_speed + self.speed), defense, strength


@dataclass(frozen=True, slots=True)
class FutureDeck:
    id: str
    future: str
    name: str
    back: str
    text: str
    deal: int            # cards dealt into the deck at setup; 0 = all of them
    reflection: Reflection | None   # for the Reflector decks in "relative" mode
    source: str


@dataclass(frozen=True, slots=True)
class FutureCard:
    id: str
    deck: str
    name: str
    kind: str            # aiding | conditional | hostile | special
    text: str
    effects: tuple[Effect, ...]     # aiding, conditional and special cards
    speed: int           # hostile cards (0 when a reflection gives them)
    defense: int
    strength: int
    bonus: int
    talent: EnemyTalent | None
    reward: tuple[Effect, ...]
    reflection: Reflection | None
    source: str


@dataclass(frozen=True, slots=True)
class Piece:
    id: str
    name: str
    kind: str            # figure | token | cube | card | standee
    object: str          # aiding | conditional | hostile | mixed | special
    count: int
    colour: str          # "white" for pieces that are the base box's white cubes
    replaces: tuple[str, ...]   # slot kinds it goes on at the Future's setup
    place: str           # for figures: where it is set up
    neighbours: int      # for figures: tiles its tile must touch (8 = all around, diagonals included)
    supply: str          # ring | wow | seed: a supply of that counter
    value: int           # what one piece of a supply is worth
    claim: tuple[Effect, ...]
    text: str
    source: str
    note: str


@dataclass(frozen=True, slots=True)
class Enemy:
    id: str
    name: str
    count: int
    speed: int
    defense: int
    strength: int        # 0: it never rolls
    move: int
    rounds: int          # 1: each attack is one exchange (Future Book, Battle)
    keeps_damage: bool
    attack_from: str     # adjacent8: any of the 8 spaces around it
    on_fail: tuple[Effect, ...]   # what a Hero suffers for not defeating it in an attack
    text: str
    source: str
    note: str


@dataclass(frozen=True, slots=True)
class StoneUse:
    use: str             # strike | prevent_removal | spare_hero
    n: int
    against: tuple[str, ...]   # deck or enemy ids a strike may hit
    text: str


@dataclass(frozen=True, slots=True)
class Goal:
    kind: str            # gather | survive | defeat
    token: str = ""      # what each Hero (per_hero) or the team (team) collects
    per_hero: int = 0
    team: int = 0
    one_per_level: bool = False
    at: str = ""         # the figure to gather at
    around: str = ""     # spaces: the 8 spaces around it; tiles: the tiles next to its tile
    enemy: str = ""


@dataclass(frozen=True, slots=True)
class Clock:
    kind: str            # flips | removals | unturned | tentacles
    when: str = ""
    lose_at: int = 0
    extra_on: str = ""
    border_order: tuple[int, ...] = ()
    lose_at_tiles: int = 0
    hero_flips: int = 0
    win_at_unturned: int = 0
    deck: str = ""


@dataclass(frozen=True, slots=True)
class EnemyTurn:
    kind: str            # tree | vicinator
    first: bool = True
    flips: int = 0
    damage_per_pv: int = 0
    viruses: int = 0
    virus_damage: int = 0


@dataclass(frozen=True, slots=True)
class Future:
    id: str
    number: int
    name: str
    reward: int
    text: str
    goal: Goal
    clock: Clock
    enemy_turn: EnemyTurn | None
    sacred_stone: tuple[StoneUse, ...]
    pieces: tuple[Piece, ...]
    decks: tuple[FutureDeck, ...]
    cards: tuple[FutureCard, ...]
    enemies: tuple[Enemy, ...]
    source: str

    def deck_cards(self, deck: str) -> tuple[FutureCard, ...]:
        return tuple(c for c in self.cards if c.deck == deck)

    def piece(self, piece_id: str) -> Piece:
        return next(p for p in self.pieces if p.id == piece_id)


@dataclass(frozen=True, slots=True)
class Knob:
    id: str
    kind: str            # value | delta | choice
    value: int | str
    easier: int | str
    harder: int | str
    low: int
    high: int
    choices: tuple[str, ...]
    stat: str
    decks: tuple[str, ...]
    text: str
    source: str

    def at(self, difficulty: str) -> int | str:
        return {"easier": self.easier, "normal": self.value, "harder": self.harder}[difficulty]


@dataclass(frozen=True, slots=True)
class Content:
    difficulty: str
    knobs: tuple[Knob, ...]
    settings: Mapping[str, int | str]     # each knob's value at this difficulty
    board: Board
    die: Die
    heroes: tuple[Hero, ...]
    geometry: Geometry
    tiles: tuple[Tile, ...]
    features: tuple[Feature, ...]
    tokens: tuple[Token, ...]
    artifacts: tuple[Artifact, ...]
    battles: tuple[BattleCard, ...]
    treasures: tuple[TreasureCard, ...]
    bonus: tuple[BonusCard, ...]
    quests: tuple[QuestCard, ...]
    prophecies: tuple[Prophecy, ...]
    futures: tuple[Future, ...]
    folder: Path | None = None         # a designer's copy it was read from (None: the package's)

    def hero(self, hero_id: str) -> Hero:
        return next(h for h in self.heroes if h.id == hero_id)

    def future(self, future_id: str) -> Future:
        return next(f for f in self.futures if f.id == future_id)

    def token(self, token_id: str) -> Token:
        return next(t for t in self.tokens if t.id == token_id)

    def artifacts_of(self, level: int) -> tuple[Artifact, ...]:
        return tuple(a for a in self.artifacts if a.level == level)

    def battles_of(self, level: int) -> tuple[BattleCard, ...]:
        return tuple(b for b in self.battles if b.level == level)

    def treasures_of(self, level: int) -> tuple[TreasureCard, ...]:
        return tuple(t for t in self.treasures if t.level == level)

    def bonus_deck(self, deck: str) -> tuple[BonusCard, ...]:
        return tuple(b for b in self.bonus if b.deck == deck)

    def every_effect(self) -> list[tuple[str, Effect]]:
        """Every effect of the content with the entry it belongs to, nested ones included."""
        out: list[tuple[str, tuple[Effect, ...]]] = [(x.id, x.effects) for x in self.board.altar]
        out += [(t.id, t.effects) for h in self.heroes for t in h.talents]
        out += [(t.id, t.claim) for t in self.tokens]
        out += [(a.id, a.effects) for a in self.artifacts]
        out += [(b.id, (*b.reward, *(b.talent.effects if b.talent else ()))) for b in self.battles]
        out += [(t.id, (*t.on_0, *t.on_1_2, *t.on_3)) for t in self.treasures]
        out += [(b.id, o) for b in self.bonus for o in b.options]
        out += [(q.id, q.reward) for q in self.quests]
        for f in self.futures:
            out += [(c.id, (*c.effects, *c.reward, *(c.talent.effects if c.talent else ()))) for c in f.cards]
            out += [(p.id, p.claim) for p in f.pieces]
            out += [(e.id, e.on_fail) for e in f.enemies]
        return [(owner, e) for owner, effects in out for e in walk(effects)]


# -- reading TOML strictly ---------------------------------------------------------------------------

def _fail(message: str) -> NoReturn:
    raise ContentError(message)


def _table(where: str, raw: Any) -> dict[str, Any]:
    require(isinstance(raw, dict), f"{where}: must be a table")
    return dict(raw)


def _entries(where: str, data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    raw = data.get(key, [])
    require(isinstance(raw, list), f"{where}: [[{key}]] must be an array of tables")
    return [_table(f"{where}: {key} {i + 1}", r) for i, r in enumerate(raw)]


def _keys(where: str, raw: dict[str, Any], required: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
    for key in required:
        require(key in raw, f"{where}: missing {key!r}")
    unknown = sorted(set(raw) - set(required) - set(optional))
    require(not unknown, f"{where}: unknown field(s) {', '.join(unknown)}; known: "
                         f"{', '.join(sorted((*required, *optional)))}")


def _str(where: str, raw: dict[str, Any], key: str, default: str | None = None) -> str:
    value = raw.get(key, default)
    require(isinstance(value, str), f"{where}: {key!r} must be text, not {value!r}")
    return str(value)


def _text(where: str, raw: dict[str, Any], key: str, numbers: Mapping[str, int]) -> str:
    """Player-facing text: non-empty; {knob.id} placeholders are replaced with that value knob's number."""
    value = _str(where, raw, key).strip()
    require(value != "", f"{where}: {key!r} must not be empty")

    def fill(m: re.Match[str]) -> str:
        name = m.group(1)
        require(name in numbers, f"{where}: {key!r} quotes {{{name}}}, which is not a value knob of tuning.toml")
        return str(numbers[name])

    value = re.sub(r"\{([^{}]*)\}", fill, value)
    require("{" not in value and "}" not in value, f"{where}: {key!r} has an unmatched brace")
    return value


def _int(where: str, raw: dict[str, Any], key: str, default: int | None = None, low: int = 0,
         high: int = 999) -> int:
    value = raw.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        _fail(f"{where}: {key!r} must be a whole number, not {value!r}")
    require(low <= value <= high, f"{where}: {key!r} must be {low} to {high}, not {value}")
    return value


def _number(where: str, raw: dict[str, Any], key: str, numbers: Mapping[str, int], default: int | None = None,
            low: int = 0, high: int = 999) -> int:
    """A whole number, or the id of a value knob of tuning.toml."""
    value = raw.get(key, default)
    if isinstance(value, str):
        require(value in numbers, f"{where}: {key!r} names {value!r}, which is not a value knob of tuning.toml")
        return _int(where, {key: numbers[value]}, key, low=low, high=high)
    return _int(where, raw, key, default, low, high)


def _bool(where: str, raw: dict[str, Any], key: str, default: bool | None = None) -> bool:
    value = raw.get(key, default)
    require(isinstance(value, bool), f"{where}: {key!r} must be true or false, not {value!r}")
    return bool(value)


def _choice(where: str, raw: dict[str, Any], key: str, allowed: tuple[str, ...], default: str | None = None) -> str:
    value = raw.get(key, default)
    require(value in allowed, f"{where}: {key!r} must be one of {', '.join(allowed)}, not {value!r}")
    return str(value)


def _strs(where: str, raw: dict[str, Any], key: str, allowed: tuple[str, ...] | None = None) -> tuple[str, ...]:
    value = raw.get(key, [])
    require(isinstance(value, list) and all(isinstance(v, str) for v in value), f"{where}: {key!r} must be a list "
                                                                                 f"of text")
    for v in value:
        require(allowed is None or v in allowed, f"{where}: {key!r} has {v!r}; known: {', '.join(allowed or ())}")
    return tuple(value)


def _source(where: str, raw: dict[str, Any]) -> str:
    source = raw.get("source")
    require(source in SOURCES, f"{where}: source must be one of {', '.join(sorted(SOURCES))}, not {source!r}")
    return str(source)


def _unique(where: str, ids: list[str], what: str) -> None:
    seen: set[str] = set()
    for i in ids:
        require(i not in seen, f"{where}: two {what} have the id {i!r}")
        seen.add(i)


# -- effects -----------------------------------------------------------------------------------------

class _Parser:
    """Parses effect lists against VOCABULARY; numbers may name a value knob."""

    def __init__(self, numbers: Mapping[str, int], decks: frozenset[str]) -> None:
        self.numbers = numbers
        self.decks = decks

    def effects(self, where: str, raw: Any) -> tuple[Effect, ...]:
        require(isinstance(raw, list), f"{where}: effects must be a list of tables like {{ do = \"gain\", ... }}")
        return tuple(self.effect(f"{where}: effect {i + 1}", r) for i, r in enumerate(raw))

    def effect(self, where: str, raw: Any) -> Effect:
        require(isinstance(raw, dict), f"{where}: an effect must be a table like {{ do = \"gain\", ... }}")
        keyword = raw.get("do")
        require(keyword in VOCABULARY, f"{where}: unknown effect keyword {keyword!r}; known: "
                                       f"{', '.join(sorted(VOCABULARY))}")
        where = f"{where} ({keyword})"
        spec = VOCABULARY[str(keyword)]
        unknown = sorted(set(raw) - set(spec.params) - {"do"})
        require(not unknown, f"{where}: unknown parameter(s) {', '.join(unknown)}; {keyword} takes "
                             f"{', '.join(spec.params) or 'none'}")
        values: dict[str, Any] = {}
        for name, param in spec.params.items():
            if name not in raw:
                require(not param.required, f"{where}: missing parameter {name!r} ({param.meaning})")
                if param.kind in ("int", "word", "bool", "deck") and param.default != 0:
                    values[name] = param.default
                continue
            values[name] = self.value(f"{where}: {name}", raw[name], param)
        effect = Effect(do=str(keyword), **values)
        check = _CHECKS.get(effect.do)
        if check is not None:
            check(where, raw, effect)
        return effect

    def value(self, where: str, raw: Any, param: Param) -> Any:
        if param.kind == "int":
            return _number(where, {"value": raw}, "value", self.numbers, low=param.low, high=param.high)
        if param.kind == "word":
            require(raw in param.words, f"{where}: must be one of {', '.join(param.words)}, not {raw!r}")
            return str(raw)
        if param.kind == "bool":
            return _bool(where, {"value": raw}, "value")
        if param.kind == "deck":
            require(raw == "any" or raw in self.decks, f"{where}: no deck has the id {raw!r}")
            return str(raw)
        if param.kind == "effects":
            return self.effects(where, raw)
        # options: two or more effect lists
        require(isinstance(raw, list) and len(raw) >= 2, f"{where}: must list two or more options")
        return tuple(self.effects(f"{where} {i + 1}", o) for i, o in enumerate(raw))


def _check_gain(where: str, raw: dict[str, Any], e: Effect) -> None:
    needs_level = e.what in ("artifact", "head")
    require(needs_level == ("level" in raw), f"{where}: 'level' is needed for an artifact or a head, and only then")


def _check_pay(where: str, raw: dict[str, Any], e: Effect) -> None:
    require((e.what == "artifacts") == ("level" in raw), f"{where}: paying artifacts needs their 'level', and "
                                                         f"only they do")


def _check_require(where: str, raw: dict[str, Any], e: Effect) -> None:
    uses = TESTS[e.test]
    for name in ("virtue", "n", "level"):
        require((name in uses) == (name in raw), f"{where}: test {e.test} takes {', '.join(uses) or 'no parameter'}")


def _check_draw(where: str, raw: dict[str, Any], e: Effect) -> None:
    require(e.deck != "any", f"{where}: draw names one deck")


_CHECKS: dict[str, Callable[[str, dict[str, Any], Effect], None]] = {
    "gain": _check_gain, "pay": _check_pay, "require": _check_require, "draw": _check_draw,
}


def _max_gain(effects: tuple[Effect, ...], what: str) -> int:
    """The most of `what` these effects can give (the better branch of each test or choice)."""
    total = 0
    for e in effects:
        if e.do == "gain" and e.what == what:
            total += e.n
        elif e.do in ("require", "roll"):
            total += max(_max_gain(e.then, what), _max_gain(e.otherwise, what))
        elif e.do == "choose":
            total += max(_max_gain(o, what) for o in e.options)
        elif e.do == "restore_spirit":
            total += _max_gain(e.otherwise, what)
    return total


# -- the files ---------------------------------------------------------------------------------------

class _Loader:
    def __init__(self, folder: Path | None, difficulty: str) -> None:
        require(difficulty in DIFFICULTIES, f"threetale: unknown difficulty {difficulty!r}; known: "
                                            f"{', '.join(DIFFICULTIES)}")
        self.folder = folder
        self.difficulty = difficulty

    def read(self, filename: str) -> dict[str, Any]:
        return load_toml(GAME_ID, PACKAGE, filename, self.folder)

    # tuning.toml
    def knobs(self) -> tuple[Knob, ...]:
        f = "tuning.toml"
        knobs = []
        for raw in _entries(f, self.read(f), "knob"):
            where = f"{f}: knob {raw.get('id')}"
            kind = _choice(where, raw, "kind", ("value", "delta", "choice"))
            if kind == "choice":
                _keys(where, raw, ("id", "kind", "choices", "value", "easier", "harder", "text", "source"))
                choices = _strs(where, raw, "choices")
                require(len(choices) >= 2, f"{where}: a choice knob lists two or more choices")
                values: list[int | str] = [_choice(where, raw, k, choices) for k in ("value", "easier", "harder")]
                low = high = 0
            else:
                _keys(where, raw, ("id", "kind", "value", "easier", "harder", "low", "high", "text", "source"),
                      ("stat", "decks"))
                low = _int(where, raw, "low", low=-999)
                high = _int(where, raw, "high", low=low)
                values = [_int(where, raw, k, low=low, high=high) for k in ("value", "easier", "harder")]
                choices = ()
            stat = ""
            decks: tuple[str, ...] = ()
            if kind == "delta":
                require("stat" in raw and "decks" in raw, f"{where}: a delta knob names its 'stat' and 'decks'")
                stat = _choice(where, raw, "stat", ("speed", "defense", "strength"))
                decks = _strs(where, raw, "decks")
                require(len(decks) > 0, f"{where}: a delta knob names at least one deck")
            else:
                require("stat" not in raw and "decks" not in raw, f"{where}: only a delta knob has 'stat' and 'decks'")
            knobs.append(Knob(_str(where, raw, "id"), kind, values[0], values[1], values[2], low, high, choices, stat,
                              decks, _str(where, raw, "text"), _source(where, raw)))
        _unique(f, [k.id for k in knobs], "knobs")
        return tuple(knobs)

    # board.toml
    def board(self, parser: _Parser) -> Board:
        f = "board.toml"
        data = self.read(f)
        hb = _table(f"{f}: [hero_board]", data.get("hero_board"))
        where = f"{f}: hero_board"
        _keys(where, hb, ("source", "text", "virtues", "virtue_min", "virtue_max", "spirit", "actions",
                          "artifact_slots", "talent_costs", "tier"))
        require(_strs(where, hb, "virtues") == VIRTUES, f"{where}: the six Virtues are {', '.join(VIRTUES)}")
        require(_strs(where, hb, "artifact_slots") == ARTIFACT_SLOTS, f"{where}: the Artifact slots are "
                                                                      f"{', '.join(ARTIFACT_SLOTS)}")
        vmin, vmax = _int(where, hb, "virtue_min"), _int(where, hb, "virtue_max", low=1)
        costs = hb.get("talent_costs")
        if not (isinstance(costs, list) and len(costs) == 3 and all(isinstance(c, int) and c > 0 for c in costs)):
            _fail(f"{where}: talent_costs lists the 3 levels' costs")
        tiers = []
        for i, t in enumerate(_entries(where, hb, "tier")):
            tw = f"{where}: tier {i + 1}"
            _keys(tw, t, ("from", "to", "gives"))
            tiers.append(Tier(_int(tw, t, "from"), _int(tw, t, "to"), _int(tw, t, "gives")))
        require(bool(tiers) and tiers[0].low == vmin and tiers[-1].high == vmax
                and all(a.high + 1 == b.low for a, b in itertools.pairwise(tiers)),
                f"{where}: the tiers must cover {vmin} to {vmax} without gaps")
        altar = []
        for raw in _entries(f, data, "altar"):
            aw = f"{f}: altar {raw.get('id')}"
            _keys(aw, raw, ("id", "name", "text", "source", "effects"))
            altar.append(AltarExchange(_str(aw, raw, "id"), _str(aw, raw, "name"), _text(aw, raw, "text", {}),
                                       parser.effects(aw, raw["effects"]), _source(aw, raw)))
        require(len(altar) == 7, f"{f}: the rulebook lists 7 Altar Sacrifices, not {len(altar)}")
        tt = _table(f"{f}: [treasure_table]", data.get("treasure_table"))
        tw = f"{f}: treasure_table"
        _keys(tw, tt, ("source", "text", "dice", "level1", "level2", "level3"))
        classes = ("meager", "small", "medium", "substantial", "huge", "nothing", "lose")
        table = {}
        for level in LEVELS:
            row = _strs(tw, tt, f"level{level}", classes)
            require(len(row) == 3, f"{tw}: level{level} gives the outcomes of 0, 1-2 and 3 positive dice")
            table[level] = (row[0], row[1], row[2])
        sc = _table(f"{f}: [scoring]", data.get("scoring"))
        sw = f"{f}: scoring"
        _keys(sw, sc, ("source", "text", "virtue", "speed", "shevitsa", "artifact", "sacred_stone", "spirit",
                       "remaining_turn"))
        art = sc.get("artifact")
        if not (isinstance(art, list) and len(art) == 3 and all(isinstance(a, int) for a in art)):
            _fail(f"{sw}: artifact lists the points of Levels 1, 2 and 3")
        scoring = Scoring(_int(sw, sc, "virtue"), _int(sw, sc, "speed"), _int(sw, sc, "shevitsa"),
                          (art[0], art[1], art[2]), _int(sw, sc, "sacred_stone"), _int(sw, sc, "spirit"),
                          _int(sw, sc, "remaining_turn"), _text(sw, sc, "text", {}), _source(sw, sc))
        guides = []
        for raw in _entries(f, data, "guide"):
            gw = f"{f}: guide {raw.get('id')}"
            _keys(gw, raw, ("id", "name", "text", "source"))
            guides.append(Guide(_str(gw, raw, "id"), _str(gw, raw, "name"), _text(gw, raw, "text", {}),
                                _source(gw, raw)))
        require(len(guides) == 3, f"{f}: the box has 3 Guide cards, not {len(guides)}")
        return Board(_text(where, hb, "text", {}), vmin, vmax, _int(where, hb, "spirit", low=1),
                     _int(where, hb, "actions", low=1), ARTIFACT_SLOTS, (costs[0], costs[1], costs[2]), tuple(tiers),
                     tuple(altar), _int(tw, tt, "dice", low=1), table, scoring, tuple(guides), _source(where, hb))

    # dice.toml
    def die(self) -> Die:
        f = "dice.toml"
        raw = _table(f"{f}: [die]", self.read(f).get("die"))
        where = f"{f}: die {raw.get('id')}"
        _keys(where, raw, ("id", "name", "count", "text", "source", "face"))
        faces = []
        for i, face in enumerate(_entries(where, raw, "face")):
            fw = f"{where}: face {i + 1}"
            _keys(fw, face, ("face", "shows", "positive"))
            faces.append(DieFace(_int(fw, face, "face", low=1, high=6), _choice(fw, face, "shows", ("symbol", "blank")),
                                 _bool(fw, face, "positive")))
            require(faces[-1].positive == (faces[-1].shows == "symbol"),
                    f"{fw}: the symbol sides are the positive ones")
        require(len(faces) == 6 and sorted(f.face for f in faces) == [1, 2, 3, 4, 5, 6],
                f"{where}: a die has 6 faces, numbered 1 to 6")
        require(sum(f.positive for f in faces) == 3, f"{where}: the rulebook's dice have 3 positive and 3 blank sides")
        die = Die(_str(where, raw, "id"), _str(where, raw, "name"), _int(where, raw, "count"), tuple(faces),
                  _text(where, raw, "text", {}), _source(where, raw))
        require(die.count == 15, f"{where}: the box has 15 dice, not {die.count}")
        return die

    # heroes.toml
    def heroes(self, parser: _Parser, board: Board) -> tuple[Hero, ...]:
        f = "heroes.toml"
        heroes = []
        for raw in _entries(f, self.read(f), "hero"):
            where = f"{f}: hero {raw.get('id')}"
            _keys(where, raw, ("id", "name", "text", "source", "speed", "spirit", "shevitsa", "talent", *VIRTUES),
                  ("note",))
            hero_id = _str(where, raw, "id")
            talents = []
            for t in _entries(where, raw, "talent"):
                tw = f"{f}: talent {t.get('id')}"
                _keys(tw, t, ("id", "level", "name", "text", "source", "effects"))
                talents.append(Talent(_str(tw, t, "id"), hero_id, _int(tw, t, "level", low=1, high=3),
                                      _str(tw, t, "name"), _text(tw, t, "text", parser.numbers),
                                      parser.effects(tw, t["effects"]), _source(tw, t)))
            require([t.level for t in talents].count(1) == 2 and [t.level for t in talents].count(2) == 2
                    and [t.level for t in talents].count(3) == 2 and len(talents) == 6,
                    f"{where}: a Hero has 6 Talents, two of each level, not "
                    f"{[t.level for t in talents]}")
            v = [_int(where, raw, name, low=board.virtue_min, high=board.virtue_max) for name in VIRTUES]
            heroes.append(Hero(hero_id, _str(where, raw, "name"), _text(where, raw, "text", {}),
                               (v[0], v[1], v[2], v[3], v[4], v[5]), _int(where, raw, "speed", low=1),
                               _int(where, raw, "spirit", low=board.spirit, high=board.spirit),
                               _int(where, raw, "shevitsa"), tuple(talents), _source(where, raw),
                               _str(where, raw, "note", "")))
        require(len(heroes) == 5, f"{f}: the box has 5 Hero dashboards, not {len(heroes)}")
        _unique(f, [h.id for h in heroes], "heroes")
        _unique(f, [t.id for h in heroes for t in h.talents], "talents")
        return tuple(heroes)

    # tiles.toml
    def tiles(self) -> tuple[Geometry, tuple[Tile, ...]]:
        f = "tiles.toml"
        data = self.read(f)
        g = _table(f"{f}: [geometry]", data.get("geometry"))
        gw = f"{f}: geometry"
        _keys(gw, g, ("source", "text", "spaces", "edges", "edge_kind", "rotations", "flipped"))
        spaces = _strs(gw, g, "spaces")
        require(spaces == ("NW", "NE", "SE", "SW"), f"{gw}: a tile's spaces are NW, NE, SE, SW")
        edges_raw = _table(f"{gw}: edges", g.get("edges"))
        edges: dict[str, tuple[str, str]] = {}
        for side in ("N", "E", "S", "W"):
            pair = _strs(gw, edges_raw, side, spaces)
            require(len(pair) == 2, f"{gw}: edge {side} runs along two spaces")
            edges[side] = (pair[0], pair[1])
        flipped = _strs(gw, g, "flipped")
        require(len(flipped) == 4, f"{gw}: a flipped tile shows 4 spaces")
        geometry = Geometry(_text(gw, g, "text", {}), ("NW", "NE", "SE", "SW"), edges,
                            _choice(gw, g, "edge_kind", ("open",)), _int(gw, g, "rotations", low=4, high=4),
                            (flipped[0], flipped[1], flipped[2], flipped[3]), _source(gw, g))
        tiles = []
        for raw in _entries(f, data, "tile"):
            where = f"{f}: tile {raw.get('id')}"
            _keys(where, raw, ("id", "name", "spaces", "text", "source"), ("note",))
            sp = _strs(where, raw, "spaces", SPACE_KINDS)
            require(len(sp) == 4, f"{where}: a tile has 4 spaces (NW, NE, SE, SW), not {len(sp)}")
            tile = Tile(_str(where, raw, "id"), _str(where, raw, "name"), _text(where, raw, "text", {}),
                        (sp[0], sp[1], sp[2], sp[3]), _source(where, raw), _str(where, raw, "note", ""))
            # a Tree fills its space: two on a tile could wall a space in; a Hero needs room to be placed
            require(tile.count("tree") <= 1, f"{where}: at most 1 Tree a tile")
            require(not (tile.count("tree") and tile.count("altar")), f"{where}: no Tree on an Altar tile")
            require(sum(s not in ("tree",) for s in tile.spaces) >= 2, f"{where}: at least 2 spaces without Trees")
            tiles.append(tile)
        require(len(tiles) == 30, f"{f}: the box has 30 Map tiles, not {len(tiles)}")
        _unique(f, [t.id for t in tiles], "tiles")
        require(sum(t.count("altar") for t in tiles) >= 1, f"{f}: the Futures need at least one Altar")
        return geometry, tuple(tiles)

    # tokens.toml
    def tokens(self, parser: _Parser, tiles: tuple[Tile, ...]) -> tuple[tuple[Feature, ...], tuple[Token, ...]]:
        f = "tokens.toml"
        data = self.read(f)
        features = []
        for raw in _entries(f, data, "feature"):
            where = f"{f}: feature {raw.get('id')}"
            _keys(where, raw, ("id", "name", "text", "source"))
            features.append(Feature(_choice(where, raw, "id", FEATURES), _str(where, raw, "name"),
                                    _text(where, raw, "text", {}), _source(where, raw)))
        require(sorted(x.id for x in features) == sorted(FEATURES), f"{f}: the permanent features are "
                                                                     f"{', '.join(FEATURES)}")
        tokens = []
        for raw in _entries(f, data, "token"):
            where = f"{f}: token {raw.get('id')}"
            _keys(where, raw, ("id", "name", "kind", "count", "slot", "text", "source", "claim"), ("colour", "note"))
            kind = _choice(where, raw, "kind", ("token", "cube"))
            colour = _choice(where, raw, "colour", ("white", "red", "black", "blue")) if kind == "cube" else ""
            require(kind == "cube" or "colour" not in raw, f"{where}: only cubes have a colour")
            tokens.append(Token(_str(where, raw, "id"), _str(where, raw, "name"), kind, colour,
                                _int(where, raw, "count", low=1), _choice(where, raw, "slot", ("", *SLOTS, "altar")),
                                _text(where, raw, "text", {}), parser.effects(where, raw["claim"]),
                                _source(where, raw), _str(where, raw, "note", "")))
        _unique(f, [t.id for t in tokens], "tokens")
        total = sum(t.count for t in tokens if t.kind == "token")
        require(total == 70, f"{f}: the box has 70 tokens, not {total}")
        cubes = sum(t.count for t in tokens if t.kind == "cube")
        require(cubes == 110, f"{f}: the box has 110 wooden cubes, not {cubes}")
        for slot in (*SLOTS, "altar"):
            on_tiles = sum(t.count(slot) for t in tiles)
            pieces = [t for t in tokens if t.slot == slot]
            require(len(pieces) <= 1, f"{f}: two kinds of piece go on {slot} slots")
            if on_tiles:
                require(bool(pieces), f"{f}: the tiles have {on_tiles} {slot} slots but no piece goes on them")
            if pieces and pieces[0].kind == "token":
                require(pieces[0].count == on_tiles, f"{f}: token {pieces[0].id}: {pieces[0].count} for the tiles' "
                                                     f"{on_tiles} {slot} slots")
            elif pieces:
                require(pieces[0].count >= on_tiles, f"{f}: token {pieces[0].id}: {pieces[0].count} cubes for the "
                                                     f"tiles' {on_tiles} {slot} slots")
        return tuple(features), tuple(tokens)

    # artifacts.toml
    def artifacts(self, parser: _Parser) -> tuple[Artifact, ...]:
        f = "artifacts.toml"
        out = []
        for raw in _entries(f, self.read(f), "artifact"):
            where = f"{f}: artifact {raw.get('id')}"
            _keys(where, raw, ("id", "level", "slot", "usage", "name", "text", "source", "effects"),
                  ("activation", "note"))
            usage = _choice(where, raw, "usage", ARTIFACT_USAGES)
            require((usage == "activation") == ("activation" in raw),
                    f"{where}: 'activation' (the dice it costs) is given for an activation Artifact, and only then")
            out.append(Artifact(_str(where, raw, "id"), _int(where, raw, "level", low=1, high=3),
                                _choice(where, raw, "slot", ARTIFACT_SLOTS), usage,
                                _int(where, raw, "activation", 0, low=0 if usage != "activation" else 1, high=6),
                                _str(where, raw, "name"), _text(where, raw, "text", parser.numbers),
                                parser.effects(where, raw["effects"]), _source(where, raw),
                                _str(where, raw, "note", "")))
            require(bool(out[-1].effects), f"{where}: an Artifact does something")
        require(len(out) == 36, f"{f}: the box has 36 Artifact cards, not {len(out)}")
        for level in LEVELS:
            n = sum(a.level == level for a in out)
            require(n == 12, f"{f}: 12 Artifacts of each level, not {n} of Level {level}")
        _unique(f, [a.id for a in out], "Artifacts")
        return tuple(out)

    def _talent(self, where: str, raw: dict[str, Any], parser: _Parser) -> EnemyTalent | None:
        if "talent" not in raw:
            return None
        t = _table(f"{where}: talent", raw["talent"])
        _keys(f"{where}: talent", t, ("name", "effects"))
        return EnemyTalent(_str(where, t, "name"), parser.effects(f"{where}: talent", t["effects"]))

    # battle.toml
    def battles(self, parser: _Parser, knobs: tuple[Knob, ...], settings: Mapping[str, int | str]
                ) -> tuple[BattleCard, ...]:
        f = "battle.toml"
        out = []
        for raw in _entries(f, self.read(f), "battle"):
            where = f"{f}: battle {raw.get('id')}"
            _keys(where, raw, ("id", "level", "name", "speed", "defense", "strength", "bonus", "text", "source",
                               "reward"), ("talent", "note"))
            level = _int(where, raw, "level", low=1, high=3)
            deck = f"battle{level}"
            card = BattleCard(_str(where, raw, "id"), level, _str(where, raw, "name"),
                              _delta(knobs, settings, deck, "speed", _int(where, raw, "speed")),
                              _delta(knobs, settings, deck, "defense", _int(where, raw, "defense", low=1)),
                              _delta(knobs, settings, deck, "strength", _int(where, raw, "strength")),
                              _int(where, raw, "bonus", high=5), self._talent(where, raw, parser),
                              parser.effects(where, raw["reward"]), _text(where, raw, "text", parser.numbers),
                              _source(where, raw), _str(where, raw, "note", ""))
            # "Level 2 Battles feature enemies who draw Bonus Cards beforehand, and Level 3 ... unique Talents"
            require(level != 2 or card.bonus >= 1, f"{where}: a Level 2 enemy draws Bonus cards")
            require(level != 3 or card.talent is not None, f"{where}: a Level 3 enemy has a Talent")
            require(bool(card.reward), f"{where}: a Battle card has a Reward")
            out.append(card)
        require(len(out) == 30, f"{f}: the box has 30 Battle cards, not {len(out)}")
        for level in LEVELS:
            n = sum(b.level == level for b in out)
            require(n == 10, f"{f}: 10 Battle cards of each level, not {n} of Level {level}")
        _unique(f, [b.id for b in out], "Battle cards")
        return tuple(out)

    # treasure.toml
    def treasures(self, parser: _Parser, board: Board) -> tuple[TreasureCard, ...]:
        f = "treasure.toml"
        out = []
        for raw in _entries(f, self.read(f), "treasure"):
            where = f"{f}: treasure {raw.get('id')}"
            _keys(where, raw, ("id", "level", "name", "text", "source", "on_0", "on_1_2", "on_3"))
            level = _int(where, raw, "level", low=1, high=3)
            card = TreasureCard(_str(where, raw, "id"), level, _str(where, raw, "name"),
                                _text(where, raw, "text", parser.numbers),
                                parser.effects(f"{where}: on_0", raw["on_0"]),
                                parser.effects(f"{where}: on_1_2", raw["on_1_2"]),
                                parser.effects(f"{where}: on_3", raw["on_3"]), _source(where, raw))
            # each outcome must be of the class the rulebook's table gives
            for outcome, cls, name in zip((card.on_0, card.on_1_2, card.on_3), board.treasure_table[level],
                                          ("on_0", "on_1_2", "on_3"), strict=True):
                require(bool(outcome), f"{where}: {name} is empty (write {{ do = \"nothing\" }} for nothing)")
                loses = all(e.do == "lose" for e in outcome)
                nothing = all(e.do == "nothing" for e in outcome)
                if cls == "nothing":
                    require(nothing, f"{where}: {name} must be nothing (the rulebook's Treasure table)")
                elif cls == "lose":
                    require(loses, f"{where}: {name} must lose something (the rulebook's Treasure table)")
                else:
                    require(not nothing and not any(e.do == "lose" for e in walk(outcome)),
                            f"{where}: {name} must be a {cls} reward (the rulebook's Treasure table)")
            out.append(card)
        require(len(out) == 30, f"{f}: the box has 30 Treasure cards, not {len(out)}")
        for level in LEVELS:
            n = sum(t.level == level for t in out)
            require(n == 10, f"{f}: 10 Treasure cards of each level, not {n} of Level {level}")
        _unique(f, [t.id for t in out], "Treasure cards")
        return tuple(out)

    # bonus.toml
    def bonus(self, parser: _Parser) -> tuple[BonusCard, ...]:
        f = "bonus.toml"
        out = []
        for raw in _entries(f, self.read(f), "bonus"):
            where = f"{f}: bonus {raw.get('id')}"
            _keys(where, raw, ("id", "deck", "name", "text", "source", "options"))
            opts = raw["options"]
            require(isinstance(opts, list) and len(opts) >= 1, f"{where}: options lists one or more effect lists")
            options = tuple(parser.effects(f"{where}: option {i + 1}", o) for i, o in enumerate(opts))
            deck = _choice(where, raw, "deck", ("hero", "enemy"))
            require(deck == "hero" or len(options) == 1, f"{where}: an Enemy Bonus card shows one effect, so the "
                                                          f"enemy never chooses")
            out.append(BonusCard(_str(where, raw, "id"), deck, _str(where, raw, "name"),
                                 _text(where, raw, "text", parser.numbers), options, _source(where, raw)))
        require(len(out) == 20, f"{f}: the box has 20 Bonus cards, not {len(out)}")
        for deck in ("hero", "enemy"):
            require(any(b.deck == deck for b in out), f"{f}: the {deck} Bonus deck is empty")
        _unique(f, [b.id for b in out], "Bonus cards")
        return tuple(out)

    # quests.toml
    def quests(self, parser: _Parser) -> tuple[QuestCard, ...]:
        f = "quests.toml"
        out = []
        for raw in _entries(f, self.read(f), "quest"):
            where = f"{f}: quest {raw.get('id')}"
            _keys(where, raw, ("id", "name", "text", "source", "requirement", "reward"), ("note",))
            req = _table(f"{where}: requirement", raw["requirement"])
            _keys(f"{where}: requirement", req, ("goal", "n"))
            out.append(QuestCard(_str(where, raw, "id"), _str(where, raw, "name"), _text(where, raw, "text", {}),
                                 _choice(f"{where}: requirement", req, "goal", tuple(QUEST_GOALS)),
                                 _int(f"{where}: requirement", req, "n", low=1), parser.effects(where, raw["reward"]),
                                 _source(where, raw), _str(where, raw, "note", "")))
            for e in walk(out[-1].reward):
                require(e.who != "receiver" or out[-1].goal == "give_artifacts",
                        f"{where}: only a give_artifacts Quest has a receiver")
        require(len(out) == 10, f"{f}: the box has 10 Quest cards, not {len(out)}")
        _unique(f, [q.id for q in out], "Quest cards")
        return tuple(out)

    # prophecies.toml
    def prophecies(self, futures: tuple[Future, ...]) -> tuple[Prophecy, ...]:
        f = "prophecies.toml"
        out = []
        ids = tuple(x.id for x in futures)
        for raw in _entries(f, self.read(f), "prophecy"):
            where = f"{f}: prophecy {raw.get('id')}"
            _keys(where, raw, ("id", "sign", "name", "future", "tutorial", "statistics", "story", "text", "source"),
                  ("note",))
            tutorial = _bool(where, raw, "tutorial")
            p = Prophecy(_str(where, raw, "id"), _int(where, raw, "sign", low=0 if tutorial else 1,
                                                     high=0 if tutorial else 99),
                         _str(where, raw, "name"), _choice(where, raw, "future", ids), tutorial,
                         _strs(where, raw, "statistics", STATISTICS), _text(where, raw, "story", {}),
                         _text(where, raw, "text", {}), _source(where, raw), _str(where, raw, "note", ""))
            require(bool(p.statistics), f"{where}: a Prophecy shows the Statistics the team needs")
            out.append(p)
        _unique(f, [p.id for p in out], "Prophecy cards")
        regular = [p for p in out if not p.tutorial]
        require(len(regular) == 5, f"{f}: 5 Prophecy cards (one a Future), not {len(regular)}")
        require(sorted(p.future for p in regular) == sorted(ids), f"{f}: each Future has exactly one Prophecy")
        require(sorted(p.sign for p in regular) == [1, 2, 3, 4, 5], f"{f}: the Signs are numbered 1 to 5")
        require(sum(p.tutorial for p in out) <= 1, f"{f}: at most one Tutorial Prophecy")
        return tuple(out)

    # future_*.toml
    def future(self, f: str, parser: _Parser, knobs: tuple[Knob, ...], settings: Mapping[str, int | str],
               tiles: tuple[Tile, ...], white_cubes: int) -> Future:
        data = self.read(f)
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
                                        self._talent(cw, raw, parser), parser.effects(f"{cw}: reward", raw["reward"]),
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
                        self._stones(f, data, decks, enemies), tuple(pieces), tuple(decks), tuple(cards),
                        tuple(enemies), _source(where, fr))
        _check_future(f, future, tiles, white_cubes)
        return future

    def _stones(self, f: str, data: dict[str, Any], decks: list[FutureDeck], enemies: list[Enemy]
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


def _delta_sum(knobs: tuple[Knob, ...], settings: Mapping[str, int | str], deck: str, stat: str) -> int:
    return sum(int(settings[k.id]) for k in knobs if k.kind == "delta" and k.stat == stat and deck in k.decks)


def _delta(knobs: tuple[Knob, ...], settings: Mapping[str, int | str], deck: str, stat: str, value: int) -> int:
    """A stat after the delta knobs aimed at its deck (Defense stays at least 1, the rest at least 0)."""
    return max(1 if stat == "defense" else 0, value + _delta_sum(knobs, settings, deck, stat))


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


def _settings(knobs: tuple[Knob, ...], difficulty: str) -> dict[str, int | str]:
    return {k.id: k.at(difficulty) for k in knobs}


@lru_cache(maxsize=8)
def _load(folder: Path | None, difficulty: str) -> Content:
    loader = _Loader(folder, difficulty)
    knobs = loader.knobs()
    settings = _settings(knobs, difficulty)
    numbers = {k.id: int(settings[k.id]) for k in knobs if k.kind == "value"}
    future_decks: set[str] = set()
    for f in FUTURE_FILES:
        for raw in _entries(f, loader.read(f), "deck"):
            future_decks.add(str(raw.get("id")))
    all_decks = frozenset(future_decks | set(PAST_DECKS))
    for k in knobs:
        for d in k.decks:
            require(d in all_decks, f"tuning.toml: knob {k.id}: no deck has the id {d!r}")
    check_vocabulary()
    parser = _Parser(numbers, all_decks)
    board = loader.board(parser)
    die = loader.die()
    heroes = loader.heroes(parser, board)
    geometry, tiles = loader.tiles()
    features, tokens = loader.tokens(parser, tiles)
    artifacts = loader.artifacts(parser)
    battles = loader.battles(parser, knobs, settings)
    treasures = loader.treasures(parser, board)
    bonus = loader.bonus(parser)
    quests = loader.quests(parser)
    # every token of the Past can draw a card (threetale-brief.md §5.2; an empty deck would need a reshuffle rule)
    for kind, size in [*((f"battle{lv}", sum(b.level == lv for b in battles)) for lv in LEVELS),
                       *((f"treasure{lv}", sum(t.level == lv for t in treasures)) for lv in LEVELS),
                       ("quest", len(quests))]:
        slots = sum(t.count(kind) for t in tiles)
        require(slots <= size, f"tiles.toml: {slots} {kind} slots, but its deck has {size} cards")
    white = sum(t.count for t in tokens if t.colour == "white")
    futures = tuple(loader.future(f, parser, knobs, settings, tiles, white) for f in FUTURE_FILES)
    require(sorted(x.number for x in futures) == [1, 2, 3, 4, 5], "future_*.toml: the Futures are numbered 1 to 5")
    _unique("future_*.toml", [x.id for x in futures], "Futures")
    _unique("future_*.toml", [d.id for x in futures for d in x.decks], "decks")
    prophecies = loader.prophecies(futures)
    return Content(difficulty, knobs, settings, board, die, heroes, geometry, tiles, features, tokens, artifacts,
                   battles, treasures, bonus, quests, prophecies, futures, folder)


def load_content(folder: Path | None = None, difficulty: str = "normal") -> Content:
    """Load and validate all of ThreeTale's content, from `folder` (a designer's copy; a file it lacks comes
    from the package) or the package, with the tuning knobs at `difficulty` (easier | normal | harder).
    A bad file raises ContentError naming the file, the entry and what is wrong. Cached: it is immutable."""
    return _load(folder.resolve() if folder is not None else None, difficulty)


def clear_cache() -> None:
    """Forget loaded content (after a content file changed on disk)."""
    _load.cache_clear()
