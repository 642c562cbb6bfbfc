"""The words card effects are written in: `VOCABULARY` (keyword -> parameters and meaning) and `Effect`,
one effect of a card, a token, a Talent or an Altar, as the content files state it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from ....engine.content import require
from .symbols import VIRTUES

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
