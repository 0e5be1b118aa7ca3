"""Tribute Alpha (seed: tribute-alpha.txt). Its tests arrive with issue 4."""

from rules.system import ChoiceSetting, System

# The reality level names every die of a test (seed: "Reality level").
REALITY_LEVELS = (
    (4, "d4 Mundane"),
    (6, "d6 Heroic"),
    (8, "d8 Pulpy"),
    (10, "d10 Cinematic"),
    (12, "d12 Over-the-top"),
)

SYSTEM = System(
    key="tribute",
    name="Tribute Alpha",
    summary="Focus and Burden dice against the opposition, with Profit and Waste.",
    settings=(
        ChoiceSetting(
            name="die_size",
            label="Reality level",
            choices=REALITY_LEVELS,
            default=6,
            help_text="Every Focus and Burden die of the campaign is this size.",
        ),
    ),
)
