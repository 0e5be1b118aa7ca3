"""Zener Gate's character-sheet form: gathers the sheet; the rules validate it."""

import re

from django import forms

from campaigns.common import sources
from campaigns.common.inputs import TextField, WholeNumberField, whole_number
from campaigns.models import Roll
from campaigns.plugins.forms import optional_number
from campaigns.systems.zener.gear_sheet import costs_text
from campaigns.systems.zener.growth import budget_line, sheet_karma_problem
from campaigns.systems.zener.sheet_rows import CHOICES, DisadvantageRow, LanguageRow, SkillRow, WeaponRow
from campaigns.systems.zener.templatetags.zener import stat_in_play
from characters.forms import CharacterForm, notes_field, refuse
from characters.rows import RowList
from rules.errors import RulesError
from rules.zener.armour import MAX_HAND_PROTECTION, TECH_SHIFT, WORN_STATS, worn
from rules.zener.disadvantages import creation_stats
from rules.zener.languages import language_budget
from rules.zener.recovery import CARE, HEALABLE
from rules.zener.stats import ROLLED_STATS as ZENER_STATS
from rules.zener.stats import STAT_RANGE as ZENER_STAT_RANGE
from rules.zener.stats import derived, in_play
from rules.zener.words import counted

CHECKBOX = "systems/zener/_checkbox_field.html"  # an app template: the form renderer reads app folders
TRADES_FIXED = "Trades are made when the character is made; ask the GM."
KARMA_TRADE = re.compile(r"(?P<lowered>\w+)\s*>\s*(?P<raised>\w+)")


def trades_changed(stored: dict, sheet: dict) -> bool:
    """Whether the sheet changes the trades of creation: the stats as rolled, the Karma trades, or a traded
    stat as made (a new trade of skill points, rules.zener.disadvantages.trade_points)."""
    if any((stored.get(key) or None) != (sheet.get(key) or None) for key in ("rolled", "karma_trades")):
        return True
    traded = set(stored.get("rolled") or {}) | set(sheet.get("rolled") or {})
    before, after = creation_stats({"stats": {}, **stored}), creation_stats(sheet)
    return any(before.get(name) != after.get(name) for name in traded)


def _keep_learned(languages: list[dict], before: list[dict]) -> list[dict]:
    """Ranks learned in play stay learned through an edit of the sheet (the starting budget skips them)."""
    learned = {(x["name"], x["era"]): x["learned"] for x in before if x.get("learned")}
    return [
        x | ({"learned": learned[x["name"], x["era"]]} if (x["name"], x["era"]) in learned else {}) for x in languages
    ]


def budget_text(sheet: dict) -> str:
    """The sheet's language budget as it stands (seed: "Starting Languages"), and its immersion clocks."""
    try:
        intelligence = derived(sheet["stats"], tuple(sheet["int_dice"]))["INT"]
        budget = language_budget(sheet.get("languages", []), intelligence=intelligence, skills=sheet.get("skills", []))
    except (KeyError, RulesError):
        return ""
    lan = f"{budget.lan_skill} {budget.lan_ranks}" if budget.lan_skill else "no skill on LAN"
    free = f"{budget.free} free language{'s' if budget.free != 1 else ''}"
    given_up = f"{budget.given_up} native rank{'s' if budget.given_up != 1 else ''}"
    text = (
        f" Your budget: {free} at 1 rank (INT {intelligence}); {counted(budget.points, 'point')} ({given_up} "
        f"given up × 2 + {lan}); {budget.spent} spent beyond the free ones, {budget.left} left."
    )
    learned = [f"{x['name']} ({x['era']})" for x in sheet.get("languages", []) if x.get("learned")]
    if learned:
        text += " Learned in play, not counted: " + ", ".join(learned) + "."
    for clock in sheet.get("immersion", []):
        text += " " + clock_text(clock)
    return text


def clock_text(clock: dict) -> str:
    """ "Immersed in French (16th century) among 18th century speakers: 2 hours toward the next rank." """
    where = f"Immersed in {clock['name']} ({clock['era']}) among {clock['among']} speakers: "
    if clock["ear"]:
        ear = counted(clock["ear"], "era rank")
        return where + f"adjusting the ear, {clock['ear_hours']} of 6 hours ({ear} to pay off)."
    return where + f"{counted(clock['hours'], 'hour')} toward the next rank."


def _karma_trades(text: str) -> list[list[str]]:
    """'PERS>STR, AWA>ACC': each the stat lowered by 1, then the stat raised by 2."""
    trades = []
    for item in (part.strip() for part in text.split(",")):
        match = KARMA_TRADE.fullmatch(item) if item else None
        if item and match is None:
            refuse("karma_trades", f"Write each Karma trade as 'LOWERED>RAISED', e.g. 'PERS>STR'; '{item}' is not.")
        if match:
            trades.append([match["lowered"].upper(), match["raised"].upper()])
    return trades


SHEET_NUMBER = 999_999  # six digits, as the sheet's other numbers; the rules then bound each one


def _stat_damage(text: str) -> dict:
    """'RES 1, STR 2' as {stat: damage}, each stat once; the rules check the stats' names."""
    damage = {}
    for item in text.split(","):
        stat, _, amount = item.strip().partition(" ")
        stat, amount = stat.upper(), amount.strip()
        if not stat:
            continue
        if not amount:
            refuse("stat_damage", f"Stat damage: give {stat} a number, e.g. '{stat} 1'.")
        number = whole_number(amount, -SHEET_NUMBER, SHEET_NUMBER)
        if number is None:
            refuse("stat_damage", f"Stat damage: {stat} takes a whole number, e.g. '{stat} 1'; {amount} is not one.")
        if number < 0:
            refuse("stat_damage", f"Stat damage: {stat} {amount}: damage is never negative.")
        if number > 999:
            refuse("stat_damage", f"Stat damage: {stat} {amount} is more than 999.")
        if stat in damage:
            refuse("stat_damage", f"Stat damage names {stat} twice; give it once, with the whole damage.")
        damage[stat] = number
    return damage


def _heal_first(text: str) -> list[str]:
    """'STR, DEX' as the stats the player wants healed first, in order, each once (rules.zener.recovery)."""
    order = []
    for item in (part.strip().upper() for part in text.split(",")):
        if not item:
            continue
        if item not in HEALABLE:
            refuse(
                "heal_first",
                f"Heal first: {item} is not a stat stat damage lowers; name them from " + ", ".join(HEALABLE) + ".",
            )
        if item in order:
            refuse("heal_first", f"Heal first names {item} twice; give each stat once.")
        order.append(item)
    return order


def _rolled(text: str) -> dict:
    """'STR 12, PERS 12': the traded stats as rolled; the rules check the names and values."""
    rolled = {}
    for item in (part.strip() for part in text.split(",")):
        stat, _, value = item.partition(" ")
        if not item:
            continue
        number = whole_number(value, -SHEET_NUMBER, SHEET_NUMBER)
        if number is None:
            refuse("rolled", f"Stats as rolled: write each as 'STR 12'; '{item}' is not.")
        rolled[stat.upper()] = number
    return rolled


# The armour's fields of what it was bought as, and their keys in the sheet's "armour_design" (seed: "Armor").
ARMOUR_BOUGHT = {
    "armour_coverage": "coverage",
    "armour_nim": "nim_penalty",
    "armour_skill": "skill",
    "armour_found": "found",
}


class ZenerSheetForm(CharacterForm):
    """Zener Gate: the thirteen rolled stats and skills; INT's two d6 are rolled once, at creation."""

    row_lists = {
        "skills": RowList(
            SkillRow,
            "Skills",
            "Each skill with its breadth, stat and ranks. Your profession first.",
            before="disadvantages",
            row_label="Skill",
            choices=CHOICES["skills"],
        ),
        "disadvantages": RowList(
            DisadvantageRow,
            "Disadvantages",
            "Each rank after the first is worth 1 point less "
            "(at least 1); their points add to your skill points. At most as many disadvantages "
            "as your current Karma.",
            before="armour",
            row_label="Disadvantage",
        ),
        "languages": RowList(
            LanguageRow,
            "Languages",
            "The aspect bought (spoken, heard, written or read; the "
            "others follow) and its ranks; your native language as native, free at 3 ranks in each "
            "aspect, or with ranks given up, 2 points each. Starting languages: one free language "
            "at 1 rank per 5 INT; points from native ranks given up and your LAN skill's ranks (a "
            "skill on LAN); 1 point buys a language at 0 ranks, each further point a rank.",
            before="armour",
            row_label="Language",
            choices=CHOICES["languages"],
        ),
        "weapons": RowList(
            WeaponRow,
            "Weapons",
            "Each weapon as bought; the rules price it in skill points.",
            before="trauma",
            row_label="Weapon",
        ),
    }
    profession = TextField(
        required=False,
        max_length=60,
        help_text='A skill of yours, listed first below (seed: "Their profession must be the '
        'first such skill listed"); blank: your first skill.',
    )
    rolled = TextField(
        required=False,
        max_length=200,
        label="Stats as rolled",
        help_text="The stats you traded, as rolled, e.g. 'STR 12, PERS 12'. At creation +1 to a stat "
        "costs 3 skill points, -1 gives 2.",
    )
    karma_trades = TextField(
        required=False,
        max_length=200,
        label="Karma trades",
        help_text="At creation, 1 Karma each: 'PERS>STR' lowers PERS by 1 and raises STR by "
        "2, from your starting Karma.",
    )
    notes = notes_field()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.stored_sheet = dict(self.instance.sheet or {})  # the sheet as saved, before this form's changes
        stats, (low, high) = (self.instance.sheet or {}).get("stats", {}), ZENER_STAT_RANGE
        for name in ZENER_STATS:
            self.fields[f"stat__{name}"] = WholeNumberField(
                label=name, initial=stats.get(name, 10), min_value=low, max_value=high, help_text=f"{low} to {high}."
            )
        self._show_stats_in_play()
        self._show_worn()
        weapons_cost, armour_cost = costs_text(self.instance.sheet or {})
        self.list_help["weapons"] += weapons_cost
        self.fields["armour"].help_text += armour_cost
        self._show_state()
        self.list_help["languages"] += budget_text(self.instance.sheet or {})
        self.order_fields(
            [
                "name",
                *(f"stat__{name}" for name in ZENER_STATS),
                "rolled",
                "karma_trades",
                "profession",
                "armour",
                "armour_tech",
                "hand_protection",
                "armour_coverage",
                "armour_nim",
                "armour_skill",
                "armour_found",
                "trauma",
                "shock",
                "end_spent",
                "stat_damage",
                "heal_first",
                "care",
                "notes",
            ]
        )
        self.int_dice = self._int_dice()
        plus, minus = self.int_dice
        self.list_help["skills"] += (
            f" INT's dice: +{plus} −{minus}, rolled once for this character: INT = (PRAC + THEO + ENC + LAN) / 4,"
            f" rounded down, {plus - minus:+d}; skill points = INT × 2, + disadvantages and stat trades."
        )
        if self.instance.sheet:
            self.list_help["skills"] += " " + budget_line(self.instance.sheet)

    def _show_stats_in_play(self) -> None:
        """Beside each stat that stat damage has lowered, its value in play: "In play: RES 12 (14)".
        The field keeps the sheet's stat, which healing returns to."""
        sheet = self.instance.sheet or {}
        damage = sheet.get("damage", {})
        radiation = damage.get("radiation", {})
        moved = radiation.get("moved", {})  # long-term CON loss the GM moved here (rules.zener.radiation)
        if not damage.get("stats") and not radiation.get("con") and not moved:
            return
        values, whole = in_play(sheet), in_play({**sheet, "damage": {}})
        for name in ZENER_STATS:
            if values[name] != whole[name]:
                field = self.fields[f"stat__{name}"]
                hurt = "stat damage and " if damage.get("stats", {}).get(name) else ""
                why = (
                    f"{hurt}{moved[name]} long-term CON loss moved here from radiation"
                    if name in moved
                    else ("stat damage")
                )
                field.help_text += f" In play: {stat_in_play(values, whole, name)}, after {why}."
        if radiation.get("con"):  # long-term CON damage lowers CON alone (rules.zener.radiation)
            hurt = " stat damage and" if damage.get("stats", {}).get("CON") else ""
            many = radiation.get("transitions", 0)
            self.fields["stat__CON"].help_text = (
                f"{ZENER_STAT_RANGE[0]} to {ZENER_STAT_RANGE[1]}. In play: {stat_in_play(values, whole, 'CON')}, "
                f"after{hurt} {radiation['con']} long-term CON damage from radiation ({many} transition"
                f"{'s' if many != 1 else ''})."
            )

    def _show_worn(self) -> None:
        """Beside the armour, each stat it changes as it plays, the unarmoured value in brackets: "In this
        armour: NIM 9 (12), …, DEX in use 9 (12)." (rules.zener.armour: its technology, the gloves)."""
        sheet = self.instance.sheet or {}
        if "stats" not in sheet:
            return
        values, bare = worn(sheet), in_play(sheet)
        changed = [
            f"{name} {values[name]} ({bare[name]})"
            for name in (*WORN_STATS, "DEX in use")
            if values[name] != bare[name]
        ]
        if changed:
            self.fields["armour"].help_text += " In this armour: " + ", ".join(changed) + "."

    def _show_state(self) -> None:
        """The character's state beside the shock that causes it: "State: unconscious for 10 seconds". An
        attack's failed save or shock over HP sets it, the GM's missed action ends it (seed: "SHOCK")."""
        sheet = self.instance.sheet or {}
        state = sheet.get("state", "conscious")  # or dying or dead (rules.zener.death)
        out_for = f" for {sheet['out_for']}" if state == "unconscious" and sheet.get("out_for") else ""
        self.fields["shock"].help_text += f" State: {state}{out_for}."

    def _int_key(self) -> str:
        return f"zener-int-dice-{self.instance.campaign_id}"

    def _int_dice(self) -> list[int]:
        """INT's 1d6 - 1d6 (seed: "INT"), rolled once per character and shown before any skill point
        is spent. Until the first save they wait in the user's session (server-side), so neither a
        refused sheet nor a reload rolls them again, and the browser never holds them to forge."""
        sheet = self.instance.sheet or {}
        if "int_dice" in sheet:
            return list(sheet["int_dice"])
        pending = self.session if self.session is not None else {}
        if self._int_key() not in pending:
            pending[self._int_key()] = [sources.dice().roll(6), sources.dice().roll(6)]
        return list(pending[self._int_key()])

    def clean(self):
        """What the current Karma refuses (growth.sheet_karma_problem) is refused before the rules read it."""
        cleaned = super().clean()
        if not self.errors:
            stored = self.stored_sheet if self.instance.pk else {}
            problem = sheet_karma_problem(self.instance, stored, self.instance.sheet, self.cleaned_data["name"])
            if problem:
                self.add_error("disadvantages", problem)
        if not self.errors and self._trades_fixed():
            self.add_error("karma_trades", TRADES_FIXED)
        return cleaned

    def _trades_fixed(self) -> bool:
        """Whether this save changes trades that are no longer open. Seed, "Improving Stats" and "Other Uses
        For Karma": the trades are made "during character construction"; a character with a roll in the log
        has played."""
        if not self.instance.pk or not trades_changed(self.stored_sheet, self.instance.sheet):
            return False
        return Roll.objects.filter(character=self.instance).exists()

    def save(self, commit=True):
        character = super().save(commit)
        if self.session is not None:
            self.session.pop(self._int_key(), None)  # the next new character rolls its own
        return character

    armour = optional_number(0, 10, help_text="Armour worn, 0 (none) to 10.")
    # Seed, "Other Armour Effects": low-tech armour "adds 1, 2, or even 3 to the armor type", high-tech "subtracts
    # 1, 2, 3, 4, or even 5", for NIM, ACC and MEL; the seed gives hand protection no number (rules.zener.armour).
    armour_tech = optional_number(
        *TECH_SHIFT,
        label="Armour technology",
        help_text="0: of this world's technology; +1 to +3 from a low-tech world, "
        "−1 to −5 from a high-tech one (shifts the armour type for NIM, ACC "
        "and MEL).",
    )
    hand_protection = optional_number(
        0,
        MAX_HAND_PROTECTION,
        help_text=f"Gloves or gauntlets: the GM's penalty to DEX in use, 0 (none) to {MAX_HAND_PROTECTION}.",
    )
    # What the armour was bought as (seed: "Armor"); its cost counts against the skill points.
    armour_coverage = optional_number(
        1, 4, label="Armour coverage", help_text="1 to 4 quarters of the body; blank: whole body."
    )
    armour_nim = optional_number(
        0, 10, label="Armour's NIM penalty", help_text="The GM's; blank: the armour table's (type, technology)."
    )
    # The box inside its label, the help below, as the app's other checkboxes (found in a play-test).
    armour_skill = forms.BooleanField(
        required=False,
        label="Armour skill",
        template_name=CHECKBOX,
        help_text="You take a skill in its use: it costs half, rounded up.",
    )
    armour_found = forms.BooleanField(
        required=False,
        label="Armour found",
        template_name=CHECKBOX,
        help_text="Found in the adventure, not taken on: it is free.",
    )

    trauma = optional_number(0, 999, help_text="Trauma taken; lower it as it heals.")
    shock = optional_number(0, 999, help_text="Shock taken.")
    end_spent = optional_number(
        0, 999, label="END spent", help_text="END spent on attacks and efforts; lower it as it returns."
    )
    stat_damage = TextField(required=False, max_length=200, help_text="Stat damage, e.g. 'RES 1, STR 2'.")
    # Seed, "Damage & Recovery": "the character selects which stats experience this recovery" (rules.zener.recovery).
    heal_first = TextField(
        required=False,
        max_length=120,
        label="Heal first",
        help_text="The stats you want each day's recovery to heal first, in order, e.g. 'STR, "
        "DEX'; stats not listed heal the most damaged first.",
    )
    care = forms.ChoiceField(
        choices=[(CARE[0], "more points a day"), (CARE[1], "more stats healed")],
        required=False,
        label="Medical care adds",
        help_text="Healing ranks of medical care add to the points healed a day, or to the "
        "number of stats healed, a point each.",
    )

    def initial_from(self, sheet: dict, name: str):
        damage = sheet.get("damage", {})
        if name in ("trauma", "shock", "end_spent"):
            return damage.get(name, 0)
        if name in ("armour", "armour_tech", "hand_protection"):
            return sheet.get(name, 0)
        if name in ARMOUR_BOUGHT:
            return sheet.get("armour_design", {}).get(ARMOUR_BOUGHT[name])
        if name == "rolled":
            return ", ".join(f"{stat} {n}" for stat, n in sheet.get("rolled", {}).items())
        if name == "karma_trades":
            return ", ".join(f"{down}>{up}" for down, up in sheet.get("karma_trades", []))
        if name == "stat_damage":
            return ", ".join(f"{stat} {n}" for stat, n in damage.get("stats", {}).items())
        if name == "heal_first":
            return ", ".join(sheet.get("heal_first", []))
        if name == "care":
            return sheet.get("care", CARE[0])
        return sheet.get(name, "")

    def sheet(self) -> dict:
        data = self.cleaned_data
        sheet = {**(self.instance.sheet or {}), "int_dice": self.int_dice}
        skills = self.rows("skills")
        stat_damage = _stat_damage(data["stat_damage"])
        damage = {key: data[key] or 0 for key in ("trauma", "shock", "end_spent")} | {"stats": stat_damage}
        # Kept as recovery and radiation left them: the healing parts of the stat damage, the radiation record.
        kept = sheet.get("damage", {})
        damage |= {key: kept[key] for key in ("stat_pace", "stat_late", "radiation") if key in kept}
        weapons = self.rows("weapons")
        armour_design = {
            "coverage": data["armour_coverage"] or 4,
            "skill": data["armour_skill"],
            "found": data["armour_found"],
        }
        if data["armour_nim"] is not None:
            armour_design["nim_penalty"] = data["armour_nim"]
        return {
            **sheet,
            "stats": {name: data[f"stat__{name}"] for name in ZENER_STATS},
            # Left blank, the profession is the first skill listed: a player writes it once.
            "profession": data["profession"].strip() or (skills[0]["name"] if skills else ""),
            "skills": skills,
            "disadvantages": self.rows("disadvantages"),
            "rolled": _rolled(data["rolled"]),
            "karma_trades": _karma_trades(data["karma_trades"]),
            "languages": _keep_learned(self.rows("languages"), sheet.get("languages", [])),
            "armour": data["armour"] or 0,
            "armour_tech": data["armour_tech"] or 0,
            "hand_protection": data["hand_protection"] or 0,
            "armour_design": armour_design,
            "weapons": weapons,
            "damage": damage,
            "heal_first": _heal_first(data["heal_first"]),
            "care": data["care"] or CARE[0],
            "notes": data["notes"],
        }
