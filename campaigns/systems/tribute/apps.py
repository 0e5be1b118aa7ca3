"""Tribute Alpha as a Django app: its models, templates, template tags and tests; its adapter."""

from campaigns.plugins import registry


class TributeConfig(registry.SystemConfig):
    name = "campaigns.systems.tribute"
    label = "tribute"
    verbose_name = "Tribute Alpha"
    adapter = "campaigns.systems.tribute.adapter.ADAPTER"
