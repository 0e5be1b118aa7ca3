"""Coin as a Django app, installed by the tests' settings only (tests/settings.py): a sixth
system that no line of the generic code knows (issue 19)."""

from campaigns import systems


class CoinConfig(systems.SystemConfig):
    name = "tests.coin"
    label = "coin"
    verbose_name = "Coin (tests only)"
    adapter = "tests.coin.adapter.ADAPTER"
