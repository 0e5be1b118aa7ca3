"""Centaurus Gate's odds chart (the Exec's): success, and the risk when there is one."""

from __future__ import annotations

from campaigns.common.charts import Chart, Fill, categories_chart

# Each grade of rules.cgg.action.ActionChances.graded: a success that takes the risk is partial.
FILLS = {
    "Failure": Fill.BAD,
    "Success": Fill.GOOD,
    "Failure, risk": Fill.BAD,
    "Failure, risk avoided": Fill.BAD,
    "Success, risk": Fill.PARTIAL,
    "Success, risk avoided": Fill.GOOD,
}


def cgg_chart(chances) -> Chart:
    """An action before Venture (rules.cgg.action.action_chances): success, and the risk when there is one."""
    chart = categories_chart("The action", [(grade, p, FILLS[grade]) for grade, p in chances.graded.items()])
    return Chart(chart.title, chart.bars, chances.success, chart.axis)
