"""Zener Gate's odds chart: each total of the dice a check rolls, at or under the target."""

from __future__ import annotations

from campaigns.common.charts import Chart, totals_chart
from rules.dice import distribution, parse
from rules.zener.checks import judge, lowest_totals


def zener_chart(count: int, target: int, *, keep: int | None = None, landed: int | None = None) -> Chart | None:
    """The dice a check rolls (3d6 or 4d6, more after the impossible-chance or extra-benefit rule:
    `Check.rolled`) at or under the target: each total; of the lowest `keep` dice under extra benefits."""
    if keep is not None and keep < count:
        return totals_chart(
            f"{count}d6, the lowest {keep}, at or under {target}",
            lowest_totals(count, keep),
            lambda total: judge(total, target)[0],
            landed=landed,
        )
    return totals_chart(
        f"{count}d6 at or under {target}",
        distribution(parse(f"{count}d6")),
        lambda total: judge(total, target)[0],
        landed=landed,
    )
