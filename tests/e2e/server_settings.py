"""The browser tests' server settings: the app's own (config/settings.py), as `make run` has them, not the
test run's (tests/settings.py, with the test-only Coin system), with one change: a fast password hasher.
Every browser test signs people up or logs them in, and the real hasher costs half a second of the
server's time for each, on purpose; what the tests check of signing up and logging in does not depend on it."""

from config.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
