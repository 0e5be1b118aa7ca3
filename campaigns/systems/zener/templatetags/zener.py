from django import template

from rules.errors import RulesError

register = template.Library()


@register.simple_tag
def table_value(table, index: int) -> str:
    """An index table's value, or a dash off its printed range."""
    try:
        return f"{table.value(index):.3g}"
    except RulesError:
        return "–"
