"""Zener Gate's character card: the sheet at a glance, and a button per rollable thing on it:
every skill (3d6 at or under ranks + the stat's foundation), every rolled stat (a stat check, 4d6 at or
under the stat) and every weapon (its attack roll, 3d6). One click rolls through the panel's own
actions (`actions.check_for`, `actions.attack_roll_for`, `actions.make_check`) with the sheet's values;
the "⋯" adds a modifier, extra time (aiming, for an attack) and, for attacks, the target's Defense."""

from __future__ import annotations

from django import forms

from campaigns.calls.cards import Card, CardRoll
from campaigns.common.inputs import WholeNumberField
from campaigns.systems.zener import actions, quick
from campaigns.systems.zener.karma_read import karma_for
from campaigns.systems.zener.quick import quick_form
from campaigns.table.forms import TableForm
from rules.errors import RulesError
from rules.zener.armour import worn
from rules.zener.checks import MAX_MODIFIER, chance_of_success
from rules.zener.combat import defense as defense_of
from rules.zener.death import state_of
from rules.zener.disadvantages import PENALTY_PER_RANK
from rules.zener.endurance import end_left
from rules.zener.stats import ROLLED_STATS, in_play
from rules.zener.tables import TIME_MULTIPLIERS, TIME_UNDER

GLANCE = "systems/zener/card_glance.html"
_CHECKED = {"DEX": "DEX in use"}
# The target's Defense an attack roll meets when nobody says otherwise: RES 15 and no armour, Defense 0, the
# seed's "human-sized whole-body target" where range and aiming cancel out ("Attacks"; published on /rules/zener/).
DEFAULT_DEFENSE = 0
MAX_DEFENSE = defense_of(40, 10)


class CardOptions(TableForm):
    """The few things a Zener roll asks beyond the sheet, each blank for the usual: no modifier, normal time,
    Defense 0. The panel's check form keeps the rest (further skills, assistants, spot checks…)."""

    modifier = WholeNumberField(
        min_value=-MAX_MODIFIER,
        max_value=MAX_MODIFIER,
        required=False,
        help_text="+ makes success likelier, − harder. Blank: 0.",
    )
    time = forms.TypedChoiceField(
        choices=[("", "x1 time (normal)")]
        + [(TIME_UNDER, f"under x{TIME_MULTIPLIERS[TIME_UNDER + 1]:g} time ({TIME_UNDER:+d})")]
        + [(i, f"x{m:g} time ({i:+d})") for i, m in TIME_MULTIPLIERS.items() if i],
        coerce=int,
        required=False,
        empty_value=0,
        label="Extra time, aiming or rushing",
    )
    defense = WholeNumberField(
        min_value=-14,
        max_value=MAX_DEFENSE,
        required=False,
        label="Target's Defense (attacks)",
        help_text=f"RES − 15 + armour. Blank: {DEFAULT_DEFENSE}.",
    )


def options_form(character, data=None) -> CardOptions:
    # A prefix per character: the panel's check form has a modifier too, and ids must not repeat.
    return CardOptions(data or None, prefix=f"card{character.pk}")


def _odds(check) -> str:
    """ "≤ 11 · 62%": the target and the chance; the dice too when an impossible chance adds some ("5d6 ≤ 4"),
    else the group's heading names them (thumb-sized buttons two to a row at 360 px)."""
    dice, target = check.rolled
    rolled = f"{dice}d6 " if dice != check.dice else ""
    return f"{rolled}≤ {target} · {float(chance_of_success(check)):.0%}"


def _weapons(sheet: dict) -> list[dict]:
    return sheet.get("weapons", [])


def card(character, *, data=None) -> Card:
    sheet = character.sheet
    rolls: list[CardRoll] = []
    # A weapon skill named like a weapon carried is rolled as that weapon's attack (actions.weapon_skill).
    carried = {weapon["name"].lower() for weapon in _weapons(sheet)}
    for skill in (s for s in sheet.get("skills", []) if s["name"].lower() not in carried):
        _, check = actions.check_for(character, stat="", skill=skill["name"])
        rolls.append(CardRoll(f"skill:{skill['name']}", skill["name"], _odds(check), "Skills, 3d6"))
    for weapon in _weapons(sheet):
        _, check = actions.attack_roll_for(character, weapon=weapon, defense=DEFAULT_DEFENSE)
        what = f"{weapon['name']} attack"
        rolls.append(CardRoll(f"weapon:{weapon['name']}", what, _odds(check), "Weapon attacks, 3d6"))
    for stat in ROLLED_STATS:
        _, check = actions.check_for(character, stat=stat)
        rolls.append(CardRoll(f"stat:{stat}", stat, _odds(check), "Stat checks, 4d6"))
    values, playing = in_play(sheet), worn(sheet)
    left, whole = end_left(sheet)
    damage = sheet.get("damage", {})
    context = {
        "values": values,
        # Each stat as its check reads it (actions.check_for): stat damage and the armour worn (no armour is
        # RES −4, the seed's armour table), DEX in use for DEX; the sheet's own value beside it when they differ.
        "stats": [(stat, playing[_CHECKED.get(stat, stat)], sheet["stats"][stat]) for stat in ROLLED_STATS],
        "end_left": left,
        "end": whole,
        "hp_left": values["HP"] - damage.get("trauma", 0),
        "shock": damage.get("shock", 0),
        "stat_damage": damage.get("stats", {}),
        "state": state_of(sheet),
        "weapons": _weapons(sheet),
        # What each disadvantage takes off the checks it bears on (rules.zener.disadvantages.bearing): the card's
        # buttons and odds already count it; this says why a skill's odds are lower.
        "disadvantages": [
            (d["name"], d["ranks"], PENALTY_PER_RANK * d["ranks"], ", ".join(d.get("bears_on", [])))
            for d in sheet.get("disadvantages", [])
        ],
        # What a Karma re-roll can spend (play-test: the card showed no Karma); it is as of the card's drawing,
        # like HP: the panel's Karma list is the one kept live.
        "karma": karma_for(character),
    }
    # The GM's quick edits under the glance on the Characters tab; no query (quick.quick_form).
    context["quick_form"] = quick_form(character)
    return Card(tuple(rolls), GLANCE, context, options_form(character, data), gm_tools=quick.TOOLS)


def card_roll(character, key: str, options: dict, *, actor, label: str = ""):
    """One click: a check (skill or stat) or a weapon's attack roll, in the open, through make_check."""
    kind, _, name = key.partition(":")
    modifier, time = options.get("modifier") or 0, options.get("time") or 0
    if kind == "weapon":
        weapon = next((w for w in _weapons(character.sheet) if w["name"] == name), None)
        if weapon is None:
            raise RulesError(f"{character.name} has no weapon called {name}.")
        defense = DEFAULT_DEFENSE if options.get("defense") is None else options["defense"]
        what, check = actions.attack_roll_for(character, weapon=weapon, defense=defense, modifier=modifier, aiming=time)
    elif kind in ("skill", "stat"):
        # Extra time is a bonus on a check, as the panel's form adds it (views._check_from, table_modifier).
        stat, skill = ("", name) if kind == "skill" else (name, "")
        what, check = actions.check_for(character, stat=stat, skill=skill, modifier=modifier + time)
    else:
        raise RulesError("That roll is not on this character's card.")
    return actions.make_check(character.campaign, actor, character=character, what=what, check=check, label=label)
