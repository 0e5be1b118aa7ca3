"""Fixtures of the rules tests."""

import pytest

from rules.notation import distribution


@pytest.fixture
def small_cap(monkeypatch):
    """Tapes of a die exploding on two faces number 2^cap: count them with a cap of 3."""
    for module in ("rules.notation.rolling", "rules.notation.odds"):
        monkeypatch.setattr(f"{module}.CAP_EXPLOSIONS", 3)
    distribution.cache_clear()
    yield
    distribution.cache_clear()
