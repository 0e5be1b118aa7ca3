import math
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from django import template
from django.utils.html import format_html

register = template.Library()


SMALLEST_SHARE = Fraction(1, 10**6)  # 0.0001%: below it a percentage is a string of zeros, or 2.672e-35%


@register.filter
def percent(value: Fraction) -> str:
    """62.50%, 0.002143%, or exactly 0% / 100%: enough digits to tell small odds apart. Below
    0.0001% (or above 99.9999%) it says so in words (play-test: "2.672e-35%"); odds_fraction then
    says how rare ("about 1 in 2 × 10^37")."""
    if value == 0:
        return "0%"
    if value == 1:
        return "100%"
    if value < SMALLEST_SHARE:
        return "less than 0.0001%"
    if value > 1 - SMALLEST_SHARE:
        return "more than 99.9999%"
    share = float(value) * 100
    if share >= 1 and share <= 99:
        return f"{share:.2f}%"
    return f"{share:.4g}%"


HUNDREDTH = Decimal("0.01")


@register.filter
def fixed2(value: float) -> str:
    """A drawing's coordinate with two decimals, as `floatformat:2` writes it (the float's shortest
    repr rounded half up) without its locale look-ups: a chart has a hundred of them, and they were half
    of drawing it (the plain roll's answer)."""
    return str(Decimal(repr(value)).quantize(HUNDREDTH, ROUND_HALF_UP))


@register.filter
def odds_fraction(value: Fraction) -> str:
    """The exact fraction when it is short enough to read; for a rarer chance than 0.0001%, about
    how rare ("about 1 in 4 × 10^36"); else nothing."""
    if value in (0, 1):
        return ""
    if value.denominator <= 10**7:
        return f"{value.numerator:,} in {value.denominator:,}"
    if value >= SMALLEST_SHARE:
        return ""
    exponent = math.floor(math.log10(value.denominator) - math.log10(value.numerator))  # of 1 / value
    leading = round(Fraction(value.denominator, value.numerator) / 10**exponent)
    if leading == 10:
        exponent, leading = exponent + 1, 1
    if exponent < 6:
        return f"about 1 in {leading * 10**exponent:,}"
    return f"about 1 in {'' if leading == 1 else f'{leading} × '}10^{exponent}"


# A die's part in a result, as its chip shows it: the word a screen reader hears after
# the face, and the class that colours it (static/fivefold/app.css, `.die-<kind>`). "kept" is a
# plain die that counts; the others say why the die looks different.
DIE_KINDS = {
    "kept": "",
    "dropped": "dropped",
    "rerolled": "re-rolled",
    "exploded": "exploded",
    "hard": "hard die",
    "wiggle": "wiggle die",
    "critical": "critical",
    "wrench": "Wrench",
    "hammer": "Hammer",
    "stands": "the result that stands",
    "replaced": "replaced",
    "secret": "the GM's",
}
OUTCOMES = {"ok", "fail", "crit", "neutral"}


@register.simple_tag
def die(face, kind: str = "kept", title: str = "") -> str:
    """One die as a chip: `{% die 6 "dropped" %}`; `title` overrides the word said after the face."""
    word = title or DIE_KINDS[kind]
    said = format_html('<span class="visually-hidden"> ({})</span>', word) if word else ""
    return format_html(
        '<span class="die die-{}"{}>{}{}</span>', kind, format_html(' title="{}"', word) if word else "", face, said
    )


@register.simple_tag
def outcome(text, tone: str = "neutral") -> str:
    """The result as a badge: `{% outcome "Critical success" "crit" %}`; tone ok, fail, crit or neutral."""
    if tone not in OUTCOMES:
        raise ValueError(f"An outcome's tone is one of {sorted(OUTCOMES)}, not {tone!r}.")
    return format_html('<strong class="outcome outcome-{}">{}</strong>', tone, text)


@register.filter
def article(number) -> str:
    """ "a" or "an" before a number said aloud: an 8d, an 11, an 18, a 5d."""
    return "an" if str(number).startswith("8") or str(number) in ("11", "18") else "a"
