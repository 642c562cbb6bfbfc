"""The Trial board as SVG and in the terminal: every choice clickable where it happens, every text readable
and whole, every card's words at hand, nothing hidden shown."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from rich.console import Console

from talewood.engine import Rng
from talewood.games.trial import render as trial_render
from talewood.games.trial import words
from talewood.games.trial.render import render_svg
from talewood.games.trial.terminal import readable
from talewood.games.trial.terminal import render as terminal
from talewood.games.trial.view import texts
from talewood.ui.svg import MIN_FONT

from .helpers import GAME, T, do, labels, new_state, play_out, position

NS = "{http://www.w3.org/2000/svg}"


def actions(state: Any) -> list[dict[str, Any]]:
    return [{**GAME.action_space.to_json(a), "label": state.describe(a), **GAME.choice(state, a).to_json()}
            for a in state.legal_actions()]


def drawn(state: Any, seat: int | None) -> ET.Element:
    return ET.fromstring(render_svg(state.view(seat), seat, actions(state) if seat == state.current_player else []))


def clickable(root: ET.Element) -> dict[str, set[str]]:
    """Each clickable element's label (its title) by the group's class."""
    out: dict[str, set[str]] = {}
    for g in root.iter(f"{NS}g"):
        if g.get("data-action") is not None:
            title = g.find(f"{NS}title")
            assert title is not None and title.text
            out.setdefault(g.get("class", "").split()[0], set()).add(title.text.split(" — ")[0])
    return out


def infos(root: ET.Element) -> str:
    return "\n".join(g.get("data-info", "") for g in root.iter(f"{NS}g"))


def texts_in(root: ET.Element) -> list[str]:
    return [e.text or "" for e in root.iter(f"{NS}text")]


def test_moves_are_clicked_on_the_spaces_and_cards_in_the_hand():
    s = position(2, positions=["tower_c", "start_s"], hands=[["postman", "bear"], []], turn={"seat": 1})
    do(s, "Move")
    root = drawn(s, 0)
    spaces = {g.get("data-space") for g in root.iter(f"{NS}g") if g.get("data-action") is not None}
    moves = [GAME.action_space.to_json(a) for a in s.legal_actions()]
    reachable = {m["space"] for m in moves if m["kind"] == "move_to"}
    assert reachable and reachable <= spaces


def test_paw_tokens_are_offered_at_the_encounters_the_help_spot_and_the_location():
    s = position(2, positions=["tower_c", "start_s"], hands=[["postman", "food_delivery"], []],
                 food=[{"acorn": 2, "raspberry": 2}, {}], turn={"seat": 1})
    root = drawn(s, 0)
    where = clickable(root)
    offered = where["paw-choice"]
    under = {label for label in labels(s) if label.startswith(("Place a paw token under the encounter card",
                                                               "Place your strong paw token under"))}
    assert under and under <= offered
    assert {"Place a paw token on the help spot", "Place your strong paw token on the help spot"} <= offered
    assert any(label.startswith("Place your strong paw token on the Central lookout tower") for label in offered)
    assert where["card"] == {"Play Food Delivery"}          # Postman cannot be played here
    # the strong one wears its golden rim and says so
    strong = [g for g in root.iter(f"{NS}g") if g.get("class", "").startswith("paw-choice")
              and (g.findtext(f"{NS}title") or "").startswith("Place your strong")]
    assert strong and all(g.find(f"{NS}circle").get("stroke") == trial_render.GOLD for g in strong)
    assert all(texts_in(g) == ["strong"] for g in strong)


def test_a_placed_strong_paw_token_wears_its_golden_rim():
    s = position(2, positions=["tower_c", "start_s"], turn={"seat": 1},
                 paws=[{"placed": ["help", "store_n"], "strong": "store_n"}, {"placed": ["help"]}])
    root = drawn(s, 1)
    tile = next(g for g in root.iter(f"{NS}g") if g.get("data-space") == "store_n")
    spot = next(g for g in root.iter(f"{NS}g") if g.get("class", "").startswith("help-spot"))
    rims = [c.get("stroke") for c in tile.iter(f"{NS}circle")]
    assert rims == [trial_render.GOLD]
    assert [c.get("stroke") for c in spot.iter(f"{NS}circle")] == ["#fff", "#fff"]


def test_card_texts_items_and_tiles_are_readable_in_player_words():
    s = position(2, positions=["tower_c", "start_s"], hands=[["postman"], []], backpacks=[["rope"], []],
                 turn={"seat": 1})
    text = infos(drawn(s, 0))
    assert "Postman: deed card; good deed; 1 fame point. On the same space as another adventurer." in text
    assert "Rope (1 backpack slot): " in text
    assert "Central lookout tower: Lookout tower. " in text
    assert "The help spot" in text
    assert "_" not in text and "(s)" not in text


def test_the_hand_and_the_encounter_track_show_each_card_whole():
    s = position(2, positions=["tower_c", "start_s"], hands=[["postman", "food_delivery", "charity_collection"], []],
                 turn={"seat": 1})
    root = drawn(s, 0)
    table = texts(T)["cards"]
    cards = [g for g in root.iter(f"{NS}g") if g.get("class", "").startswith("card") and g.get("data-card")]
    shown = {g.get("data-card"): " ".join(texts_in(g)[1:]) for g in cards}
    for cid in ["postman", "food_delivery", "charity_collection", *[k for k in s.view(0)["encounters"]["slots"] if k]]:
        entry = table[cid]
        assert entry["text"] in shown[cid], cid               # every word of it, none cut
        assert words.card_extras(entry) in shown[cid]


def test_every_text_is_readable_and_nothing_is_cut():
    game = new_state(3, seed=5)
    rng = Rng(5)
    seen = 0
    while not game.is_over:
        if rng.below(9) == 0:
            for seat in (None, 0, 1, 2):
                svg = render_svg(game.view(seat), seat, actions(game) if seat == game.current_player else [])
                sizes = [float(x) for x in re.findall(r'font-size="([\d.]+)"', svg)]
                assert min(sizes) >= MIN_FONT
                root = ET.fromstring(svg)
                assert not [t for t in texts_in(root) if t.endswith("…")]
                assert root.get("data-min-font") == str(MIN_FONT)
            seen += 1
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])
    assert seen > 20


def test_a_long_story_is_drawn_whole_inside_its_panel():
    deeds = ["postman", "food_delivery", "charity_collection", "gift_basket", "tea_gift", "philanthropist",
             "bear", "caravan", "market_day", "lost_purse"]
    s = position(2, positions=["tower_c", "start_s"], turn={"seat": 1},
                 stories=[[{"card": k, "column": "morality"} for k in deeds], []])
    root = drawn(s, 1)
    names = set(texts_in(root))
    assert all(texts(T)["cards"][k]["name"] in names for k in deeds)
    assert not any(re.fullmatch(r"\+\d+ more", t) for t in names)
    # every story card lies inside Player 1's panel (its frame is the first rectangle after the panel's heading)
    frame = next(r for r in root.iter(f"{NS}rect") if r.get("stroke") == trial_render.SEAT_COLOURS[0])
    bottom = float(frame.get("y", 0)) + float(frame.get("height", 0))
    story = [g for g in root.iter(f"{NS}g") if g.get("class") == "story-card info" and g.get("data-card") in deeds]
    assert len(story) == len(deeds)
    assert all(float(g.find(f"{NS}rect").get("y", 0)) + float(g.find(f"{NS}rect").get("height", 0)) <= bottom
               for g in story)


def test_another_seat_sees_no_hand_no_tent_and_no_ruins_item():
    s = position(2, positions=["ruins_w", "start_s"], hands=[["postman"], ["bear"]],
                 ruins=[{"space": "ruins_w", "items": ["rope", "axe", "bow"]}], turn={"seat": 1})
    do(s, "Place a paw token on the West ruins")
    mine, theirs = render_svg(s.view(0), 0, []), render_svg(s.view(1), 1, [])
    assert 'data-card="postman"' in mine and 'data-card="postman"' not in theirs
    assert "Items here: Axe, Bow, Rope" in mine and "Items here" not in theirs
    tents = s.view(0)["player_states"][0]["tent_tokens"]
    assert tents and all(f'data-tent="{x}"' in mine for x in tents)
    assert all(f'data-tent="{x}"' not in theirs for x in tents)


def test_the_end_says_the_verdict_above_the_board_and_the_terminal_shows_the_sheet():
    s = play_out(new_state(2, seed=3))
    root = drawn(s, None)
    banner = next(e for e in root.iter() if e.get("class") == "score-sheet")
    verdict = s.game.score_sheet(s.result()).verdict
    assert any(verdict in (t.text or "") for t in banner.iter(f"{NS}text"))
    # the board comes under the verdict: moved down by the banner's height
    shifted = next(g for g in root.iter(f"{NS}g") if (g.get("transform") or "").startswith("translate(0 "))
    assert any(r.get("fill") == "#e4eccf" for r in shifted.iter(f"{NS}rect"))
    board = next(r for r in shifted.iter(f"{NS}rect") if r.get("fill") == "#e4eccf")
    banner_box = banner.find(f"{NS}rect")
    moved = float(shifted.get("transform", "")[len("translate(0 "):-1])
    assert float(board.get("y", 0)) + moved >= float(banner_box.get("y", 0)) + float(banner_box.get("height", 0))
    console = Console(width=200, record=True)
    console.print(terminal(s, 0))
    out = console.export_text()
    assert "Final scores" in out and "The Trial of the Forest" in out and "Story cards (tie-breaker)" in out
    assert "fame points" in verdict


def test_the_terminal_shows_the_own_hand_and_counts_the_others():
    s = position(2, positions=["tower_c", "start_s"], hands=[["postman"], ["bear"]], turn={"seat": 1})
    console = Console(width=200, record=True)
    console.print(terminal(s, 0))
    out = console.export_text()
    assert "Hand: Postman" in out and "Bear" not in out and "Hand: 1 card face down" in out


def test_the_terminal_names_the_spaces_by_the_codes_a_player_types():
    s = position(2, positions=["tower_c", "start_s"], hands=[["postman"], []], turn={"seat": 1})
    console = Console(width=200, record=True)
    console.print(terminal(s, 0))
    out = console.export_text()
    assert re.search(r"^ ?ct\s+Central lookout tower\s+Lookout tower", out, re.M)
    assert re.search(r"^ ?nwg\s+North-west grove", out, re.M)


@pytest.mark.parametrize("query", ["Postman", "Tea Cat", "Rope", "North-west grove"])
def test_look_reads_the_whole_text_of_what_the_seat_sees(query: str):
    s = position(2, positions=["tower_c", "start_s"], hands=[["postman"], ["bear"]], backpacks=[["rope"], []],
                 turn={"seat": 1})
    s.enc_slots[0] = T.cards.index(next(ci for ci in T.cards if ci.card.id == "tea_cat"))
    pieces = dict(readable(s.view(0), 0))
    assert query in pieces
    table = texts(T)
    if query in ("Postman", "Tea Cat"):
        entry = next(e for e in table["cards"].values() if e["name"] == query)
        assert pieces[query] == words.card_text(entry) and entry["text"] in pieces[query]
    assert "Bear" not in pieces                          # another seat's hand stays hidden


def test_a_whole_game_in_the_terminal_against_a_bot(tmp_path):
    from io import StringIO

    from talewood.terminal import play

    out = StringIO()
    code = play("trial", players=2, seats=["human", "random"], seed=6, save_dir=str(tmp_path),
                ask=lambda _prompt: "1", console=Console(file=out, width=160))
    text = out.getvalue()
    assert code == 0 and "Final scores" in text and "The Trial of the Forest" in text


def test_the_terminal_gives_each_card_of_the_own_hand_its_whole_text():
    s = position(2, positions=["tower_c", "start_s"], hands=[["postman", "food_delivery"], ["bear"]],
                 turn={"seat": 1})
    console = Console(width=100, record=True)
    console.print(terminal(s, 0))
    out = " ".join(console.export_text().replace("│", " ").split())
    cards = texts(T)["cards"]
    for card in ("postman", "food_delivery"):
        assert " ".join(words.card_text(cards[card]).split()) in out
    assert cards["bear"]["text"].split(".")[0] not in out          # another seat's hand stays hidden


def test_look_reads_an_expedition_area():
    s = position(2, positions=["tower_c", "start_s"], turn={"seat": 1})
    pieces = dict(readable(s.view(0), 0))
    area = pieces["The Frosty Hill"]
    assert area.startswith("The Frosty Hill: an expedition area. 12 cards in its deck") and "artifacts:" in area


def test_the_terminals_forest_tells_who_is_where_and_fits_80_columns():
    s = position(2, positions=["tower_c", "tower_c"], paws=[{"placed": ["tower_c"]}, {}], turn={"seat": 1})
    narrow, wide = Console(width=80, record=True), Console(width=140, record=True)
    narrow.print(terminal(s, 0))
    assert max(len(line) for line in narrow.export_text().splitlines()) <= 80
    wide.print(terminal(s, 0))
    out = wide.export_text()
    assert re.search(r"^ ?ct\s+Central lookout tower\s+Lookout tower\s+Player 1, Player 2; paw tokens: Player 1\s",
                     out, re.M)
    camp = re.search(r"^ ?nm\s+North meadow\s+campsite \(1 common item\)", out, re.M)
    assert camp                                  # the bonus in short; look reads it whole
    assert "North meadow: a campsite: gain 1 common item from the store." in dict(readable(s.view(0), 0)).values()


def test_the_store_drawn_again_shows_what_a_purchase_changed():
    s = position(2, positions=["store_c", "start_s"], food=[{"acorn": 3, "raspberry": 3, "mushroom": 3, "tea": 3}, {}],
                 turn={"seat": 1})
    do(s, "Place a paw token on the Central store")

    def slots(root: ET.Element) -> dict[str, str]:
        return {g.get("data-slot", ""): " ".join(texts_in(g)) for g in root.iter(f"{NS}g")
                if "store-slot" in g.get("class", "")}

    before = slots(drawn(s, 0))
    buy = next(label for label in labels(s) if label.startswith("Buy the "))
    name = buy.removeprefix("Buy the ").split(" for ")[0]
    slot = next(k for k, text in before.items() if text.startswith(name))
    count = int(before[slot].split("×")[1])
    do(s, buy)
    while s.prompt().startswith("Player 1: choose the food token"):     # pay the price
        s.apply(s.legal_actions()[0])
    after = slots(drawn(s, 0))
    assert count == 2 and after[slot] == f"{name} ×1"
