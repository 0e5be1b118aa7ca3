"""Centaurus Gate's odds chart (the Exec's): success, and the risk when there is one."""

from __future__ import annotations

from campaigns.charts import Chart, Fill, categories_chart


def cgg_chart(chances) -> Chart:
    """An action before Venture (rules.cgg.action.action_chances): success, and the risk when there is one."""
    if chances.risk_avoided is None:
        parts = [("Failure", 1 - chances.success, Fill.BAD), ("Success", chances.success, Fill.GOOD)]
    else:
        both, success, avoided = chances.both, chances.success, chances.risk_avoided
        parts = [
            ("Failure, risk", 1 - success - avoided + both, Fill.BAD),
            ("Failure, risk avoided", avoided - both, Fill.BAD),
            ("Success, risk", success - both, Fill.PARTIAL),
            ("Success, risk avoided", both, Fill.GOOD),
        ]
    chart = categories_chart("The action", parts)
    return Chart(chart.title, chart.bars, chances.success, chart.axis)
