"""The d100 odds chart: a test's four results."""

from __future__ import annotations

from campaigns.common.charts import Chart, Fill, categories_chart

FILLS = {"Critical failure": Fill.BAD, "Failure": Fill.BAD, "Success": Fill.GOOD, "Critical success": Fill.GOOD}


def d100_chart(odds, *, landed: str | None = None) -> Chart:
    """A test's four results (rules.d100.test.chances)."""
    return categories_chart("The test", [(grade, p, FILLS[grade]) for grade, p in odds.graded.items()], landed=landed)
