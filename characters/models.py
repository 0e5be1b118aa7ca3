from django.apps import apps
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Exists, F, OuterRef, Q

import rules
from campaigns.common import sources
from campaigns.common.inputs import document_problem


class CharacterQuerySet(models.QuerySet):
    def seated(self):
        """Characters whose owner still sits at their campaign: its GM, or a current member.
        A removed player's characters leave every list and choice at the table;
        their rolls stay in the log, and the rows stay for the GM and the export."""
        memberships = apps.get_model("campaigns", "Membership").objects
        seat = memberships.filter(campaign=OuterRef("campaign"), user=OuterRef("owner"))
        # A retired character (deleted after it rolled) leaves them the same way.
        return self.filter(retired_at=None).filter(Q(owner=F("campaign__gm")) | Exists(seat))


class Character(models.Model):
    """A character in one campaign. Its sheet is validated by the campaign's rules system."""

    campaign = models.ForeignKey("campaigns.Campaign", on_delete=models.CASCADE, related_name="characters")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="characters")
    name = models.CharField(max_length=100)
    sheet = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(default=sources.now, editable=False)
    updated_at = models.DateTimeField(auto_now=True)
    # Retired: deleted by its owner or the GM after it rolled; the row stays so the log
    # keeps its name, but it leaves the table's lists, cards and calls (CharacterQuerySet.seated).
    retired_at = models.DateTimeField(null=True, blank=True, editable=False)

    objects = CharacterQuerySet.as_manager()

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        # Wherever a sheet comes from (a form, a file, the admin's JSON): text the database can keep.
        problem = document_problem(self.sheet)
        if problem:
            raise ValidationError(f"Sheet: {problem}")
        try:
            self.sheet = self.campaign.rules_system.validate_sheet(self.sheet or {}, self.campaign.settings)
        except rules.RulesError as error:
            raise ValidationError(f"Sheet: {error}") from error

    def lock_sheet(self) -> None:
        """Inside a transaction: the sheet as stored now, its row locked until the commit, so a
        change made from a stale copy (a GM's quick edit) does not undo a save made meanwhile."""
        self.sheet = type(self).objects.select_for_update().values_list("sheet", flat=True).get(pk=self.pk)
