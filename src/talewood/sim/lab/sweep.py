"""Sweeps: `talewood report GAME --sweep FILE:ENTRY.FIELD=1,2,3,4` plays the same seeds with one content value set
to each value in turn (a copy of the shipped content for each, edited in place so that its lines stay where they
were), and plots the figures against the value with their intervals."""

from __future__ import annotations

import math
import re
import shutil
import tomllib
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from ...engine import ContentError, InvalidOption
from ...games import game_module
from . import render, svg
from .figures import adjust_moves, item_moves, moved
from .view import LabView

SPEC = re.compile(r"^(?P<file>[^:]+\.toml):(?P<entry>[^.=]+)\.(?P<field>[A-Za-z0-9_.]+)=(?P<values>.+)$")


@dataclass(frozen=True)
class Sweep:
    file: str
    entry: str
    field: str
    values: tuple[str, ...]

    def label(self, value: str) -> str:
        return f"{self.field} = {value}"

    def describe(self) -> dict[str, Any]:
        return {"file": self.file, "entry": self.entry, "field": self.field, "values": list(self.values)}


def parse_sweep(text: str) -> Sweep:
    """FILE:ENTRY.FIELD=V1,V2,… (at least two values, all different); anything else is refused with the form."""
    found = SPEC.match(text.strip())
    values = tuple(v.strip() for v in found.group("values").split(",") if v.strip()) if found else ()
    if not found or len(values) < 2:
        raise InvalidOption(f"--sweep takes FILE:ENTRY.FIELD=V1,V2,... with two values or more, like "
                            f"deeds.toml:trailblazer.fame=1,2,3,4, not {text!r}")
    if len(set(values)) != len(values):
        raise InvalidOption(f"--sweep: each value once, not {', '.join(values)}")
    return Sweep(found.group("file"), found.group("entry").strip(), found.group("field"), values)


def toml_value(text: str) -> str:
    """A value as TOML writes it: a number or true/false as it is, anything else quoted."""
    if re.fullmatch(r"[+-]?\d+(\.\d+)?", text) or text in ("true", "false"):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _entry_block(lines: list[str], entry: str) -> tuple[int, int]:
    """The lines of the table that is `entry`: a [[kind]] or [table] whose id (or key) is `entry`, or a [x.entry]
    table. (start: its header line, end: the next header)."""
    headers = [i for i, line in enumerate(lines) if line.lstrip().startswith("[")]
    name_ = re.escape(entry)
    ident = re.compile(rf"""^\s*(id|key)\s*=\s*("{name_}"|'{name_}'|{name_})\s*(#.*)?$""")
    for k, start in enumerate(headers):
        end = headers[k + 1] if k + 1 < len(headers) else len(lines)
        name = lines[start].strip().strip("[]").strip()
        if name.split(".")[-1].strip('"') == entry or any(ident.match(line) for line in lines[start + 1:end]):
            return start, end
    raise InvalidOption(f"--sweep: no entry {entry!r} in the file (an entry is a table whose id is {entry!r}, "
                        f"or a table named {entry!r})")


def set_value(text: str, entry: str, field: str, value: str) -> str:
    """`text` with `field` of `entry` set to `value` (the line replaced, or added under the entry's header)."""
    lines = text.splitlines(keepends=True)
    start, end = _entry_block(lines, entry)
    pattern = re.compile(rf"^(\s*){re.escape(field)}\s*=")
    new = f"{field} = {toml_value(value)}\n"
    for i in range(start + 1, end):
        found = pattern.match(lines[i])
        if found:
            lines[i] = found.group(1) + new
            return "".join(lines)
    lines.insert(start + 1, new)
    return "".join(lines)


def _find(data: Any, entry: str) -> dict[str, Any] | None:
    if isinstance(data, dict):
        if data.get("id") == entry or data.get("key") == entry:
            return data
        for key, value in data.items():
            if key == entry and isinstance(value, dict):
                return value
            found = _find(value, entry)
            if found is not None:
                return found
    elif isinstance(data, list):
        for value in data:
            found = _find(value, entry)
            if found is not None:
                return found
    return None


def sweep_variants(game_id: str, sweep: Sweep, folder: Path) -> list[tuple[str, str | None]]:
    """A copy of the shipped content for each value, edited, under `folder`: the variants to play."""
    module = game_module(game_id, "content")
    if module is None:
        raise InvalidOption(f"{game_id} has no content files to sweep")
    shipped = Path(module.__file__).parent / "content"     # type: ignore[attr-defined]
    if not (shipped / sweep.file).is_file():
        names = ", ".join(sorted(p.name for p in shipped.glob("*.toml")))
        raise InvalidOption(f"--sweep: {game_id}'s content has no file {sweep.file!r}; its files: {names}")
    text = (shipped / sweep.file).read_text(encoding="utf-8")
    if _find(tomllib.loads(text), sweep.entry) is None:
        raise InvalidOption(f"--sweep: {sweep.file} has no entry {sweep.entry!r}")
    variants: list[tuple[str, str | None]] = []
    for value in sweep.values:
        target = folder / re.sub(r"[^A-Za-z0-9_.-]+", "_", value)
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(shipped, target)
        edited = set_value(text, sweep.entry, sweep.field, value)
        try:
            entry = _find(tomllib.loads(edited), sweep.entry)
        except tomllib.TOMLDecodeError as exc:
            raise ContentError(f"--sweep: setting {sweep.field} to {value!r} breaks {sweep.file}: {exc}") from exc
        assert entry is not None
        (target / sweep.file).write_text(edited, encoding="utf-8")
        variants.append((sweep.label(value), str(target)))
    return variants


def _number(value: str) -> float | None:
    try:
        return float(value)
    except ValueError:
        return None


def figures_by_value(view: LabView, per_variant: dict[str, Any]) -> dict[str, Any]:
    """The sweep's figures for each value: per player count, the first player's win rate, the mean decisions and
    length, and the swept entry's own items (the win rate of the seats that had it, its effect)."""
    sweep = view.meta["sweep"]
    values = sweep["values"]
    labels = [v["label"] for v in view.meta["variants"]]
    out: dict[str, Any] = {"values": values, "labels": labels, "by_players": {}, "items": []}
    for key in per_variant[labels[0]]["by_players"]:
        rows = []
        for label in labels:
            group = per_variant[label]["by_players"][key]
            first = (group.get("order") or [{}])[0]
            team = group.get("team")
            rows.append({"first": first if first else None, "team": team, "decisions": group["decisions"],
                         "length": group["length"]})
        out["by_players"][key] = rows
    for i in per_variant[labels[0]]["items"]:
        if i["item"] != sweep["entry"]:
            continue
        series = []
        for label in labels:
            j = next((x for x in per_variant[label]["items"] if (x["kind"], x["item"]) == (i["kind"], i["item"])),
                     None)
            series.append(None if j is None else {"with": j["with"], "effect": j["effect"], "taken": j["taken"]})
        out["items"].append({"kind": i["kind"], "item": i["item"], "name": i["name"], "values": series})
    changes: list[dict[str, Any]] = []
    for label in labels[1:]:
        first = per_variant[labels[0]]["items"]
        rows_ = moved(view, labels[0], label) + item_moves(first, per_variant[label]["items"])
        for r in rows_:
            r["to"] = label
        changes.extend(rows_)
    out["tests"] = adjust_moves(changes)
    out["changes"] = changes
    return out


def section(data: dict[str, Any], sweep: dict[str, Any], unit: str, cooperative: bool) -> str:
    """The sweep's plots and tables."""
    values = data["values"]
    xs = [_number(v) for v in values]
    numeric = all(x is not None for x in xs)
    at = [float(x) if numeric else float(k + 1) for k, x in enumerate(xs)]    # type: ignore[arg-type]
    x_title = f"{sweep['entry']}: {sweep['field']}" + ("" if numeric else f" ({', '.join(values)} in turn)")
    out = [f"<p>The same seeds played with <code>{escape(sweep['file'])}</code>'s <b>{escape(sweep['entry'])}</b> "
           f"<code>{escape(sweep['field'])}</code> set to each of {escape(', '.join(values))} (each value a copy of "
           f"the shipped content). Each point carries its 95% interval; the changes from the first value are paired "
           f"game by game, with the false discovery rate controlled over all of them.</p>"]

    def plot(title: str, y_title: str, series: list[tuple[str, list[tuple[float, float | None, float, float]]]],
             percent: bool = False, reference: float | None = None) -> None:
        out.append(svg.lines(title, series, x_title, y_title, percent=percent, reference=reference,
                             reference_label="fair" if reference is not None else ""))

    counts = list(data["by_players"])
    if cooperative:
        plot("The team's win rate against the value", "the team's win rate", [
            (f"{n} players", [(x, r["team"]["rate"], r["team"]["lo"], r["team"]["hi"])
                              for x, r in zip(at, data["by_players"][n], strict=True) if r["team"]]) for n in counts],
             percent=True)
    else:
        plot("The first player's win rate against the value", "the first to play won", [
            (f"{n} players", [(x, r["first"]["rate"], r["first"]["lo"], r["first"]["hi"])
                              for x, r in zip(at, data["by_players"][n], strict=True) if r["first"]]) for n in counts],
             percent=True, reference=1 / int(counts[0]) if len(counts) == 1 else None)
    for item in data["items"]:
        points = [(x, v["with"]["rate"], v["with"]["lo"], v["with"]["hi"])
                  for x, v in zip(at, item["values"], strict=True) if v]
        plot(f"{item['name']}: the win rate of {'the team' if cooperative else 'the seats'} that had it",
             "win rate with it", [(item["name"], points)], percent=True)
    plot("Decisions a game against the value", "decisions a game", [
        (f"{n} players", [(x, r["decisions"]["mean"], r["decisions"]["lo"], r["decisions"]["hi"])
                          for x, r in zip(at, data["by_players"][n], strict=True)]) for n in counts])
    if unit and any(r["length"]["n"] for n in counts for r in data["by_players"][n]):
        plot(f"{unit.capitalize()} a game against the value", f"{unit} a game", [
            (f"{n} players", [(x, r["length"]["mean"], r["length"]["lo"], r["length"]["hi"])
                              for x, r in zip(at, data["by_players"][n], strict=True) if r["length"]["n"]])
            for n in counts])
    rows = []
    for n in counts:
        for value, r in zip(values, data["by_players"][n], strict=True):
            rows.append([escape(n), escape(value),
                         render.rate_text(r["team"] if cooperative else r["first"] or {}),
                         render.mean_text(r["decisions"], 1), render.mean_text(r["length"], 1) if unit else "–"])
    out.append(render.table(("players", "value", "the team won" if cooperative else "the first to play won",
                             "decisions a game", f"{unit} a game" if unit else "length"), rows, "sweep"))
    for item in data["items"]:
        out.append(f"<h4>{escape(item['name'])}</h4>" + render.table(
            ("value", "taken", "win rate with it", "effect (points, 95%)"),
            [[escape(value), render.rate_text(v["taken"]), render.rate_text(v["with"]), render.diff_text(v["effect"])]
             if v else [escape(value), "–", "–", "–"] for value, v in zip(values, item["values"], strict=True)],
            "sweep-item"))
    moved_rows = [r for r in data["changes"] if r["moved"]]
    out.append(f"<h4>What moved from {escape(data['labels'][0])}</h4><p>"
               + render.tests_text(data["tests"], "changes", "moved") + "</p>")
    if moved_rows:
        out.append(render.table(("figure", "to", "change (95% interval)", "adjusted"), [
            [escape(r["figure"]), escape(r["to"]), render.diff_text(r, points="rate" in r["figure"]
                                                                     or r["figure"].endswith(": taken")),
             render.diff_text(r["adjusted"], points="rate" in r["figure"] or r["figure"].endswith(": taken"))]
            for r in sorted(moved_rows, key=lambda r: -abs(r["diff"]) if math.isfinite(r["diff"]) else 0)],
            "sweep-moved"))
    else:
        out.append("<p class=quiet>Nothing moved beyond its interval.</p>")
    return "".join(out)
