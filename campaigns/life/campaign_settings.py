"""The GM's "Campaign settings" page: the campaign's system's settings as labelled fields
(campaigns.table.forms.setting_fields), checked by the system, and what a change does to the
sheets already written before it is saved. Saving updates every open table at once."""

from __future__ import annotations

import hashlib
import json

from django import forms
from django.db import transaction

from campaigns.common.inputs import TextField
from campaigns.models import Campaign
from campaigns.table import live, state
from campaigns.table.forms import setting_fields, settings_from

ATTRIBUTES = "attributes"  # the setting that names a sheet's attributes (d100, Tribute Alpha)
RANGE = "attribute_range"  # Tribute Alpha's effective range of attribute ranks
TALK = ("whispers_between_players", "gm_reads_whispers")


class CampaignSettingsForm(forms.Form):
    """The campaign's settings, prefilled; `confirm` is the GM's yes to what it does to the sheets."""

    confirm = TextField(max_length=64, required=False, widget=forms.HiddenInput)  # the fingerprint of what was shown

    def __init__(self, data=None, *, campaign):
        super().__init__(data, auto_id="settings-%s")
        self.system = campaign.rules_system
        self.fields.update(setting_fields(self.system, campaign.settings))
        for name in TALK:  # the table's talk (campaigns.table.chat), whatever the system
            field = Campaign._meta.get_field(name)
            self.fields[name] = forms.BooleanField(
                required=False, initial=getattr(campaign, name), label=field.help_text
            )

    def clean(self):
        cleaned = super().clean()
        cleaned["settings"] = settings_from(self, self.system, complete=True)
        cleaned["talk"] = {name: cleaned.get(name, False) for name in TALK}
        return cleaned


def fingerprint(settings: dict) -> str:
    """Which settings the GM saw the sheet changes of: a confirmation is for those settings only."""
    return hashlib.sha256(json.dumps(settings, sort_keys=True).encode()).hexdigest()[:16]


def sheet_changes(campaign, new: dict) -> list[str]:
    """What saving `new` does to the campaign's sheets, one sentence a change; none if no sheet
    depends on what changes. The sentences say what `change_settings` and the tests really do
    (Reading (published on /rules/#d100-attributes and /rules/#tribute-attributes))."""
    if ATTRIBUTES not in new and RANGE not in new:
        return []
    characters = list(campaign.characters.order_by("name"))
    return _attribute_changes(campaign, new, characters) + _range_changes(campaign, new, characters)


def _attribute_changes(campaign, new: dict, characters) -> list[str]:
    if ATTRIBUTES not in new:
        return []
    old_names = campaign.settings.get(ATTRIBUTES, [])
    sentences = []
    for name in (name for name in old_names if name not in new[ATTRIBUTES]):
        having = [c.name for c in characters if name in _ranks(c)]
        if having:
            sentences.append(
                f"{_sheets(having)} {name}: they keep it, but {name} is no longer offered or tested; "
                f"it goes from a sheet when the sheet is next saved (put {name} back before then and it returns)."
            )
        filed = [
            f"{s['name']} ({c.name})"
            for c in characters
            for s in (c.sheet or {}).get("skills", [])
            if s.get("attribute") == name
        ]
        if filed:
            sentences.append(
                f"Skills filed under {name}: {', '.join(filed)}. They cannot be tested until their sheet "
                f"files them under another attribute, which saving the sheet asks for."
            )
    added = [name for name in new[ATTRIBUTES] if name not in old_names]
    defaults = campaign.rules_system.validate_sheet({}, new)[ATTRIBUTES] if added else {}
    for name in added:
        lacking = [c.name for c in characters if name not in _ranks(c)]
        if lacking:
            sentences.append(f"{_sheets(lacking)} no {name} yet: each gets {name} {defaults[name]}.")
    return sentences


def _range_changes(campaign, new: dict, characters) -> list[str]:
    """Tribute Alpha's effective range narrowed: the ranks now outside it, which tests still use
    as written until the sheet is next saved (the published reading /rules/#tribute-range)."""
    if RANGE not in new or new[RANGE] >= campaign.settings.get(RANGE, new[RANGE]):
        return []
    widest = new[RANGE]
    outside = [
        f"{c.name}'s {name} {rank}"
        for c in characters
        for name, rank in _ranks(c).items()
        if isinstance(rank, int) and abs(rank) > widest
    ]
    if not outside:
        return []
    return [
        f"Outside −{widest} to {widest}: {', '.join(outside)}. Tests go on using these ranks as written until "
        f"the sheet is next saved, which asks for a rank within the range."
    ]


def _ranks(character) -> dict:
    return (character.sheet or {}).get(ATTRIBUTES, {})


def _sheets(names: list[str]) -> str:
    count = len(names)
    return f"{count} sheet{'s' if count != 1 else ''} ({', '.join(names)}) {'have' if count != 1 else 'has'}"


def change_settings(campaign, gm, settings: dict, talk: dict | None = None) -> None:
    """Save the GM's checked settings; a sheet gets each new attribute at its sheet's default
    (the value an empty sheet has), so a test of it works at once. Every table's header and
    panel show the new settings."""
    with transaction.atomic():
        locked = Campaign.objects.select_for_update().get(pk=campaign.pk, gm=gm)
        old_names = locked.settings.get(ATTRIBUTES, [])
        locked.settings = settings
        for name, value in (talk or {}).items():
            setattr(locked, name, value)
            setattr(campaign, name, value)
        locked.save(update_fields=["settings", *(talk or {})])
        give_new_attributes(locked, old_names)
        campaign.settings = locked.settings
        transaction.on_commit(lambda: live.send_settings(campaign))


def give_new_attributes(campaign, old_names: list[str]) -> None:
    """Each sheet gets the attributes the campaign's list has gained since `old_names`, at the
    value an empty sheet has (d100 40, Tribute Alpha 0); what a sheet already has stays."""
    added = [name for name in campaign.settings.get(ATTRIBUTES, []) if name not in old_names]
    if added:
        _add_attributes(campaign, added)


def _add_attributes(campaign, names: list[str]) -> None:
    defaults = campaign.rules_system.validate_sheet({}, campaign.settings)[ATTRIBUTES]
    characters = list(campaign.characters.all())
    for character in characters:
        given = (character.sheet or {}).get(ATTRIBUTES, {})
        character.sheet = {
            **character.sheet,
            ATTRIBUTES: {**given, **{n: defaults[n] for n in names if n not in given}},
        }
    campaign.characters.bulk_update(characters, ["sheet"])  # the related manager: no import of characters
    state.changed(campaign.pk)
