"""95% intervals: a proportion (Wilson), a difference of proportions (Newcombe), means and their differences."""

from __future__ import annotations

import math

from ..ratings import Z95, wilson

__all__ = ["Z95", "mean_difference", "mean_interval", "rate_difference", "wilson"]


def rate_difference(k1: float, n1: int, k2: float, n2: int) -> tuple[float, float, float]:
    """p1 − p2 with Newcombe's hybrid score interval (from the two Wilson intervals); nan without data."""
    if n1 <= 0 or n2 <= 0:
        return (math.nan, math.nan, math.nan)
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1)
    l2, u2 = wilson(k2, n2)
    d = p1 - p2
    return (d, d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2))


def mean_interval(mean: float | None, sd: float | None, n: int) -> tuple[float, float]:
    """mean ± 1.96 standard errors (the normal approximation; the lab's samples are large)."""
    if mean is None or n <= 1 or sd is None or math.isnan(sd):
        return (math.nan, math.nan)
    half = Z95 * sd / math.sqrt(n)
    return (mean - half, mean + half)


def mean_difference(m1: float | None, sd1: float | None, n1: int,
                    m2: float | None, sd2: float | None, n2: int) -> tuple[float, float, float]:
    """m1 − m2 with a 95% interval from the two standard errors (Welch's normal approximation)."""
    if m1 is None or m2 is None or n1 <= 1 or n2 <= 1 or sd1 is None or sd2 is None:
        return (math.nan, math.nan, math.nan)
    d = m1 - m2
    half = Z95 * math.sqrt(sd1 * sd1 / n1 + sd2 * sd2 / n2)
    return (d, d - half, d + half)
