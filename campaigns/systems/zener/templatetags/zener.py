import math
from fractions import Fraction

from django import template

from rules.errors import RulesError
from rules.zener.checks import chance_of_success, stat_check
from rules.zener.languages import LANGUAGE_AS_STAT, RANK_MODIFIER, language_check, learning_check
from rules.zener.radiation import TRANSITION_AS_BONUS, transition_check

register = template.Library()


@register.simple_tag
def stat_in_play(values: dict, sheet: dict, name: str) -> str:
    """A value in play, then the sheet's in brackets when stat damage has lowered it: "RES 12 (14)";
    "RES 14" when it has not (rules.zener.stats.in_play)."""
    now, whole = values[name], sheet[name]
    return f"{name} {now}" + (f" ({whole})" if now != whole else "")


def written_out(value: float) -> str:
    """Three significant figures, written out for people: 1,000 (not 1e+03), 0.0001 (not 1e-04)."""
    rounded = float(f"{value:.3g}")
    if rounded == int(rounded):
        return f"{int(rounded):,}"
    decimals = max(0, 2 - math.floor(math.log10(abs(rounded))))
    return f"{rounded:,.{decimals}f}".rstrip("0").rstrip(".")


# Lengths as the seed's delicacy table writes them ("5 µm", "100 nm", "100 attometers"), not 0.0000000000000001 m.
LENGTH_UNITS = (
    ("m", 1),
    ("cm", 1e-2),
    ("mm", 1e-3),
    ("µm", 1e-6),
    ("nm", 1e-9),
    ("pm", 1e-12),
    ("fm", 1e-15),
    ("am", 1e-18),
)


def in_length_units(metres: float) -> str:
    """A length in the largest unit it is at least one of: 0.05 -> "5 cm", 1e-16 -> "100 am"."""
    name, size = next(((name, size) for name, size in LENGTH_UNITS if metres >= size * (1 - 1e-9)), LENGTH_UNITS[-1])
    return f"{written_out(metres / size)} {name}"


@register.simple_tag
def table_value(table, index: int) -> str:
    """An index table's value ("< 0.1" on the time chart's floor row, lengths in their unit on the delicacy
    table), or a dash off its printed range."""
    try:
        prefix, value = table.row(index)
    except RulesError:
        return "–"
    return in_length_units(value) if table.key == "delicacy" else f"{prefix} {written_out(value)}".lstrip()


@register.filter
def fields_named(form, names: str) -> list:
    """The form's fields named (space-separated), in the form's order: the GM's screen shows a scene's usual
    fields and folds the rest (fields_except) under a <details>."""
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


def chance_words(chance) -> str:
    """A chance as the rules page prints it: "25.9%", "0.39%", "1 in 1,679,616" (exact below 0.1%), "100%"."""
    if chance == 0 or chance == 1:
        return f"{int(chance) * 100}%"
    if chance < Fraction(1, 1000):
        return f"1 in {round(1 / chance):,}"
    if 1 - chance < Fraction(1, 1000):
        return f"all but 1 in {round(1 / (1 - chance)):,}"
    return f"{float(chance):.1%}" if chance >= Fraction(1, 100) else f"{float(chance):.2%}"


@register.simple_tag
def zener_reading_odds() -> dict:
    """The odds the rules page prints beside each reading (#zener-language-roll, #zener-plus-fifteen,
    #zener-immersion-odds), from the rules' own checks, so the page and the table cannot differ."""
    language = [
        (
            lan,
            [chance_words(chance_of_success(language_check(lan, ranks))) for ranks in range(4)],
            [
                chance_words(chance_of_success(language_check(lan, ranks, reading=LANGUAGE_AS_STAT)))
                for ranks in range(4)
            ],
        )
        for lan in (8, 10, 12, 14)
    ]
    transition = [
        (
            con,
            chance_words(chance_of_success(transition_check(con))),
            chance_words(chance_of_success(transition_check(con, TRANSITION_AS_BONUS))),
        )
        for con in (5, 8, 10, 12, 15, 18, 20)
    ]
    learning = [
        (
            lan,
            [chance_words(chance_of_success(learning_check(lan, ranks))) for ranks in range(3)],
            [chance_words(chance_of_success(stat_check(lan, -RANK_MODIFIER[ranks]))) for ranks in range(3)],
        )
        for lan in (8, 10, 12, 14)
    ]
    return {"language": language, "transition": transition, "learning": learning}
