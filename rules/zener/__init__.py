"""Zener Gate (seed: zener-gate.txt): 3d6 skill checks and 4d6 stat checks rolled
under, impossible chances, derived stats and Karma.

Its settings are the readings where the text allows two that both play; each default is the one that
keeps the rule playable and the seed's examples true (rules page: #zener-language-roll,
#zener-plus-fifteen, #zener-initiative-mel)."""

from rules.system import ChoiceSetting, System
from rules.zener.checks import RULES
from rules.zener.combat import MEL_AS_WRITTEN, MEL_BEST_FIRST
from rules.zener.languages import LANGUAGE_AS_SKILL, LANGUAGE_AS_STAT
from rules.zener.radiation import TRANSITION_AS_BONUS, TRANSITION_AS_PENALTY
from rules.zener.sheet import validate_sheet

SYSTEM = System(
    key="zener",
    name="Zener Gate",
    summary="3d6 and 4d6 roll-under checks, Karma, and the GM's combat tables.",
    roll=RULES,
    settings=(
        ChoiceSetting(
            name="language_roll",
            label="A language roll in use",
            choices=(
                (LANGUAGE_AS_SKILL, "A skill check: 3d6 at or under ranks + LAN foundation"),
                (LANGUAGE_AS_STAT, "A LAN stat check with +15/+10/+5/+0 against the roller (the literal reading)"),
            ),
            default=LANGUAGE_AS_SKILL,
            help_text="LAN 10 at 1 rank (conversational): 25.9% as a skill, 1 in 1,679,616 as the stat check; "
            "at 3 ranks (native) 50% and 15.9%.",
        ),
        ChoiceSetting(
            name="transition_roll",
            label="The transition's CON roll at +15",
            choices=(
                (TRANSITION_AS_PENALTY, "+15 a penalty: 4d6 + 15 at or under CON (most transitions fail)"),
                (TRANSITION_AS_BONUS, "+15 a bonus: 4d6 at or under CON + 15 (CON 9 or more never fails)"),
            ),
            default=TRANSITION_AS_PENALTY,
            help_text="Made, 1 long-term CON and d3 shock and trauma; failed, the GM's category. CON 20 makes the "
            "penalty's roll 0.39% of the time, CON 10 1 in 13,060,694,016.",
        ),
        ChoiceSetting(
            name="initiative_mel",
            label="Initiative by MEL (or ACC)",
            choices=(
                (MEL_BEST_FIRST, "The best fighter first: lowest MEL +0, each higher +2 more (as AWA runs)"),
                (MEL_AS_WRITTEN, "As written: highest MEL +0, each lower +2 more (the better fighter acts later)"),
            ),
            default=MEL_BEST_FIRST,
        ),
    ),
    sheet_validator=validate_sheet,
)
