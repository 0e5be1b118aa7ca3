"""Centaurus Gate as a Django app: its models, templates and template tags, and its adapter."""

from django.apps import AppConfig

from campaigns import systems


class CggConfig(AppConfig):
    name = "campaigns.systems.cgg"
    label = "cgg"
    verbose_name = "Centaurus Gate"

    def ready(self) -> None:
        # Imported once the models are loaded: the adapter reaches them through its actions.
        from campaigns.systems.cgg.adapter import ADAPTER

        systems.register(ADAPTER)
