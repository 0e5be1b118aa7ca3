"""Centaurus Gate as a Django app: its models, templates, template tags and tests; its adapter."""

from campaigns.plugins import registry


class CggConfig(registry.SystemConfig):
    name = "campaigns.systems.cgg"
    label = "cgg"
    verbose_name = "Centaurus Gate"
    adapter = "campaigns.systems.cgg.adapter.ADAPTER"
