"""Diligence rolls at the table, and tension mode's Ready! (rules.cgg.diligence; seed:
"Diligence Rolls", "Tension Mode" 3. Ready!, "Exec Makes Things Worse").

A player rolls for their own explorer, the Exec for any seated one, from the panel. The roll
is public, like the risk roll's dice: the card shows the code rolled, the total, the pips
and the leverage code they make or add to, which goes to the explorer's sheet with its goal
(campaigns/systems/cgg/leverage_goals.py: a goal the sheet has is enhanced). Ready! needs tension mode on; its cue makes
things worse on the pitfall the player names (+1 tension, one tension die less) in the same
transaction as the roll, and the roll gets its +1d.

In tension mode the Edge player's bonuses on the attribute count (/rules/#cgg-diligence-edge). The
form's assistance (gear from the sheet, an assisting explorer, leverage, bonus pips) is the action
roll's own (campaigns/systems/cgg/assists.py, /rules/#cgg-diligence-assists); the card shows each.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.db import transaction

from campaigns.common import sources
from campaigns.common.audience import Audience
from campaigns.common.fair_dice import Die
from campaigns.common.inputs import TextField, WholeNumberField
from campaigns.models import Roll
from campaigns.plugins.roll_kind import FacesKind
from campaigns.systems.cgg.assists import AssistChoice, diligence_assists, gear_indexes, gear_options
from campaigns.systems.cgg.kind import ATTRIBUTE_LABELS
from campaigns.systems.cgg.leverage import COSTS, leverage_choice, leverage_options
from campaigns.systems.cgg.leverage_goals import existing_leverage, write_leverage
from campaigns.systems.cgg.models import TensionScene
from campaigns.systems.cgg.rounds import mark_acted, record_helps
from campaigns.table import live
from campaigns.table.actions import ActionError
from campaigns.table.forms import TableForm
from characters.models import Character
from rules.cgg.assists import MAX_BONUS_PIPS
from rules.cgg.codes import parse_code
from rules.cgg.diligence import DILIGENCE_LABELS, DILIGENCE_TYPES, Diligence, resolve_diligence
from rules.cgg.tension import TensionState
from rules.cgg.tension_roll import modifiers_for

ASSIST_FIELDS = ("gear", "helper", "helper_attribute", "leverage", "leverage_cost", "bonus_pips")


class DiligenceForm(TableForm):
    """The explorers come from the panel's own list (no query per form); the action checks the seat."""

    character = forms.TypedChoiceField(choices=[], coerce=int, label="Explorer")
    diligence = forms.ChoiceField(
        choices=[
            (key, f"{label} ({ATTRIBUTE_LABELS[DILIGENCE_TYPES[key]]})") for key, label in DILIGENCE_LABELS.items()
        ],
        label="Type of diligence",
    )
    attribute = forms.ChoiceField(
        choices=[("", "As the type says"), *ATTRIBUTE_LABELS.items()],
        required=False,
        help_text="The Exec decides the attribute: another one if the table agrees.",
    )
    purpose = TextField(
        max_length=100,
        label="Leverage towards",
        help_text="The goal, as agreed with the Exec. A goal the sheet already has gets a third of the pips.",
        error_messages={"required": "Name the leverage's goal: what it is towards."},
    )
    ready = forms.BooleanField(required=False, label="Ready! (tension mode)")
    cue = forms.BooleanField(required=False, label="Cue the Exec to make things worse (+1d)")
    pitfall = WholeNumberField(
        min_value=0,
        max_value=30,
        required=False,
        label="Pitfall made worse",
        help_text="With a cue: the pitfall that gets +1 tension.",
    )
    # Assistance, as on a risk roll (campaigns/systems/cgg/assists.py): "see if they can find anything".
    gear = forms.MultipleChoiceField(
        choices=[],
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Gear that applies",
        error_messages={"invalid_choice": "Choose gear with a die code from the rolling explorer's sheet."},
    )
    helper = forms.TypedChoiceField(
        choices=[], coerce=int, required=False, empty_value=None, label="Assisting explorer"
    )
    helper_attribute = forms.ChoiceField(
        choices=[("", "(attribute)"), *ATTRIBUTE_LABELS.items()], required=False, label="Assisting with"
    )
    leverage = forms.ChoiceField(choices=[], required=False, label="Leverage")
    leverage_cost = forms.ChoiceField(
        choices=list(COSTS.items()), required=False, widget=forms.RadioSelect, label="Using leverage"
    )
    bonus_pips = WholeNumberField(
        min_value=0, max_value=MAX_BONUS_PIPS, required=False, label="Bonus pips from a special rule"
    )

    def __init__(self, *args, explorers=(), helpers=None, pitfalls=(), **kwargs):
        super().__init__(*args, **kwargs)
        if pitfalls:  # chosen by name (play-test: "number, from 0" asked a player for a list index); posted as one
            self.fields["pitfall"].widget = forms.Select(choices=[("", "(no cue)"), *enumerate(pitfalls)])
        helpers = list(explorers if helpers is None else helpers)
        self.fields["character"].choices = [(explorer.pk, explorer.name) for explorer in explorers]
        self.fields["gear"].choices = [
            (f"{explorer.pk}:{index}", f"{explorer.name}: {label}" if len(explorers) > 1 else label)
            for explorer in explorers
            for index, label in gear_options(explorer.sheet)
        ]
        # A player with one explorer is not offered them as their own helper (clean() refuses it either way).
        rolling = {explorer.pk for explorer in explorers} if len(explorers) == 1 else set()
        self.fields["helper"].choices = [
            ("", "No one"),
            *((other.pk, other.name) for other in helpers if other.pk not in rolling),
        ]
        self.fields["leverage"].choices = [("", "No leverage"), *leverage_options(helpers)]

    def main_fields(self):
        return [field for field in self if field.name not in ASSIST_FIELDS]

    def assist_fields(self):
        return [field for field in self if field.name in ASSIST_FIELDS]

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        if data["cue"] and data["pitfall"] is None:
            raise forms.ValidationError("A cue makes one pitfall worse: name which.")
        if data["helper"] is not None and not data["helper_attribute"]:
            self.add_error("helper_attribute", "Say which attribute the assisting explorer helps with.")
        if data["helper"] == data["character"]:
            self.add_error("helper", "An explorer does not assist their own roll: choose another.")
        if any(value.split(":")[0] != str(data["character"]) for value in data["gear"]):
            self.add_error("gear", "Choose gear from the rolling explorer's own sheet.")
        return data

    def assist_choice(self) -> AssistChoice:
        """The form's assistance as the action roll's assists read it (campaigns/systems/cgg/assists.py)."""
        data = self.cleaned_data
        return AssistChoice(
            gear=gear_indexes(value.split(":")[1] for value in data["gear"]),  # "<character>:<line>", a valid choice
            bonus_pips=data["bonus_pips"] or 0,
            helper=data["helper"],
            helper_attribute=data["helper_attribute"],
            leverage=leverage_choice({"leverage": data["leverage"], "leverage_cost": data["leverage_cost"]}),
        )

    def message(self) -> str:
        """The errors as one line, each number's message naming its field (the pitfall's and the bonus
        pips' both said "Enter a whole number from 0 to 30.")."""
        return " ".join(
            f"{self.fields[name].label}: {error}" if isinstance(self.fields.get(name), WholeNumberField) else str(error)
            for name, errors in self.errors.items()
            for error in errors
        )


def roll_diligence(campaign, user, character, data: dict[str, Any], assists: AssistChoice | None = None) -> Roll:
    """One diligence roll (or Ready!), published to the table; nothing changes when refused."""
    if not (campaign.is_gm(user) or character.owner_id == user.pk):
        raise ActionError("You may roll diligence only for your own explorer.")
    attribute = data["attribute"] or DILIGENCE_TYPES[data["diligence"]]
    assists = assists or AssistChoice()
    with transaction.atomic():
        # The leverage goes to the sheet with its goal (campaigns/systems/cgg/leverage_goals.py).
        sheet = Character.objects.select_for_update().get(pk=character.pk).sheet
        character.sheet = sheet
        base = parse_code(sheet["attributes"][attribute])
        existing = existing_leverage(sheet, data["purpose"])
        edge = _edge(campaign, character, attribute)
        found, labels = diligence_assists(character, assists, actor=user)
        if found:
            transaction.on_commit(lambda: live.send_panel(campaign))  # a leverage used, or a helper's round
        bonus_pips = assists.bonus_pips
        diligence = Diligence(
            base,
            existing=existing,
            ready=data["ready"],
            cue=data["cue"],
            edge=edge,
            assists=found,
            bonus_pips=bonus_pips,
        )
        labels = [f"+{edge}d Edge"] * bool(edge) + labels + [f"+{bonus_pips} BP"] * bool(bonus_pips)
        helped_by = []
        if assists.helper is not None:  # in tension mode the helper helps this round (rules.cgg.rounds)
            helper = next(other for other in Character.objects.seated().filter(pk=assists.helper))
            helped_by = record_helps(campaign, character, [helper])
        if diligence.ready:
            _ready(campaign, character, diligence, data["pitfall"])
        dice = sources.dice()
        result = resolve_diligence(diligence, tuple(dice.roll(6) for _ in range(diligence.code.dice)))
        roll = Roll.objects.create(
            campaign=campaign,
            author=user,
            character=character,
            kind="cgg_diligence",
            request={
                "label": data["purpose"],
                "diligence": data["diligence"],
                "attribute": attribute,
                "existing": str(diligence.existing) if diligence.existing else "",
                "ready": diligence.ready,
                "cue": diligence.cue,
                "labels": labels,
                "helped_by": helped_by,
            },
            outcome={
                "base": str(base),
                "assisted": str(diligence.assisted),
                "code": str(diligence.code),
                "faces": list(result.faces),
                "discarded": result.discarded,
                "total": result.total,
                "bonus_pips": result.bonus_pips,
                "leverage": str(result.leverage),
            },
        )
        write_leverage(character, data["purpose"], result.leverage)
        transaction.on_commit(lambda: live.send_roll(roll))
    return roll


def _edge(campaign, character, attribute: str) -> int:
    """Tension mode's Edge bonuses on the attribute: "for the duration of this Tension Mode", so a
    diligence roll has them as a risk roll does (/rules/#cgg-diligence-edge). None outside it."""
    scene = TensionScene.objects.select_for_update().filter(campaign=campaign, active=True).first()
    if scene is None:
        return 0
    return modifiers_for(TensionState.from_dict(scene.state), character.name, attribute).edge


def _ready(campaign, character, diligence: Diligence, pitfall: int | None) -> None:
    """Ready! is a tension-mode action, the explorer's action this round; its cue makes things
    worse (seed: "Exec Makes Things Worse")."""
    scene = TensionScene.objects.select_for_update().filter(campaign=campaign, active=True).first()
    if scene is None:
        raise ActionError("Tension mode is not on: Ready! is a tension-mode action.")
    changed = mark_acted(scene, character)
    if diligence.cue:
        scene.state = TensionState.from_dict(scene.state).make_worse(pitfall).as_dict()
    if changed or diligence.cue:
        scene.save(update_fields=["state", "updated_at"])
        transaction.on_commit(lambda: live.send_panel(campaign))


class CggDiligenceKind(FacesKind):
    """A diligence roll: public, with nothing secret in it."""

    key = "cgg_diligence"
    name = "Diligence roll"
    die = Die(6)

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        request = roll.request
        return dict(roll.outcome) | {
            "diligence": DILIGENCE_LABELS[request["diligence"]],
            "attribute": ATTRIBUTE_LABELS[request["attribute"]],
            "purpose": request.get("label", ""),
            "existing": request["existing"],
            "ready": request["ready"],
            "cue": request["cue"],
            "labels": request.get("labels", []),
            "helped_by": request.get("helped_by", []),
            "assisted": roll.outcome.get("assisted", roll.outcome["base"]),
        }

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        what = "Ready! " if data["ready"] else ""
        built = " ".join([f"{data['attribute']} {data['base']}", *data["labels"]])
        if data["labels"]:
            built += f" = {data['assisted']}"
        cue = " +1d cue" if data["cue"] else ""
        text = f"{who}: {what}diligence ({data['diligence']}, {built}{cue}): {data['total']} pips"
        onto = f", a third ({data['bonus_pips']}) onto {data['existing']}" if data["existing"] else ""
        return text + f"{onto}, leverage {data['leverage']}."


CGG_DILIGENCE = CggDiligenceKind()
