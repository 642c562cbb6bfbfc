"""Typed, validated game options with defaults."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import InvalidOption

OptionValue = bool | int | str

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True)
class Option:
    """One option: its name, kind (`bool`, `int` or `choice`), default and what it means."""

    name: str
    kind: str
    default: OptionValue | None
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def describe_valid(self) -> str:
        if self.kind == "bool":
            return "true or false"
        if self.kind == "choice":
            return "one of " + ", ".join(self.choices)
        lo = "" if self.minimum is None else f" >= {self.minimum}"
        hi = "" if self.maximum is None else f" <= {self.maximum}"
        return f"an integer{lo}{hi}"

    def parse(self, raw: object) -> OptionValue | None:
        """Turn a typed value or its text form into this option's value, or raise InvalidOption."""
        bad = InvalidOption(f"option {self.name}={raw!r} is not valid: expected {self.describe_valid()}")
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            if isinstance(raw, str) and raw.lower() in _TRUE | _FALSE:
                return raw.lower() in _TRUE
            raise bad
        if self.kind == "int":
            if isinstance(raw, bool):
                raise bad
            if isinstance(raw, int):
                value = raw
            elif isinstance(raw, str):
                try:
                    value = int(raw)
                except ValueError:
                    raise bad from None
            else:
                raise bad
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise bad
            return value
        if self.kind == "choice":
            if raw is None and self.default is None:
                return None
            if isinstance(raw, str) and raw in self.choices:
                return raw
            raise bad
        raise InvalidOption(f"option {self.name} has an unknown kind {self.kind!r}")


@dataclass(frozen=True)
class OptionSet:
    """The options a game accepts."""

    options: tuple[Option, ...] = field(default_factory=tuple)

    def names(self) -> list[str]:
        return [o.name for o in self.options]

    def defaults(self) -> dict[str, OptionValue | None]:
        return {o.name: o.default for o in self.options}

    def parse(self, given: Mapping[str, Any] | None) -> dict[str, OptionValue | None]:
        """Defaults overlaid with `given`; unknown names and bad values are refused."""
        values = self.defaults()
        by_name = {o.name: o for o in self.options}
        for name, raw in (given or {}).items():
            if name not in by_name:
                valid = ", ".join(self.names()) or "none"
                raise InvalidOption(f"unknown option {name!r}; valid options: {valid}")
            values[name] = by_name[name].parse(raw)
        return values

    def help_lines(self) -> list[str]:
        return [f"{o.name} ({o.describe_valid()}, default {o.default}): {o.help}" for o in self.options]


def parse_assignments(pairs: list[str]) -> dict[str, str]:
    """`["k=v", ...]` from the command line into a dict; a pair without `=` is refused."""
    out: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise InvalidOption(f"option {pair!r} must be written name=value")
        out[name.strip()] = value.strip()
    return out
