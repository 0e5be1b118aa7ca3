"""Form fields the systems' forms share: the kinds of input every rules text asks for in the same way.

May import: campaigns.common (the bounded inputs), Django. Never campaigns.systems.
"""

from django import forms

from campaigns.common.inputs import WholeNumberField

SECRET = "The GM sets it (secret)"


def optional_number(low: int, high: int, *, initial: int | None = None, **kwargs) -> WholeNumberField:
    """A whole number from low to high that may be left blank: a modifier shown at its no-effect value
    (`initial=0`), or a number whose blank means the sheet's or the rules' own (the armour worn, a spot check's
    size). The form reads a blank as None; its action says what None stands for."""
    return WholeNumberField(min_value=low, max_value=high, initial=initial, required=False, **kwargs)


def index_choice(choices, *, blank: int, **kwargs) -> forms.TypedChoiceField:
    """A select of a table's rows read as their whole-number index; a blank (or a select left out) is `blank`,
    the row the rules start from."""
    return forms.TypedChoiceField(choices=choices, coerce=int, required=False, empty_value=blank, **kwargs)


def known_or_secret(known: str, *, label: str) -> forms.TypedChoiceField:
    """The player's choice between a number they know (True) and one the GM sets in secret (False): the
    difficulty or the opposition of a roll the player makes without seeing it."""
    return forms.TypedChoiceField(
        choices=[("1", known), ("0", SECRET)],
        coerce=lambda value: value == "1",
        initial="1",
        widget=forms.RadioSelect,
        label=label,
    )
