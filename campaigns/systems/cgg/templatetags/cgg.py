from django import template

from rules.cgg.difficulty import DIFFICULTY_TABLE

register = template.Library()


@register.simple_tag
def cgg_difficulty_table():
    """The seed's difficulty table, for the rules page."""
    return DIFFICULTY_TABLE
