"""The Exec's advancement step (campaigns.systems.cgg.advancement)."""

from django.contrib.auth.decorators import login_required
from django.views.decorators.http import require_POST

from campaigns.common.audience import Audience
from campaigns.systems.cgg import advancement
from campaigns.systems.cgg.views import explorer_for_gm
from campaigns.toolkit.steps import panel_step, tell_done


@login_required
@require_POST
def advance(request, campaign_id: int, character_id: int):
    """Give the explorer's next advancement, or (op=take_back) take back the last one of this session."""
    campaign, character = explorer_for_gm(request, campaign_id, character_id)

    def act():
        if request.POST.get("op") == "take_back":
            record = advancement.take_back_advancement(character, request.user)
            tell_done(request, f"{character.name}: back to {record.count} advancements, {record.earned} pips earned.")
            return
        record = advancement.award_advancement(character, request.user)
        endeavor = " and an endeavor" if record.count in (2, 4, 6) else ""
        tell_done(
            request, f"{character.name}: advancement {record.count}, {record.earned} pips earned in all{endeavor}."
        )

    return panel_step(request, campaign, Audience.GM, act=act)
