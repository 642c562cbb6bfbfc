"""The report of a lab folder: figures from the Parquet files, the game's own section, one HTML page."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from . import render, sweep
from .figures import DEFAULT_THRESHOLD, adjust_moves, figures, item_moves, moved
from .hooks import hooks_for
from .view import LabView


def build(folder: Path, threshold: float = DEFAULT_THRESHOLD) -> tuple[str, dict[str, Any]]:
    """The page and its figures, from the Parquet files in `folder` (a report or a comparison)."""
    view = LabView(folder)
    hooks = hooks_for(view.meta["game"])
    labels = [v["label"] for v in view.meta["variants"]]
    per_variant: dict[str, dict[str, Any]] = {}
    game_sections: dict[str, list[render.Section]] = {}
    for label in labels:
        view.use(label)
        per_variant[label] = figures(view, threshold)
        game_sections[label] = hooks.section(view)
    name = view.meta["name"]
    if len(labels) == 1:
        fig = per_variant[labels[0]]
        parts = render.sections(fig, game_sections[labels[0]], hooks.title)
        data = render.clean(fig)
        title = f"{name}: balance report"
        return render.page(title, parts, data), data
    if view.meta.get("sweep"):
        return sweep_page(view, per_variant, game_sections, hooks.title)
    a, b = labels
    changes = moved(view, a, b) + item_moves(per_variant[a]["items"], per_variant[b]["items"])
    tests = adjust_moves(changes)
    intro = (f"<p>Comparing two versions of the content on the same seeds: <b>{a}</b> "
             f"({per_variant[a]['header']['content']}) and <b>{b}</b> ({per_variant[b]['header']['content']}).</p>")
    parts = [render.Section("compare", "What moved", render.compare(changes, a, b, tests))]
    for label, prefix in ((b, "b-"), (a, "a-")):
        inner = render.sections(per_variant[label], game_sections[label], hooks.title, prefix)
        html = "".join(f'<section id="{s.id}"><h3>{s.title}</h3>{s.html}</section>' for s in inner)
        parts.append(render.Section(f"{prefix}report", f"The full report of {label}", html))
    data = render.clean({"compare": changes, "compare_tests": tests, "variants": per_variant})
    return render.page(f"{name}: {a} against {b}", parts, data, intro), data


def sweep_page(view: LabView, per_variant: dict[str, Any], game_sections: dict[str, list[render.Section]],
                game_title: str) -> tuple[str, dict[str, Any]]:
    """A sweep's page: the figures against the value, then each value's full report, folded."""
    meta = view.meta
    data = sweep.figures_by_value(view, per_variant)
    unit = meta.get("length_unit") or ""
    parts = [render.Section("sweep", f"Sweep: {meta['sweep']['entry']} {meta['sweep']['field']}",
                            sweep.section(data, meta["sweep"], unit, bool(meta["cooperative"])))]
    for k, label in enumerate(data["labels"]):
        inner = render.sections(per_variant[label], game_sections[label], game_title, f"v{k}-")
        html = "".join(f'<section id="{s.id}"><h3>{s.title}</h3>{s.html}</section>' for s in inner)
        parts.append(render.Section(f"v{k}-report", f"The full report of {label}",
                                    f"<details><summary>Open the report of {escape(label)}</summary>{html}"
                                    f"</details>"))
    page_data = render.clean({"sweep": data, "variants": per_variant})
    return render.page(f"{meta['name']}: a sweep of {meta['sweep']['entry']} {meta['sweep']['field']}", parts,
                       page_data), page_data


def write(folder: Path, threshold: float = DEFAULT_THRESHOLD) -> tuple[Path, dict[str, Any]]:
    html, data = build(folder, threshold)
    path = folder / "report.html"
    path.write_text(html, encoding="utf-8")
    return path, data
