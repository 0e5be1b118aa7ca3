"""The One-Roll Engine's odds chart: the height of the best set."""

from __future__ import annotations

from fractions import Fraction

from campaigns.common.charts import Bar, Chart, Fill
from rules.ore.pool import best_height_distribution


def ore_chart(pool, difficulty: int, *, landed: int | None = None) -> Chart:
    """The height of the best set (0: no set); a set at the difficulty's height or above succeeds."""
    bars = tuple(
        Bar(
            "no set" if height == 0 else str(height),
            p,
            Fill.GOOD if height >= max(difficulty, 1) else Fill.BAD,
            height == landed,
        )
        for height, p in best_height_distribution(pool).items()
    )
    title = f"A set of height {difficulty} or more" if difficulty else "Any set"
    return Chart(title, bars, sum((b.chance for b in bars if b.fill is Fill.GOOD), Fraction(0)), axis="height")
