"""Tribute Alpha's odds chart: each result against the opposition.

Reading (published on /rules/#tribute-match): a Match delivers the effect as a Win does, so
the chart fills both and its chance is the effect's (rules/tribute/roll.py)."""

from __future__ import annotations

from campaigns.common.charts import Chart, totals_chart
from rules.tribute.roll import outcome, result_distribution


def tribute_chart(spec, opposition: int, *, landed: int | None = None) -> Chart | None:
    """Each result (highest FOCUS - highest BURDEN + rank): a Win or a Match filled (the effect
    is delivered), a Fail outline."""
    return totals_chart(
        f"Against opposition {opposition}, the effect delivered (a Win or a Match)",
        result_distribution(spec),
        lambda result: outcome(result, opposition).delivers,
        landed=landed,
    )
