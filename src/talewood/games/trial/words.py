"""The Trial's pieces in a player's words, shared by the board (render.py), the terminal (terminal.py) and
the panel of choices (choices.py): a card's whole text with its deck, symbols, fame, enhancement and
bonus; an item's or artifact's; a tent token's; a campsite's bonus; a price; a shortcut's cost. They read
the view's `texts` table (view.py), so what they say is what the seat may see."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from ...engine import plural, seat_name

DECKS = {"deed": "deed card", "encounter": "encounter card", "frosty_hill": "Frosty Hill expedition card",
         "forgotten_swamps": "Forgotten Swamps expedition card", "dark_caverns": "Dark Caverns expedition card"}
SYMBOLS = {"good": "good deed", "evil": "evil deed", "either": "moral choice", "trading": "trading",
           "pioneering": "pioneering", "fighting": "fighting", "wildcard": "wildcard", "die": "extra die"}
FOODS = {"raspberry": ("raspberry", "raspberries"), "acorn": ("acorn", "acorns"),
         "mushroom": ("mushroom", "mushrooms"), "tea": ("tea leaf", "tea leaves"),
         "any_food": ("food token", "food tokens")}
ENHANCEMENT = {"movement": "movement symbol", "strength": "strength symbol", "trading": "trading symbol",
               "card_draw": "card-draw symbol"}
# the campsite bonuses of the rulebook (its list of campsite spaces), by the content's term
CAMPSITES = {
    "gain:tea:1": "gain 1 tea leaf from the tray",
    "item:common": "gain 1 common item from the store",
    "morality:choose:1": "move your morality token 1 spot to the left or to the right",
    "encounter_to_hand": "add 1 of the face-up encounter cards to your hand (play it later like a deed card)",
    "first_player": "take the first player token",
    "tuck_from_hand": "add 1 card from your hand face down to any column of your story",
}
# the same, short, for a table's cell (the terminal's forest: `look NAME` reads the whole bonus)
CAMPSITES_SHORT = {
    "gain:tea:1": "1 tea leaf",
    "item:common": "1 common item",
    "morality:choose:1": "morality token 1 spot",
    "encounter_to_hand": "an encounter card to your hand",
    "first_player": "the first player token",
    "tuck_from_hand": "a card from your hand to your story",
}
UNIVERSAL = "1 deed card, or any 1 food token but a tea leaf"
AREAS = {"frosty_hill": "the Frosty Hill", "forgotten_swamps": "the Forgotten Swamps",
         "dark_caverns": "the Dark Caverns"}
COLUMNS = {"morality": "good and evil deeds", "trading": "trading deeds", "pioneering": "pioneering deeds",
           "fighting": "fighting deeds"}


def food(name: str, n: int = 1) -> str:
    """"1 acorn", "2 tea leaves", "any 1 food token"."""
    one, many = FOODS.get(name, (name, name + "s"))
    return f"{'any ' if name == 'any_food' else ''}{n} {one if n == 1 else many}"


def counted(names: Iterable[str], words: Mapping[str, str]) -> str:
    """"2 card-draw symbols and 1 acorn": each name counted, in words."""
    parts = []
    for name, n in Counter(names).items():
        if name in words:
            parts.append(plural(n, words[name]))
        else:
            parts.append(food(name, n))
    return " and ".join(parts)


def card_head(entry: Mapping[str, Any]) -> str:
    """"deed card; trading; 2 fame points": what the card's corner shows."""
    symbols = ", ".join(SYMBOLS.get(i, i) for i in entry["icons"]) or "no symbol"
    return f"{DECKS.get(entry['deck'], 'card')}; {symbols}; {plural(int(entry['fame']), 'fame point')}"


def card_extras(entry: Mapping[str, Any]) -> str:
    """The enhancement section and the bonus in the top middle, in sentences ("" when the card has none)."""
    out = []
    if entry["enhancement"]:
        out.append(f"Enhancement: {counted(entry['enhancement'], ENHANCEMENT)}.")
    bonus = entry.get("bonus")
    if bonus == "card_draw":
        out.append("Bonus: 1 more card at each lookout tower.")
    elif bonus:
        where = "any grove (blue triangle)" if entry.get("blue_triangle") else "each grove"
        out.append(f"Bonus: 1 more {FOODS.get(bonus, (bonus,))[0]} at {where}.")
    return " ".join(out)


def card_text(entry: Mapping[str, Any]) -> str:
    """A card's whole text: "Food Delivery (deed card; trading; 2 fame points): … Enhancement: …"."""
    extras = card_extras(entry)
    return f"{entry['name']} ({card_head(entry)}): {entry['text']}" + (f" {extras}" if extras else "")


def object_text(entry: Mapping[str, Any]) -> str:
    """An item's or artifact's whole text: its size, its fame and what it does."""
    parts = [plural(int(entry["slots"]), "backpack slot")]
    if entry["fame"]:
        parts.append(plural(int(entry["fame"]), "fame point"))
    return f"{entry['name']} ({'; '.join(parts)}): {entry['text']}"


def price(parts: Iterable[str]) -> str:
    """A store slot's price: "an acorn and any food token", "any 2 food tokens"."""
    names = list(parts)
    if names and all(p == "any_food" for p in names):
        return f"any {plural(len(names), 'food token')}"
    if len(names) == 2 and names[0] == names[1]:
        return food(names[0], 2)
    return " and ".join(("any food token" if p == "any_food" else
                         ("an " if p == "acorn" else "a ") + FOODS.get(p, (p,))[0]) for p in names)


def shortcut(pay: str | None) -> str:
    """What a paid expedition path costs ("spend:any_food:2" -> "pay 2 food tokens")."""
    if not pay:
        return ""
    parts = []
    for term in pay.split():
        bits = term.split(":")
        what = bits[1] if len(bits) > 1 else bits[0]
        n = int(bits[2]) if len(bits) > 2 and bits[2].isdigit() else 1
        parts.append(food(what, n).removeprefix("any "))
    return "pay " + " and ".join(parts)


def tent(name: str) -> str:
    """A tent token by what it gives, as a sentence names it: "Tent: any food (second)" -> "any food" (two
    alike read alike)."""
    return name.removeprefix("Tent: ").removesuffix(" (second)")


def tent_text(entry: Mapping[str, Any]) -> str:
    """A tent token's whole text: "The raspberry tent token: Gain 1 raspberry."."""
    return f"The {tent(str(entry['name']))} tent token: {entry['text']}"


def expedition(area: Mapping[str, Any], texts: Mapping[str, Any]) -> str:
    """An expedition area as the board tells it: its deck, its discards, the artifacts left, the flags and the
    paw tokens in its section."""
    names = {sp["id"]: str(sp["name"]).split(": ")[-1] for sp in area["spaces"]}
    artifacts = ", ".join(str(texts["objects"][a]["name"]) for a in area["artifacts"]) or "none left"
    flags = ", ".join(f"{seat_name(int(w))} on {names[s]}" for w, s in area["flags"].items())
    paws = ", ".join(seat_name(w) for w in area["paws"])
    return (f"{area['name']}: an expedition area. {plural(area['deck'], 'card')} in its deck, "
            f"{len(area['discard'])} discarded; its artifacts: {artifacts}."
            + (f" Flags: {flags}." if flags else "") + (f" Paw tokens in its section: {paws}." if paws else ""))


def campsite(bonus: str) -> str:
    """A campsite's bonus in the rulebook's words."""
    return CAMPSITES.get(bonus, UNIVERSAL if bonus.startswith("draw") else bonus.replace("_", " "))


def day(view: Mapping[str, Any]) -> str:
    """Where the Trial stands: "day 2 of 4", "the game is over", or the adventurers choosing where to start."""
    if view["over"]:
        return "the game is over"
    if view["day"]:
        return f"day {view['day']} of {view['days']}"
    return "the adventurers choose where to start"
