"""Options as people read them: a title, choice labels, and the JSON a lobby draws them from."""

from __future__ import annotations

import pytest

from talewood.engine import Option
from talewood.games import available, load


def test_an_option_reads_in_words():
    first = Option("first_player", "choice", "seat0", "who takes the first turn", choices=("seat0", "random"),
                   title="First player", choice_labels=("Player 1", "a player drawn at random"))
    assert first.display_name == "First player"
    assert first.label_of("random") == "a player drawn at random"
    assert first.to_json()["choice_labels"] == ["Player 1", "a player drawn at random"]
    assert first.to_json()["choices"] == ["seat0", "random"] and first.to_json()["title"] == "First player"
    plain = Option("air_spirit", "bool", False, "8 more tiles")
    assert plain.display_name == "Air spirit" and plain.label_of(True) == "on" and plain.label_of(False) == "off"


def test_one_label_per_choice():
    with pytest.raises(ValueError, match="one label per choice"):
        Option("x", "choice", "a", "an x", choices=("a", "b"), choice_labels=("A",))


@pytest.mark.parametrize("game_id", available())
def test_every_option_of_every_game_has_a_title_and_choice_labels(game_id):
    for option in load(game_id).option_set.options:
        assert option.title, f"{game_id}: {option.name} has no title"
        assert "_" not in option.title and option.help
        if option.kind == "choice":
            assert len(option.choice_labels) == len(option.choices), f"{game_id}: {option.name}"
