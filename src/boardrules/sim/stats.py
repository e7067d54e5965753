"""Small statistics for simulation reports: the Wilson score interval, mean and spread."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054  # the two-sided 95% quantile of the normal distribution


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion: ``successes`` out of ``trials``.

    Unlike the normal approximation it stays inside [0, 1] and behaves at 0 and ``trials``.
    With no trials nothing is known: (0.0, 1.0).
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return 0.0, 1.0
    n = float(trials)
    p = successes / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2.0 * n)) / denom
    half = z * math.sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n)) / denom
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == trials else min(1.0, centre + half)
    return lo, hi


def mean(xs: Sequence[float]) -> float:
    """The arithmetic mean; 0.0 for no values."""
    return math.fsum(xs) / len(xs) if xs else 0.0


def sd(xs: Sequence[float]) -> float:
    """The sample standard deviation (n - 1 in the denominator); 0.0 for fewer than 2 values."""
    if len(xs) < 2:
        return 0.0
    m = mean(xs)
    return math.sqrt(math.fsum((x - m) ** 2 for x in xs) / (len(xs) - 1))
