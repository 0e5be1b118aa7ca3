"""Open tables hear when their seat or their campaign is gone, however it went: the
actions (a GM removes a player, a player leaves) and the admin (a campaign, a seat or a
user deleted) alike. Sent after the commit, as every live update (issue 18). A seat's
end also closes the calls waiting on its player, here, so that every way does it."""

from django.db import transaction
from django.db.models.signals import post_delete
from django.dispatch import receiver

from campaigns import actions, live
from campaigns.models import Campaign, Membership


@receiver(post_delete, sender=Membership, dispatch_uid="close-removed-players-table")
def seat_removed(sender, instance: Membership, origin=None, **kwargs) -> None:
    if isinstance(origin, Campaign) or getattr(origin, "model", None) is Campaign:
        return  # the campaign itself is going: its tables hear that instead
    campaign_id, user_id = instance.campaign_id, instance.user_id
    actions.close_calls_of_removed_player(campaign_id, user_id)
    name = Campaign.objects.filter(pk=campaign_id).values_list("name", flat=True).first() or "this campaign"
    transaction.on_commit(lambda: live.disconnect_player(campaign_id, user_id, name))


@receiver(post_delete, sender=Campaign, dispatch_uid="close-deleted-campaigns-tables")
def campaign_deleted(sender, instance: Campaign, **kwargs) -> None:
    campaign_id, name = instance.pk, instance.name
    transaction.on_commit(lambda: live.close_campaign(campaign_id, name))
