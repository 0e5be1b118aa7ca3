"""d100 skill tests as a Django app: its models, templates, template tags and tests; its adapter."""

from campaigns.plugins import registry


class D100Config(registry.SystemConfig):
    name = "campaigns.systems.d100"
    label = "d100"
    verbose_name = "d100 skill tests"
    adapter = "campaigns.systems.d100.adapter.ADAPTER"
