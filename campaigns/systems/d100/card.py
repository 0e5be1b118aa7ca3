"""d100's character card: the sheet at a glance, and a button per skill (tested with its
own attribute), per primary attribute, and per special die (Fury, Chaos).

One click rolls a test at once, at Standard (no penalty or bonus), through the table's own
`actions.start_test`: the seed's test waits on nobody unless the GM makes it secret ("Secret
tests": "When the GM doesn't want you to know..."), and Standard is its difficulty table's middle,
"No penalties or bonuses". Reading (published on /rules/#d100). The "⋯" options choose another
difficulty, or leave it to the GM (the test then waits for the GM's secret difficulty, as the
test form's), a flip, the time taken and the GM's synergy."""

from __future__ import annotations

from django import forms

from campaigns.calls.cards import Card, CardRoll
from campaigns.systems.d100 import actions
from campaigns.systems.d100.forms import synergy_field, time_field
from rules.d100.sheet import PERIL_STEPS
from rules.d100.test import DIFFICULTIES, Flip
from rules.errors import RulesError

# What one click rolls at, and the options' word for "the GM sets it (secret)".
DEFAULT_DIFFICULTY = "standard"
GM_SETS_IT = "gm"
DIFFICULTY_REFUSED = "The difficulty is Arduous, Hard, Challenging, Standard, Routine, Easy, Trivial or the GM's."
DICE = {"fury": "Fury die", "chaos": "Chaos die"}


class CardOptions(forms.Form):
    """The few things a d100 test may change, each blank for the one-click default."""

    difficulty = forms.ChoiceField(
        choices=[
            *((key, f"{key.title()} ({v:+d})") for key, v in DIFFICULTIES.items()),
            (GM_SETS_IT, "The GM sets it (secret)"),
        ],
        initial=DEFAULT_DIFFICULTY,
        required=False,
        error_messages={"invalid_choice": DIFFICULTY_REFUSED},
    )
    flip = forms.ChoiceField(
        choices=[("", "No flip"), (Flip.SUCCEED, "Flip to succeed"), (Flip.FAIL, "Flip to fail")],
        required=False,
        error_messages={"invalid_choice": "Flip to succeed, flip to fail, or no flip."},
    )
    time = time_field()
    synergy = synergy_field()

    def clean_difficulty(self) -> str:
        return self.cleaned_data["difficulty"] or DEFAULT_DIFFICULTY


def _chance(side: dict) -> str:
    """What a button rolls at a glance: the base chance at Standard (a special skill untrained flips to fail)."""
    return f"{side['base']}%" + (", flips to fail" if side["untrained_special"] else "")


def card(character, *, data=None) -> Card:
    campaign, sheet = character.campaign, character.sheet
    cap = actions.modifier_cap(campaign)
    rolls = []

    def add(key: str, what: str, group: str, skill: str, attribute: str) -> None:
        try:
            side = actions.side_for(character, skill, attribute, cap=cap)
        except RulesError:
            return  # an attribute the GM took off the campaign's list: no longer tested (side_for)
        rolls.append(CardRoll(key, what, _chance(side), group))

    seen = set()
    for skill in sheet["skills"]:
        if skill["name"].casefold() not in seen:
            seen.add(skill["name"].casefold())
            add(f"skill:{skill['name']}", skill["name"], "Skills", skill["name"], "")
    for attribute in sheet["attributes"]:
        add(f"attribute:{attribute}", attribute, "Attributes", "", attribute)
    rolls += [CardRoll(f"die:{die}", name, "d6", "Dice") for die, name in DICE.items()]
    context = {"peril": PERIL_STEPS[sheet["peril"]], "peril_steps": PERIL_STEPS}
    options = CardOptions(data, auto_id=f"card{character.pk}-%s")
    return Card(
        tuple(rolls),
        glance="systems/d100/card_glance.html",
        context=context,
        options=options,
        gm_tools="systems/d100/gm_tools.html",
    )


def card_roll(character, key: str, options: dict, *, actor, label: str = ""):
    """The button `key` rolled now (a test, or a Fury or Chaos die); None when the options leave
    the difficulty to the GM: the test waits for it, as any secret test."""
    kind, _, name = key.partition(":")
    campaign = character.campaign
    if kind == "die":
        return actions.roll_special_die(campaign, actor, character=character, die=name, label=label)
    if kind not in ("skill", "attribute"):
        raise RulesError("Roll a skill, an attribute, a Fury die or a Chaos die.")
    difficulty = options.get("difficulty") or DEFAULT_DIFFICULTY
    skill, attribute = (name, "") if kind == "skill" else ("", name)
    call = actions.start_test(
        campaign,
        actor,
        character=character,
        skill=skill,
        attribute=attribute,
        difficulty=None if difficulty == GM_SETS_IT else difficulty,
        how=Flip(options.get("flip") or ""),
        synergy=bool(options.get("synergy")),
        time=options.get("time") or "normal",
        label=label,
        secret=bool(options.get("called_secret")),  # the GM's call with a secret difficulty: a secret test
    )
    return None if difficulty == GM_SETS_IT else call.roll
