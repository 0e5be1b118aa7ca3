"""Tribute Alpha (seed: tribute-alpha.txt): FOCUS and BURDEN dice of the
campaign's reality level, Win / Match / Fail, Profit and Waste on effects."""

from rules.system import ChoiceSetting, System, TextListSetting
from rules.tribute.events import DIE_EVENTS
from rules.tribute.roll import MAX_RANK, RULES
from rules.tribute.sheet import ATTRIBUTE_RANGES, DEFAULT_ATTRIBUTES, validate_sheet

# The reality level names every die of a test (seed: "Dice and Reality Level").
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
    roll=RULES,
    settings=(
        ChoiceSetting(
            name="die_size",
            label="Reality level",
            choices=REALITY_LEVELS,
            default=6,
            help_text="Every Focus and Burden die of the campaign is this size.",
        ),
        TextListSetting(
            name="attributes",
            label="Attributes",
            default=DEFAULT_ATTRIBUTES,
            help_text="One per line. The rules leave the list open; these are Fivefold's suggestion.",
        ),
        DIE_EVENTS,
        ChoiceSetting(
            name="attribute_range",
            label="Effective range of attribute ranks",
            choices=ATTRIBUTE_RANGES,
            default=MAX_RANK,
            help_text="How far from human average (0) a character's or an NPC's rank may go in this campaign.",
        ),
    ),
    sheet_validator=validate_sheet,
)
