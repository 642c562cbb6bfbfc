"""The Trial of the Forest's action space: one fixed table, built from the content's counts.

Every id means one thing in every state: "Move to the Central store", "Play Food Delivery", "Pay
with a tea leaf". A decision frame offers a few of them; `TrialState.describe` words a generic one
(a food, a card, "Done") for the decision at hand, so two legal actions never read the same.
"""

from __future__ import annotations

from typing import final

from ...engine import ActionSpace, ActionSpec
from . import words
from .tables import BOOST_NAME, COLUMN_NAME, FOOD_NAME, Tables
from .vocabulary import EXPEDITIONS

PAW_TARGETS = ("location", "encounter 1", "encounter 2", "encounter 3", "help spot", "expedition")
PAW_LOCATION, PAW_HELP, PAW_EXPEDITION = 0, 4, 5
DIE_FACES = ("1", "2", "3", "the winning symbol")


@final
class Ids:
    """The first id of each kind of action (computed once per game)."""

    def __init__(self, t: Tables) -> None:
        at = 0

        def block(n: int) -> int:
            nonlocal at
            first = at
            at += n
            return first

        self.start = block(len(t.starts))
        self.play = block(t.n_hand_cards)
        self.move = block(1)
        self.move_to = block(t.n_spaces)
        self.paw = block(len(PAW_TARGETS) * 2)          # target * 2 + strong
        self.camp = block(1)
        self.leave = block(1)
        self.elixir = block(1)
        self.drop = block(t.n_objects)
        self.end_turn = block(1)
        self.option = block(t.max_options)
        self.plan = block(4)
        self.food = block(4)
        self.card = block(t.n_cards)
        self.column = block(4)
        self.buy = block(t.n_items)
        self.sell = block(t.n_items)
        self.gallery = block(len(t.c.artifacts))
        self.take_item = block(t.n_items)
        self.slot = block(t.n_slots)
        self.seat = block(4)
        self.space = block(t.n_forest)
        self.universal = block(1)
        self.step = block(t.n_spaces)
        self.flag = block(t.n_spaces)
        self.die = block(len(DIE_FACES))
        self.left = block(1)
        self.right = block(1)
        self.tent = block(len(t.c.tents))
        self.bonus = block(len(t.trading_bonus))
        self.boost = block(4)
        self.weapon = block(t.n_objects)
        self.no_weapon = block(1)
        self.done = block(1)
        self.decline = block(1)
        self.take_card = block(1)
        self.redraw = block(1)
        self.reroll = block(1)
        self.refresh = block(1)
        self.keep = block(1)
        self.roll = block(1)
        self.stay = block(1)
        self.pay_empty = block(1)
        self.credit = block(1)
        self.area = block(3)
        self.size = at


def build_action_space(t: Tables) -> ActionSpace:
    c = t.c
    specs: list[ActionSpec] = []
    specs += [ActionSpec("start", (("space", t.space_ids[s]),), f"Start on the {t.space_name[s]}") for s in t.starts]
    specs += [ActionSpec("play", (("card", t.cards[i].card.id),), f"Play {t.cards[i].card.name}")
              for i in range(t.n_hand_cards)]
    specs.append(ActionSpec("move", (), "Move"))
    specs += [ActionSpec("move_to", (("space", t.space_ids[s]),), f"Move to {t.space_the[s]}")
              for s in range(t.n_spaces)]
    for _target, name in enumerate(PAW_TARGETS):
        for strong in (0, 1):
            paw = "your strong paw token" if strong else "a paw token"
            where = {"location": "on this location", "help spot": "on the help spot",
                     "expedition": "in this expedition's section"}.get(name, f"under {name}")
            specs.append(ActionSpec("paw", (("target", name), ("strong", strong)), f"Place {paw} {where}"))
    specs.append(ActionSpec("camp", (), "Camp here"))
    specs.append(ActionSpec("leave", (), "Leave the expedition"))
    specs.append(ActionSpec("elixir", (), "Use the Elixir"))
    specs += [ActionSpec("drop", (("object", t.object_ids[o]),), f"Discard the {t.object_name[o]}")
              for o in range(t.n_objects)]
    specs.append(ActionSpec("end_turn", (), "End your turn"))
    specs += [ActionSpec("option", (("index", i),), f"Choose option {i + 1}") for i in range(t.max_options)]
    specs += [ActionSpec("plan", (("index", i),), f"Pay the cost, way {i + 1}") for i in range(4)]
    specs += [ActionSpec("food", (("food", f),), f"A {FOOD_NAME[i]}") for i, f in enumerate(
        ("raspberry", "acorn", "mushroom", "tea"))]
    specs += [ActionSpec("card", (("card", ci.card.id),), ci.card.name) for ci in t.cards]
    specs += [ActionSpec("column", (("column", i),), f"The {name} column") for i, name in enumerate(COLUMN_NAME)]
    specs += [ActionSpec("buy", (("item", t.object_ids[k]),), f"Buy the {t.object_name[k]}") for k in range(t.n_items)]
    specs += [ActionSpec("sell", (("item", t.object_ids[k]),), f"Sell the {t.object_name[k]}")
              for k in range(t.n_items)]
    specs += [ActionSpec("gallery", (("artifact", a.id),), f"Leave the {a.name} in the gallery") for a in c.artifacts]
    specs += [ActionSpec("take_item", (("item", t.object_ids[k]),), f"Take the {t.object_name[k]}")
              for k in range(t.n_items)]
    specs += [ActionSpec("slot", (("slot", i),), f"Store row {i // 4 + 1}, column {i % 4 + 1}")
              for i in range(t.n_slots)]
    specs += [ActionSpec("seat", (("seat", i),), f"Player {i + 1}") for i in range(4)]
    specs += [ActionSpec("space", (("space", t.space_ids[s]),), f"The {t.space_name[s]}") for s in range(t.n_forest)]
    specs.append(ActionSpec("universal", (), "The universal campsite"))
    specs += [ActionSpec("step", (("space", t.space_ids[s]),), f"Advance to {t.space_name[s]}")
              for s in range(t.n_spaces)]
    specs += [ActionSpec("flag", (("space", t.space_ids[s]),), f"Put your flag on {t.space_name[s]}")
              for s in range(t.n_spaces)]
    specs += [ActionSpec("die", (("face", i),), f"The die shows {name}") for i, name in enumerate(DIE_FACES)]
    specs.append(ActionSpec("morality", (("way", "left"),), "Move your morality token 1 spot to the left (good)"))
    specs.append(ActionSpec("morality", (("way", "right"),), "Move your morality token 1 spot to the right (evil)"))
    # a tent token by what it gives; the second of two alike says so (two choices never read alike)
    specs += [ActionSpec("tent", (("tent", x.id),), f"Put up your tent token: {words.tent(x.name)}"
                         + (" (the second one)" if x.name.endswith("(second)") else "")) for x in c.tents]
    specs += [ActionSpec("bonus", (("symbols", n),), f"Take the bonus for {n} trading symbols")
              for n, _ in t.trading_bonus]
    specs += [ActionSpec("boost", (("symbol", b),), f"Use a one-time {BOOST_NAME[i]} symbol")
              for i, b in enumerate(("movement", "trading", "strength", "card_draw"))]
    specs += [ActionSpec("weapon", (("object", t.object_ids[o]),), f"Fight with the {t.object_name[o]}")
              for o in range(t.n_objects)]
    specs.append(ActionSpec("no_weapon", (), "Fight without a weapon"))
    specs.append(ActionSpec("done", (), "Done"))
    specs.append(ActionSpec("decline", (), "No, thank you"))
    specs.append(ActionSpec("take_card", (), "Draw a deed card"))
    specs.append(ActionSpec("redraw", (), "Discard this card and draw the next one"))
    specs.append(ActionSpec("reroll", (), "Re-roll"))
    specs.append(ActionSpec("refresh", (), "Replace the face-up encounter cards"))
    specs.append(ActionSpec("keep", (), "Keep the face-up encounter cards"))
    specs.append(ActionSpec("roll", (), "Roll the die"))
    specs.append(ActionSpec("stay", (), "Stay here"))
    specs.append(ActionSpec("pay_empty", (), "Spend 2 food tokens to advance"))
    specs.append(ActionSpec("credit", (), "Pay with the second tea leaf of the card you spent"))
    specs += [ActionSpec("area", (("area", x),), c.expedition_by_id[x].name) for x in EXPEDITIONS]
    space = ActionSpace(specs)
    assert len(space) == Ids(t).size, (len(space), Ids(t).size)
    return space
