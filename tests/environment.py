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
