"""Greylune: the Game (its content, options and action space) and the setup of a new game.

The rules are by concern: state.py (the state and its small questions), seasons.py (turns, the
year, the end), effects.py, village.py, items.py, events.py, adventure.py, stories.py (the
decisions of each activity, one frame each), scoring.py, view.py, observation.py, scenario.py.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import final

from ...engine import (
    Choice,
    Game,
    ObservationSpec,
    Option,
    OptionSet,
    OptionValue,
    Result,
    ScoreSheet,
    State,
    seat_name,
)
from . import choices, observation, rulings, scoring
from .actions import build_action_space
from .board import BASE_ITEM_LIMIT, MAX_COMPANIONS, YEARS
from .content import Content, load_content
from .scenario import build_schema
from .seasons import setup
from .state import GreyluneState
from .stories import SPECIAL_TIERS
from .tables import Tables


@final
class GreyluneGame(Game):
    """Greylune for 2 to 4 players."""

    id = "greylune"
    name = "Greylune"
    points_noun = "victory point"
    min_players = 2
    max_players = 4

    def __init__(self, content: Content | None = None) -> None:
        self.content = content if content is not None else load_content()
        self.action_space, self.ids, item_abilities = build_action_space(self.content)
        self.tables = Tables(self.content, self.ids, item_abilities)
        self.option_set = OptionSet((
            Option("first_player", "choice", rulings.DEFAULT_FIRST_PLAYER,
                   "who takes the First Player token at the start",
                   choices=("seat0", "random"), title="First player",
                   choice_labels=("Player 1", "a player drawn at random")),
        ))
        self.scenario_schema = build_schema()        # positions as data (scenario.py)

    def choice(self, state: State, action: int) -> Choice:
        assert isinstance(state, GreyluneState)
        return choices.choice(state, action)

    def score_sheet(self, result: Result) -> ScoreSheet:
        return self.sheet(result, scoring.score_sheet(result))

    def _new_state(self, players: int, seed: int, options: dict[str, OptionValue | None],
                   tracked: bool) -> GreyluneState:
        state = GreyluneState.__new__(GreyluneState)
        state._init_base(self, players, seed, options, tracked)
        state.c = self.content
        state.ids = self.ids
        state.tables = self.tables
        setup(state, str(options.get("first_player") or rulings.DEFAULT_FIRST_PLAYER))
        if state.log is not None:
            state.emit("setup", f"Greylune for {players} players; {seat_name(state.first_player)} plays first")
        return state

    # -- for learning agents -----------------------------------------------------------------
    def observation_key(self, players: int, options: Mapping[str, OptionValue | None]) -> Hashable:
        return players          # the first player option does not change the layout

    def observation_layout(self, players: int, options: Mapping[str, OptionValue | None]) -> ObservationSpec:
        return observation.observation_spec(self, players, options)

    def encode(self, state: State, seat: int) -> list[float]:
        assert isinstance(state, GreyluneState)
        return observation.encode(self, state, seat)

    def max_decisions(self, players: int, options: Mapping[str, OptionValue | None]) -> int:
        return decision_bound(self.content, players)


def decision_bound(c: Content, players: int) -> int:
    """A bound on the decisions of a game: each kind of decision counted, per player and year, against
    what its every occurrence uses up (so no kind can repeat without limit), plus what a player does
    once a game (two Bonus tokens).

    Per player and year:
    - V = 8 uses of a Villager (placing it, the Event, the special action, an Item ability, an
      Encounter's or a Quest's cost): a Villager leaves the active ones at most once a year, and only
      the Deadly Trap (once a game) sends one back to the supply to be gained again;
    - E = players + 3 Encounters on the track, each met once;
    - R = 1 + V + E "ready a card" effects (the Banquet, a story at the Silver Wolf, an Encounter);
    - H = L + V Items held (the most the Item limit L allows, and one bought per activation);
    - I = H + 2R + 1 Item uses: each Item once, once more per card readied, and Isandre (ready at the
      start of the year or readied) readying one;
    - W effect words resolved: per activation the most words a card gives (its effects, immediate
      effects or story tiers; the special action's story), per Item use, per Encounter (and its Income
      token), the Event, Autumn's income and Income tokens, the Hall's two VP gains per activation,
      and the Bonus tokens' words;
    - M = W + 1 moves started (by an effect word, or the special action).
    Decisions, per player and year:
    - Turn: a Spring action per Villager placed or sent onto the Event, a Summer action per Villager
      in the Village (or used from the board) and per Item use, moving to Summer and to Autumn: 2V + I + 2;
    - an activation's Seal, Selia, Neris, Dorian: 4V; Neris on gaining coins: V; the Event from the
      Village: 1;
    - a story (at most 3 cards then "end", or a boosted card and who boosts it): 4V; the Bards'
      Tournament: 2;
    - Bran, Isandre, using again: 3I; discarding an Item: H + 1;
    - a card to ready, a skill to choose, the Hall of the Heroes (one effect word each): W; Kael, once
      per Strength payment (the Hall, the Event, Encounters, Quests): V + 1 + E + 3; Lucan, once per
      skill gain (an effect word, a skill chosen, the special action): 2W + 1;
    - moving: M, and Elwen asking again (ready at the start or readied): R + 1; arriving: M; meeting an
      Encounter: a Potion each (H + R), Ariok (R + 1) and the sides (E); after a move (Mira, the
      Endurance Potion): once per move and per Villager put, M + V; the Villager's gap: V.
    """
    villager_uses = 8
    encounters = players + 3
    readies = 1 + villager_uses + encounters
    companions = sorted((card.item_limit for card in c.cards if card.kind == "companion"), reverse=True)
    limit = BASE_ITEM_LIMIT + sum(companions[:MAX_COMPANIONS]) + sum(
        card.item_limit for card in c.cards if card.kind == "item")
    held = limit + villager_uses
    item_uses = held + 2 * readies + 1
    per_activation = max(len(SPECIAL_TIERS), *(len(card.effects) + len(card.immediate)
                                               + sum(len(t) for t in card.tiers) for card in c.cards))
    per_item_use = max(len(a.effects) for card in c.cards for a in card.abilities)
    per_encounter = max(sum(len(side.reward) for side in e.sides) + 1 for e in c.encounters[1:])
    per_event = max(len(o.effects) for ev in c.events for o in ev.options)
    words = (villager_uses * per_activation + item_uses * per_item_use + encounters * per_encounter + per_event
             + 1 + len(c.income) + 2 * villager_uses + sum(len(b) for b in c.bonus))
    moves = words + 1
    per_year = (
        2 * villager_uses + item_uses + 2                                       # turns
        + 4 * villager_uses + villager_uses + 1                                 # activations, Neris, the Event
        + 4 * villager_uses + 2                                                 # stories
        + 3 * item_uses + held + 1                                              # Items
        + words + (villager_uses + 1 + encounters + 3) + (2 * words + 1)        # ready, skill, Hall; Kael; Lucan
        + moves + (readies + 1) + moves                                         # moving, Elwen, arriving
        + (held + readies) + (readies + 1) + encounters                         # meeting an Encounter
        + (moves + villager_uses) + villager_uses                               # after a move, its Villager
    )
    bonus_tokens = 2
    return players * (YEARS * per_year + bonus_tokens)
