"""d100 skill tests (seed: d100-skill-tests.txt): percentile tests with criticals,
flips, assist dice, secret tests, Fury and Chaos dice, and the Fortune pools."""

from rules.d100.sheet import DEFAULT_ATTRIBUTES, validate_sheet
from rules.d100.test import CAP_EVERY_MODIFIER, CAP_TALENTS_ONLY, RULES
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
        ChoiceSetting(
            name="modifier_cap",
            label="The ±30 cap on the base chance covers",
            choices=(
                (CAP_EVERY_MODIFIER, "Ranks, talents, traits and synergy together (the seed's words)"),
                (CAP_TALENTS_ONLY, "Talents and traits only (ranks and synergy on top)"),
            ),
            default=CAP_EVERY_MODIFIER,
            help_text="Attribute 45, 3 ranks, talents +20: 75 with the first reading, 95 with the second.",
        ),
    ),
    sheet_validator=validate_sheet,
)
