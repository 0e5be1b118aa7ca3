"""The d100 odds chart: a test's four results."""

from __future__ import annotations

from campaigns.charts import Chart, Fill, categories_chart


def d100_chart(odds, *, landed: str | None = None) -> Chart:
    """A test's four results (rules.d100.test.chances)."""
    return categories_chart(
        "The test",
        [
            ("Critical failure", odds.critical_failure, Fill.BAD),
            ("Failure", 1 - odds.success - odds.critical_failure, Fill.BAD),
            ("Success", odds.success - odds.critical_success, Fill.GOOD),
            ("Critical success", odds.critical_success, Fill.GOOD),
        ],
        landed=landed,
    )
