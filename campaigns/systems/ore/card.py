"""The One-Roll Engine's character card: a button per stat (its dice alone) and per
skill (stat + skill dice, its hard and wiggle dice with them: seed "Stats & Skills"), and the few
options that matter ("⋯"): the difficulty or the GM's secret one, bonus and penalty dice, and
extra actions with the same pool (seed "Multiple Actions and Multiple Sets"), and, on a sheet
with wiggle dice, keeping them to set by hand.

One click rolls through the roll form's own actions (actions.side_for, multiple.declare,
actions.start_roll) with difficulty 0 (any set) and the wiggle dice set where the wiggle form
would suggest; the reading is published on /rules/#ore ("One click on the character card")."""

from __future__ import annotations

from copy import deepcopy

from django import forms

from campaigns.calls.cards import Card, CardRoll
from campaigns.common.inputs import WholeNumberField
from campaigns.models import RollCall
from campaigns.systems.ore import actions, multiple
from campaigns.systems.ore.forms import OreRollForm
from campaigns.table.forms import TableForm
from rules.errors import RulesError
from rules.ore.sheet import STATS

GLANCE = "systems/ore/card_glance.html"
GM_TOOLS = "systems/_gm_notes.html"  # the GM's quick edit (campaigns/toolkit/gm_notes.py)
MAX_EXTRAS = 2  # the roll form's two extra actions


class OreCardOptions(TableForm):
    """The roll form's own fields for the difficulty and the bonus and penalty dice, each optional:
    left out, the one-click default (difficulty 0 known, no bonus or penalty, no extra action)."""

    known = deepcopy(OreRollForm.base_fields["known"])
    difficulty = deepcopy(OreRollForm.base_fields["difficulty"])
    bonus = deepcopy(OreRollForm.base_fields["bonus"])
    penalty = deepcopy(OreRollForm.base_fields["penalty"])
    extras = WholeNumberField(
        min_value=0,
        max_value=MAX_EXTRAS,
        initial=0,
        required=False,
        label="Extra actions",
        help_text="The same action again, each taking one more set of the roll, if it has one.",
    )

    def __init__(self, *args, character, **kwargs):
        kwargs.setdefault("auto_id", f"card{character.pk}-%s")  # one card per character on the page
        super().__init__(*args, **kwargs)
        if any(skill["wiggle"] for skill in character.sheet.get("skills", [])):
            self.fields["own_wiggle"] = forms.BooleanField(
                label="I set my wiggle dice myself",
                help_text="The roll waits for them on your call card; left unticked, they go where it suggests.",
            )
        for field in self.fields.values():
            field.required = False
        self.fields["difficulty"].label = "Difficulty (0 = none)"

    def clean(self):
        data = super().clean()
        data["known"] = data.get("known") is not False  # left out: the difficulty is known
        for name in ("difficulty", "bonus", "penalty", "extras"):
            data[name] = data.get(name) or 0
        return data


def dice_code(side: dict) -> str:
    """A pool as the sheet form writes dice: 5d, 4d+1hd, 4d+1wd; 1wd, not 0d+1wd."""
    special = [f"{side[kind]}{kind[0]}d" for kind in ("hard", "wiggle") if side[kind]]
    return "+".join(([f"{side['normal']}d"] if side["normal"] or not special else []) + special)


def _parts(key: str) -> tuple[str, str]:
    """(stat, skill) that a button's key names: "stat:Body" or "skill:Piloting"."""
    kind, _, name = key.partition(":")
    if kind == "stat":
        return name, ""
    if kind == "skill":
        return "", name
    raise RulesError("That roll is not on this character's card.")


def card(character, *, data=None) -> Card:
    sheet = character.sheet
    rolls = [CardRoll(f"stat:{stat}", stat, dice_code(actions.side_for(character, stat)), "Stats") for stat in STATS]
    rolls += [
        CardRoll(
            f"skill:{skill['name']}", skill["name"], dice_code(actions.side_for(character, "", skill["name"])), "Skills"
        )
        for skill in sheet.get("skills", [])
    ]
    stats = [(stat, sheet["stats"][stat]) for stat in STATS]
    skills = [(skill["name"], skill["stat"], dice_code(skill)) for skill in sheet.get("skills", [])]
    return Card(
        tuple(rolls),
        GLANCE,
        {"stats": stats, "skills": skills},
        OreCardOptions(data, character=character),
        gm_tools=GM_TOOLS,
    )


def card_roll(character, key: str, options: dict, *, actor, label: str = ""):
    """One roll in the log at once; None when the player asked the GM for a secret difficulty, or a
    sentence when they kept the wiggle dice to set themselves (the roll waits on them)."""
    stat, skill = _parts(key)
    side = actions.side_for(character, stat, skill, bonus=options.get("bonus", 0), penalty=options.get("penalty", 0))
    what = stat or skill  # the extra actions: the same stat or skill again (its pool equals the primary's)
    extras = multiple.declare(character, stat, skill, [(what, "")] * options.get("extras", 0))
    known = options.get("known", True)
    difficulty = options.get("difficulty", 0) if known else None
    own_wiggle = bool(options.get("own_wiggle"))
    # The GM's call with a secret difficulty (campaigns/calls/card_calls.py): rolled now against it, hidden as
    # a secret difficulty the GM set on the player's roll is.
    call = actions.start_roll(
        character.campaign,
        actor,
        character=character,
        side=side,
        difficulty=difficulty,
        label=label,
        extras=extras,
        wiggle_at_best=not own_wiggle,
        secret=bool(options.get("called_secret")),
    )
    if call.status == RollCall.Status.PLAYER_TURN:  # the player kept the wiggle dice to set
        # Its call card is right under the card's buttons, in "Last roll" (campaigns.table.last_roll): a play-test
        # player looked for "the call card" elsewhere.
        return f"{stat or skill}: set your wiggle dice below, under “Last roll”; the roll then shows in the log."
    return call.roll if known else None
