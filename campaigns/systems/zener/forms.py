from django import forms

from campaigns.common import reads
from campaigns.common.inputs import TextField, WholeNumberField, decimal_number
from campaigns.plugins.forms import index_choice, optional_number
from campaigns.table.forms import CharacterChoiceField, SeatedCharacterForm, TableForm
from campaigns.toolkit.skills import OwnStatNamed, name_own_stat, stat_field
from rules.dice import parse
from rules.errors import RulesError
from rules.zener.checks import MAX_DESIRED, MAX_MODIFIER
from rules.zener.combat import (
    AIM_SECONDS,
    COLUMNS,
    FIRE,
    MAX_LOOKING,
    MAX_REACTION_MS,
    aiming_cap,
    part_name,
    reaction_modifier,
    spot_modifier,
)
from rules.zener.experience import MAX_BASE, SOLUTION_NAMES
from rules.zener.languages import ASPECTS
from rules.zener.stats import MAX_WEAPON_RANKS, ROLLED_STATS
from rules.zener.tables import ASSISTANT_LEVELS, MAX_ASSISTANTS, TABLES, TIME_MULTIPLIERS, TIME_UNDER, assistants_index

STAT_CHOICES = [(stat, stat) for stat in ROLLED_STATS]
SIZES = TABLES["size"]  # the seed's Target Size table: -8 (a keyhole) to 25 (250 km²)


class CheckForm(OwnStatNamed, TableForm):
    character = CharacterChoiceField(queryset=None, empty_label=None)
    skill = TextField(required=False, max_length=60, help_text="A skill from the sheet, unproficient, or a stat check.")
    stat = stat_field(STAT_CHOICES, label="Stat basis", help_text="The GM may name another stat basis.")
    # One model of a modifier for both kinds of check: a bonus (rules/zener/checks.py).
    modifier = optional_number(
        -MAX_MODIFIER,
        MAX_MODIFIER,
        initial=0,
        help_text="+ makes success likelier, − harder, on any check: a skill check adds it "
        "to the target, a stat check takes it off the 4d6.",
    )
    extra = optional_number(0, 5, initial=0, label="Further relevant skills (+2 each)")
    indirect = optional_number(0, 5, initial=0, label="Indirectly related skills (unproficient, +1 each)")
    time = index_choice(
        [
            (TIME_UNDER, f"under x{TIME_MULTIPLIERS[TIME_UNDER + 1]:g} time ({TIME_UNDER:+d})"),
            *((i, f"x{m:g} time ({i:+d})") for i, m in TIME_MULTIPLIERS.items()),
        ],
        blank=0,
        initial=0,
        label="Extra time or rushing",
        help_text="Extra time makes success likelier; rushing makes it harder. From the Aiming/Extra time table.",
    )
    assistants = optional_number(
        0,
        MAX_ASSISTANTS,
        initial=0,
        help_text="Assistants make success likelier; those further below the lead help less.",
    )
    # Seed, "Assistants": "For assistants of skill level 2 less, drop one level on the table, and so on"
    # (rules.zener.tables.assistants_index; rules page, #zener-assistants).
    assistant_level = index_choice(
        [(n, f"{n} level{'s' * (n != 1)} below the lead (skill −{n})") for n in range(1, ASSISTANT_LEVELS + 1)],
        blank=1,
        initial=1,
        label="The assistants' skill",
        help_text="4 assistants: +3 at skill −1, +2 at −2, +1 at −3, none at −4.",
    )
    # Seed, "Disadvantages": "ranked in terms of applicability of circumstance by the GM". The sheet's own
    # apply by themselves (rules.zener.disadvantages.bearing); this is one the GM rules bears on this check too.
    disadvantage = TextField(
        max_length=60,
        required=False,
        label="A disadvantage that bears on it too",
        help_text="One on the sheet the GM applies here: −2 a rank. Those the sheet says "
        "bear on the check apply by themselves.",
    )
    reaction_ms = optional_number(
        1,
        MAX_REACTION_MS,
        label="Micro-time: milliseconds to react",
        help_text="A NIM stat check to react in time: 250 ms −8, 1000 ms −6.",
    )
    # Seed, "Impossible Chances": extra benefits on a check that can't fail (rules.zener.checks.extra_benefits).
    benefit = optional_number(
        0,
        MAX_MODIFIER,
        initial=0,
        label="Extra benefits (the GM's difficulty)",
        help_text="Only on a check that can't fail: each 2 over 18 (24 on a stat check) "
        "rolls one more die, the lowest 3 (4) counting; this comes off the "
        "target.",
    )
    # Seed, "Eventual Success": the margin becomes the time it takes, instead of extra time as a bonus.
    eventual = forms.BooleanField(required=False, label="Eventual success: the roll says how long it takes")
    desired = optional_number(
        0,
        MAX_DESIRED,
        initial=0,
        label="Success wanted (by at least)",
        help_text="Eventual success: taken off the margin before reading the time (the seed's camp site: 5).",
    )
    # Seed, "Spot/Listen Checks": an AWA check where range and size count, and looking out helps.
    spot_size = optional_number(
        SIZES.low,
        SIZES.high,
        label="Spot/listen: size index",
        help_text="What is to be noticed (0: a human). Blank: not a spot check.",
    )
    spot_range = optional_number(
        -8, 60, label="Spot/listen: range index", help_text="Range over size is a penalty (the Range Adjustment table)."
    )
    looking = optional_number(0, MAX_LOOKING, initial=0, label="Actively looking out (up to +5)")
    label = TextField(max_length=100, required=False)

    # The usual check ("Pilot, no modifiers") in one row; the rest fold under "More modifiers (N set)".
    common = ("character", "skill", "stat", "modifier")

    def spotting(self) -> bool:
        data = self.cleaned_data
        return data.get("spot_size") is not None or data.get("spot_range") is not None or bool(data.get("looking"))

    def clean(self):
        data = super().clean()
        if self.spotting() and (data.get("skill", "").strip() or data.get("stat") != "AWA"):
            self.add_error("spot_range", "A spot or listen check is an AWA check: choose the stat check and AWA.")
        if data.get("reaction_ms") and (data.get("skill", "").strip() or data.get("stat") != "NIM"):
            self.add_error("reaction_ms", "A reaction save is a NIM stat check: choose the stat check and NIM.")
        if data.get("eventual") and data.get("time"):
            self.add_error("time", "Eventual success reads the time from the roll: leave the time at x1.")
        if data.get("desired") and not data.get("eventual"):
            self.add_error("desired", "A wanted margin is for an eventual success: tick it, or leave this at 0.")
        return data

    def table_modifier(self) -> int:
        """The index tables' bonus: extra time and assistants (rushing is a penalty), and the
        micro-time reaction's penalty (rules.zener.combat.reaction_modifier)."""
        data = self.cleaned_data
        reaction = reaction_modifier(data["reaction_ms"]) if data.get("reaction_ms") else 0
        helped = assistants_index(data["assistants"] or 0, data["assistant_level"] or 1)
        return (data["time"] or 0) + helped + reaction + self.spot()

    def assistance(self) -> str:
        """The log's words for the assistants' bonus, which the modifier's one number would hide:
        ", 4 assistants at skill −3 (+1)"."""
        data = self.cleaned_data
        if not data.get("assistants"):
            return ""
        count, level = data["assistants"], data["assistant_level"] or 1
        return f", {count} assistant{'s' * (count != 1)} at skill −{level} (+{assistants_index(count, level)})"

    def spot(self) -> int:
        data = self.cleaned_data
        if not self.spotting():
            return 0
        return spot_modifier(data["spot_size"] or 0, data["spot_range"] or 0, data["looking"] or 0)

    def __init__(self, *args, campaign, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        characters = reads.seated_query(campaign)
        self.fields["character"].queryset = characters if user is None else characters.filter(owner=user)
        name_own_stat(self, "stat", "stat")


class LanguageForm(TableForm):
    """A language roll (seed: "In-game language usage"): a LAN check at the aspect's ranks in the era at hand."""

    character = CharacterChoiceField(queryset=None, empty_label=None)
    language = TextField(max_length=100, help_text="A language on the sheet: 'Spanish', or 'Spanish, 1920s'.")
    aspect = forms.ChoiceField(choices=[(a, a) for a in ASPECTS])
    eras = optional_number(
        0, 20, initial=0, label="Era steps away", help_text="From the language's era to the one at hand."
    )
    # A quarter-rank step from the list, read as a number by the shared decimal reading.
    era_loss = forms.TypedChoiceField(
        choices=[(f"{q / 4:g}", f"{q / 4:g}") for q in range(0, 41)],
        initial="0",
        coerce=lambda text: decimal_number(text, 0, 10),
        empty_value=0.0,
        required=False,
        label="Ranks the eras take (the GM's estimate)",
        help_text="0 to 0.5 an era step, e.g. 0.25.",
    )
    related = optional_number(0, 5, initial=0, label="Related languages (+2 each)")
    label = TextField(max_length=100, required=False)

    def __init__(self, *args, campaign, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        characters = reads.seated_query(campaign)
        self.fields["character"].queryset = characters if user is None else characters.filter(owner=user)


class KarmaForm(SeatedCharacterForm):
    kind = forms.ChoiceField(
        choices=[
            ("complication", "Award: a complication (+2)"),
            ("npc_bonus", "Award: an NPC got +10 after a roll (+1)"),
            ("experience", "Award: experience (+amount)"),
            ("adventure", "Award: an adventure's experience (amount = its base XP)"),
            ("fortune", "Approve: a stroke of good fortune (−amount)"),
            ("skill_points", "Approve: skill points (2 per Karma, −amount)"),
            ("stat", "Approve: +1 to a stat (2 Karma, more above 25)"),
        ]
    )
    amount = optional_number(0, 50, initial=1)
    stat = forms.ChoiceField(choices=[("", "(for +1 to a stat)"), *STAT_CHOICES], required=False)
    setbacks = optional_number(
        0, MAX_BASE, initial=0, help_text="For an adventure: setbacks beaten without Karma (+2 XP each)."
    )
    solution = forms.ChoiceField(
        choices=[("", "(for an adventure: the locals' problem)"), *SOLUTION_NAMES.items()], required=False
    )
    selfish = forms.BooleanField(required=False, label="Selfish or amoral play (−1 XP)")


class AttackForm(TableForm):
    attacker = CharacterChoiceField(queryset=None, empty_label=None)
    target = CharacterChoiceField(queryset=None, empty_label=None)
    stat = forms.ChoiceField(choices=[("ACC", "ACC (aimed)"), ("MEL", "MEL (melee)")], label="Attack stat")
    ranks = optional_number(
        0,
        MAX_WEAPON_RANKS,
        label="Weapon skill ranks",
        help_text="Blank: the attacker's skill named like the weapon (else 0).",
    )
    weapon = TextField(
        max_length=60,
        initial="2d6",
        label="Weapon",
        help_text="A weapon on the attacker's sheet, or its damage, e.g. 2d6.",
    )
    fire = forms.ChoiceField(
        choices=[(key, label.capitalize()) for key, (label, _) in FIRE.items()],
        required=False,
        label="Rate of fire",
        help_text="A short burst adds 1d6 damage, full auto 2½d6 (2d6+1d3).",
    )
    armour = optional_number(
        0, 10, label="Target's armour (0-10)", help_text="Blank: the armour on the target's sheet."
    )
    size = WholeNumberField(
        min_value=SIZES.low,
        max_value=SIZES.high,
        initial=0,
        label="Target size index",
        help_text="The whole target's (0: a human); the aim adds its own.",
    )
    # The hit-location columns: the aim picks the column and its target size.
    aim = forms.ChoiceField(
        choices=[(key, f"{name} ({size:+d})") for key, (name, size, _) in COLUMNS.items()],
        initial="whole",
        required=False,
        label="Aimed at",
    )
    choice = forms.ChoiceField(
        choices=[
            (part, part_name(part))
            for part in dict.fromkeys(p for _, _, bands in COLUMNS.values() for _, p in bands if p != "choice")
        ],
        initial="skull",
        required=False,
        label="Attacker's choice",
        help_text="Where the attack lands if the location roll is the attacker's choice (a critical location "
        "automatically if it can be one); on the aim's column.",
    )
    range_ = WholeNumberField(min_value=-8, max_value=60, initial=0, label="Range index")
    # The time chart's whole range, its "< x0.1" row to +13; the weapon kind caps it above (rules page, Aiming).
    aiming = WholeNumberField(
        min_value=TIME_UNDER,
        max_value=max(TIME_MULTIPLIERS),
        initial=0,
        label="Aiming index",
        help_text="Seconds aimed on the time chart: 2 s +2, 10 s +4, 10 min +9; a snap "
        "shot under a tenth of the time −6.",
    )
    # Seed, "Aiming": "Pistols capped at 2 sec, Rifles capped at 10 sec, Sniper attacks capped at 10 min."
    weapon_kind = forms.ChoiceField(
        choices=[
            ("", "(no cap)"),
            *(
                (kind, f"{kind.capitalize()} (aims up to {aiming_cap(kind)[0]:g} s, +{aiming_cap(kind)[1]})")
                for kind in AIM_SECONDS
            ),
        ],
        required=False,
        label="Aimed weapon",
    )
    suppression = forms.BooleanField(required=False, label="Suppression fire (−5, not aimed)")
    circumstance = WholeNumberField(min_value=-20, max_value=20, initial=0)
    # Blank, like the target's: a 0 posted by default would take off the armour the attacker's sheet wears.
    attacker_armour = optional_number(
        0, 10, label="Attacker's armour (0-10)", help_text="Blank: the armour on the attacker's sheet."
    )
    cover = forms.BooleanField(required=False, label="The target is smaller because of cover")

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["attacker"].queryset = self.fields["target"].queryset = reads.seated_query(campaign)

    def clean(self):
        """A weapon not on the attacker's sheet is damage notation (actions.attack): what the dice cannot roll is
        refused beside the field, not above the button a screen below it on a phone."""
        data = super().clean()
        weapon, attacker = data.get("weapon"), data.get("attacker")
        if weapon and attacker and not any(w["name"] == weapon for w in attacker.sheet.get("weapons", [])):
            try:
                parse(weapon)
            except RulesError as error:
                self.add_error("weapon", str(error))
        return data


class SkipActionForm(SeatedCharacterForm):
    """A missed action: 1/3 of the shock back (seed: "SHOCK"), and the end of unconsciousness."""

    wake = forms.BooleanField(required=False, initial=True, label="Unconscious: the time is up, they wake")
