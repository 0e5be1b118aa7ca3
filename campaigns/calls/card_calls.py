"""The GM's call for a roll from a character's card, and the player's one-click answer
(`campaigns.plugins.card_kind`). The call names a button of the card; the answer presses it, as the card's
own button would, with the card's defaults and the call's label in the log."""

from __future__ import annotations

from django import forms
from django.db import transaction
from django.urls import reverse

from campaigns.calls.cards import MAX_KEY
from campaigns.common import reads
from campaigns.common.inputs import TextField
from campaigns.models import Roll, RollCall
from campaigns.plugins.card_kind import CARD
from campaigns.table import commitment_actions, live
from campaigns.table.actions import ActionError, announce_call, answerable_call
from campaigns.table.forms import CharacterChoiceField, TableForm


def card_buttons(character) -> list:
    """The card's buttons of `character` (its system's), none if its system draws no card."""
    card = character.campaign.adapter.card(character)
    return list(card.rolls) if card else []


def call_from_card(
    campaign, gm, *, character, key: str, label: str = "", number: str = "", secret: bool = False
) -> RollCall:
    """The GM's call; with the system's number (`SystemAdapter.card_call_number`) open, or secret: then
    committed now, before the dice, its digest in the log (campaigns.secrets.commitments)."""
    if not campaign.is_gm(gm):
        raise ActionError("Only the GM calls for a roll.")
    button = next((button for button in card_buttons(character) if button.key == key), None)
    if button is None:
        raise ActionError(f"{character.name}'s card has no such roll: choose one of its buttons.")
    spec = campaign.adapter.card_call_number(campaign)
    if spec is None:
        number, secret = "", False
    elif number not in {value for value, _ in spec.choices}:
        raise ActionError(f"Choose the {spec.label.lower()} from the list.")
    elif (secret and not spec.secret) or (not secret and not spec.open):
        raise ActionError(f"In this system the {spec.label.lower()} is {'open' if spec.open else 'secret'}.")
    with transaction.atomic():
        own = campaign.adapter.card_call(
            campaign, gm, character=character, key=key, number=number, secret=secret, label=label
        )
        if own is not None:
            return own
        # Without a label the call says what it asks for ("The GM asks Vex: Roll Stealth").
        asked = {"key": key, "what": button.what}
        if spec is not None:
            asked |= {
                "number": number,
                "secret": secret,
                "number_label": spec.label,
                "number_words": spec.words(number),
            }
        call = RollCall.objects.create(
            campaign=campaign, character=character, kind=CARD.key, label=label or button.what, request=asked
        )
        announce_call(call, call.label + _against(asked))
        if secret:
            about = f"the {spec.label.lower()} of {character.name}'s {button.what}"
            commitment_actions.commit(
                campaign, kind=spec.kind, value=number, call=call, reveal=spec.reveal, about=about
            )
    return call


def _against(asked: dict) -> str:
    """What the table may read of the call's number: its value when open, that there is one when secret."""
    if "number" not in asked:
        return ""
    if asked["secret"]:
        return f" against a secret {asked['number_label'].lower()}"
    return f" ({asked['number_label'].lower()}: {asked['number_words']})"


def answer(call_id: int, player):
    """The called player presses the button: the system rolls it; the call is answered once (the
    row lock serialises two clicks). Returns what the card's roll returns (`card_roll`)."""
    with transaction.atomic():
        call = answerable_call(call_id, player)
        character, key, what = call.character, call.request["key"], call.request["what"]
        if not any(button.key == key for button in card_buttons(character)):
            raise ActionError(f"{character.name}'s card no longer has {what}: ask the GM for another roll.")
        adapter = call.campaign.adapter
        options = (
            adapter.card_call_options(call.request["number"], call.request["secret"])
            if "number" in call.request
            else {}
        )
        rolled = adapter.card_roll(character, key, options, actor=player, label=call.label or what)
        call.status = RollCall.Status.ANSWERED
        if isinstance(rolled, Roll):  # the system's roll answers the call: the player's card shows it as its last
            call.state = {**call.state, "roll": rolled.pk}
        call.save(update_fields=["status", "state"])
        transaction.on_commit(lambda: live.send_call_closed(call))
    return rolled


def blank_form(campaign, *, character=None, number=None) -> dict:
    """The form as the Table tab draws it, with its "Roll" choices: on `character`, or on the table's one
    character when there is only one (a GM and one player call in 3 clicks, not 4)."""
    if character is None:
        seated = list(reads.seated_query(campaign)[:2])
        character = seated[0] if len(seated) == 1 else None
    # No number given: the field's own initial, the system's starting value (a None here would override it, and
    # the browser would show the list's first, Zener's -20 or d100's Arduous).
    initial = {"character": character} | ({"number": number} if number is not None else {})
    form = CardCallForm(initial=initial, campaign=campaign)
    return {"card_call_form": form, "buttons": card_buttons(character) if character else []}


class CardCallForm(TableForm):
    character = CharacterChoiceField(queryset=None, empty_label="Choose a character")
    key = TextField(max_length=MAX_KEY, label="Roll", error_messages={"required": "Choose the roll to call for."})
    number = forms.ChoiceField(choices=[])
    # The form's second button, "Call in secret", sends "on": one click for a secret number, as for an open one.
    # A choice, not a box: anything else posted is refused, not read as pressed.
    secret = forms.ChoiceField(
        choices=[("on", "Call in secret")],
        required=False,
        error_messages={"invalid_choice": "Call with one of the form's buttons."},
    )
    label = TextField(max_length=100, required=False, help_text="Optional: what the roll is for; the player sees it.")

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["character"].queryset = reads.seated_query(campaign)
        # Choosing the character brings its card's rolls into the "Roll" list.
        self.fields["character"].widget.attrs.update(
            {
                "hx-get": reverse("card_call_choices", args=[campaign.pk]),
                "hx-trigger": "change",
                "hx-target": "#card-call-roll",
                "hx-swap": "outerHTML",
            }
        )
        self.spec = campaign.adapter.card_call_number(campaign)
        if self.spec is None:
            del self.fields["number"], self.fields["secret"]
            return
        number = self.fields["number"]
        number.label, number.choices, number.initial = self.spec.label, self.spec.choices, self.spec.initial
        said = f"Choose the {self.spec.label.lower()} from the list."
        number.error_messages |= {"required": said, "invalid_choice": said}

    def clean(self):
        data = super().clean()
        if self.spec is not None and "number" in self.errors:
            # The list shows the system's starting value again, not its first entry (a value off the list selects
            # none, and the browser shows the first: Tribute's -26, d100's Arduous, called by a second click).
            self.data = self.data.copy()
            self.data["number"] = self.spec.initial
        return data

    def clean_secret(self) -> bool:
        # A system whose number is always the GM's (Centaurus Gate's difficulty) has only the secret button.
        return self.cleaned_data.get("secret") == "on" or not self.spec.open
