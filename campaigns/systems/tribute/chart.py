"""Tribute Alpha's odds chart: each result against the opposition."""

from __future__ import annotations

from campaigns.charts import Chart, totals_chart
from rules.tribute.roll import Outcome, outcome, result_distribution


def tribute_chart(spec, opposition: int, *, landed: int | None = None) -> Chart | None:
    """Each result (highest FOCUS - highest BURDEN + rank): a Win filled, a Match dashed."""
    return totals_chart(
        f"Against opposition {opposition}",
        result_distribution(spec),
        lambda result: outcome(result, opposition) is Outcome.WIN,
        partial=lambda result: outcome(result, opposition) is Outcome.MATCH,
        landed=landed,
    )
