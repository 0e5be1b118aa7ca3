"""The GM's call for a roll from a character's card, and the player's one-click answer (issue 22;
`campaigns.card_kind`). The call names a button of the card; the answer presses it, as the card's
own button would, with the card's defaults and the call's label in the log."""

from __future__ import annotations

from django.db import transaction
from django.urls import reverse

from campaigns import events, live, reads
from campaigns.actions import ActionError
from campaigns.card_kind import CARD
from campaigns.cards import MAX_KEY
from campaigns.forms import CharacterChoiceField, TableForm
from campaigns.inputs import TextField
from campaigns.models import RollCall


def card_buttons(character) -> list:
    """The card's buttons of `character` (its system's), none if its system draws no card."""
    card = character.campaign.adapter.card(character)
    return list(card.rolls) if card else []


def call_from_card(campaign, gm, *, character, key: str, label: str = "") -> RollCall:
    if not campaign.is_gm(gm):
        raise ActionError("Only the GM calls for a roll.")
    button = next((button for button in card_buttons(character) if button.key == key), None)
    if button is None:
        raise ActionError(f"{character.name}'s card has no such roll: choose one of its buttons.")
    with transaction.atomic():
        # Without a label the call says what it asks for ("The GM asks Vex: Roll Stealth").
        asked = {"key": key, "what": button.what}
        call = RollCall.objects.create(campaign=campaign, character=character, kind=CARD.key,
                                       label=label or button.what, request=asked)  # fmt: skip
        transaction.on_commit(lambda: live.send_call_opened(call))
        events.called(campaign, character, call.label)
    return call


def answer(call_id: int, player):
    """The called player presses the button: the system rolls it; the call is answered once (the
    row lock serialises two clicks). Returns what the card's roll returns (`card_roll`)."""
    with transaction.atomic():
        call = RollCall.objects.select_for_update().select_related("character", "campaign").get(pk=call_id)
        if call.character.owner_id != player.pk:
            raise ActionError("This call is for another player's character.")
        if call.status == RollCall.Status.CANCELLED:
            raise ActionError("The GM cancelled this call.")
        if call.status != RollCall.Status.PENDING:
            raise ActionError("This call has already been answered.")
        character, key, what = call.character, call.request["key"], call.request["what"]
        if not any(button.key == key for button in card_buttons(character)):
            raise ActionError(f"{character.name}'s card no longer has {what}: ask the GM for another roll.")
        rolled = call.campaign.adapter.card_roll(character, key, {}, actor=player, label=call.label or what)
        call.status = RollCall.Status.ANSWERED
        call.save(update_fields=["status"])
        transaction.on_commit(lambda: live.send_call_closed(call))
    return rolled


class CardCallForm(TableForm):
    character = CharacterChoiceField(queryset=None, empty_label="Choose a character")
    key = TextField(max_length=MAX_KEY, label="Roll", error_messages={"required": "Choose the roll to call for."})
    label = TextField(max_length=100, required=False, help_text="Optional: what the roll is for; the player sees it.")

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["character"].queryset = reads.seated_query(campaign)
        # Choosing the character brings its card's rolls into the "Roll" list.
        self.fields["character"].widget.attrs.update({
            "hx-get": reverse("card_call_choices", args=[campaign.pk]), "hx-trigger": "change",
            "hx-target": "#card-call-roll", "hx-swap": "outerHTML",
        })  # fmt: skip
