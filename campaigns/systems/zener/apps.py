"""Zener Gate as a Django app: its models, templates, template tags and tests; its adapter."""

from campaigns.plugins import registry


class ZenerConfig(registry.SystemConfig):
    name = "campaigns.systems.zener"
    label = "zener"
    verbose_name = "Zener Gate"
    adapter = "campaigns.systems.zener.adapter.ADAPTER"
