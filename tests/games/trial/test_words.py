"""The Trial speaks the rulebook's words to its players: plurals counted right, no program words, a chosen
option, a tent and an expedition told in sentences, and the pieces' texts (words.py) as a player reads
them."""

from __future__ import annotations

from talewood.games.trial import words
from talewood.games.trial.cards import option_words
from talewood.games.trial.objects import price_words
from talewood.games.trial.view import texts

from .helpers import T, do, labels, position


def test_the_trading_bonus_counts_its_symbols_in_words():
    s = position(2, positions=["store_c", "start_s"], hands=[["tea_gift", "lost_purse"], []], turn={"seat": 1})
    do(s, "Place a paw token on the Central store", "Finish your transactions")
    assert s.prompt() == "Player 1: trading bonus: 1 trading symbol to spend"
    assert "Discard Tea Gift for 1 more trading symbol" in labels(s)
    assert "Discard Lost Purse for 2 more trading symbols" in labels(s)


def test_a_grove_counts_the_food_a_discarded_card_gives():
    s = position(2, positions=["grove_w", "start_s"], hands=[["poacher"], []], turn={"seat": 1})
    do(s, "Place a paw token on the West grove")
    assert "Discard Poacher for 2 acorns" in labels(s)


def test_a_store_slot_of_two_any_symbols_costs_any_two_food_tokens():
    slot = next(i for i, price in enumerate(T.slot_price) if tuple(price) == ("any_food", "any_food"))
    s = position(2, positions=["store_c", "start_s"], turn={"seat": 1})
    assert price_words(s, slot) == "any 2 food tokens"
    assert words.price(["any_food", "any_food"]) == "any 2 food tokens"
    assert words.price(["acorn", "any_food"]) == "an acorn and any food token"
    assert words.price(["tea", "tea"]) == "2 tea leaves"
    twice = next(i for i, price in enumerate(T.slot_price) if price[0] == price[1] != "any_food")
    assert price_words(s, twice) == f"2 {words.food(T.slot_price[twice][0], 2).split(' ', 1)[1]}"


def test_the_log_tells_a_moral_choice_a_tent_and_an_expedition_in_sentences():
    assert option_words("Player 3", "Lost Traveller", "Evil: rob him") == \
        "Player 3 resolves Lost Traveller as an evil deed: rob him"
    assert option_words("Player 1", "Injured Owl", "Good: tend its wounds") == \
        "Player 1 resolves Injured Owl as a good deed: tend its wounds"
    assert option_words("Player 2", "Marsh Tea Party", "Decline politely") == \
        "Player 2 resolves Marsh Tea Party: decline politely"
    assert words.tent("Tent: any food (second)") == "any food" and words.tent("Tent: movement") == "movement"
    s = position(2, positions=["swamps_exit", "start_s"], turn={"seat": 1})
    events = s.apply(next(a for a in s.legal_actions() if s.describe(a) == "Move"))
    events = s.apply(next(a for a in s.legal_actions() if s.describe(a) == "Move to Swamps: the first space"))
    lines = [e["text"] for e in events]
    assert "Player 1 embarks on an expedition to the Forgotten Swamps" in lines
    assert "Place a paw token in the expedition section of the Forgotten Swamps" in labels(s)


def test_a_forest_path_is_named_without_an_article():
    s = position(2, positions=["tower_c", "start_s"], turn={"seat": 1})
    do(s, "Move")
    assert "Move to Forest path 9" in labels(s) and "Move to the North-west tunnel" in labels(s)


def test_the_pieces_read_in_player_words():
    cards = texts(T)["cards"]
    blizzard = next(e for e in cards.values() if e["deck"] == "frosty_hill")
    text = words.card_text(blizzard)
    assert text.startswith(f"{blizzard['name']} (Frosty Hill expedition card; ")
    assert "frosty_hill" not in text and "_" not in text
    assert words.card_text(cards["postman"]) == (
        "Postman (deed card; good deed; 1 fame point): On the same space as another adventurer. Hand 1 card from "
        "your hand to that adventurer, then draw 2 deed cards. Enhancement: 2 card-draw symbols.")
    assert words.card_extras(cards["poacher"]) == "Enhancement: 2 acorns. Bonus: 1 more acorn at any grove (blue " \
        "triangle)."
    objects = texts(T)["objects"]
    assert words.object_text(objects["shovel"]).startswith("Shovel (1 backpack slot): ")
    assert words.shortcut("spend:any_food:2") == "pay 2 food tokens"
    assert words.shortcut("spend:tea:1") == "pay 1 tea leaf"
    assert words.campsite("gain:tea:1") == "gain 1 tea leaf from the tray"
    assert words.food("tea", 2) == "2 tea leaves" and words.food("acorn") == "1 acorn"


def test_a_fights_opponent_and_a_tunnel_read_as_the_board_names_them():
    from talewood.games.trial.fight import fight_words

    assert [fight_words(6, 1), fight_words(0, 3), fight_words(4, 2), fight_words(5, 0)] == \
        ["6+", "3 dice", "4 plus 2 dice", "5"]
    s = position(2, positions=["tunnel_nw", "start_s"], hands=[["sabotage"], []], backpacks=[["shovel"], []],
                 turn={"seat": 1})
    do(s, "Play Sabotage")
    assert "Collapse the North-east tunnel" in labels(s)          # not "the tunnel on the North-east tunnel"
    events = s.apply(next(a for a in s.legal_actions() if s.describe(a) == "Collapse the South-east tunnel"))
    assert "Player 1 collapses the South-east tunnel" in [e["text"] for e in events]
