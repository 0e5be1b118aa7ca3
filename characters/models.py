from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

import rules


class Character(models.Model):
    """A character in one campaign. Its sheet is validated by the campaign's rules system."""

    campaign = models.ForeignKey("campaigns.Campaign", on_delete=models.CASCADE, related_name="characters")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="characters")
    name = models.CharField(max_length=100)
    sheet = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        try:
            self.sheet = self.campaign.rules_system.validate_sheet(self.sheet or {}, self.campaign.settings)
        except rules.RulesError as error:
            raise ValidationError(f"Sheet: {error}") from error
