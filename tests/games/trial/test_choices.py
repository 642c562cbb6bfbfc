"""How the Trial's choices show in a panel and a terminal (Game.choice): "Stay here", "End your turn" and
"Done" first, the choices grouped, every card played, taken or spent and every item bought with its whole
text, and each space a short code a terminal player types."""

from __future__ import annotations

import re
from io import StringIO

from rich.console import Console

from talewood.engine import Rng
from talewood.games.trial import words
from talewood.games.trial.choices import space_code
from talewood.games.trial.view import texts
from talewood.terminal import Menu

from .helpers import GAME, T, do, new_state, position


def choices(state):  # type: ignore[no-untyped-def]
    return {state.describe(a): GAME.choice(state, a) for a in state.legal_actions()}


def test_stay_here_and_end_your_turn_come_first():
    s = position(2, positions=["tower_c", "start_s"], hands=[["postman"], []], turn={"seat": 1})
    do(s, "Move")
    shown = choices(s)
    assert [label for label, c in shown.items() if c.first] == ["Stay here"]
    assert shown["Move to Forest path 9"].group == "Spaces to move to"
    do(s, "Stay here", "Place a paw token on the help spot")
    shown = choices(s)
    assert shown["Draw a deed card"].group == "Cards" and shown["Take an acorn"].group == "Food tokens"
    do(s, "Draw a deed card")
    shown = choices(s)
    assert [label for label, c in shown.items() if c.first] == ["End your turn"]


def test_a_turns_own_actions_are_grouped_apart_from_the_deeds():
    s = position(2, positions=["tower_c", "start_s"], hands=[["food_delivery"], []],
                 food=[{"acorn": 2, "raspberry": 2}, {}], turn={"seat": 1})
    shown = choices(s)
    assert shown["Move"].group == "Your turn" and shown["Play Food Delivery"].group == "Deeds to play"


def test_every_space_has_its_own_code_made_of_letters_and_digits():
    codes = [space_code(name) for name in T.space_name]
    assert len(set(codes)) == len(codes)
    assert all(re.fullmatch(r"[a-z][a-z0-9]*", c) for c in codes)
    assert space_code("Forest path 12") == "p12" and space_code("North-west grove") == "nwg"
    assert space_code("Central lookout tower") == "ct" and space_code("Frosty Hill exit") == "fhx"


def test_a_terminal_player_moves_by_typing_a_spaces_code():
    s = position(2, positions=["tower_c", "start_s"], hands=[["postman"], []], turn={"seat": 1})
    do(s, "Move")
    menu = Menu(s)
    out = StringIO()
    menu.show(Console(file=out, width=120))
    lines = out.getvalue().strip().splitlines()
    assert lines[0].strip() == "1. Stay here"
    assert len(lines) <= 8, lines
    assert s.describe(menu.pick("p9") or -1) == "Move to Forest path 9"
    assert s.describe(menu.pick("nwtu") or -1) == "Move to the North-west tunnel"
    assert menu.pick("p99") is None


def test_codes_are_unique_in_every_decision_of_whole_games():
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        s = new_state(players, seed)
        rng = Rng(seed)
        while not s.is_over:
            legal = s.legal_actions()
            codes = [c for c in (GAME.choice(s, a).code for a in legal) if c]
            assert len(codes) == len(set(codes)), s.prompt()
            s.apply(legal[rng.below(len(legal))])


def test_a_card_played_or_met_carries_its_whole_text():
    s = position(2, positions=["tower_c", "start_s"], hands=[["postman", "food_delivery"], []],
                 food=[{"acorn": 2, "raspberry": 2}, {}], turn={"seat": 1})
    table = texts(T)["cards"]
    shown = choices(s)
    play = shown["Play Food Delivery"]
    assert play.group == "Deeds to play" and play.detail == words.card_text(table["food_delivery"])
    assert table["food_delivery"]["text"] in play.detail
    met = [c for label, c in shown.items() if label.startswith("Place a paw token under the encounter card")]
    assert met and all(c.detail and c.group == "Paw tokens" for c in met)
    for label, c in shown.items():
        if label.startswith("Place a paw token under the encounter card "):
            name = label.removeprefix("Place a paw token under the encounter card ")
            entry = next(e for e in table.values() if e["name"] == name)
            assert c.detail == words.card_text(entry)


def test_an_item_bought_carries_its_text():
    s = position(2, positions=["store_c", "start_s"], food=[{"acorn": 3, "raspberry": 3, "mushroom": 3, "tea": 3}, {}],
                 turn={"seat": 1})
    do(s, "Place a paw token on the Central store")
    bought = {label: c for label, c in choices(s).items() if label.startswith("Buy the ")}
    assert bought
    objects = texts(T)["objects"]
    for label, c in bought.items():
        name = label.removeprefix("Buy the ").split(" for ")[0]
        entry = next(e for e in objects.values() if e["name"] == name)
        assert c.group == "Items to buy" and c.detail == words.object_text(entry)


def test_a_tent_put_up_says_what_it_gives_and_two_alike_read_apart():
    s = position(2, positions=["camp_n", "start_s"], paws=[{"placed": ["help"] * 4, "strong": "help"}, {}],
                 tents=[["tent_raspberry", "tent_x", "tent_x_2"], []], turn={"seat": 1})
    do(s, "Camp on the North meadow", "Take the Shovel")
    shown = choices(s)
    assert set(shown) == {"Put up your tent token: raspberry", "Put up your tent token: X",
                          "Put up your tent token: X (the second one)"}
    assert shown["Put up your tent token: raspberry"].detail == "The raspberry tent token: Gain 1 raspberry."
    assert shown["Put up your tent token: X (the second one)"].detail == "The X tent token: No bonus."
    assert all(c.group == "Your tent tokens" for c in shown.values())
