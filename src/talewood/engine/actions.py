"""A game's fixed integer action space: the same id means the same thing in every state."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .errors import IllegalAction


@dataclass(frozen=True)
class ActionSpec:
    """One entry of the action space: a kind, its parameters (by name) and a short label."""

    kind: str
    params: tuple[tuple[str, int | str], ...]
    label: str

    def param(self, name: str) -> int | str:
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(name)


class ActionSpace:
    """The ordered table of every action a game can ever offer, built once per game."""

    __slots__ = ("_by_key", "specs")

    def __init__(self, specs: Iterable[ActionSpec]) -> None:
        self.specs: tuple[ActionSpec, ...] = tuple(specs)
        self._by_key: dict[tuple[str, tuple[tuple[str, int | str], ...]], int] = {}
        for index, spec in enumerate(self.specs):
            key = (spec.kind, spec.params)
            if key in self._by_key:
                raise ValueError(f"duplicate action {spec.kind} {spec.params}")
            self._by_key[key] = index

    def __len__(self) -> int:
        return len(self.specs)

    def mask_bytes(self, legal: list[int]) -> bytes:
        """One byte per action of the space: 1 for each id in `legal`, 0 elsewhere (what the learning
        environments read as an int8 action mask, without a copy). Compiled, the loop runs in C."""
        ones = bytearray(len(self.specs))
        for action in legal:
            ones[action] = 1
        return bytes(ones)

    def id_of(self, kind: str, **params: int | str) -> int:
        key = (kind, tuple(params.items()))
        try:
            return self._by_key[key]
        except KeyError:
            raise IllegalAction(f"no action {kind} with {params}") from None

    def spec(self, action: int) -> ActionSpec:
        if not isinstance(action, int) or isinstance(action, bool) or not 0 <= action < len(self.specs):
            raise IllegalAction(f"action {action!r} is not an id between 0 and {len(self.specs) - 1}")
        return self.specs[action]

    def to_json(self, action: int) -> dict[str, Any]:
        spec = self.spec(action)
        out: dict[str, Any] = {"id": action, "kind": spec.kind}
        out.update(spec.params)
        return out

    def from_json(self, data: Any) -> int:
        """An action id from its JSON form (an int, or an object with `id` or `kind` and params)."""
        if isinstance(data, int) and not isinstance(data, bool):
            self.spec(data)
            return data
        if not isinstance(data, dict):
            raise IllegalAction(f"an action must be an id or an object, not {type(data).__name__}")
        if "id" in data:
            action = data["id"]
            self.spec(action)
            return int(action)
        if "kind" not in data:
            raise IllegalAction("an action object needs an 'id' or a 'kind'")
        params = {k: v for k, v in data.items() if k != "kind"}
        return self.id_of(str(data["kind"]), **params)
