"""Quest cards (L281-L287): drawn from one deck, kept on the Hero board, fulfilled in the Past only.

A held Quest is two numbers in `quests[seat]`: the card and its progress since it was drawn (A-55);
`use_altars` keeps a set of Altar tiles as bits instead of a count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...engine import decision
from .effects import resolve
from .state_fields import PAST
from .tables import QUESTS

if TYPE_CHECKING:
    from .state import TTState


def draw_quest(s: TTState, seat: int) -> None:
    """Draw a Quest card (two with Kindness Repaid: keep one, the other to the bottom)."""
    n = 1 + s.passive_sum(seat, "draw_more", deck="quest")
    drawn = []
    for _ in range(n):
        q = s.draw_card(QUESTS, reshuffle=True)
        if q < 0:
            break
        drawn.append(q)
    if len(drawn) == 1:
        keep_quest(s, seat, drawn[0])
    elif drawn:
        s.on_offer = sorted(drawn)
        s.offer_for = seat
        s.push(KeepQuest(seat))


def keep_quest(s: TTState, seat: int, q: int) -> None:
    s.quests[seat].extend((q, 0))
    if s.log is not None:
        card = s.t.c.quests[q]
        s.emit("quest", f"{s.name(seat)} takes the Quest {card.name}: {card.text}", card=card.id)
    check_quests(s, seat)


@decision
class KeepQuest(NamedTuple):
    """Kindness Repaid: keep one of the two Quest cards drawn; the other goes to the bottom."""

    seat: int

    def prompt(self, s: TTState) -> str:
        return "keep one of the Quest cards drawn (the other goes to the bottom of the deck)"

    def legal(self, s: TTState) -> list[int]:
        return [s.t.ids.quest + q for q in s.on_offer]

    def apply(self, s: TTState, action: int) -> None:
        q = action - s.t.ids.quest
        for other in s.on_offer:
            if other != q:
                s.bottom[QUESTS].append(other)
        s.on_offer = []
        s.offer_for = -1
        keep_quest(s, seat=self.seat, q=q)


def quest_event(s: TTState, seat: int, goal: str, n: int = 1, receiver: int = -1, altar: int = -1) -> None:
    """Something a Quest counts happened to the Hero in `seat`."""
    held = s.quests[seat]
    if not held or s.phase != PAST:
        return
    quests = s.t.c.quests
    for i in range(0, len(held), 2):
        q = quests[held[i]]
        if q.goal != goal:
            continue
        if goal == "use_altars":
            held[i + 1] |= 1 << altar
        else:
            held[i + 1] += n
    if receiver >= 0:
        s.receiver = receiver
    check_quests(s, seat)


def done(s: TTState, seat: int, q: int, progress: int) -> bool:
    card = s.t.c.quests[q]
    if card.goal == "virtue_at_least":
        return s.highest_virtue(seat) >= card.n
    if card.goal == "use_altars":
        return bin(progress).count("1") >= card.n
    return progress >= card.n


def check_quests(s: TTState, seat: int) -> None:
    """Fulfilled Quests give their reward at once and are discarded (Quests end with the Past, R65)."""
    if s.phase != PAST:
        return
    held = s.quests[seat]
    i = 0
    while i < len(held):
        q, progress = held[i], held[i + 1]
        if done(s, seat, q, progress):
            del held[i:i + 2]
            s.discard[QUESTS].append(q)
            card = s.t.c.quests[q]
            if s.log is not None:
                s.emit("quest_done", f"{s.name(seat)} fulfils the Quest {card.name}")
            resolve(s, seat, card.reward)
        else:
            i += 2
