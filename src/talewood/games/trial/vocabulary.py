"""The Trial of the Forest's content vocabulary: the words of the game and the terms written with them.

Everything a card, tile, token or space *does* is written in one small vocabulary of terms
(`VOCABULARY` below): a term is a keyword followed by its parameters, separated by colons
("gain:tea:2", "fight:6:1", "at:tower"). Each keyword declares its kind (condition, cost, test,
effect, ability, skill), its parameters and where it may appear: the requirement and cost icons of a
card (L221-237), its effects, tests and story symbols (L247-280), a location's actions (L373-497), the
campsite and tent bonuses (L594-619). The rules interpret the terms (effects.py, places.py), and
docs/rules/trial.md says exactly what the rules do with each one. `parse_term` checks one written term.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import final

from talewood.engine.content import Param, require, signature, split_term, term_args, unknown_keyword

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
        return signature(self.keyword, self.params)


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


@final
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
    keyword, raw = split_term(text, kind, where)
    word = VOCABULARY.get(keyword)
    if word is None or word.kind != kind:
        unknown_keyword(kind, keyword, text, (w.keyword for w in VOCABULARY_LIST if w.kind == kind), where)
    assert isinstance(text, str)
    require(context in word.allowed,
            f"{where}: {keyword!r} cannot be used here ({context}); it belongs to {sorted(word.allowed)}")
    return Term(keyword, term_args(word.params, word.signature(), raw, text, where, refs))
