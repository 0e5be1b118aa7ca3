"""d100 skill tests as a Django app: its models, templates and template tags, and its adapter."""

from django.apps import AppConfig

from campaigns import systems


class D100Config(AppConfig):
    name = "campaigns.systems.d100"
    label = "d100"
    verbose_name = "d100 skill tests"

    def ready(self) -> None:
        # Imported once the models are loaded: the adapter reaches them through its actions.
        from campaigns.systems.d100.adapter import ADAPTER

        systems.register(ADAPTER)
