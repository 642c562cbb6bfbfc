"""Reading the content files strictly: each value checked for its type and range, each effect against
the vocabulary, each mistake a ContentError that names the file, the entry and what is wrong.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, NoReturn

from ....engine.content import SOURCES, one_of, require, unknown_keyword
from ....engine.errors import ContentError
from .box import Knob
from .cards import EnemyTalent
from .vocabulary import TESTS, VOCABULARY, Effect, Param

# -- reading TOML strictly ---------------------------------------------------------------------------

def _fail(message: str) -> NoReturn:
    raise ContentError(message)


def _table(where: str, raw: Any) -> dict[str, Any]:
    require(isinstance(raw, dict), f"{where}: must be a table")
    return dict(raw)


def _entries(where: str, data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    raw = data.get(key, [])
    require(isinstance(raw, list), f"{where}: [[{key}]] must be an array of tables")
    return [_table(f"{where}: {key} {i + 1}", r) for i, r in enumerate(raw)]


def _keys(where: str, raw: dict[str, Any], required: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
    for key in required:
        require(key in raw, f"{where}: missing {key!r}")
    unknown = sorted(set(raw) - set(required) - set(optional))
    require(not unknown, f"{where}: unknown field(s) {', '.join(unknown)}; known: "
                         f"{', '.join(sorted((*required, *optional)))}")


def _str(where: str, raw: dict[str, Any], key: str, default: str | None = None) -> str:
    value = raw.get(key, default)
    require(isinstance(value, str), f"{where}: {key!r} must be text, not {value!r}")
    return str(value)


def _text(where: str, raw: dict[str, Any], key: str, numbers: Mapping[str, int]) -> str:
    """Player-facing text: non-empty; {knob.id} placeholders are replaced with that value knob's number."""
    value = _str(where, raw, key).strip()
    require(value != "", f"{where}: {key!r} must not be empty")

    def fill(m: re.Match[str]) -> str:
        name = m.group(1)
        require(name in numbers, f"{where}: {key!r} quotes {{{name}}}, which is not a value knob of tuning.toml")
        return str(numbers[name])

    value = re.sub(r"\{([^{}]*)\}", fill, value)
    require("{" not in value and "}" not in value, f"{where}: {key!r} has an unmatched brace")
    return value


def _int(where: str, raw: dict[str, Any], key: str, default: int | None = None, low: int = 0,
         high: int = 999) -> int:
    value = raw.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        _fail(f"{where}: {key!r} must be a whole number, not {value!r}")
    require(low <= value <= high, f"{where}: {key!r} must be {low} to {high}, not {value}")
    return value


def _number(where: str, raw: dict[str, Any], key: str, numbers: Mapping[str, int], default: int | None = None,
            low: int = 0, high: int = 999) -> int:
    """A whole number, or the id of a value knob of tuning.toml."""
    value = raw.get(key, default)
    if isinstance(value, str):
        require(value in numbers, f"{where}: {key!r} names {value!r}, which is not a value knob of tuning.toml")
        return _int(where, {key: numbers[value]}, key, low=low, high=high)
    return _int(where, raw, key, default, low, high)


def _bool(where: str, raw: dict[str, Any], key: str, default: bool | None = None) -> bool:
    value = raw.get(key, default)
    require(isinstance(value, bool), f"{where}: {key!r} must be true or false, not {value!r}")
    return bool(value)


def _choice(where: str, raw: dict[str, Any], key: str, allowed: tuple[str, ...], default: str | None = None) -> str:
    value = raw.get(key, default)
    require(value in allowed, f"{where}: {key!r} must be one of {', '.join(allowed)}, not {value!r}")
    return str(value)


def _strs(where: str, raw: dict[str, Any], key: str, allowed: tuple[str, ...] | None = None) -> tuple[str, ...]:
    value = raw.get(key, [])
    require(isinstance(value, list) and all(isinstance(v, str) for v in value), f"{where}: {key!r} must be a list "
                                                                                 f"of text")
    for v in value:
        require(allowed is None or v in allowed, f"{where}: {key!r} has {v!r}; known: {', '.join(allowed or ())}")
    return tuple(value)


def _source(where: str, raw: dict[str, Any]) -> str:
    source = raw.get("source")
    require(source in SOURCES, f"{where}: source must be one of {', '.join(sorted(SOURCES))}, not {source!r}")
    return str(source)


def _unique(where: str, ids: list[str], what: str) -> None:
    seen: set[str] = set()
    for i in ids:
        require(i not in seen, f"{where}: two {what} have the id {i!r}")
        seen.add(i)


# -- effects -----------------------------------------------------------------------------------------

class _Parser:
    """Parses effect lists against VOCABULARY; numbers may name a value knob."""

    def __init__(self, numbers: Mapping[str, int], decks: frozenset[str]) -> None:
        self.numbers = numbers
        self.decks = decks

    def effects(self, where: str, raw: Any) -> tuple[Effect, ...]:
        require(isinstance(raw, list), f"{where}: effects must be a list of tables like {{ do = \"gain\", ... }}")
        return tuple(self.effect(f"{where}: effect {i + 1}", r) for i, r in enumerate(raw))

    def effect(self, where: str, raw: Any) -> Effect:
        require(isinstance(raw, dict), f"{where}: an effect must be a table like {{ do = \"gain\", ... }}")
        keyword = raw.get("do")
        if keyword not in VOCABULARY:
            unknown_keyword("effect", keyword, keyword, sorted(VOCABULARY), where)
        where = f"{where} ({keyword})"
        spec = VOCABULARY[str(keyword)]
        unknown = sorted(set(raw) - set(spec.params) - {"do"})
        require(not unknown, f"{where}: unknown parameter(s) {', '.join(unknown)}; {keyword} takes "
                             f"{', '.join(spec.params) or 'none'}")
        values: dict[str, Any] = {}
        for name, param in spec.params.items():
            if name not in raw:
                require(not param.required, f"{where}: missing parameter {name!r} ({param.meaning})")
                if param.kind in ("int", "word", "bool", "deck") and param.default != 0:
                    values[name] = param.default
                continue
            values[name] = self.value(f"{where}: {name}", raw[name], param)
        effect = Effect(do=str(keyword), **values)
        check = _CHECKS.get(effect.do)
        if check is not None:
            check(where, raw, effect)
        return effect

    def value(self, where: str, raw: Any, param: Param) -> Any:
        if param.kind == "int":
            return _number(where, {"value": raw}, "value", self.numbers, low=param.low, high=param.high)
        if param.kind == "word":
            return one_of(raw, param.words, where)
        if param.kind == "bool":
            return _bool(where, {"value": raw}, "value")
        if param.kind == "deck":
            require(raw == "any" or raw in self.decks, f"{where}: no deck has the id {raw!r}")
            return str(raw)
        if param.kind == "effects":
            return self.effects(where, raw)
        # options: two or more effect lists
        require(isinstance(raw, list) and len(raw) >= 2, f"{where}: must list two or more options")
        return tuple(self.effects(f"{where} {i + 1}", o) for i, o in enumerate(raw))


def _check_gain(where: str, raw: dict[str, Any], e: Effect) -> None:
    needs_level = e.what in ("artifact", "head")
    require(needs_level == ("level" in raw), f"{where}: 'level' is needed for an artifact or a head, and only then")


def _check_pay(where: str, raw: dict[str, Any], e: Effect) -> None:
    require((e.what == "artifacts") == ("level" in raw), f"{where}: paying artifacts needs their 'level', and "
                                                         f"only they do")


def _check_require(where: str, raw: dict[str, Any], e: Effect) -> None:
    uses = TESTS[e.test]
    for name in ("virtue", "n", "level"):
        require((name in uses) == (name in raw), f"{where}: test {e.test} takes {', '.join(uses) or 'no parameter'}")


def _check_draw(where: str, raw: dict[str, Any], e: Effect) -> None:
    require(e.deck != "any", f"{where}: draw names one deck")


_CHECKS: dict[str, Callable[[str, dict[str, Any], Effect], None]] = {
    "gain": _check_gain, "pay": _check_pay, "require": _check_require, "draw": _check_draw,
}


def _max_gain(effects: tuple[Effect, ...], what: str) -> int:
    """The most of `what` these effects can give (the better branch of each test or choice)."""
    total = 0
    for e in effects:
        if e.do == "gain" and e.what == what:
            total += e.n
        elif e.do in ("require", "roll"):
            total += max(_max_gain(e.then, what), _max_gain(e.otherwise, what))
        elif e.do == "choose":
            total += max(_max_gain(o, what) for o in e.options)
        elif e.do == "restore_spirit":
            total += _max_gain(e.otherwise, what)
    return total


# -- the files ---------------------------------------------------------------------------------------

def _enemy_talent(where: str, raw: dict[str, Any], parser: _Parser) -> EnemyTalent | None:
    if "talent" not in raw:
        return None
    t = _table(f"{where}: talent", raw["talent"])
    _keys(f"{where}: talent", t, ("name", "effects"))
    return EnemyTalent(_str(where, t, "name"), parser.effects(f"{where}: talent", t["effects"]))


def _delta_sum(knobs: tuple[Knob, ...], settings: Mapping[str, int | str], deck: str, stat: str) -> int:
    return sum(int(settings[k.id]) for k in knobs if k.kind == "delta" and k.stat == stat and deck in k.decks)


def _delta(knobs: tuple[Knob, ...], settings: Mapping[str, int | str], deck: str, stat: str, value: int) -> int:
    """A stat after the delta knobs aimed at its deck (Defense stays at least 1, the rest at least 0)."""
    return max(1 if stat == "defense" else 0, value + _delta_sum(knobs, settings, deck, stat))
