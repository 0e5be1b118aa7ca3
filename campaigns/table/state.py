"""The campaign's state version: a number that moves on after every write that changes what its
table pages show, so that a part of a page drawn under one number (campaigns.table.parts) is never
served once the campaign has changed.

Every model that holds a campaign's state says so by its foreign key: a concrete field `campaign` (to
the campaign) or `character` (to a character, whose campaign it is), in the campaigns app, the
characters app or a system's app alike. Their saves and deletes move their campaign's number on,
through Django's signals, so a new model (a system's own state) needs no line here. Writes that
bypass the signals (`QuerySet.update()`, `bulk_update()`) call `changed()` themselves. A user's
name is shown on every table they sit at: a user saved for any other reason than a log-in moves all
of them on.

The number lives in the cache beside the parts it keys (one `INCR`, no lock), and moves at each write
and once more after the commit (`transaction.on_commit`). A page reads it before anything else, so
what it draws is never older than its number; one drawn while the transaction was open keeps its part
under a number that the move after the commit leaves behind. The moves at each write are what a reader
in the same transaction sees (a test's). A number lost from the cache starts again at
random, so that no part kept under the old count is found again; with the cache down, nothing is kept.
"""

import secrets

from django.apps import apps
from django.conf import settings
from django.core.cache import cache
from django.db import connection, transaction
from django.db.models.signals import post_delete, post_save

from campaigns.models import Campaign, ImmutableEvent, Membership
from campaigns.table.rows import quietly


def version(campaign) -> int | None:
    """The campaign's number now; None without the cache (then nothing is kept)."""
    key = _key(campaign.pk)
    number = quietly(cache.get, key)
    if number is None:
        quietly(cache.add, key, _fresh_start(), None)
        number = quietly(cache.get, key)
    return number


def changed(*campaign_ids: int) -> None:
    """Move these campaigns' numbers on now and, inside a transaction, again once it commits."""
    for campaign_id in set(campaign_ids) - {None}:
        _move(campaign_id)
        if connection.in_atomic_block and not _queued(campaign_id):
            transaction.on_commit(_Move(campaign_id))


def _key(campaign_id: int) -> str:
    return f"state:{campaign_id}"


def _fresh_start() -> int:
    return secrets.randbits(48)


def _move(campaign_id: int) -> None:
    try:
        cache.incr(_key(campaign_id))
    except ValueError:  # not in the cache: the next page starts a new count
        pass
    except Exception:
        quietly(cache.delete, _key(campaign_id))


class _Move:
    """The move queued for one campaign: found again by `_queued`, so that a transaction of many
    writes queues it once. Django drops it with a rolled-back transaction or
    savepoint, and so its mark: the next write moves and queues it again."""

    def __init__(self, campaign_id: int):
        self.campaign_id = campaign_id

    def __call__(self) -> None:
        _move(self.campaign_id)


def _queued(campaign_id: int) -> bool:
    return connection.in_atomic_block and any(
        isinstance(call, _Move) and call.campaign_id == campaign_id for _, call, _ in connection.run_on_commit
    )


def _campaign_of(instance) -> int | None:
    if isinstance(instance, Campaign):
        return instance.pk
    campaign_id = getattr(instance, "campaign_id", None)
    character_id = getattr(instance, "character_id", None)
    if campaign_id is not None or character_id is None:
        return campaign_id
    character = instance._state.fields_cache.get("character")
    if character is not None:
        return character.campaign_id
    characters = type(instance)._meta.get_field("character").related_model.objects
    return characters.filter(pk=character_id).values_list("campaign_id", flat=True).first()


def _saved(sender, instance, raw=False, update_fields=None, **kwargs) -> None:
    if not raw:
        changed(_campaign_of(instance))


def _deleted(sender, instance, origin=None, **kwargs) -> None:
    if isinstance(origin, Campaign) or getattr(origin, "model", None) is Campaign:
        return  # the campaign itself is going: nothing of it is drawn again
    changed(_campaign_of(instance))


def _user_saved(sender, instance, raw=False, update_fields=None, **kwargs) -> None:
    if raw or instance.pk is None or (update_fields is not None and set(update_fields) <= {"last_login"}):
        return
    runs = Campaign.objects.filter(gm=instance).values_list("pk", flat=True)
    plays = Membership.objects.filter(user=instance).values_list("campaign_id", flat=True)
    changed(*runs, *plays)


def holds_campaign_state(model) -> bool:
    """A model whose rows a table page draws: one with a `campaign` or `character` foreign key."""
    names = {field.name for field in model._meta.concrete_fields if field.is_relation}
    return model is Campaign or bool(names & {"campaign", "character"})


def watch() -> None:
    """Connect the signals of every installed model that holds a campaign's state (the app's ready())."""
    for model in apps.get_models():
        if not holds_campaign_state(model):
            continue
        post_save.connect(_saved, sender=model, dispatch_uid=f"state-version-save-{model._meta.label}")
        # An immutable event (a roll, a ledger line) is deleted only with its whole campaign: a receiver
        # would keep Django from deleting the campaign's thousands of rows in one statement.
        if not issubclass(model, ImmutableEvent):
            post_delete.connect(_deleted, sender=model, dispatch_uid=f"state-version-delete-{model._meta.label}")
    post_save.connect(_user_saved, sender=settings.AUTH_USER_MODEL, dispatch_uid="state-version-user")
