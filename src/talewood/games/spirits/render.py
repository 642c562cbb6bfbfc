"""Spirits of the Forest as SVG, drawn from one seat's view (see view.py) for the browser.

Every legal action that concerns a tile, a card or a favor token gets a clickable element carrying
`data-action="<id>"`; the page sends that id. Nothing here reads the state: only the (already
redacted) view, so the drawing cannot show what the seat may not see.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...engine import plural
from ...ui.svg import MIN_FONT, Canvas, attr, card_height, esc, final_banner
from ...ui.svg import card as svg_card

SPIRIT_STYLE = {
    "branches": ("Br", "#8b5a2b"), "moss": ("Mo", "#3f7d20"), "dew_drops": ("De", "#2a9fd6"),
    "mushrooms": ("Mu", "#c0392b"), "flowers": ("Fl", "#c04fa0"), "web_spiders": ("We", "#7f8c8d"),
    "fruits": ("Fr", "#e67e22"), "vines": ("Vi", "#7cb342"), "leaves": ("Le", "#c9a40f"),
    "air": ("Ai", "#5dade2"),
}
POWER_STYLE = {"fire": ("▲", "#d35400"), "moon": ("☾", "#34495e"), "sun": ("☀", "#f1c40f")}
POWER_NAME = {"fire": "▲ Fire", "moon": "☾ Moon", "sun": "☀ Sun"}
SEAT_COLOURS = ("#d62828", "#1d4ed8", "#2a9d3f", "#e9a800")
TILE_KINDS = ("take", "reserve", "lift", "firefly")
VERB = {"take": "Take", "reserve": "Gem", "lift": "Lift", "firefly": "✧ off"}

CELL_W, CELL_H, GAP = 68, 88, 5
MINI_W, MINI_H = 64, 64          # a player's tiles: their symbols as readable as the forest's
HAND_W = 300                       # a Wish or Hex card in your hand, its whole text shown
CHIP_H = 24                        # a tile's buttons: large enough to tap
LEFT = 82                          # the forest and its seasons whole within 980 units: no pan on a laptop
WIDTH_MIN = 980


def _label(name: str) -> str:
    return name.replace("_", " ")


def _symbols(c: Canvas, x: float, y: float, symbols: Iterable[str], r: float) -> None:
    for i, sym in enumerate(symbols):
        short, col = SPIRIT_STYLE.get(sym, (sym[:2], "#999"))
        cx = x + r + i * (2 * r + 2)
        c.add(f'<circle cx="{cx:.0f}" cy="{y:.0f}" r="{r:.0f}" fill="{col}"/>')
        c.text(cx, y + r * 0.4, short, size=MIN_FONT, fill="#fff", anchor="middle", weight="bold")


def _tile_body(c: Canvas, x: float, y: float, w: float, h: float, tile: dict[str, Any] | None,
               face_down: bool, highlight: bool) -> None:
    stroke = "#f5b700" if highlight else "#5d4a2e"
    sw = 3 if highlight else 1
    if face_down or tile is None:
        c.rect(x, y, w, h, "#3d4f3a", stroke, sw, extra=' class="face-down"')
        c.text(x + w / 2, y + h / 2 + 5, "❦", size=int(h / 3), fill="#6f8c64", anchor="middle")
        return
    first = SPIRIT_STYLE.get(tile["symbols"][0], ("", "#999"))[1]
    c.rect(x, y, w, h, "#f6eedb", stroke, sw, extra=f' class="tile" data-tile="{tile["id"]}"')
    c.add(f"<title>{esc(tile['text'])}</title>")
    c.rect(x + 2, y + 2, w - 4, h * 0.18, first, rx=4)
    r = min(w / 5.2, 12)
    _symbols(c, x + w / 2 - len(tile["symbols"]) * (r + 1), y + h * 0.45, tile["symbols"], r)
    if tile.get("power"):
        glyph, colour = POWER_STYLE[tile["power"]]
        c.text(x + w / 2, y + h * 0.85, glyph, size=int(r * 1.4), fill=colour, anchor="middle")
    if tile.get("air"):
        c.text(x + w - 4, y + h * 0.16, "≋", size=int(r), fill="#fff", anchor="end")


def _token_chip(c: Canvas, x: float, y: float, token: str, texts: dict[str, Any],
                action: dict[str, Any] | None = None, hidden: bool = False) -> float:
    info = "A favor token, face down: only its owner knows it." if hidden else texts["tokens"][token]
    label = "?" if hidden else info.split(":", 1)[0].removesuffix(" token")
    w = 16 + 7.2 * len(label)
    data = {} if hidden else {"token": token}
    with c.group("favor-token", action, info, **data):
        c.rect(x, y, w, 22, "#6b3fa0" if not hidden else "#8e8e8e", "#fff" if action is None else "#f5b700",
               1 if action is None else 3, rx=11)
        c.text(x + w / 2, y + 16, label, size=MIN_FONT, fill="#fff", anchor="middle")
    return w + 4


def _chips(c: Canvas, x: float, y: float, w: float, acts: list[dict[str, Any]]) -> None:
    """One small button per action on a tile, under it."""
    cw = (w - 2 * (len(acts) - 1)) / len(acts)
    for i, act in enumerate(acts):
        cx = x + i * (cw + 2)
        with c.group("chip", act):
            c.rect(cx, y, cw, CHIP_H, "#f5b700", "#7a5c00", 1, rx=4)
            c.text(cx + cw / 2, y + 17, VERB.get(act["kind"], act["kind"]), size=MIN_FONT, fill="#222",
                   anchor="middle", weight="bold")


def _tile(c: Canvas, x: float, y: float, w: float, h: float, tile: dict[str, Any] | None, face_down: bool,
          acts: list[dict[str, Any]], highlight: bool = False) -> None:
    info = (tile["text"] if tile is not None and not face_down
            else "A face-down tile: it turns up once a long side is free.")
    with c.group("", acts[0] if acts else None, info):
        _tile_body(c, x, y, w, h, tile, face_down, highlight or bool(acts))


def render_svg(view: dict[str, Any], seat: int | None, actions: list[dict[str, Any]]) -> str:
    by_tile: dict[int, list[dict[str, Any]]] = {}
    by_card: dict[tuple[str, str], dict[str, Any]] = {}
    for act in actions:
        kind = act.get("kind")
        if kind in TILE_KINDS and "tile" in act:
            by_tile.setdefault(int(act["tile"]), []).append(act)
        elif kind in ("wish", "hex") and "card" in act:
            by_card[(kind, str(act["card"]))] = act
        elif kind == "favor" and "token" in act:
            by_card[("favor", str(act["token"]))] = act

    c = Canvas()
    rows, cols = view["rows"], view["cols"]
    width = max(WIDTH_MIN, LEFT + cols * (CELL_W + GAP) + 20)
    y: float = 10
    over = view.get("over")
    current = view.get("current_player")
    title = "The forest" + (" — the game is over" if over else "")
    c.text(LEFT, y + 16, title, size=16, weight="bold", fill="#2f3b1f")
    y += 28

    # -- the forest --------------------------------------------------------------------------
    seasons = {s["row"]: s for s in view.get("seasons") or []}
    x: float = 0.0
    for r, row in enumerate(view["forest"]):
        ry = y + r * (CELL_H + GAP + CHIP_H + 4)
        season = seasons.get(r)
        c.add(f'<g class="row" data-row="{r}">')
        c.text(8, ry + 18, f"Row {r + 1}", size=12, weight="bold", fill="#2f3b1f")
        if season is not None and season.get("token") is not None:
            name = (season.get("season") or "").capitalize()
            token = season["token"]
            if token == "drop":
                what = "drop taken" if season.get("drop_taken") else "drop token"
            else:
                what = f"keep {token}"
            c.add(f'<g class="season-token info" data-season={attr(season.get("season"))} '
                  f'data-info={attr(view["texts"]["season"])}>')
            c.rect(6, ry + 26, LEFT - 12, 40, "#e8f1d5" if season.get("open") else "#ddd", "#6a8a3a", 1)
            c.text(6 + (LEFT - 12) / 2, ry + 42, name, size=MIN_FONT, anchor="middle", weight="bold")
            c.text(6 + (LEFT - 12) / 2, ry + 58, what, size=MIN_FONT, anchor="middle")
            c.add("</g>")
        for col, cell in enumerate(row):
            x = LEFT + col * (CELL_W + GAP)
            if cell is None:
                c.rect(x, ry, CELL_W, CELL_H, "none", "#cfc6b0", 1, extra=' stroke-dasharray="4 4"')
                continue
            tile = cell.get("tile")
            tid = tile["id"] if tile else None
            acts = by_tile.get(tid, []) if tid is not None else []
            c.add(f'<g class="place" data-row="{r}" data-col="{col}">')
            _tile(c, x, ry, CELL_W, CELL_H, tile, cell.get("face_down", False), acts, bool(cell.get("collectable")))
            if cell.get("gem") is not None:
                g = int(cell["gem"])
                gx, gy = x + CELL_W - 12, ry + 26
                c.add(f'<polygon class="gem" data-seat="{g}" points="{gx},{gy - 9} {gx + 8},{gy} {gx},{gy + 9} '
                      f'{gx - 8},{gy}" fill="{SEAT_COLOURS[g % 4]}" stroke="#fff" stroke-width="1.5"/>')
            if cell.get("token") is not None:
                tok = cell["token"]
                hidden = tok == "hidden"
                info = ("A favor token, face down: whoever takes this tile takes it." if hidden
                        else view["texts"]["tokens"][tok])
                with c.group("favor-token", None, info, **({} if hidden else {"token": tok})):
                    c.circle(x + 14, ry + CELL_H - 14, 13, "#8e8e8e" if hidden else "#6b3fa0", "#fff", 1.5)
                    c.text(x + 14, ry + CELL_H - 10, "?" if hidden else _label(tok)[:2], size=MIN_FONT, fill="#fff",
                           anchor="middle", weight="bold")
            if cell.get("firefly"):
                c.text(x + CELL_W - 12, ry + CELL_H - 6, "✧", size=16, fill="#b8860b", anchor="middle",
                       extra=' class="firefly"')
            if len(acts) > 1 or (acts and acts[0]["kind"] != "take"):
                _chips(c, x, ry + CELL_H + 2, CELL_W, acts)
            c.add("</g>")
        c.add("</g>")
    y += rows * (CELL_H + GAP + CHIP_H + 4) + 6

    # -- the players -------------------------------------------------------------------------
    for p in view["player_states"]:
        s = p["seat"]
        colour = SEAT_COLOURS[s % 4]
        ntiles = len(p["tiles"])
        per_line = max(1, (width - 40) // (MINI_W + 4))
        tile_lines = -(-ntiles // per_line)
        h = 106 + tile_lines * (MINI_H + CHIP_H + 6)
        c.add(f'<g class="player" data-seat="{s}">')
        you = s == seat
        c.rect(10, y, width - 20, h, "#fffaf0" if you else "#f7f4ec", colour, 3 if s == current and not over else 1.5)
        name = p["name"] + (" (you)" if you else "")
        if s == current and not over:
            name += " — to play"
        c.text(22, y + 22, name, size=15, fill=colour, weight="bold")
        gems = p["gemstones"]
        c.text(width - 30, y + 22, f"◆ gemstones: {gems['supply']} in hand, {gems['placed']} placed, "
               f"{gems['lost']} lost", size=12, anchor="end")
        # spirits and powers
        x = 22.0
        for spirit, count in p["symbols"].items():
            if count:
                short, hue = SPIRIT_STYLE.get(spirit, (spirit[:2], "#999"))
                name = view["texts"]["spirits"].get(spirit, _label(spirit))
                with c.group("", None, f"{name}: {plural(count, 'symbol')}"):
                    c.rect(x, y + 31, 50, 22, hue, rx=11)
                    c.text(x + 25, y + 46, f"{short} {count}", size=MIN_FONT, fill="#fff", anchor="middle",
                           weight="bold")
                x += 54
        for power, count in p["powers"].items():
            if count:
                glyph, hue = POWER_STYLE[power]
                with c.group("", None, f"{POWER_NAME[power]} power source: {count}"):
                    c.text(x + 4, y + 47, f"{glyph}{count}", size=14, fill=hue)
                x += 40
        # favor tokens
        x = 22.0
        c.text(x, y + 72, "Favor:", size=12, weight="bold")
        x += 44
        for tok in p["favor_tokens"]:
            x += _token_chip(c, x, y + 59, tok, view["texts"])
        for _ in range(p.get("hidden_favor_tokens", 0)):
            x += _token_chip(c, x, y + 59, "hidden", view["texts"], hidden=True)
        extras = []
        if p.get("drops"):
            extras.append(f"drops {p['drops']}")
        if p.get("fireflies"):
            extras.append(f"✧ fireflies {p['fireflies']}")
        for key, title, table in (("wish", "Wish", "wishes"), ("hex", "Hex", "hexes")):
            if f"{key}_chosen" in p:
                card = p.get(key)
                extras.append(view["texts"][table][card].split(". ", 1)[0] if card else
                              f"{title}: " + ("chosen (secret)" if p[f"{key}_chosen"] else "choosing"))
        c.text(width - 30, y + 72, " · ".join(extras), size=12, anchor="end", extra=' class="secrets"')
        # tiles
        ty = y + 86
        c.text(22, ty + 10, f"Tiles ({ntiles}):", size=12, weight="bold")
        for i, tile in enumerate(p["tiles"]):
            tx = 22 + (i % per_line) * (MINI_W + 4)
            tyy = ty + 16 + (i // per_line) * (MINI_H + CHIP_H + 6)
            acts = by_tile.get(tile["id"], [])
            _tile(c, tx, tyy, MINI_W, MINI_H, tile, False, acts)
            if acts:
                _chips(c, tx, tyy + MINI_H + 2, MINI_W, acts)
        c.add("</g>")
        y += h + 8

    # -- your secret choices -----------------------------------------------------------------
    me = None
    if seat is not None and 0 <= seat < len(view["player_states"]):
        me = view["player_states"][seat]
    if me is not None and (me.get("wish_hand") or me.get("hex_hand")):
        c.text(22, y + 16, "Your cards (only you see them):", size=13, weight="bold")
        y += 24
        hand = [(kind, card) for kind in ("wish", "hex") for card in me.get(f"{kind}_hand") or []]
        per_line = max(1, int((width - 24) // (HAND_W + 8)))
        for start in range(0, len(hand), per_line):
            line = hand[start:start + per_line]
            texts = [view["texts"]["wishes" if kind == "wish" else "hexes"][card].split(". ", 1) for kind, card in line]
            h = max(card_height(rest, HAND_W) for _, rest in texts)
            for k, ((kind, card), (title, rest)) in enumerate(zip(line, texts, strict=True)):
                svg_card(c, 22 + k * (HAND_W + 8), y, HAND_W, title, rest, by_card.get((kind, card)),
                         "#fdf2d0" if kind == "wish" else "#e9dcf5", height=h, card=card)
            y += h + 8
        y += 6
    if "box_tokens" in view:
        c.text(22, y + 16, "Favor tokens in the box (your Wish is granted — choose one):", size=13, weight="bold")
        x = 22.0
        y += 24
        for tok in view["box_tokens"]:
            x += _token_chip(c, x, y, tok, view["texts"], by_card.get(("favor", tok)))
        y += 28

    # -- the solo opponent -------------------------------------------------------------------
    if "opponent" in view:
        opp = view["opponent"]
        c.add('<g class="opponent">')
        c.rect(10, y, width - 20, 70, "#eef2f7", "#555", 1.5)
        c.text(22, y + 22, f"The forest's opponent: {len(opp['tiles'])} tiles", size=14, weight="bold")
        x = 22.0
        for spirit, count in opp["symbols"].items():
            if count:
                short, hue = SPIRIT_STYLE.get(spirit, (spirit[:2], "#999"))
                c.rect(x, y + 31, 50, 22, hue, rx=11)
                c.text(x + 25, y + 46, f"{short} {count}", size=MIN_FONT, fill="#fff", anchor="middle", weight="bold")
                x += 54
        x += 10
        for tok in opp["revealed_tokens"]:
            x += _token_chip(c, x, y + 33, tok, view["texts"])
        for _ in range(opp["hidden_tokens"]):
            x += _token_chip(c, x, y + 33, "hidden", view["texts"], hidden=True)
        if view.get("your_solo_token"):
            c.text(width - 30, y + 22, f"your token: {_label(view['your_solo_token'])}", size=12, anchor="end")
        c.add("</g>")
        y += 78

    # -- the end: the verdict (the score sheet is the page's own table) ----------------------------
    if view.get("result"):
        y = final_banner(c, 10, y + 6, width - 20, view.get("score_sheet"))

    # -- what the symbols mean ---------------------------------------------------------------
    with c.group("legend"):
        c.text(22, y + 16, "Key:", size=12, weight="bold")
        x = 60.0
        for short, (name, hue) in ((v[0], (k, v[1])) for k, v in SPIRIT_STYLE.items() if k in view["texts"]["spirits"]):
            with c.group("", None, view["texts"]["spirits"][name]):
                c.circle(x + 12, y + 12, 12, hue)
                c.text(x + 12, y + 16, short, size=MIN_FONT, fill="#fff", anchor="middle", weight="bold")
                c.text(x + 28, y + 16, view["texts"]["spirits"][name], size=MIN_FONT)
            x += 36 + 7.2 * len(view["texts"]["spirits"][name])
            if x > width - 140:
                x, y = 60.0, y + 28
        y += 30
        for symbol, meaning in view["texts"]["legend"]:
            with c.group("", None, f"{symbol}: {meaning}"):
                c.text(22, y + 14, f"{symbol}  {meaning}", size=MIN_FONT)
            y += 18

    return c.svg(width, y + 10, "spirits")
