"""One-Roll Engine as a Django app: its models, templates, template tags and tests; its adapter."""

from campaigns.plugins import registry


class OreConfig(registry.SystemConfig):
    name = "campaigns.systems.ore"
    label = "ore"
    verbose_name = "One-Roll Engine"
    adapter = "campaigns.systems.ore.adapter.ADAPTER"
