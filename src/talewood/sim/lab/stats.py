"""95% intervals: a proportion (Wilson), a difference of proportions (Newcombe), means and their differences."""

from __future__ import annotations

import math
from statistics import NormalDist

from ..ratings import Z95, wilson

__all__ = ["FDR", "Z95", "benjamini_hochberg", "mean_difference", "mean_interval", "normal_p", "rate_difference",
           "rate_difference_p", "wilson", "z_for"]


def rate_difference(k1: float, n1: int, k2: float, n2: int, z: float = Z95) -> tuple[float, float, float]:
    """p1 − p2 with Newcombe's hybrid score interval (from the two Wilson intervals; 95% unless `z` says another
    level); nan without data."""
    if n1 <= 0 or n2 <= 0:
        return (math.nan, math.nan, math.nan)
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1, z)
    l2, u2 = wilson(k2, n2, z)
    d = p1 - p2
    return (d, d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2))


def mean_interval(mean: float | None, sd: float | None, n: int, z: float = Z95) -> tuple[float, float]:
    """mean ± 1.96 standard errors (the normal approximation; the lab's samples are large)."""
    if mean is None or n <= 1 or sd is None or math.isnan(sd):
        return (math.nan, math.nan)
    half = z * sd / math.sqrt(n)
    return (mean - half, mean + half)


def mean_difference(m1: float | None, sd1: float | None, n1: int,
                    m2: float | None, sd2: float | None, n2: int) -> tuple[float, float, float]:
    """m1 − m2 with a 95% interval from the two standard errors (Welch's normal approximation)."""
    if m1 is None or m2 is None or n1 <= 1 or n2 <= 1 or sd1 is None or sd2 is None:
        return (math.nan, math.nan, math.nan)
    d = m1 - m2
    half = Z95 * math.sqrt(sd1 * sd1 / n1 + sd2 * sd2 / n2)
    return (d, d - half, d + half)


# -- many tests at once ------------------------------------------------------------------------------
FDR = 0.05          # the false discovery rate the lab's flags and "what moved" control (Benjamini–Hochberg)
_NORMAL = NormalDist()


def z_for(alpha: float) -> float:
    """The z of a two-sided interval at level 1 − alpha."""
    return _NORMAL.inv_cdf(1 - alpha / 2)


def two_sided_p(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


def normal_p(d: float, lo: float, hi: float, null: float = 0.0) -> float:
    """The p-value of `d` against `null` from its normal 95% interval (lo, hi); nan without one."""
    if not all(math.isfinite(x) for x in (d, lo, hi)):
        return math.nan
    se = (hi - lo) / (2 * Z95)
    if se <= 0:
        return 0.0 if d != null else 1.0
    return two_sided_p((d - null) / se)


def rate_difference_p(k1: float, n1: int, k2: float, n2: int, null: float = 0.0) -> float:
    """The p-value of p1 − p2 against `null` that goes with Newcombe's interval: the level whose interval just
    reaches `null` (found by bisection on z, the interval widening as z grows); nan without data."""
    d = rate_difference(k1, n1, k2, n2)[0]
    if math.isnan(d):
        return math.nan
    if d == null:
        return 1.0

    def excludes(z: float) -> bool:
        _, lo, hi = rate_difference(k1, n1, k2, n2, z)
        return lo > null or hi < null

    lo_z, hi_z = 0.0, 40.0
    if excludes(hi_z):
        return two_sided_p(hi_z)
    for _ in range(60):
        mid = (lo_z + hi_z) / 2
        if excludes(mid):
            lo_z = mid
        else:
            hi_z = mid
    return two_sided_p((lo_z + hi_z) / 2)


def benjamini_hochberg(pvalues: list[float], q: float = FDR) -> tuple[list[bool], float]:
    """Which hypotheses Benjamini–Hochberg rejects at false discovery rate `q` (nan p-values are not tested), and
    the level of the adjusted intervals that go with it: 1 − R·q/m (Benjamini & Yekutieli's false-coverage-
    statement intervals; with nothing rejected, 1 − q/m). Returns (rejected, alpha of the adjusted intervals)."""
    tested = sorted((p, i) for i, p in enumerate(pvalues) if not math.isnan(p))
    m = len(tested)
    rejected = [False] * len(pvalues)
    if not m:
        return rejected, q
    r = 0
    for rank, (p, _) in enumerate(tested, start=1):
        if p <= rank * q / m:
            r = rank
    for _, i in tested[:r]:
        rejected[i] = True
    return rejected, max(r, 1) * q / m
