import math

from django import template

from rules.errors import RulesError

register = template.Library()


@register.simple_tag
def stat_in_play(values: dict, sheet: dict, name: str) -> str:
    """A value in play, then the sheet's in brackets when stat damage has lowered it: "RES 12 (14)";
    "RES 14" when it has not (issue 20; rules.zener.stats.in_play)."""
    now, whole = values[name], sheet[name]
    return f"{name} {now}" + (f" ({whole})" if now != whole else "")


def written_out(value: float) -> str:
    """Three significant figures, written out for people: 1,000 (not 1e+03), 0.0001 (not 1e-04)."""
    rounded = float(f"{value:.3g}")
    if rounded == int(rounded):
        return f"{int(rounded):,}"
    decimals = max(0, 2 - math.floor(math.log10(abs(rounded))))
    return f"{rounded:,.{decimals}f}".rstrip("0").rstrip(".")


@register.simple_tag
def table_value(table, index: int) -> str:
    """An index table's value, or a dash off its printed range."""
    try:
        return written_out(table.value(index))
    except RulesError:
        return "–"
