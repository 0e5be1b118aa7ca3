"""Coin as a Django app, installed by the tests' settings only (tests/settings.py): a sixth
system that no line of the generic code knows."""

from campaigns.plugins import registry


class CoinConfig(registry.SystemConfig):
    name = "tests.coin"
    label = "coin"
    verbose_name = "Coin (tests only)"
    adapter = "tests.coin.adapter.ADAPTER"
