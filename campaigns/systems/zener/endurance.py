"""Time passes at a Zener Gate table: the GM's step that spends and recovers END, and a rest or a sleep
recovers shock (seed: "Endurance", "Damage & Recovery"; rules.zener.endurance, rules.zener.shock): its
form, its action, its view and its row in the log."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.views.decorators.http import require_POST

from campaigns.common import reads, sources
from campaigns.common.audience import Audience
from campaigns.common.inputs import WholeNumberField
from campaigns.life.access import campaign_for_gm
from campaigns.models import Roll
from campaigns.plugins.roll_kind import RollKind
from campaigns.systems.zener.actions import send_sheets
from campaigns.systems.zener.party import party
from campaigns.table import live
from campaigns.table.actions import ActionError
from campaigns.table.forms import CharacterChoiceField, TableForm
from campaigns.toolkit.steps import panel_step
from rules.errors import RulesError
from rules.zener.endurance import ACTIVITIES, MAX_MINUTES, duration, time_passes

KIND = "zener_endurance"


class TimeForm(TableForm):
    """Time passes for one character or the whole table, in an activity that spends or recovers END."""

    character = CharacterChoiceField(queryset=None, required=False, empty_label="The players' characters")
    activity = forms.ChoiceField(
        choices=[
            ("ordinary", "Ordinary activity (1 END per 30 min)"),
            ("strenuous", "Strenuous activity (4 END per hour)"),
            ("rest", "Rest (d6 for the first 30 min, then 1 END per hour; 40 − CON min: 1/3 of the shock)"),
            ("sleep", "Sleep (d6 for the first 30 min, then 1 END per 30 min; 4 h: all the shock)"),
            ("skip", "Skipped 2 rounds in combat (d6 END; no minutes)"),
        ],
    )
    minutes = WholeNumberField(
        min_value=0,
        max_value=MAX_MINUTES,
        initial=60,
        required=False,
        help_text="In steps of 30: 90 is an hour and a half.",
    )

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["character"].queryset = reads.seated_query(campaign)


def let_time_pass(campaign, gm, *, character, activity: str, minutes: int) -> Roll:
    """Each sheet's END spent changes, and one public log entry says each change and the END left.
    A cost anyone cannot pay refuses the whole step, naming them; with the whole table, a character
    with nothing to recover is said so, the others recover."""
    if not campaign.is_gm(gm):
        raise ActionError("Only the GM lets time pass.")
    with transaction.atomic():
        everyone = character is None
        who = party(campaign, campaign.characters.seated()) if everyone else [character]
        if not who:
            raise RulesError("No one at the table for time to pass for.")
        dice, rows, changed = sources.dice(), [], []
        for each in who:
            each.refresh_from_db()
            try:
                sheet, change = time_passes(each.sheet, activity, minutes, dice)
            except RulesError as refused:
                if everyone and str(refused).startswith("No END spent"):
                    rows.append({"name": each.name, "nothing": True})
                    continue
                raise RulesError(f"{each.name}: {refused}") from None
            each.sheet = sheet
            each.save(update_fields=["sheet", "updated_at"])
            changed.append(each)
            rows.append(
                {
                    "name": each.name,
                    "change": change.change,
                    "end": change.end,
                    "of": change.of,
                    "die": change.die,
                    "balance": change.balance,
                    "shock_back": change.shock_back,
                    "shock": change.shock,
                }
            )
        roll = Roll.objects.create(
            campaign=campaign,
            author=gm,
            character=character,
            kind=KIND,
            request={"label": "Time passes", "activity": activity, "minutes": 0 if activity == "skip" else minutes},
            outcome={"rows": rows},
        )
        transaction.on_commit(lambda: (live.send_roll(roll), live.send_panel(campaign), send_sheets(*changed)))
    return roll


@login_required
@require_POST
def time_view(request, campaign_id: int):
    """The GM lets time pass for one character or the whole table (seed: "Endurance")."""
    campaign = campaign_for_gm(request, campaign_id)
    form = TimeForm(request.POST, campaign=campaign)

    def act():
        data = form.cleaned_data
        minutes = data["minutes"] if data["minutes"] is not None else 0
        let_time_pass(campaign, request.user, character=data["character"], activity=data["activity"], minutes=minutes)

    return panel_step(request, campaign, Audience.GM, form=form, form_name="time_form", act=act)


def end_row(activity: str, minutes: int, row: dict) -> str:
    """One character's line: "Kai: 2 h strenuous, 8 END spent (END 4 of 12)", "Ren: 1 h sleep, d6 1 + 1:
    2 END back (END 8 of 10), −3 shock (shock 5)", "Ash: 30 min rest, −2 shock (shock 3)", "Kai: nothing
    to recover"."""
    if row.get("nothing"):
        return f"{row['name']}: nothing to recover"
    what = " ".join(part for part in (duration(minutes), ACTIVITIES[activity][0]) if part)
    shock = f", −{row['shock_back']} shock (shock {row['shock']})" if row.get("shock_back") else ""
    if row["change"] < 0 or (row["change"] == 0 and not shock):
        return f"{row['name']}: {what}, {-row['change']} END spent (END {row['end']} of {row['of']})"
    if row["change"] == 0:  # a rest for the shock alone: no END was spent, no d6 rolled
        return f"{row['name']}: {what}{shock}"
    rolled = f"d6 {row['die']}" + (f" + {row['balance']}" if row["balance"] else "")
    capped = ", all that was spent" if row["change"] < row["die"] + row["balance"] else ""
    back = f"{row['change']} END back{capped} (END {row['end']} of {row['of']})"
    return f"{row['name']}: {what}, {rolled}: {back}{shock}"


class ZenerEnduranceKind(RollKind):
    """Time the GM let pass, and each character's END spent or recovered: public, like recovery."""

    key = KIND
    name = "Time passes"
    roll_template = "systems/zener/endurance_row.html"

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        request = roll.request
        return {"rows": [end_row(request["activity"], request["minutes"], row) for row in roll.outcome["rows"]]}

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        return "Time passes. " + "; ".join(data["rows"]) + "."


ZENER_ENDURANCE = ZenerEnduranceKind()
