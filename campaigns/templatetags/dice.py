from fractions import Fraction

from django import template

register = template.Library()


@register.filter
def percent(value: Fraction) -> str:
    """62.50%, 0.002143%, or exactly 0% / 100%: enough digits to tell small odds apart."""
    if value == 0:
        return "0%"
    if value == 1:
        return "100%"
    share = float(value) * 100
    if share >= 1 and share <= 99:
        return f"{share:.2f}%"
    return f"{share:.4g}%"


@register.filter
def odds_fraction(value: Fraction) -> str:
    """The exact fraction when it is short enough to read, else nothing."""
    if value in (0, 1) or value.denominator > 10**7:
        return ""
    return f"{value.numerator:,} in {value.denominator:,}"
