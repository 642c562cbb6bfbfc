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
    """One option: its name, kind (`bool`, `int` or `choice`), default and what it means.

    `name` is the identifier programs use (`--option name=value`, the HTTP API); `title` and
    `choice_labels` are what a person reads in the lobby and in `talewood games --options`."""

    name: str
    kind: str
    default: OptionValue | None
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    title: str = ""
    choice_labels: tuple[str, ...] = ()
    # a variant of a rule for those who study the game (the balance lab, an experienced table): the
    # lobby folds it away under "Rule variants", so a new table sees only what a player chooses
    variant: bool = False

    def __post_init__(self) -> None:
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise ValueError(f"option {self.name}: one label per choice ({len(self.choices)} choices, "
                             f"{len(self.choice_labels)} labels)")

    @property
    def display_name(self) -> str:
        """The title, or the identifier in words (`air_spirit` -> "Air spirit") when none is given."""
        return self.title or self.name.replace("_", " ").capitalize()

    def label_of(self, value: OptionValue | None) -> str:
        """A value as a person reads it: a choice's label, "on"/"off", a number, or "none"."""
        if value is None:
            return "none"
        if self.kind == "bool":
            return "on" if value else "off"
        if self.kind == "choice" and self.choice_labels and value in self.choices:
            return self.choice_labels[self.choices.index(str(value))]
        return str(value)

    def to_json(self) -> dict[str, Any]:
        """What a client needs to draw this option: identifiers to send back, words to show."""
        return {"name": self.name, "title": self.display_name, "kind": self.kind, "default": self.default,
                "help": self.help, "choices": list(self.choices),
                "choice_labels": [self.label_of(c) for c in self.choices],
                "minimum": self.minimum, "maximum": self.maximum, "variant": self.variant}

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
        """Two lines an option, as `talewood games --options` prints them: what it is, then its values."""
        lines = []
        for o in self.options:
            if o.kind == "choice":
                values = ", ".join(c if o.label_of(c) == c else f"{c} ({o.label_of(c)})" for c in o.choices)
            else:
                values = o.describe_valid()
            default = "none" if o.default is None else str(o.default).lower()
            lines.append(f"{o.name} — {o.display_name}: {o.help}")
            lines.append(f"    values: {values}; default: {default}")
        return lines


def parse_assignments(pairs: list[str]) -> dict[str, str]:
    """`["k=v", ...]` from the command line into a dict; a pair without `=` is refused."""
    out: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise InvalidOption(f"option {pair!r} must be written name=value")
        out[name.strip()] = value.strip()
    return out
