"""Centaurus Gate's own state beside the generic models: the tension scene."""

from django.db import models


class TensionScene(models.Model):
    """Centaurus Gate's tension mode in a campaign (rules.cgg.tension.TensionState as JSON).
    Changed only by campaigns.systems.cgg.actions (start_tension, change_tension…), under a
    row lock."""

    campaign = models.OneToOneField("campaigns.Campaign", on_delete=models.CASCADE, related_name="tension")
    active = models.BooleanField(default=True)
    edge_holder = models.ForeignKey(
        "characters.Character", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    state = models.JSONField()
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Tension in {self.campaign}"
