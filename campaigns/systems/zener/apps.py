"""Zener Gate as a Django app: its models, templates, template tags and tests; its adapter."""

from campaigns import systems


class ZenerConfig(systems.SystemConfig):
    name = "campaigns.systems.zener"
    label = "zener"
    verbose_name = "Zener Gate"
    adapter = "campaigns.systems.zener.adapter.ADAPTER"
