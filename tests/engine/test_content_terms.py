"""The engine's content terms ("keyword:param:param"): a vocabulary of keywords with typed parameters,
each bad term refused naming the entry, the term and what would be valid."""

from __future__ import annotations

import pytest

from talewood.engine.content import Keyword, Param, parse_term, vocabulary
from talewood.engine.errors import ContentError

WORDS = vocabulary(
    Keyword("gain", (Param("what", words=("tea", "acorn")), Param("n", low=1, high=3, default=1))),
    Keyword("visit", (Param("place", ref="location"),)),
    Keyword("rest"),
)
REFS = {"location": frozenset({"tower"})}


def test_a_term_reads_its_parameters_typed_with_defaults() -> None:
    assert parse_term("gain:tea:2", WORDS, "effect", "f.toml card 1", REFS) == (WORDS["gain"], ("tea", 2))
    assert parse_term("gain:acorn", WORDS, "effect", "f.toml card 1", REFS)[1] == ("acorn", 1)
    assert parse_term("visit:tower", WORDS, "effect", "f.toml card 1", REFS)[1] == ("tower",)
    assert parse_term("rest", WORDS, "effect", "f.toml card 1")[1] == ()
    assert WORDS["gain"].signature() == "gain:<what>:<n>"


@pytest.mark.parametrize(("text", "message"), [
    ("", "f.toml card 1: an effect must be a non-empty string, not ''"),
    (3, "f.toml card 1: an effect must be a non-empty string, not 3"),
    ("gian:tea", "f.toml card 1: unknown effect keyword 'gian' in 'gian:tea'; known: gain, rest, visit"),
    ("rests", "f.toml card 1: unknown effect keyword 'rests'; known: gain, rest, visit"),
    ("gain", "f.toml card 1: 'gain' has 0 parameter(s); gain:<what>:<n> takes 1 to 2"),
    ("rest:1", "f.toml card 1: 'rest:1' has 1 parameter(s); rest takes 0"),
    ("gain:tea:4", "f.toml card 1: 'gain:tea:4': n must be 1..3, not 4"),
    ("gain:milk", "f.toml card 1: 'gain:milk': what must be tea, acorn, not 'milk'"),
    ("gain:tea:x", "f.toml card 1: 'gain:tea:x': n must be 1..3, not 'x'"),
    ("visit:moon", "f.toml card 1: 'visit:moon': 'moon' is not a known location id"),
])
def test_a_bad_term_names_the_entry_the_term_and_what_is_valid(text: object, message: str) -> None:
    with pytest.raises(ContentError) as caught:
        parse_term(text, WORDS, "effect", "f.toml card 1", REFS)
    assert str(caught.value) == message
