from django import template

from rules.errors import RulesError

register = template.Library()


@register.simple_tag
def stat_in_play(values: dict, sheet: dict, name: str) -> str:
    """A value in play, then the sheet's in brackets when stat damage has lowered it: "RES 12 (14)";
    "RES 14" when it has not (issue 20; rules.zener.stats.in_play)."""
    now, whole = values[name], sheet[name]
    return f"{name} {now}" + (f" ({whole})" if now != whole else "")


@register.simple_tag
def table_value(table, index: int) -> str:
    """An index table's value, or a dash off its printed range."""
    try:
        return f"{table.value(index):.3g}"
    except RulesError:
        return "–"
