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


@register.filter
def fields_named(form, names: str) -> list:
    """The form's fields named (space-separated), in the form's order: the GM's screen shows a scene's usual
    fields and folds the rest (fields_except) under a <details> (issue 23)."""
    wanted = set(names.split())
    return [field for field in form if field.name in wanted]


@register.filter
def fields_except(form, names: str) -> list:
    unwanted = set(names.split())
    return [field for field in form if field.name not in unwanted]


@register.simple_tag(takes_context=True)
def open_if_posted(context, *names: str) -> str:
    """` open` on a fold of the GM's screen when one of its forms was just posted, answered or refused: the panel
    comes back whole (steps.panel_step), and the form the GM is using, or its message, must not fold away."""
    posted = {context.get("fresh_form"), context.get("error_form")} - {None, ""}
    return " open" if posted & set(names) else ""
