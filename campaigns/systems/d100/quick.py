"""The GM's quick edit of a d100 character on the GM's Characters tab: its Peril, the one
thing on a d100 sheet that changes scene by scene (seed: the Base Chance is "perhaps modified by your
Peril Condition"; the sheet's steps are rules.d100.sheet.PERIL_STEPS). Who moves it is not said:
read, the GM, who narrates the harm (published on /rules/#d100, "Who moves Peril during play").
The Fortune and Misfortune pools are the table's, on the d100 tab, not a character's.

The GM moves the track a step either way or sets a step; the sheet is saved through the system's
own validation, the player's card and the GM's other tables follow at once."""

from __future__ import annotations

from django.db import transaction

from campaigns.common.inputs import whole_number
from campaigns.systems.d100.actions import ActionError
from campaigns.table import live
from rules.d100.sheet import PERIL_STEPS

PERIL_REFUSED = "Peril is one of: " + ", ".join(f"{i} ({step})" for i, step in enumerate(PERIL_STEPS)) + "."


def peril_from(data, current: int) -> int:
    """The step posted: `step` one step better or worse than `current`, else `peril` a step's number.
    Refuses anything else, and a step off the track, with a sentence."""
    step = data.get("step", "")
    raw = str(data.get("peril", "")).strip()
    posted = whole_number(raw, 0, len(PERIL_STEPS) - 1)
    if (raw or not step) and posted is None:  # the list posts with the buttons too
        raise ActionError(PERIL_REFUSED)
    if step in ("better", "worse"):
        chosen = current + (1 if step == "worse" else -1)
    elif step:
        raise ActionError("Move Peril one step better or worse.")
    else:
        chosen = posted
    if not 0 <= chosen < len(PERIL_STEPS):
        raise ActionError(f"Peril is already {PERIL_STEPS[current]}.")
    return chosen


def set_peril(character, gm, peril: int) -> None:
    """The GM sets a character's Peril step; the sheet stays valid (rules.d100.sheet.validate_sheet)."""
    campaign = character.campaign
    if not campaign.is_gm(gm):
        raise ActionError("Only the GM changes Peril from the GM's screen.")
    with transaction.atomic():
        character.lock_sheet()
        character.sheet = campaign.rules_system.validate_sheet({**character.sheet, "peril": peril}, campaign.settings)
        character.save(update_fields=["sheet"])
        transaction.on_commit(lambda: _send(character))


def _send(character) -> None:
    """The player's card (their open tables), and the sheet on the GM's other open tables."""
    live.send_sheet(character)
