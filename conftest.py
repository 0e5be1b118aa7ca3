"""The shared fixtures (tests/fixtures.py) for every test: the project's own in tests/, and
each system's beside its code in campaigns/systems/<key>/tests/."""

pytest_plugins = ["tests.fixtures"]
