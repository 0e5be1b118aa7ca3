"""Open tables hear when their seat or their campaign is gone, however it went: the
actions (a GM removes a player, a player leaves) and the admin (a campaign, a seat or a
user deleted) alike. Sent after the commit, as every live update. A seat's
end also closes the calls waiting on its player, here, so that every way does it.
A called roll's result, however a system publishes it, reveals the GM's secrets of that call that
the rules reveal then (campaigns.secrets.commitments). A handout gone (its campaign deleted, or the admin) takes
its stored image with it, after the commit."""

from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from campaigns.models import Campaign, Handout, Membership, Roll
from campaigns.table import actions, commitment_actions, live


@receiver(post_delete, sender=Membership, dispatch_uid="close-removed-players-table")
def seat_removed(sender, instance: Membership, origin=None, **kwargs) -> None:
    if isinstance(origin, Campaign) or getattr(origin, "model", None) is Campaign:
        return  # the campaign itself is going: its tables hear that instead
    campaign_id, user_id = instance.campaign_id, instance.user_id
    actions.close_calls_of_removed_player(campaign_id, user_id)
    campaign = Campaign.objects.filter(pk=campaign_id).first()
    name = campaign.name if campaign is not None else "this campaign"
    transaction.on_commit(lambda: live.disconnect_player(campaign_id, user_id, name))
    if campaign is not None:
        transaction.on_commit(lambda: live.send_session_controls(campaign))


@receiver(post_delete, sender=Campaign, dispatch_uid="close-deleted-campaigns-tables")
def campaign_deleted(sender, instance: Campaign, **kwargs) -> None:
    campaign_id, name = instance.pk, instance.name
    transaction.on_commit(lambda: live.close_campaign(campaign_id, name))


@receiver(post_save, sender=Roll, dispatch_uid="reveal-commitments-with-the-result")
def roll_published(sender, instance: Roll, created=False, raw=False, **kwargs) -> None:
    if created and not raw:
        commitment_actions.reveal_for_roll(instance)


@receiver(post_delete, sender=Handout, dispatch_uid="delete-a-gone-handouts-image")
def handout_deleted(sender, instance: Handout, **kwargs) -> None:
    """The image's file is deleted once the row is gone for good: a rolled back deletion keeps both."""
    if instance.image:
        storage, name = instance.image.storage, instance.image.name
        transaction.on_commit(lambda: storage.delete(name))
