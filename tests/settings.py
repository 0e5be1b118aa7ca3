"""The test run's settings: the app's own (config/settings.py), with Coin installed, a dice
system that lives only in the tests (tests/coin): the generic tests play it beside the five
real ones, and no line of the generic code knows it."""

import tempfile
from pathlib import Path

from config.settings import *  # noqa: F403
from config.settings import INSTALLED_APPS

INSTALLED_APPS = [*INSTALLED_APPS, "tests.coin"]

# Real hashing is slow on purpose; the tests do not need it to be.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# Uploaded files (handouts' images) never land in the repository: a test that stores one sets its own
# MEDIA_ROOT (pytest's tmp_path); any other goes here.
MEDIA_ROOT = Path(tempfile.gettempdir()) / "fivefold-test-media"
