"""What people read: each action's label for the decision at hand, in the rulebook's words.

The action space's labels are generic; `describe` words an action for the frame on top of the stack
("Keep the Forest Axe" when choosing a drawn Artifact, "Give the Forest Axe" when giving one). Heroes
are named, never seats; two legal actions never share a label.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine import plural
from .actions import CORNERS, DIRECTIONS, ROTATIONS, SIDES
from .battle.enemy import enemy_name
from .battle.rounds import round_damage
from .battle.strikes import stone_uses
from .components.symbols import SPACE_KINDS
from .components.vocabulary import Effect
from .future.chapter import chapter_figure
from .tables import FUTURE_DECK, FUTURE_PIECE, OFFERING, SLOT_NAMES, VIRTUE_NAMES
from .turn.altar import altar_rate

if TYPE_CHECKING:
    from .state import TTState

KIND_WORDS = {
    "tree": "Trees", "altar": "an Altar", "portal": "a Portal", "white": "a White Stone", "red": "a Red Stone",
    "black": "a Black Stone", "battle1": "a Battle 1 token", "battle2": "a Battle 2 token",
    "battle3": "a Battle 3 token", "treasure1": "a Treasure 1 token", "treasure2": "a Treasure 2 token",
    "treasure3": "a Treasure 3 token", "quest": "a Quest token", "empty": "an open space",
}
STAT_WORDS = {"speed": "Speed", "love": "dice in each round of attack", "actions": "Action", "turns": "die to turn"}


def the(name: str) -> str:
    """A piece named as in a sentence: "the Throne", "The Vicinator" stays as it is."""
    return name if name.startswith("The ") else f"the {name}"


def effect_text(e: Effect) -> str:
    """A short reading of a simple effect (a Bonus card's option, a Talent's option)."""
    if e.do == "this_turn":
        word = STAT_WORDS[e.stat]
        if e.stat in ("actions", "turns") and e.n > 1:
            word = "Actions" if e.stat == "actions" else "dice to turn"
        return f"+{e.n} {word} this turn"
    if e.do == "nothing":
        return "nothing"
    if e.do == "gain":
        return f"gain {e.n} {e.what.replace('_', ' ')}"
    return e.do.replace("_", " ")


def effects_text(effects: tuple[Effect, ...]) -> str:
    return " and ".join(effect_text(e) for e in effects)


def space_words(s: TTState, sp: int) -> str:
    """What lies on a space now: its token, else what it shows."""
    tok = s.token[sp]
    if tok >= FUTURE_PIECE:
        return f"a {s.t.pieces[tok - FUTURE_PIECE].name}"
    if tok == OFFERING:
        return "an Offering on an Altar"
    if tok >= 0:
        return KIND_WORDS[SPACE_KINDS[tok]]
    kind = s.kind(sp)
    if kind >= len(SPACE_KINDS):
        return "a dark space"
    word = SPACE_KINDS[kind]
    if word in ("altar", "portal", "tree"):
        return KIND_WORDS[word]
    return "an open space"


def describe(s: TTState, action: int) -> str:
    t = s.t
    spec = t.space.spec(action)
    kind = spec.kind
    top: Any = s.stack[-1] if s.stack and not s.over else None
    frame = type(top).__name__ if top is not None else ""
    p = dict(spec.params)
    if kind == "order_hero":
        h = s.hero.index(int(p["hero"]))
        nth = "first" if getattr(top, "first", -1) < 0 else "second"
        return f"{s.name(h)} takes the {nth} turn"
    if kind == "choose_tile":
        card = t.c.tiles[int(p["tile"])]
        return f"Place {card.name} ({card.text.split('. ', 1)[-1]})"
    if kind == "snap":
        new: int = getattr(top, "tile", -1)
        moved = s.tile_name(new) if new >= 0 else "the tile"
        return f"Snap {moved} to the {SIDES[int(p['side'])]} of {t.c.tiles[int(p['tile'])].name}"
    if kind == "rotate":
        tile: int = getattr(top, "tile", 0)
        r = int(p["degrees"]) // 90
        kinds = t.c.tiles[tile].spaces
        shows = ", ".join(f"{CORNERS[k]} {KIND_WORDS[kinds[(k - r) % 4]]}" for k in range(4))
        return f"Turn it {ROTATIONS[r]}° ({shows})"
    if kind == "start_space":
        tile = int(getattr(top, "tile", 0))
        sp = tile * 4 + int(p["corner"])
        return f"Start on the {CORNERS[sp & 3]} space ({space_words(s, sp)})"
    if kind == "step":
        d = int(p["direction"])
        who = getattr(top, "target", getattr(top, "seat", s.cur)) if frame == "MoveHero" else \
            getattr(top, "seat", s.cur)
        there = s.nb(s.pos[who], d) if who >= 0 and s.pos[who] >= 0 else -1
        if there < 0:
            return f"Step {DIRECTIONS[d]}"
        return f"Step {DIRECTIONS[d]} to {s.space_name(there)} ({space_words(s, there)})"
    if kind == "claim":
        return f"Claim {space_words(s, s.pos[top.seat]) if top is not None else 'it'}"
    if kind == "develop":
        tal = t.talents[int(p["talent"])]
        cost = t.c.board.talent_costs[tal.level - 1]
        return f"Develop the Talent {tal.name} ({cost} Shevitsa): {tal.text}"
    if kind == "equip":
        a = t.artifacts[int(p["artifact"])]
        return f"Put {a.name} in your {a.slot} slot"
    if kind == "use_artifact":
        return artifact_use(s, frame, int(p["artifact"]))
    if kind == "use_bonus":
        b = t.hero_bonus[int(p["card"])]
        option = b.options[int(p["effect"])] if int(p["effect"]) < len(b.options) else ()
        return f"Use {b.name}: {effects_text(option)}"
    if kind == "raise_virtue":
        v = int(p["virtue"])
        who = getattr(top, "target", -1) if frame == "MercyVirtue" else getattr(top, "seat", 0)
        value = s.v(who, v)
        prefix = f"Raise {s.name(who)}'s" if frame == "MercyVirtue" else "Raise"
        if frame == "RaiseOne":
            return f"{prefix} {VIRTUE_NAMES[v]} ({value} → {min(13, value + top.n)})"
        if frame == "Shift":
            return f"Move the point to {VIRTUE_NAMES[v]} ({value} → {value + 1})"
        return f"{prefix} {VIRTUE_NAMES[v]} ({value} → {value + 1})"
    if kind == "lower_virtue":
        v = int(p["virtue"])
        who = getattr(top, "seat", 0)
        value = s.v(who, v)
        if frame == "Shift":
            return f"Move a point from {VIRTUE_NAMES[v]} ({value} → {value - 1})"
        return f"Lose 1 {VIRTUE_NAMES[v]} ({value} → {value - 1})"
    if kind == "artifact":
        a = t.artifacts[int(p["artifact"])]
        if frame == "KeepArtifact":
            return f"Keep {a.name} (Level {a.level}, {a.slot}, {a.usage.replace('_', '-')}): {a.text}"
        if frame == "GiveWhich":
            return f"Give {a.name}"
        if frame == "DiscardArtifact":
            return f"Discard {a.name}" if getattr(top, "mode", 0) else f"Lose {a.name}"
        if frame == "PickSacrifice":
            return f"Sacrifice {a.name}"
        if frame == "Altar":
            return f"Sacrifice {a.name} for {altar_rate(s, top.seat, a.level)} Shevitsa"
        return f"Choose {a.name}"
    if kind == "hero":
        h = s.hero.index(int(p["hero"]))
        return hero_choice(s, frame, top, h)
    if kind == "option":
        e = t.fx[top.fx][0] if frame == "ChooseOption" else None
        i = int(p["option"])
        if e is not None and i < len(e.options):
            return f"Choose: {effects_text(e.options[i])}"
        return spec.label
    if kind in ("accept", "decline"):
        if frame == "PlantSeed":
            return "Plant a Seed here" if kind == "accept" else "Keep your Seed"
        if frame == "PayOrNot":
            return f"Pay {top.n} Shevitsa for the gift" if kind == "accept" else "Do not pay"
        return "Keep your Artifacts" if frame == "DiscardArtifact" else spec.label
    if kind == "quest":
        q = t.c.quests[int(p["quest"])]
        return f"Keep the Quest {q.name}: {q.text}"
    if kind == "return_bonus":
        b = t.hero_bonus[int(p["card"])]
        return f"Return {b.name} ({b.text})"
    if kind == "done":
        return done_words(s, frame, top)
    if kind == "upgrade":
        return spec.label
    if kind == "attack":
        if getattr(top, "side", 0) == 0:
            return "Roll your attack"
        return "Face the enemy's round of attack"
    if kind == "turn_die":
        left = plural(s.turns_left(top.seat), "turn")
        if frame == "AfterEnemyRoll":
            return f"Turn one of the enemy's positive dice blank ({left} left)"
        return f"Turn one of your blank dice positive ({left} left)"
    if kind == "talent":
        tal = t.talents[int(p["talent"])]
        return f"Use {tal.name}: {tal.text}"
    if kind == "stone":
        h = s.hero.index(int(p["hero"]))
        return stone_words(s, frame, top, h)
    if kind == "escape":
        seat = getattr(top, "seat", 0)
        return f"Escape for 1 Spirit ({s.spirit[seat]} → {s.spirit[seat] - 1})"
    if kind == "block":
        seat = getattr(top, "seat", 0)
        return f"Block all {getattr(top, 'total', 0)} damage with 1 Spirit ({s.spirit[seat]} → {s.spirit[seat] - 1})"
    if kind == "tile":
        return tile_words(s, frame, int(p["tile"]))
    if kind == "space":
        return space_choice(s, frame, int(p["space"]))
    if kind == "deck":
        d = FUTURE_DECK + int(p["deck"])
        deck = t.fdecks[d - FUTURE_DECK]
        return f"Look at the top of the {deck.name} deck ({plural(s.cards_left(d), 'card')})"
    if kind == "card":
        fcard = t.fcards[int(p["card"])]
        return f"Put {fcard.name} {'on top' if getattr(top, 'done', 0) == 0 else 'next'}"
    if kind == "stop":
        return "Stay where you are" if frame in ("AllyMove", "MoveHero") else "Stop"
    return spec.label


def artifact_use(s: TTState, frame: str, a: int) -> str:
    art = s.t.artifacts[a]
    if frame in ("AfterHeroRoll",) and art.usage == "activation":
        dice = "die" if art.activation == 1 else "dice"
        return f"Activate {art.name} with {art.activation} positive {dice}: {art.text.split(': ', 1)[-1]}"
    if frame == "TakeDamage":
        return f"Block the damage with {art.name}"
    return f"Use {art.name}: {art.text.split(': ', 1)[-1]}"


def hero_choice(s: TTState, frame: str, top: object, h: int) -> str:
    name = s.name(h)
    if frame in ("MercyHero",):
        return f"Raise a Virtue of {name}"
    if frame == "AltarVirtue":
        return f"Raise a Virtue of {name} with the Shevitsa"
    if frame == "MoveWho":
        return f"Move {name}"
    if frame == "CrownPay":
        return f"{name} sacrifices 1 Spirit ({s.spirit[h]} → {s.spirit[h] - 1})"
    if frame == "VirusBlock":
        return f"{name} sacrifices 1 Spirit to block it for everyone ({s.spirit[h]} → {s.spirit[h] - 1})"
    if frame == "ChooseTarget":
        return f"{name} receives it"
    return f"Choose {name}"


def done_words(s: TTState, frame: str, top: Any) -> str:
    if frame == "Altar":
        return "Stop sacrificing"
    if frame in ("Endure", "MercyHero"):
        return "Raise nothing more"
    if frame == "Shift":
        return "Keep your Virtues as they are"
    if frame == "AfterHeroRoll":
        return f"Deal the damage ({round_damage(s, top.seat, spend=False)})"
    if frame == "AfterEnemyRoll":
        return f"Take the hit ({s.battle.positive} damage)"
    if frame == "AfterRoll":
        return f"Take the result ({s.roll.positive} positive)"
    if frame == "TakeDamage":
        return "Take no damage: your Talents and Artifacts stop all of it"
    if frame == "VirusBlock":
        return "Every Hero takes the damage"
    return "Done"


def stone_words(s: TTState, frame: str, top: object, h: int) -> str:
    if frame == "RemoveTile":
        return f"{s.name(h)} sacrifices a Sacred Stone: this tile removal does not happen"
    if frame == "TakeDamage":
        target = getattr(top, "seat", 0)
        return f"{s.name(h)} sacrifices a Sacred Stone: the Tree spares {s.name(target)}"

    return f"Use a Sacred Stone: {stone_uses(s, h)} damage to {enemy_name(s)} (not part of a round)"


def tile_words(s: TTState, frame: str, tile: int) -> str:
    name = s.tile_name(tile)
    where = f"{name} ({sum(1 for x in range(3) if s.pos[x] >> 2 == tile)} Heroes on it)" \
        if any(s.pos[x] >> 2 == tile for x in range(3)) else name
    if frame == "PlaceFigure":
        return f"Set up {the(chapter_figure(s).name)} on {name}"
    if frame in ("FlipTile", "HeroFlip", "TreeFlip"):
        return f"Flip {where}"
    if frame == "RemoveTile":
        return f"Remove {where}"
    if frame == "ProtectTile":
        return f"Protect {name}"
    if frame == "CrownMove":
        return f"Move {name}"
    if frame == "ClearTile":
        return f"Claim the Parallel Virtues of {name}"
    return f"Choose {name}"


def space_choice(s: TTState, frame: str, sp: int) -> str:
    where = s.space_name(sp)
    if frame == "PlaceTree":
        return f"The Tree stands on {where}"
    if frame == "PlacePV":
        return f"Put the Parallel Virtue on {where}"
    if frame == "ClearPV":
        return f"Remove the Parallel Virtue on {where}"
    if frame == "DestroyVirus":
        return f"Destroy the Virus on {where}"
    if frame == "Teleport":
        return f"Fly to {where}"
    if frame == "Turn":
        return f"Attack the Virus on {where}"
    return f"Choose {where}"


__all__ = ["SLOT_NAMES", "describe"]
