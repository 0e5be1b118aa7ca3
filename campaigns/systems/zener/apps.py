"""Zener Gate as a Django app: its models, templates and template tags, and its adapter."""

from django.apps import AppConfig

from campaigns import systems


class ZenerConfig(AppConfig):
    name = "campaigns.systems.zener"
    label = "zener"
    verbose_name = "Zener Gate"

    def ready(self) -> None:
        # Imported once the models are loaded: the adapter reaches them through its actions.
        from campaigns.systems.zener.adapter import ADAPTER

        systems.register(ADAPTER)
