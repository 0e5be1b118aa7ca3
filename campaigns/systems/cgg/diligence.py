"""Diligence rolls at the table, and tension mode's Ready! (rules.cgg.diligence; seed:
"Diligence Rolls", "Tension Mode" 3. Ready!, "Exec Makes Things Worse").

A player rolls for their own explorer, the Exec for any seated one, from the panel. The roll
is public, like the risk roll's dice: the card shows the code rolled, the total, the pips
and the leverage code they make or add to, which goes to the explorer's sheet with its goal
(campaigns/systems/cgg/leverage_goals.py: a goal the sheet has is enhanced). Ready! needs tension mode on; its cue makes
things worse on the pitfall the player names (+1 tension, one tension die less) in the same
transaction as the roll, and the roll gets its +1d.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.db import transaction

from campaigns import live, sources
from campaigns.actions import ActionError
from campaigns.audience import Audience
from campaigns.fair_dice import Die
from campaigns.forms import TableForm
from campaigns.inputs import TextField, WholeNumberField
from campaigns.models import Roll
from campaigns.roll_kind import RollKind
from campaigns.systems.cgg.kind import ATTRIBUTE_LABELS
from campaigns.systems.cgg.leverage_goals import existing_leverage, write_leverage
from campaigns.systems.cgg.models import TensionScene
from campaigns.systems.cgg.rounds import mark_acted
from characters.models import Character
from rules.cgg.codes import parse_code
from rules.cgg.diligence import DILIGENCE_LABELS, DILIGENCE_TYPES, Diligence, resolve_diligence
from rules.cgg.tension import TensionState


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
        max_length=100, label="Leverage towards",
        help_text="The goal, as agreed with the Exec. A goal the sheet already has gets a third of the pips.",
        error_messages={"required": "Name the leverage's goal: what it is towards."},
    )  # fmt: skip
    ready = forms.BooleanField(required=False, label="Ready! (tension mode)")
    cue = forms.BooleanField(required=False, label="Cue the Exec to make things worse (+1d)")
    pitfall = WholeNumberField(min_value=0, max_value=30, required=False, label="Pitfall made worse (number, from 0)")

    def __init__(self, *args, explorers=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["character"].choices = [(explorer.pk, explorer.name) for explorer in explorers]

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        if data["cue"] and data["pitfall"] is None:
            raise forms.ValidationError("A cue makes one pitfall worse: name which.")
        return data

    def message(self) -> str:
        return " ".join(str(error) for errors in self.errors.values() for error in errors)


def roll_diligence(campaign, user, character, data: dict[str, Any]) -> Roll:
    """One diligence roll (or Ready!), published to the table; nothing changes when refused."""
    if not (campaign.is_gm(user) or character.owner_id == user.pk):
        raise ActionError("You may roll diligence only for your own explorer.")
    attribute = data["attribute"] or DILIGENCE_TYPES[data["diligence"]]
    with transaction.atomic():
        # The leverage goes to the sheet with its goal (campaigns/systems/cgg/leverage_goals.py).
        sheet = Character.objects.select_for_update().get(pk=character.pk).sheet
        base = parse_code(sheet["attributes"][attribute])
        existing = existing_leverage(sheet, data["purpose"])
        diligence = Diligence(base, existing=existing, ready=data["ready"], cue=data["cue"])
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
            },
            outcome={
                "base": str(base),
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


class CggDiligenceKind(RollKind):
    """A diligence roll: public, with nothing secret in it."""

    key = "cgg_diligence"
    name = "Diligence roll"
    roll_template = "systems/cgg/diligence.html"

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        request = roll.request
        return dict(roll.outcome) | {
            "diligence": DILIGENCE_LABELS[request["diligence"]],
            "attribute": ATTRIBUTE_LABELS[request["attribute"]],
            "purpose": request.get("label", ""),
            "existing": request["existing"],
            "ready": request["ready"],
            "cue": request["cue"],
        }

    def fair_dice(self, roll, audience: Audience) -> list[tuple[Die, int]]:
        """The Diligence code's d6s (discarded ones too: they were thrown)."""
        return [(Die(6), face) for face in roll.outcome["faces"]]

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        what = "Ready! " if data["ready"] else ""
        text = f"{who}: {what}diligence ({data['diligence']}, {data['attribute']} {data['code']}): {data['total']} pips"
        onto = f", a third ({data['bonus_pips']}) onto {data['existing']}" if data["existing"] else ""
        return text + f"{onto}, leverage {data['leverage']}."


CGG_DILIGENCE = CggDiligenceKind()
