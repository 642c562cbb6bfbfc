"""Small inline SVG charts for the lab's report, drawn here so the page needs no script and no network:
bars with intervals and a reference line, box plots, histograms and an effect (forest) plot."""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape
from typing import Any

WIDTH = 640
ROW = 22


def nice_ticks(lo: float, hi: float, count: int = 5) -> list[float]:
    """Round tick values covering [lo, hi]."""
    if not math.isfinite(lo) or not math.isfinite(hi):
        return [0.0]
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / count
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    first = math.floor(lo / step) * step
    ticks = []
    t = first
    while t <= hi + step * 1e-9:
        ticks.append(round(t, 10))
        t += step
    if ticks[-1] < hi:
        ticks.append(round(ticks[-1] + step, 10))
    return ticks


def _fmt(value: float, percent: bool) -> str:
    if percent:
        return f"{value * 100:.0f}%"
    return f"{value:g}"


def _svg(width: int, height: int, title: str, body: list[str]) -> str:
    return (f'<svg class="chart" viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
            f'xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title>{"".join(body)}</svg>')


def bars(title: str, labels: Sequence[str], values: Sequence[float | None], lows: Sequence[float],
         highs: Sequence[float], reference: float | None = None, reference_label: str = "fair",
         percent: bool = True) -> str:
    """Vertical bars with 95% interval whiskers and an optional dashed reference line."""
    left, top, bottom, height = 48, 12, 40, 220
    n = max(1, len(labels))
    slot = min(110, (WIDTH - left - 10) / n)
    width = int(left + slot * n + 10)
    top_value = max([h for h in highs if math.isfinite(h)] + [reference or 0, 1e-9])
    ticks = nice_ticks(0, top_value)
    scale = (height - top - bottom) / ticks[-1]

    def y(v: float) -> float:
        return height - bottom - v * scale

    body = []
    for t in ticks:
        body.append(f'<line class="grid" x1="{left}" x2="{width - 10}" y1="{y(t):.1f}" y2="{y(t):.1f}"/>'
                    f'<text class="tick" x="{left - 6}" y="{y(t) + 4:.1f}" text-anchor="end">{_fmt(t, percent)}</text>')
    for i, (label, v, lo, hi) in enumerate(zip(labels, values, lows, highs, strict=True)):
        x = left + slot * i + slot * 0.2
        w = slot * 0.6
        if v is not None:
            body.append(f'<rect class="bar" x="{x:.1f}" y="{y(v):.1f}" width="{w:.1f}" '
                        f'height="{max(0.0, v * scale):.1f}">'
                        f'<title>{escape(label)}: {_fmt(v, percent)} (95% interval {_fmt(lo, percent)} to '
                        f'{_fmt(hi, percent)})</title></rect>')
            cx = x + w / 2
            body.append(f'<path class="whisker" d="M{cx:.1f},{y(lo):.1f}V{y(hi):.1f}M{cx - 6:.1f},{y(lo):.1f}'
                        f'h12M{cx - 6:.1f},{y(hi):.1f}h12"/>')
        body.append(f'<text class="label" x="{x + w / 2:.1f}" y="{height - bottom + 16}" text-anchor="middle">'
                    f'{escape(label)}</text>')
    if reference is not None:
        body.append(f'<line class="reference" x1="{left}" x2="{width - 10}" y1="{y(reference):.1f}" '
                    f'y2="{y(reference):.1f}"/><text class="reference-label" x="{width - 12}" '
                    f'y="{y(reference) - 4:.1f}" text-anchor="end">{escape(reference_label)} {_fmt(reference, percent)}'
                    f'</text>')
    return _svg(width, height, title, body)


def boxes(title: str, rows: Sequence[tuple[str, dict[str, Any]]]) -> str:
    """Horizontal box plots: whiskers from the 10th to the 90th percentile, the box the quartiles, a line
    at the median and a dot at the mean; `rows` are (label, distribution) pairs."""
    left, right, top = 110, 20, 10
    shown = [(label, d) for label, d in rows if d.get("quantiles")]
    height = top + ROW * 2 * max(1, len(shown)) + 30
    lo = min((d["min"] for _, d in shown), default=0.0)
    hi = max((d["max"] for _, d in shown), default=1.0)
    ticks = nice_ticks(lo, hi)
    span = (ticks[-1] - ticks[0]) or 1

    def x(v: float) -> float:
        return left + (v - ticks[0]) / span * (WIDTH - left - right)

    body = []
    axis = height - 24
    for t in ticks:
        body.append(f'<line class="grid" x1="{x(t):.1f}" x2="{x(t):.1f}" y1="{top}" y2="{axis}"/>'
                    f'<text class="tick" x="{x(t):.1f}" y="{axis + 16}" text-anchor="middle">{t:g}</text>')
    for i, (label, d) in enumerate(shown):
        q10, q25, q50, q75, q90 = d["quantiles"]
        cy = top + ROW * (2 * i + 1)
        body.append(f'<text class="label" x="{left - 8}" y="{cy + 4}" text-anchor="end">{escape(label)}</text>'
                    f'<path class="whisker" d="M{x(q10):.1f},{cy}H{x(q25):.1f}M{x(q75):.1f},{cy}H{x(q90):.1f}"/>'
                    f'<rect class="box" x="{x(q25):.1f}" y="{cy - 8}" width="{max(1.0, x(q75) - x(q25)):.1f}" '
                    f'height="16"><title>{escape(label)}: median {q50:g}, quartiles {q25:g} to {q75:g}, '
                    f'10th to 90th percentile {q10:g} to {q90:g}, mean {d["mean"]:.2f}</title></rect>'
                    f'<line class="median" x1="{x(q50):.1f}" x2="{x(q50):.1f}" y1="{cy - 8}" y2="{cy + 8}"/>'
                    f'<circle class="mean" cx="{x(d["mean"]):.1f}" cy="{cy}" r="3"/>')
    return _svg(WIDTH, height, title, body)


def histogram(title: str, hist: dict[str, Any], unit: str = "") -> str:
    """Bars of a histogram ({"start", "width", "counts"})."""
    counts = hist["counts"]
    left, bottom, top, height = 48, 34, 10, 170
    if not counts:
        return _svg(WIDTH, 40, title, ['<text class="label" x="10" y="24">no data</text>'])
    start, width = hist["start"], hist["width"]
    ticks_y = nice_ticks(0, max(counts))
    scale = (height - top - bottom) / (ticks_y[-1] or 1)
    slot = (WIDTH - left - 10) / len(counts)
    body = []
    for t in ticks_y:
        yy = height - bottom - t * scale
        body.append(f'<line class="grid" x1="{left}" x2="{WIDTH - 10}" y1="{yy:.1f}" y2="{yy:.1f}"/>'
                    f'<text class="tick" x="{left - 6}" y="{yy + 4:.1f}" text-anchor="end">{t:g}</text>')
    every = max(1, math.ceil(len(counts) / 12))
    for i, c in enumerate(counts):
        lo = start + i * width
        what = f"{lo:g}" if width == 1 else f"{lo:g} to {lo + width - 1:g}"
        xx = left + slot * i
        body.append(f'<rect class="bar" x="{xx + 1:.1f}" y="{height - bottom - c * scale:.1f}" '
                    f'width="{max(1.0, slot - 2):.1f}" height="{c * scale:.1f}"><title>{escape(what)}{unit}: {c} '
                    f'</title></rect>')
        if i % every == 0:
            body.append(f'<text class="tick" x="{xx + slot / 2:.1f}" y="{height - bottom + 14}" '
                        f'text-anchor="middle">{lo:g}</text>')
    return _svg(WIDTH, height, title, body)


def forest(title: str, rows: Sequence[tuple[str, float, float, float, bool]], threshold: float,
           median: float = 0.0) -> str:
    """Effects with 95% intervals, in points of win rate, with zero, the kind's median (dashed) and the flagging
    threshold either side of it marked; `rows` are (label, difference, low, high, flagged), as fractions."""
    left, right, top = 230, 20, 10
    height = top + ROW * max(1, len(rows)) + 30
    values = [v * 100 for _, d, lo, hi, _ in rows for v in (lo, hi) if math.isfinite(v)]
    bound = max([abs(v) for v in values] + [abs(median * 100) + threshold * 1.5])
    ticks = nice_ticks(-bound, bound)
    span = (ticks[-1] - ticks[0]) or 1

    def x(v: float) -> float:
        return left + (v - ticks[0]) / span * (WIDTH - left - right)

    axis = height - 24
    body = []
    for t in ticks:
        body.append(f'<line class="grid" x1="{x(t):.1f}" x2="{x(t):.1f}" y1="{top}" y2="{axis}"/>'
                    f'<text class="tick" x="{x(t):.1f}" y="{axis + 16}" text-anchor="middle">{t:+g}</text>')
    body.append(f'<line class="zero" x1="{x(0):.1f}" x2="{x(0):.1f}" y1="{top}" y2="{axis}"/>')
    centre = median * 100
    body.append(f'<line class="reference" x1="{x(centre):.1f}" x2="{x(centre):.1f}" y1="{top}" y2="{axis}"/>')
    for edge in (centre - threshold, centre + threshold):
        body.append(f'<line class="threshold" x1="{x(edge):.1f}" x2="{x(edge):.1f}" y1="{top}" y2="{axis}"/>')
    for i, (label, d, lo, hi, flagged) in enumerate(rows):
        cy = top + ROW * i + ROW / 2
        cls = "flagged" if flagged else "effect"
        body.append(f'<text class="label" x="{left - 8}" y="{cy + 4:.1f}" text-anchor="end">{escape(label)}</text>')
        if math.isfinite(d):
            body.append(f'<path class="{cls}" d="M{x(lo * 100):.1f},{cy:.1f}H{x(hi * 100):.1f}"/>'
                        f'<circle class="{cls}" cx="{x(d * 100):.1f}" cy="{cy:.1f}" r="4"><title>{escape(label)}: '
                        f'{d * 100:+.1f} points (95% interval {lo * 100:+.1f} to {hi * 100:+.1f})</title></circle>')
    return _svg(WIDTH, height, title, body)


def hbars(title: str, labels: Sequence[str], series: Sequence[tuple[str, Sequence[float | None]]]) -> str:
    """Horizontal bars from zero (negative values to the left), one bar per series in each row, with a legend;
    `series` are (name, values) pairs."""
    left, right, top = 230, 20, 28
    per = len(series)
    height = top + ROW * per * max(1, len(labels)) + 8 * len(labels) + 30
    values = [v for _, vs in series for v in vs if v is not None]
    ticks = nice_ticks(min([*values, 0.0]), max([*values, 0.0]))
    span = (ticks[-1] - ticks[0]) or 1

    def x(v: float) -> float:
        return left + (v - ticks[0]) / span * (WIDTH - left - right)

    axis = height - 24
    body = []
    for t in ticks:
        body.append(f'<line class="grid" x1="{x(t):.1f}" x2="{x(t):.1f}" y1="{top}" y2="{axis}"/>'
                    f'<text class="tick" x="{x(t):.1f}" y="{axis + 16}" text-anchor="middle">{t:g}</text>')
    for k, (name, _) in enumerate(series):
        body.append(f'<rect class="series{k}" x="{left + 120 * k}" y="6" width="12" height="12"/>'
                    f'<text class="label" x="{left + 120 * k + 16}" y="16">{escape(name)}</text>')
    for i, label in enumerate(labels):
        y0 = top + i * (ROW * per + 8)
        body.append(f'<text class="label" x="{left - 8}" y="{y0 + ROW * per / 2 + 4:.1f}" '
                    f'text-anchor="end">{escape(label)}</text>')
        for k, (name, vs) in enumerate(series):
            v = vs[i]
            if v is None:
                continue
            a, b = sorted((x(0), x(v)))
            body.append(f'<rect class="series{k}" x="{a:.1f}" y="{y0 + ROW * k + 3}" width="{max(1.0, b - a):.1f}" '
                        f'height="{ROW - 6}"><title>{escape(label)}, {escape(name)}: {v:.2f}</title></rect>')
    body.append(f'<line class="zero" x1="{x(0):.1f}" x2="{x(0):.1f}" y1="{top}" y2="{axis}"/>')
    return _svg(WIDTH, height, title, body)
