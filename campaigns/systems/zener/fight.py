"""The fight is over at a Zener Gate table: the GM's step that ends a fight, and everyone seated
recovers a third of their shock (seed: "Damage & Recovery", SHOCK; rules.zener.shock): its action,
its view and its row in the log. The fight's end also ends the +2 after a critical hit, which is for
"the same target next combat round" (seed, "Critical Hits"; actions._follow_up reads this step)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.views.decorators.http import require_POST

from campaigns.common.audience import Audience
from campaigns.life.access import campaign_for_gm
from campaigns.models import Roll
from campaigns.plugins.roll_kind import DicelessKind
from campaigns.systems.zener.actions import send_sheets
from campaigns.table import live
from campaigns.table.actions import ActionError
from campaigns.toolkit.steps import panel_step
from rules.errors import RulesError
from rules.zener.shock import fight_over

KIND = "zener_fight_over"


def fight_since(campaign) -> bool:
    """An attack is in the log since the last fight ended (or since the campaign began)."""
    last_end = Roll.objects.filter(campaign=campaign, kind=KIND).order_by("-pk").values_list("pk", flat=True).first()
    return Roll.objects.filter(campaign=campaign, kind="zener_attack", pk__gt=last_end or 0).exists()


def end_fight(campaign, gm) -> Roll:
    """Each seated character with shock recovers 1/3 of it, rounded up ("at the end of combat"), once
    a fight: a fight is the attacks since the last end, so a second end with no attack between is
    refused. One public log entry names each character and their shock left."""
    if not campaign.is_gm(gm):
        raise ActionError("Only the GM ends a fight.")
    with transaction.atomic():
        if not fight_since(campaign):
            raise RulesError("No attack since the last fight ended: there is no fight to end.")
        rows, changed = [], []
        for each in campaign.characters.seated():
            if each.sheet.get("state") == "dead":
                continue
            sheet, recovered = fight_over(each.sheet)
            if recovered:
                each.sheet = sheet
                each.save(update_fields=["sheet", "updated_at"])
                changed.append(each)
                rows.append({"name": each.name, "recovered": recovered, "shock": sheet["damage"]["shock"]})
        roll = Roll.objects.create(
            campaign=campaign, author=gm, kind=KIND, request={"label": "The fight is over"}, outcome={"rows": rows}
        )
        transaction.on_commit(lambda: (live.send_roll(roll), live.send_panel(campaign), send_sheets(*changed)))
    return roll


@login_required
@require_POST
def fight_over_view(request, campaign_id: int):
    """The GM ends the fight (seed: "Damage & Recovery", SHOCK)."""
    campaign = campaign_for_gm(request, campaign_id)
    return panel_step(
        request, campaign, Audience.GM, error_form="fight_over", act=lambda: end_fight(campaign, request.user)
    )


def fight_row(row: dict) -> str:
    """ "Kai −3 shock (shock 5)"."""
    return f"{row['name']} −{row['recovered']} shock (shock {row['shock']})"


class ZenerFightOverKind(DicelessKind):
    """The end of a fight and the shock each character recovered: public, like recovery."""

    key = KIND
    name = "The fight is over"
    roll_template = "systems/zener/fight_row.html"

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        return {"rows": [fight_row(row) for row in roll.outcome["rows"]]}

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        return "The fight is over: " + ("; ".join(data["rows"]) or "no one has shock to recover") + "."


ZENER_FIGHT_OVER = ZenerFightOverKind()
