"""d100 skill tests (seed: d100-skill-tests.txt): percentile tests with criticals,
flips, assist dice, secret tests, Fury and Chaos dice, and the Fortune pools."""

from rules.d100.sheet import DEFAULT_ATTRIBUTES, validate_sheet
from rules.d100.test import RULES
from rules.system import ChoiceSetting, System, TextListSetting

SYSTEM = System(
    key="d100",
    name="d100 skill tests",
    summary="Percentile tests with criticals, flips, secret tests and the Fortune pool.",
    roll=RULES,
    settings=(
        TextListSetting(
            name="attributes",
            label="Primary attributes",
            default=DEFAULT_ATTRIBUTES,
            help_text="One per line; Zweihander's seven by default.",
        ),
        ChoiceSetting(
            name="show_misfortune",
            label="Players see the Misfortune pool",
            choices=((0, "No"), (1, "Yes")),
            default=0,
        ),
    ),
    sheet_validator=validate_sheet,
)
