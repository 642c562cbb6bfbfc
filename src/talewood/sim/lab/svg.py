"""Small inline SVG charts for the lab's report, drawn here so the page needs no script and no network:
bars with intervals and a reference line, box plots, histograms, an effect (forest) plot and lines with
intervals. Every chart names its axes; a label too long for its margin ends in "…" (the full text is its
tooltip)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape
from typing import Any

WIDTH = 640
ROW = 22
CHAR = 6.2            # the width of a character of the 11 px labels, near enough to fit them
LABEL_MAX = 300       # the widest a column of row labels may grow


def label_width(labels: Sequence[str], least: int = 110) -> int:
    """A left margin that fits the longest row label (up to LABEL_MAX)."""
    return int(min(LABEL_MAX, max([least, *(len(t) * CHAR + 16 for t in labels)])))


def fit(text: str, width: float) -> str:
    """`text` cut to fit `width` pixels, ending in "…"."""
    most = max(4, int((width - 12) / CHAR))
    return text if len(text) <= most else text[:most - 1].rstrip() + "…"


def row_label(text: str, x: float, y: float, width: float) -> str:
    """A right-aligned row label ending at x, cut to `width` with its full text as a tooltip."""
    shown = fit(text, width)
    tip = f"<title>{escape(text)}</title>" if shown != text else ""
    return f'<text class="label" x="{x:.1f}" y="{y:.1f}" text-anchor="end">{tip}{escape(shown)}</text>'


def axis_titles(width: int, height: int, x_title: str, y_title: str, left: float, axis_y: float) -> str:
    """The x axis's title under its ticks, the y axis's along the left edge."""
    out = ""
    if x_title:
        out += (f'<text class="axis-title" x="{(left + width - 10) / 2:.1f}" y="{axis_y + 32:.1f}" '
                f'text-anchor="middle">{escape(x_title)}</text>')
    if y_title:
        out += (f'<text class="axis-title" x="12" y="{height / 2:.1f}" text-anchor="middle" '
                f'transform="rotate(-90 12 {height / 2:.1f})">{escape(y_title)}</text>')
    return out


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
    return f"{value:.4g}"


def _svg(width: int, height: int, title: str, body: list[str]) -> str:
    return (f'<svg class="chart" viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
            f'xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title>{"".join(body)}</svg>')


def bars(title: str, labels: Sequence[str], values: Sequence[float | None], lows: Sequence[float],
         highs: Sequence[float], reference: float | None = None, reference_label: str = "fair",
         percent: bool = True, y_title: str = "win rate", x_title: str = "") -> str:
    """Vertical bars with 95% interval whiskers and an optional dashed reference line, labelled in the right
    margin (clear of the bars)."""
    left, top, bottom, height = 62, 12, 56, 236
    right = 84 if reference is not None else 10
    n = max(1, len(labels))
    slot = min(110, (WIDTH - left - right) / n)
    width = int(left + slot * n + right)
    top_value = max([h for h in highs if math.isfinite(h)] + [reference or 0, 1e-9])
    ticks = nice_ticks(0, top_value)
    scale = (height - top - bottom) / ticks[-1]

    def y(v: float) -> float:
        return height - bottom - v * scale

    body = []
    for t in ticks:
        body.append(f'<line class="grid" x1="{left}" x2="{width - right}" y1="{y(t):.1f}" y2="{y(t):.1f}"/>'
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
                    f'{escape(fit(label, slot))}</text>')
    if reference is not None:
        body.append(f'<line class="reference" x1="{left}" x2="{width - right}" y1="{y(reference):.1f}" '
                    f'y2="{y(reference):.1f}"/><text class="reference-label" x="{width - right + 6}" '
                    f'y="{y(reference) + 4:.1f}">{escape(reference_label)} {_fmt(reference, percent)}</text>')
    body.append(axis_titles(width - right + 10, height, x_title, y_title, left, height - bottom))
    return _svg(width, height, title, body)


def boxes(title: str, rows: Sequence[tuple[str, dict[str, Any]]], x_title: str = "score") -> str:
    """Horizontal box plots: whiskers from the 10th to the 90th percentile, the box the quartiles, a line
    at the median and a dot at the mean; `rows` are (label, distribution) pairs."""
    right, top = 20, 10
    shown = [(label, d) for label, d in rows if d.get("quantiles")]
    left = label_width([label for label, _ in shown])
    height = top + ROW * 2 * max(1, len(shown)) + 46
    lo = min((d["min"] for _, d in shown), default=0.0)
    hi = max((d["max"] for _, d in shown), default=1.0)
    ticks = nice_ticks(lo, hi)
    span = (ticks[-1] - ticks[0]) or 1

    def x(v: float) -> float:
        return left + (v - ticks[0]) / span * (WIDTH - left - right)

    body = []
    axis = height - 40
    for t in ticks:
        body.append(f'<line class="grid" x1="{x(t):.1f}" x2="{x(t):.1f}" y1="{top}" y2="{axis}"/>'
                    f'<text class="tick" x="{x(t):.1f}" y="{axis + 16}" text-anchor="middle">{t:g}</text>')
    body.append(axis_titles(WIDTH, height, x_title, "", left, axis))
    for i, (label, d) in enumerate(shown):
        q10, q25, q50, q75, q90 = d["quantiles"]
        cy = top + ROW * (2 * i + 1)
        body.append(row_label(label, left - 8, cy + 4, left - 8)
                    + f'<path class="whisker" d="M{x(q10):.1f},{cy}H{x(q25):.1f}M{x(q75):.1f},{cy}H{x(q90):.1f}"/>'
                    f'<rect class="box" x="{x(q25):.1f}" y="{cy - 8}" width="{max(1.0, x(q75) - x(q25)):.1f}" '
                    f'height="16"><title>{escape(label)}: median {q50:g}, quartiles {q25:g} to {q75:g}, '
                    f'10th to 90th percentile {q10:g} to {q90:g}, mean {d["mean"]:.2f}</title></rect>'
                    f'<line class="median" x1="{x(q50):.1f}" x2="{x(q50):.1f}" y1="{cy - 8}" y2="{cy + 8}"/>'
                    f'<circle class="mean" cx="{x(d["mean"]):.1f}" cy="{cy}" r="3"/>')
    return _svg(WIDTH, height, title, body)


def histogram(title: str, hist: dict[str, Any], unit: str = "", x_title: str = "", y_title: str = "games") -> str:
    """Bars of a histogram ({"start", "width", "counts"})."""
    counts = hist["counts"]
    left, bottom, top, height = 62, 50, 10, 186
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
    body.append(axis_titles(WIDTH, height, x_title or title.lower(), y_title, left, height - bottom))
    return _svg(WIDTH, height, title, body)


def forest(title: str, rows: Sequence[tuple[str, float, float, float, bool]], threshold: float,
           median: float = 0.0, x_title: str = "difference in win rate, points (95% interval)") -> str:
    """Effects with 95% intervals, in points of win rate, with zero, the kind's median (dashed) and the flagging
    threshold either side of it marked; `rows` are (label, difference, low, high, flagged), as fractions."""
    right, top = 20, 10
    left = label_width([label for label, *_ in rows], 150)
    height = top + ROW * max(1, len(rows)) + 46
    values = [v * 100 for _, d, lo, hi, _ in rows for v in (lo, hi) if math.isfinite(v)]
    bound = max([abs(v) for v in values] + [abs(median * 100) + threshold * 1.5])
    ticks = nice_ticks(-bound, bound)
    span = (ticks[-1] - ticks[0]) or 1

    def x(v: float) -> float:
        return left + (v - ticks[0]) / span * (WIDTH - left - right)

    axis = height - 40
    body = []
    for t in ticks:
        body.append(f'<line class="grid" x1="{x(t):.1f}" x2="{x(t):.1f}" y1="{top}" y2="{axis}"/>'
                    f'<text class="tick" x="{x(t):.1f}" y="{axis + 16}" text-anchor="middle">{t:+g}</text>')
    body.append(axis_titles(WIDTH, height, x_title, "", left, axis))
    body.append(f'<line class="zero" x1="{x(0):.1f}" x2="{x(0):.1f}" y1="{top}" y2="{axis}"/>')
    centre = median * 100
    body.append(f'<line class="reference" x1="{x(centre):.1f}" x2="{x(centre):.1f}" y1="{top}" y2="{axis}"/>')
    for edge in (centre - threshold, centre + threshold):
        body.append(f'<line class="threshold" x1="{x(edge):.1f}" x2="{x(edge):.1f}" y1="{top}" y2="{axis}"/>')
    for i, (label, d, lo, hi, flagged) in enumerate(rows):
        cy = top + ROW * i + ROW / 2
        cls = "flagged" if flagged else "effect"
        body.append(row_label(label, left - 8, cy + 4, left - 8))
        if math.isfinite(d):
            body.append(f'<path class="{cls}" d="M{x(lo * 100):.1f},{cy:.1f}H{x(hi * 100):.1f}"/>'
                        f'<circle class="{cls}" cx="{x(d * 100):.1f}" cy="{cy:.1f}" r="4"><title>{escape(label)}: '
                        f'{d * 100:+.1f} points (95% interval {lo * 100:+.1f} to {hi * 100:+.1f})</title></circle>')
    return _svg(WIDTH, height, title, body)


def hbars(title: str, labels: Sequence[str], series: Sequence[tuple[str, Sequence[float | None]]],
          x_title: str = "mean points") -> str:
    """Horizontal bars from zero (negative values to the left), one bar per series in each row, with a legend;
    `series` are (name, values) pairs."""
    right, top = 20, 28
    left = label_width(labels, 150)
    per = len(series)
    height = top + ROW * per * max(1, len(labels)) + 8 * len(labels) + 46
    values = [v for _, vs in series for v in vs if v is not None]
    ticks = nice_ticks(min([*values, 0.0]), max([*values, 0.0]))
    span = (ticks[-1] - ticks[0]) or 1

    def x(v: float) -> float:
        return left + (v - ticks[0]) / span * (WIDTH - left - right)

    axis = height - 40
    body = []
    for t in ticks:
        body.append(f'<line class="grid" x1="{x(t):.1f}" x2="{x(t):.1f}" y1="{top}" y2="{axis}"/>'
                    f'<text class="tick" x="{x(t):.1f}" y="{axis + 16}" text-anchor="middle">{t:g}</text>')
    body.append(axis_titles(WIDTH, height, x_title, "", left, axis))
    for k, (name, _) in enumerate(series):
        body.append(f'<rect class="series{k}" x="{left + 120 * k}" y="6" width="12" height="12"/>'
                    f'<text class="label" x="{left + 120 * k + 16}" y="16">{escape(name)}</text>')
    for i, label in enumerate(labels):
        y0 = top + i * (ROW * per + 8)
        body.append(row_label(label, left - 8, y0 + ROW * per / 2 + 4, left - 8))
        for k, (name, vs) in enumerate(series):
            v = vs[i]
            if v is None:
                continue
            a, b = sorted((x(0), x(v)))
            body.append(f'<rect class="series{k}" x="{a:.1f}" y="{y0 + ROW * k + 3}" width="{max(1.0, b - a):.1f}" '
                        f'height="{ROW - 6}"><title>{escape(label)}, {escape(name)}: {v:.2f}</title></rect>')
    body.append(f'<line class="zero" x1="{x(0):.1f}" x2="{x(0):.1f}" y1="{top}" y2="{axis}"/>')
    return _svg(WIDTH, height, title, body)


def lines(title: str, series: Sequence[tuple[str, Sequence[tuple[float, float | None, float, float]]]],
          x_title: str, y_title: str, percent: bool = False, reference: float | None = None,
          reference_label: str = "") -> str:
    """Lines over a numeric x with 95% interval whiskers at each point; `series` are (name, [(x, y, low, high)])
    pairs, with a legend; an optional dashed reference line (labelled in the right margin)."""
    left, top, bottom, height = 62, 30, 56, 260
    right = 84 if reference is not None else 16
    xs = [px for _, points in series for px, *_ in points]
    ys = [v for _, points in series for _, y, lo, hi in points for v in (y, lo, hi)
          if v is not None and math.isfinite(v)]
    if not xs or not ys:
        return _svg(WIDTH, 40, title, ['<text class="label" x="10" y="24">no data</text>'])
    if reference is not None:
        ys.append(reference)
    tx = nice_ticks(min(xs), max(xs)) if max(xs) > min(xs) else [min(xs) - 1, min(xs), min(xs) + 1]
    ty = nice_ticks(min(ys), max(ys))
    sx = (WIDTH - left - right) / ((tx[-1] - tx[0]) or 1)
    sy = (height - top - bottom) / ((ty[-1] - ty[0]) or 1)

    def px(v: float) -> float:
        return left + (v - tx[0]) * sx

    def py(v: float) -> float:
        return height - bottom - (v - ty[0]) * sy

    body = []
    for t in ty:
        body.append(f'<line class="grid" x1="{left}" x2="{WIDTH - right}" y1="{py(t):.1f}" y2="{py(t):.1f}"/>'
                    f'<text class="tick" x="{left - 6}" y="{py(t) + 4:.1f}" text-anchor="end">'
                    f'{_fmt(t, percent)}</text>')
    for t in tx:
        body.append(f'<text class="tick" x="{px(t):.1f}" y="{height - bottom + 16}" text-anchor="middle">{t:g}</text>')
    if reference is not None:
        body.append(f'<line class="reference" x1="{left}" x2="{WIDTH - right}" y1="{py(reference):.1f}" '
                    f'y2="{py(reference):.1f}"/><text class="reference-label" x="{WIDTH - right + 6}" '
                    f'y="{py(reference) + 4:.1f}">{escape(reference_label)} {_fmt(reference, percent)}</text>')
    for k, (name, points) in enumerate(series):
        cls = f"line{k % 4}"
        body.append(f'<rect class="{cls} key" x="{left + 150 * k}" y="8" width="12" height="12"/>'
                    f'<text class="label" x="{left + 150 * k + 16}" y="18">{escape(fit(name, 130))}</text>')
        drawn = [(x_, y_) for x_, y_, _, _ in points if y_ is not None and math.isfinite(y_)]
        if drawn:
            path = "M" + "L".join(f"{px(x_):.1f},{py(y_):.1f}" for x_, y_ in drawn)
            body.append(f'<path class="{cls} trace" d="{path}"/>')
        for x_, y_, lo, hi in points:
            if y_ is None or not math.isfinite(y_):
                continue
            tip = f"{escape(name)}, {x_:g}: {_fmt(y_, percent)}"
            if math.isfinite(lo) and math.isfinite(hi):
                tip += f" (95% interval {_fmt(lo, percent)} to {_fmt(hi, percent)})"
                body.append(f'<path class="{cls} trace" d="M{px(x_):.1f},{py(lo):.1f}V{py(hi):.1f}"/>')
            body.append(f'<circle class="{cls}" cx="{px(x_):.1f}" cy="{py(y_):.1f}" r="3"><title>{tip}</title>'
                        f'</circle>')
    body.append(axis_titles(WIDTH - right + 16, height, x_title, y_title, left, height - bottom))
    return _svg(WIDTH, height, title, body)
