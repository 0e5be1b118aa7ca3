"""d100 skill tests as a Django app: its models, templates, template tags and tests; its adapter."""

from campaigns import systems


class D100Config(systems.SystemConfig):
    name = "campaigns.systems.d100"
    label = "d100"
    verbose_name = "d100 skill tests"
    adapter = "campaigns.systems.d100.adapter.ADAPTER"
