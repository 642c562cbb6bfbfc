"""The Event of the year: once a year a player sends a Villager onto it (an active one in Spring or
Summer, or one from the Village in Summer) and takes one of its options; on the Festival each
option's space holds one Villager."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...engine import decision, seat_name
from . import effects
from .content import READY
from .texts import option_words, told

if TYPE_CHECKING:
    from .state import GreyluneState


def event_option_ok(s: GreyluneState, p: int, k: int) -> bool:
    ev = s.c.events[s.event_current]
    if k >= len(ev.options):
        return False
    if ev.exclusive and s.festival[k] != -1:
        return False
    opt = ev.options[k]
    # "ready a card" with nothing exhausted would be an empty choice (outside the Festival's spaces)
    if any(op == READY for op, _ in opt.effects) and not ev.exclusive and not s.exh[p]:
        return False
    return s.req_ok(p, (opt.cost,))


def open_options(s: GreyluneState, p: int) -> list[int]:
    """The Event's options p may take now (`event_option_ok` for each)."""
    ev = s.c.events[s.event_current]
    festival = s.festival if ev.exclusive else None
    out = []
    for k, opt in enumerate(ev.options):
        if festival is not None and festival[k] != -1:
            continue
        if not ev.exclusive and not s.exh[p] and any(op == READY for op, _ in opt.effects):
            continue
        if s.req_ok(p, (opt.cost,)):
            out.append(k)
    return out


def take_event(s: GreyluneState, p: int, k: int) -> None:
    ev = s.c.events[s.event_current]
    opt = ev.options[k]
    s.on_event[p] = 1
    s.event_used[p] = 1
    if ev.exclusive:
        s.festival[k] = p
    if s.log is not None:
        s.emit("event", f"{seat_name(p)} takes part in the {ev.name} and {told(option_words(opt.cost, opt.effects))}",
               seat=p)
    effects.push_effects(s, p, opt.effects)
    effects.pay_reqs(s, p, (opt.cost,))


@decision
class EventFromVillage(NamedTuple):
    """The Event's option for the Villager moved from the Village (a Summer action)."""

    seat: int
    gap: int

    def prompt(self, s: GreyluneState) -> str:
        return "choose the Event's option"

    def legal(self, s: GreyluneState) -> list[int]:
        base = s.ids.event
        return [base + k for k in range(5) if event_option_ok(s, self.seat, k)]

    def apply(self, s: GreyluneState, action: int) -> None:
        s.take_villager(self.gap, self.seat)
        take_event(s, self.seat, action - s.ids.event)
