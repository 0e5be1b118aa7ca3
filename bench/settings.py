"""The app's own settings plus the two baseline views of the benchmark (bench/urls.py)."""

from config.settings import *  # noqa: F403

ROOT_URLCONF = "bench.urls"
