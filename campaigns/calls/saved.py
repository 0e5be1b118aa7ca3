"""Saved rolls and saved calls: a roll a player makes often, kept as a named button on
their character's card, and a call the GM makes often, kept as a button above the call form.

A saved roll keeps what was posted, not what it rolled: the replay checks it again as a new post
would be checked (the card's options form, the roll form's fields), so a sheet or a campaign that
changed since refuses a saved roll with a message rather than rolling something else.
"""

from __future__ import annotations

from django import forms
from django.db import IntegrityError, transaction
from django.http import QueryDict
from django.template.loader import render_to_string

from campaigns.common.inputs import TextField
from campaigns.models import Campaign, SavedCall, SavedRoll
from campaigns.table.actions import ActionError
from campaigns.table.forms import COMPARISON_CHOICES, CallForm, NotationField, TargetField
from rules.dice import Comparison

MAX_SAVED = 20  # per character (rolls) and per campaign (calls): a card stays a card
NAME_LENGTH = 60
# The saved key of a plain notation roll from the generic roll form, replayed by card_views.
NOTATION = "notation"


def name_field(**kwargs) -> forms.CharField:
    return TextField(max_length=NAME_LENGTH, required=False, label="Save as a button", **kwargs)


class SaveAsForm(forms.Form):
    """The card's "Save as a button" field: a name, or nothing (roll without saving)."""

    save_as = name_field()


class NotationOptions(forms.Form):
    """A saved notation roll's values, checked again at each replay as the roll form checks them."""

    notation = NotationField()
    target = TargetField(required=False)
    comparison = forms.TypedChoiceField(
        choices=COMPARISON_CHOICES, coerce=Comparison, required=False, empty_value=Comparison.AT_LEAST
    )
    label = TextField(max_length=100, required=False)


def _refuse_name(existing, name: str, owner: str) -> None:
    if existing.filter(name__iexact=name).exists():
        raise ActionError(
            f"{owner} already has a saved button named “{name}”: choose another name, or remove that one first."
        )
    if existing.count() >= MAX_SAVED:
        raise ActionError(f"{owner} has {MAX_SAVED} saved buttons, the most it keeps: remove one first.")


def _create(model, **fields):
    try:
        with transaction.atomic():
            return model.objects.create(**fields)
    except IntegrityError:  # the same name saved at the same moment by another click
        raise ActionError(f"There is already a saved button named “{fields['name']}”.") from None


def save_roll(character, name: str, key: str, options: dict) -> SavedRoll:
    """Keep a roll as a button on `character`'s card. Call inside the transaction that rolls it,
    so that a roll refused saves nothing. The character's row is locked: two saves at once do not
    pass the limit together."""
    type(character).objects.select_for_update().filter(pk=character.pk).exists()
    _refuse_name(character.saved_rolls.all(), name, character.name)
    return _create(SavedRoll, character=character, name=name, key=key, options=options)


def posted_options(form: forms.Form) -> dict[str, list[str]]:
    """The options form's fields as posted (each name's values), to bind the form again later."""
    names = (form.add_prefix(name) for name in form.fields)
    return {name: form.data.getlist(name) for name in names if name in form.data}


def as_data(options: dict[str, list[str]], **more: str) -> QueryDict:
    data = QueryDict(mutable=True)
    for name, values in options.items():
        data.setlist(name, [str(value) for value in (values if isinstance(values, list) else [values])])
    for name, value in more.items():
        data[name] = value
    return data


def notation_options(data: dict) -> dict:
    """A notation roll's values as JSON keeps them."""
    return {
        "notation": data["notation"],
        "target": data["target"],
        "comparison": str(data["comparison"]),
        "label": data["label"],
    }


# The GM's saved calls: the call form's values but the character.
CALL_FIELDS = ("label", "notation", "target", "comparison", "reveal_dice", "reveal_target", "reveal_success")


def save_call(campaign: Campaign, name: str, cleaned: dict) -> SavedCall:
    Campaign.objects.select_for_update().filter(pk=campaign.pk).exists()
    _refuse_name(campaign.saved_calls.all(), name, "This campaign")
    request = {field: cleaned[field] for field in CALL_FIELDS}
    request["comparison"] = str(request["comparison"])
    return _create(SavedCall, campaign=campaign, name=name, request=request)


def call_form_for(saved: SavedCall, campaign: Campaign, character_id: str) -> CallForm:
    """The call form bound to a saved call's values and the chosen character: valid, or its messages."""
    data = {field: value for field, value in saved.request.items() if field in CALL_FIELDS}
    data["target"] = "" if data.get("target") is None else str(data["target"])
    return CallForm(data | {"character": character_id}, campaign=campaign)


def save_notation(campaign: Campaign, user, data: dict, name: str) -> SavedRoll:
    """The roll form's roll kept as a button on the chosen character's card (the player's own)."""
    character = data.get("character")
    if character is None or character.owner_id != user.pk:
        raise ActionError("Choose one of your characters: the button goes on its card.")
    if data.get("secret"):
        raise ActionError("A secret roll cannot be saved as a button.")
    if campaign.adapter.card(character) is None:
        raise ActionError(f"{character.name} has no card to keep a button on.")
    return save_roll(character, name, NOTATION, notation_options(data))


def card_oob(request, campaign: Campaign, character, said: str) -> str:
    """The character's card again, out of band: where a roll saved from elsewhere shows."""
    context = {
        "campaign": campaign,
        "character": character,
        "card": campaign.adapter.card(character),
        "said": said,
        "oob": True,
    }
    return render_to_string("campaigns/card.html#card", context, request=request)
