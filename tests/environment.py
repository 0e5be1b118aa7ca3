"""Loaded with `-p` before Django reads its settings: the test environment.

Production defaults stay on (DEBUG off, secure cookies), with a test-only
secret key and static files read from the source folders (no collectstatic).
"""

import os

os.environ.setdefault("SECRET_KEY", "tests-only-not-a-secret")
os.environ.setdefault("STATIC_MANIFEST", "false")
# The test client speaks plain http; `manage.py check --deploy` (tests/test_settings.py)
# holds the production security settings instead.
os.environ.setdefault("SECURE_SSL_REDIRECT", "false")
# The websocket origin check reads ALLOWED_HOSTS when config.asgi is imported,
# before Django's test setup would add "testserver" to it.
os.environ.setdefault("ALLOWED_HOSTS", "testserver,localhost,127.0.0.1")

# Two workers (pytest-xdist, `make test`) each get their own Redis database, so the channel
# groups and cache keys of one worker's campaign 1 never reach the other's: the browser tests'
# servers inherit it. The test databases are per worker already (pytest-django).
_worker = os.environ.get("PYTEST_XDIST_WORKER", "")
if _worker.startswith("gw") and os.environ.get("REDIS_URL"):
    base, _, database = os.environ["REDIS_URL"].rpartition("/")
    if database.isdigit() and base.count("/") >= 2:
        os.environ["REDIS_URL"] = f"{base}/{int(database) + 1 + int(_worker[2:])}"
