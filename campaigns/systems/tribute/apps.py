"""Tribute Alpha as a Django app: its models, templates, template tags and tests; its adapter."""

from campaigns import systems


class TributeConfig(systems.SystemConfig):
    name = "campaigns.systems.tribute"
    label = "tribute"
    verbose_name = "Tribute Alpha"
    adapter = "campaigns.systems.tribute.adapter.ADAPTER"
