"""Card and token effects: content.py's vocabulary carried out, one small frame per choice.

`Resolve(seat, fx, at)` carries out effect `at` of the interned effect list `fx` for the Hero in
`seat` (its "self"), after pushing the rest of the list beneath it, so that any decision an effect
needs (which Virtue rises, which Artifact to keep, pay or not) is taken before the next effect.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...engine import automatic, decision
from . import rulings
from .battle.strikes import strike_enemy, strike_vicinator
from .components.symbols import VIRTUES
from .components.vocabulary import Effect
from .state_fields import T_TREES
from .tables import (
    ART1,
    BAT1,
    FUTURE_DECK,
    HERO_BONUS,
    PAST_DECK_NAMES,
    QUESTS,
    TRE1,
    VIRTUE_NAMES,
)

if TYPE_CHECKING:
    from .state import TTState

VIRTUE_INDEX = {name: i for i, name in enumerate(VIRTUES)}

# what a gain names, as the cards do: one and more than one
COUNTED = {"wow": ("Word of Wisdom", "Words of Wisdom"), "ring": ("Ring", "Rings"), "seed": ("Seed", "Seeds"),
           "sacred_stone": ("Sacred Stone", "Sacred Stones")}


def resolve(s: TTState, seat: int, effects: tuple[Effect, ...]) -> None:
    """Carry out a list of effects for the Hero in `seat` (pushed: it runs as the stack unwinds)."""
    if effects:
        s.push(Resolve(seat, s.t.intern(effects), 0))


@automatic
class Resolve(NamedTuple):
    """Carry out one effect of a list, then the rest."""

    seat: int
    fx: int
    at: int

    def run(self, s: TTState) -> None:
        effects = s.t.fx[self.fx]
        if self.at + 1 < len(effects):
            s.push(Resolve(self.seat, self.fx, self.at + 1))
        start(s, self.seat, effects[self.at], self.fx, self.at)


@automatic
class Targeted(NamedTuple):
    """Carry out one effect for one Hero (after its targets were chosen)."""

    seat: int
    fx: int
    at: int

    def run(self, s: TTState) -> None:
        act(s, self.seat, s.t.fx[self.fx][self.at])


def targets(s: TTState, seat: int, who: str) -> list[int]:
    if who in ("", "self"):
        return [seat]
    if who == "each":
        return [h for h in s.order]
    if who == "each_other":
        return [h for h in s.order if h != seat]
    if who == "receiver":
        return [s.receiver] if s.receiver >= 0 else []
    return []


def candidates(s: TTState, seat: int, e: Effect) -> list[int]:
    """The Heroes a `one_other` or `chosen` effect may go to."""
    heroes = [h for h in range(3) if e.who == "chosen" or h != seat]
    if e.range:
        heroes = [h for h in heroes if s.distance(s.pos[seat], s.pos[h]) <= e.range]
    if e.do == "restore_spirit":
        heroes = [h for h in heroes if s.spirit[h] < rulings.SPIRIT_MAX]
    return heroes


def start(s: TTState, seat: int, e: Effect, fx: int, at: int) -> None:
    """Begin an effect: choose its targets (a decision if the team must), then act for each."""
    who = e.who
    if e.do in ("gain", "lose", "restore_spirit") and who in ("one_other", "chosen"):
        heroes = candidates(s, seat, e)
        if len(heroes) == 1:
            act(s, heroes[0], e)
        elif heroes:
            s.push(ChooseTarget(seat, fx, at))
        elif e.do == "restore_spirit" and e.otherwise:
            resolve(s, seat, e.otherwise)
        return
    if e.do in ("gain", "lose", "restore_spirit", "damage_heroes") and who not in ("", "self"):
        heroes = targets(s, seat, who) if e.do != "damage_heroes" else damage_targets(s, e)
        for h in reversed(heroes):
            s.push(Targeted(h, fx, at))
        return
    act(s, seat, e)


def damage_targets(s: TTState, e: Effect) -> list[int]:
    if e.who == "near_virus":
        return [h for h in s.order if any(v >= 0 and s.adjacent8(v, s.pos[h]) for v in s.viruses)]
    return list(s.order)


def act(s: TTState, seat: int, e: Effect) -> None:
    """Carry out effect e for the Hero in `seat`."""
    do = e.do
    handler = ACTIONS.get(do)
    if handler is None:
        raise AssertionError(f"effect {do} is not an immediate effect")
    handler(s, seat, e)


# -- gains and losses ----------------------------------------------------------------------------

def gain(s: TTState, seat: int, e: Effect) -> None:
    what = e.what
    n = e.n
    log = s.log is not None
    if what == "virtue_points":
        s.push(RaiseVirtue(seat, n))
        return
    if what == "one_virtue":
        if s.raisable(seat):
            s.push(RaiseOne(seat, n))
        return
    if what in VIRTUE_INDEX:
        s.raise_virtue(seat, VIRTUE_INDEX[what], n)
    elif what == "shevitsa":
        s.shev[seat] += n
    elif what == "speed":
        s.speed[seat] += n
    elif what == "artifact":
        for _ in range(n):
            s.push(WinArtifact(seat, e.level))
        return
    elif what == "sacred_stone":
        s.stones[seat] += n
    elif what == "ring":
        s.rings[seat] += n
    elif what == "wow":
        s.wow += n
    elif what == "seed":
        s.seeds[seat] += n
    elif what == "head":
        s.heads[seat] |= 1 << (e.level - 1)
    if log:
        label = what.replace("_", " ")
        if what in COUNTED:
            label = COUNTED[what][n != 1]
        elif what == "head":
            label = f"Level {e.level} Head"
        elif what in ("shevitsa", "speed"):
            label = label.capitalize()
        elif what in VIRTUE_INDEX:
            label = VIRTUE_NAMES[VIRTUE_INDEX[what]]
        s.emit("gain", f"{s.name(seat)} gains {n} {label}")
    s.goal_changed()


def lose(s: TTState, seat: int, e: Effect) -> None:
    what = e.what
    n = e.n
    if what == "virtue_points":
        lose_virtue_points(s, seat, n)
    elif what == "shevitsa":
        paid = min(n, s.shev[seat])
        s.shev[seat] -= paid
        if s.log is not None:
            s.emit("lose", f"{s.name(seat)} loses {paid} Shevitsa" if paid else
                   f"{s.name(seat)} has no Shevitsa to lose")
        if paid < n and e.shortfall == "virtue_points":
            lose_virtue_points(s, seat, n - paid)
    elif what == "speed":
        s.speed[seat] = max(0, s.speed[seat] - n)
        if s.log is not None:
            s.emit("lose", f"{s.name(seat)} loses {n} Speed")
    elif what == "artifact":
        if s.arts[seat]:
            s.push(DiscardArtifact(seat, -1, -1, 0))
        else:
            resolve(s, seat, e.otherwise)
    elif what == "spirit":
        if s.log is not None:
            s.emit("lose", f"{s.name(seat)} loses {n} Spirit")
        s.lose_spirit(seat, n)


def lose_virtue_points(s: TTState, seat: int, n: int) -> None:
    """Lose n Virtue points of the Hero's choice (all that are left, if no more)."""
    if s.virtue_total(seat) <= n:
        for v in range(6):
            s.set_virtue(seat, v, 0)
        if s.log is not None:
            s.emit("lose", f"{s.name(seat)} loses every Virtue point left")
        return
    s.push(LoseVirtue(seat, n))


def restore(s: TTState, seat: int, e: Effect) -> None:
    if s.spirit[seat] >= rulings.SPIRIT_MAX:
        resolve(s, seat, e.otherwise)
        return
    s.spirit[seat] = min(rulings.SPIRIT_MAX, s.spirit[seat] + e.n)
    if s.log is not None:
        s.emit("restore", f"{s.name(seat)} regains Spirit: {s.spirit[seat]}")


def require(s: TTState, seat: int, e: Effect) -> None:
    test = e.test
    if test == "pay_shevitsa":
        if s.shev[seat] >= e.n:
            s.push(PayOrNot(seat, s.t.intern((e,)), e.n))
        else:
            resolve(s, seat, e.otherwise)
        return
    if test == "discard_artifact":
        if any(s.t.artifacts[a].level >= e.level for a in s.arts[seat]):
            s.push(DiscardArtifact(seat, s.t.intern((e,)), e.level, 1))
        else:
            resolve(s, seat, e.otherwise)
        return
    if test == "virtue_at_least":
        ok = s.v(seat, VIRTUE_INDEX[e.virtue]) >= e.n
    elif test == "any_virtue_max":
        ok = s.highest_virtue(seat) >= rulings.VIRTUE_MAX
    elif test == "speed_at_least":
        ok = s.speed[seat] >= e.n
    else:   # spirit_full
        ok = s.spirit[seat] >= rulings.SPIRIT_MAX
    if s.log is not None and test != "spirit_full":
        s.emit("test", f"{s.name(seat)} {'meets' if ok else 'does not meet'} the condition")
    resolve(s, seat, e.then if ok else e.otherwise)


def this_turn(s: TTState, seat: int, e: Effect) -> None:
    stat = e.stat
    if stat == "speed":
        s.turn.speed += e.n
    elif stat == "love":
        s.turn.love += e.n
    elif stat == "actions":
        s.turn.actions += e.n
    else:
        s.turn.dice_to_turn += e.n
    if s.log is not None:
        what = {"speed": "Speed", "love": "dice in each round of attack", "actions": "Action",
                "turns": "die to turn"}[stat]
        if e.n > 1 and stat in ("actions", "turns"):
            what = "Actions" if stat == "actions" else "dice to turn"
        s.emit("this_turn", f"{s.name(seat)}: {e.n} more {what} this turn")


def choose(s: TTState, seat: int, e: Effect) -> None:
    s.push(ChooseOption(seat, s.t.intern((e,))))


def nothing(s: TTState, seat: int, e: Effect) -> None:
    return None


def draw_effect(s: TTState, seat: int, e: Effect) -> None:
    draw_from(s, seat, e.deck)


def draw_from(s: TTState, seat: int, deck: str) -> None:
    """Draw the top card of a deck and resolve it by its kind (Battle, Treasure, Quest, Future card)."""
    # a card drawn starts a Battle or a Quest: those modules resolve effects, so they stand above this one
    from .battle.start import start_battle
    from .quests import draw_quest

    d = PAST_DECK_NAMES.get(deck)
    if d is not None:
        if d == QUESTS:
            draw_quest(s, seat)
            return
        card = s.draw_card(d, reshuffle=True)
        if card < 0:
            return
        if d < TRE1:
            start_battle(s, seat, d - BAT1 + 1, card)
        else:
            # rolls.py resolves effects, so it stands above this module
            from .rolls import start_treasure

            start_treasure(s, seat, card)
        return
    fd = FUTURE_DECK + s.t.fdeck_index[deck]
    card = s.draw_card(fd)
    if card < 0:
        return
    fcard = s.t.fcards[card]
    s.discard[fd].append(card)          # a Future card is used once (L377)
    if s.log is not None:
        s.emit("card", f"{s.name(seat)} draws {fcard.name}: {fcard.text}", card=fcard.id)
    if fcard.kind == "hostile":
        # the battle resolves effects, so it stands above this module
        from .battle.start import start_future_battle

        start_future_battle(s, seat, card)
    else:
        resolve(s, seat, fcard.effects)


def draw_bonus(s: TTState, seat: int, e: Effect) -> None:
    # the turn resolves effects, so it stands above this module
    from .turn.bonus import take_bonus

    for _ in range(e.n):
        card = s.draw_card(HERO_BONUS)
        if card >= 0:
            take_bonus(s, seat, card)


def offering(s: TTState, seat: int, e: Effect) -> None:
    s.offerings[seat] += 1
    if s.log is not None:
        s.emit("offering", f"{s.name(seat)} takes the Offering")


def strike(s: TTState, seat: int, e: Effect) -> None:
    if e.target == "vicinator":
        strike_vicinator(s, seat, e.n)
    else:
        strike_enemy(s, seat, e.n)


def wrath(s: TTState, seat: int, e: Effect) -> None:
    s.wrath[seat] += e.n


def movement(s: TTState, seat: int, e: Effect) -> None:
    """Green Path (flipped tiles cost 1 until your next turn ends) and the Wind Horse's Trees."""
    if e.do == "move_cost" and e.duration == "until_next_turn_end":
        s.green[seat] = 2
    elif e.do == "pass_trees" and e.duration == "this_turn" and seat == s.cur:
        s.turn.used |= T_TREES


def future_effect(s: TTState, seat: int, e: Effect) -> None:
    # the Futures' card effects resolve effects in turn, so they stand above this module
    from .future.cards import future_act

    future_act(s, seat, e)


def peek(s: TTState, seat: int, e: Effect) -> None:
    decks = [d for d in s.future_decks() if s.cards_left(d)] if e.deck == "any" else \
        [FUTURE_DECK + s.t.fdeck_index[e.deck]]
    decks = [d for d in decks if s.cards_left(d)]
    if len(decks) == 1:
        look(s, seat, decks[0], e.n, e.reorder)
    elif decks:
        s.push(PickDeck(seat, e.n, int(e.reorder)))


def look(s: TTState, seat: int, d: int, n: int, reorder: bool) -> None:
    """Look at the top n cards of deck d: they become known, in order, to every Hero."""
    top = s.top[d]
    while len(top) < n and (s.deck[d] or s.bottom[d]):
        if s.deck[d]:
            pile = s.deck[d]
            i = s.draw(len(pile))
            top.append(pile[i])
            pile[i] = pile[-1]
            pile.pop()
        else:
            top.append(s.bottom[d].pop(0))
    s.reveal()
    if s.log is not None:
        names = ", ".join(s.t.fcards[c].name for c in top[:n])
        s.emit("peek", f"{s.name(seat)} looks at the top of the deck: {names}")
    if reorder and min(n, len(top)) > 1:
        s.push(Reorder(seat, d, min(n, len(top)), 0))


ACTIONS = {
    "gain": gain, "lose": lose, "restore_spirit": restore, "require": require, "this_turn": this_turn,
    "choose": choose, "nothing": nothing, "draw": draw_effect, "draw_bonus": draw_bonus, "offering": offering,
    "strike": strike, "peek": peek, "attack_damage": wrath, "move_cost": movement, "pass_trees": movement,
    **{k: future_effect for k in ("roll", "teleport", "move_hero", "damage_heroes", "cancel_removal", "protect_tile",
                                  "clear_pv", "plant_seed", "destroy_virus", "spawn_virus",
                                  "virus_move", "vicinator_heal", "vicinator_shield", "flip_tile",
                                  "cancel_tentacle", "block_virus")},
}


# -- the choices effects ask for ----------------------------------------------------------------

@decision
class ChooseTarget(NamedTuple):
    """Which Hero an effect goes to (`one_other`, `chosen`)."""

    seat: int
    fx: int
    at: int

    def prompt(self, s: TTState) -> str:
        e = s.t.fx[self.fx][self.at]
        if e.do == "restore_spirit":
            return "choose the Hero who regains Spirit"
        return "choose the Hero who gains it"

    def legal(self, s: TTState) -> list[int]:
        e = s.t.fx[self.fx][self.at]
        return sorted(s.t.ids.hero + s.hero[h] for h in candidates(s, self.seat, e))

    def apply(self, s: TTState, action: int) -> None:
        act(s, s.hero.index(action - s.t.ids.hero), s.t.fx[self.fx][self.at])


@decision
class RaiseVirtue(NamedTuple):
    """Raise a Virtue of your choice by 1, `left` times (a White Stone, a reward …)."""

    seat: int
    left: int

    def prompt(self, s: TTState) -> str:
        more = f" ({self.left} points to place)" if self.left > 1 else ""
        return f"choose a Virtue to raise by 1{more}"

    def legal(self, s: TTState) -> list[int]:
        base = s.t.ids.raise_virtue
        if not rulings.RAISE_AT_MAX_GOES_ELSEWHERE:
            return [base + v for v in range(6)]      # the other reading: a point on a 13 is lost
        return [base + v for v in s.raisable(self.seat)]

    def apply(self, s: TTState, action: int) -> None:
        v = action - s.t.ids.raise_virtue
        s.raise_virtue(self.seat, v)
        if s.log is not None:
            s.emit("virtue", f"{s.name(self.seat)} raises {VIRTUE_NAMES[v]} to {s.v(self.seat, v)}")
        if self.left > 1 and s.raisable(self.seat):
            s.push(RaiseVirtue(self.seat, self.left - 1))
        s.goal_changed()


@decision
class RaiseOne(NamedTuple):
    """Raise one Virtue of your choice by n."""

    seat: int
    n: int

    def prompt(self, s: TTState) -> str:
        return f"choose the Virtue that rises by {self.n}"

    def legal(self, s: TTState) -> list[int]:
        base = s.t.ids.raise_virtue
        return [base + v for v in s.raisable(self.seat)]

    def apply(self, s: TTState, action: int) -> None:
        v = action - s.t.ids.raise_virtue
        s.raise_virtue(self.seat, v, self.n)
        if s.log is not None:
            s.emit("virtue", f"{s.name(self.seat)} raises {VIRTUE_NAMES[v]} to {s.v(self.seat, v)}")


@decision
class LoseVirtue(NamedTuple):
    """Lose a Virtue point of your choice, `left` times."""

    seat: int
    left: int

    def prompt(self, s: TTState) -> str:
        return f"choose a Virtue to lose 1 point from ({self.left} to lose)"

    def legal(self, s: TTState) -> list[int]:
        base = s.t.ids.lower_virtue
        seat = self.seat
        return [base + v for v in range(6) if s.v(seat, v) > 0]

    def apply(self, s: TTState, action: int) -> None:
        v = action - s.t.ids.lower_virtue
        s.lower_virtue(self.seat, v)
        if s.log is not None:
            s.emit("virtue", f"{s.name(self.seat)} loses 1 {VIRTUE_NAMES[v]} ({s.v(self.seat, v)} left)")
        if self.left > 1 and s.virtue_total(self.seat):
            s.push(LoseVirtue(self.seat, self.left - 1))


@decision
class ChooseOption(NamedTuple):
    """Choose one of an effect's options (a Bonus card's, Day and Night …)."""

    seat: int
    fx: int

    def prompt(self, s: TTState) -> str:
        return "choose one of the effects"

    def legal(self, s: TTState) -> list[int]:
        e = s.t.fx[self.fx][0]
        return [s.t.ids.option + i for i in range(len(e.options))]

    def apply(self, s: TTState, action: int) -> None:
        e = s.t.fx[self.fx][0]
        resolve(s, self.seat, e.options[action - s.t.ids.option])


@decision
class PayOrNot(NamedTuple):
    """A Conditional gift that asks for Shevitsa: pay it and take the gift, or not."""

    seat: int
    fx: int
    n: int

    def prompt(self, s: TTState) -> str:
        return f"pay {self.n} Shevitsa for the gift, or not"

    def legal(self, s: TTState) -> list[int]:
        ids = s.t.ids
        return [ids.accept, ids.decline]

    def apply(self, s: TTState, action: int) -> None:
        e = s.t.fx[self.fx][0]
        if action == s.t.ids.accept:
            s.shev[self.seat] -= self.n
            if s.log is not None:
                s.emit("pay", f"{s.name(self.seat)} pays {self.n} Shevitsa")
            resolve(s, self.seat, e.then)
        else:
            resolve(s, self.seat, e.otherwise)


@decision
class DiscardArtifact(NamedTuple):
    """Give up one of your Artifacts: lost to a Treasure (mode 0), or paid for a gift (mode 1: it may
    be refused, and only Artifacts of `level` or higher count)."""

    seat: int
    fx: int
    level: int
    mode: int

    def prompt(self, s: TTState) -> str:
        if self.mode:
            return f"discard an Artifact of Level {self.level} or higher for the gift, or keep them"
        return "choose the Artifact you lose"

    def legal(self, s: TTState) -> list[int]:
        ids = s.t.ids
        arts = s.t.artifacts
        out = sorted(ids.artifact + a for a in set(s.arts[self.seat]) if arts[a].level >= self.level)
        if self.mode:
            out.append(ids.decline)
        return out

    def apply(self, s: TTState, action: int) -> None:
        ids = s.t.ids
        if action == ids.decline:
            resolve(s, self.seat, s.t.fx[self.fx][0].otherwise)
            return
        a = action - ids.artifact
        s.remove_artifact(self.seat, a)
        if s.log is not None:
            s.emit("artifact", f"{s.name(self.seat)} gives up {s.t.artifacts[a].name}")
        if self.mode:
            resolve(s, self.seat, s.t.fx[self.fx][0].then)


@automatic
class WinArtifact(NamedTuple):
    """Win an Artifact of `level`: draw 3 (more with Half the Kingdom), keep 1, shuffle the rest back."""

    seat: int
    level: int

    def run(self, s: TTState) -> None:
        d = ART1 + self.level - 1
        n = rulings.ARTIFACTS_DRAWN + s.passive_sum(self.seat, "draw_more", deck="artifact")
        drawn = []
        for _ in range(n):
            card = s.draw_card(d)
            if card < 0:
                break
            drawn.append(card)
        if not drawn:
            if s.log is not None:
                s.emit("artifact", f"The Level {self.level} Artifact deck is empty: {s.name(self.seat)} "
                                   f"wins nothing")
            return
        if len(drawn) == 1:
            keep(s, self.seat, drawn[0], [])
            return
        s.on_offer = sorted(drawn)
        s.offer_for = self.seat
        s.push(KeepArtifact(self.seat, self.level))


def keep(s: TTState, seat: int, a: int, rest: list[int]) -> None:
    s.add_artifact(seat, a)
    d = ART1 + s.t.artifacts[a].level - 1
    s.deck[d].extend(rest)
    s.shuffle_in(d)
    if s.log is not None:
        s.emit("artifact", f"{s.name(seat)} keeps {s.t.artifacts[a].name}")


@decision
class KeepArtifact(NamedTuple):
    """Keep one of the Artifacts drawn; the others go back and the deck is shuffled."""

    seat: int
    level: int

    def prompt(self, s: TTState) -> str:
        return f"keep one of the {len(s.on_offer)} Level {self.level} Artifacts drawn"

    def legal(self, s: TTState) -> list[int]:
        base = s.t.ids.artifact
        return [base + a for a in s.on_offer]

    def apply(self, s: TTState, action: int) -> None:
        a = action - s.t.ids.artifact
        rest = [x for x in s.on_offer if x != a]
        s.on_offer = []
        s.offer_for = -1
        keep(s, self.seat, a, rest)


@decision
class PickDeck(NamedTuple):
    """Which of the Future's decks to look at the top of."""

    seat: int
    n: int
    reorder: int

    def prompt(self, s: TTState) -> str:
        return f"choose a deck to look at its top {'card' if self.n == 1 else f'{self.n} cards'}"

    def legal(self, s: TTState) -> list[int]:
        base = s.t.ids.deck
        return [base + d - FUTURE_DECK for d in s.future_decks() if s.cards_left(d)]

    def apply(self, s: TTState, action: int) -> None:
        look(s, self.seat, action - s.t.ids.deck + FUTURE_DECK, self.n, bool(self.reorder))


@decision
class Reorder(NamedTuple):
    """Put the looked-at cards back in the order of your choice: which comes next."""

    seat: int
    deck: int
    n: int
    done: int

    def prompt(self, s: TTState) -> str:
        return "choose the card that goes on top" if self.done == 0 else "choose the next card"

    def legal(self, s: TTState) -> list[int]:
        base = s.t.ids.card
        return sorted(base + c for c in s.top[self.deck][self.done:self.n])

    def apply(self, s: TTState, action: int) -> None:
        c = action - s.t.ids.card
        top = s.top[self.deck]
        top.remove(c)
        top.insert(self.done, c)
        if self.n - self.done > 2:
            s.push(Reorder(self.seat, self.deck, self.n, self.done + 1))
