"""Tribute Alpha as a Django app: its models, templates and template tags, and its adapter."""

from django.apps import AppConfig

from campaigns import systems


class TributeConfig(AppConfig):
    name = "campaigns.systems.tribute"
    label = "tribute"
    verbose_name = "Tribute Alpha"

    def ready(self) -> None:
        # Imported once the models are loaded: the adapter reaches them through its actions.
        from campaigns.systems.tribute.adapter import ADAPTER

        systems.register(ADAPTER)
