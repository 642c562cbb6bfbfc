"""Events: what `apply` reports, each with its audience (`to` is a seat, or None for everyone)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

Event = dict[str, Any]


def event(kind: str, text: str, to: int | None = None, **data: Any) -> Event:
    """An event; `to` names the only seat that may see it, None means every seat."""
    out: Event = {"type": kind, "text": text, "to": to}
    if data:
        out.update(data)
    return out


def visible_to(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events a seat (None: a spectator) may see."""
    return [e for e in events if e["to"] is None or e["to"] == seat]
