"""One-Roll Engine as a Django app: its models, templates and template tags, and its adapter."""

from django.apps import AppConfig

from campaigns import systems


class OreConfig(AppConfig):
    name = "campaigns.systems.ore"
    label = "ore"
    verbose_name = "One-Roll Engine"

    def ready(self) -> None:
        # Imported once the models are loaded: the adapter reaches them through its actions.
        from campaigns.systems.ore.adapter import ADAPTER

        systems.register(ADAPTER)
