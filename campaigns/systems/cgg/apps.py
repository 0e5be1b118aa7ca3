"""Centaurus Gate as a Django app: its models, templates, template tags and tests; its adapter."""

from campaigns import systems


class CggConfig(systems.SystemConfig):
    name = "campaigns.systems.cgg"
    label = "cgg"
    verbose_name = "Centaurus Gate"
    adapter = "campaigns.systems.cgg.adapter.ADAPTER"
