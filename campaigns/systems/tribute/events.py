"""Die-size events at the table (seed tribute-alpha.txt, "Dice and Reality Level"; the reading
is in rules/tribute/events.py): the GM keys and unkeys them from the panel; a test records the
events of its die size when it is asked for, so its card keeps them whatever is keyed later."""

from __future__ import annotations

from django import forms
from django.db import transaction

from campaigns.common.inputs import TextField
from campaigns.models import Campaign
from campaigns.table import live
from campaigns.table.forms import TableForm
from rules.errors import RulesError
from rules.tribute import REALITY_LEVELS
from rules.tribute.events import DIE_EVENTS, MAX_NAME, events_for, key_event, unkey_event


class DieEventForm(TableForm):
    """The GM keys an event to a die size, or (`remove`) takes a keyed one off."""

    die_size = forms.TypedChoiceField(choices=REALITY_LEVELS, coerce=int, required=False, label="Die")
    event = TextField(max_length=MAX_NAME, required=False, label="Event", help_text="e.g. Knockback")
    remove = TextField(max_length=MAX_NAME + 4, required=False, widget=forms.HiddenInput)

    def clean(self):
        data = super().clean()
        if not data.get("remove") and data.get("die_size") is None and "die_size" not in self.errors:
            self.add_error("die_size", "Choose the die the event is keyed to.")
        return data


def keyed(campaign) -> list[str]:
    """The campaign's keyed events ("d8 Knockback"); a campaign made before them has none."""
    return campaign.settings.get(DIE_EVENTS.name, [])


def events_of_test(campaign, die_size: int) -> list[str]:
    return events_for(keyed(campaign), die_size)


def change_events(campaign, gm, *, die_size=None, event: str = "", remove: str = "") -> list[str]:
    """Key `event` to `die_size`, or take the line `remove` off; refused, nothing changes. Every
    open table's header ("Die-size events: …") and panel show the change at once."""
    if not campaign.is_gm(gm):
        raise RulesError("Only the GM keys die-size events.")
    with transaction.atomic():
        locked = Campaign.objects.select_for_update().get(pk=campaign.pk)
        current = keyed(locked)
        changed = unkey_event(current, remove) if remove else key_event(current, die_size, event)
        locked.settings = {**locked.settings, DIE_EVENTS.name: changed}
        locked.save(update_fields=["settings"])
        campaign.settings = locked.settings
        transaction.on_commit(lambda: live.send_settings(campaign))  # every table's header and panel
    return changed
