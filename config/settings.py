"""Fivefold settings: everything that differs between machines comes from the
environment (django-environ), with safe production defaults.

Embedded default: SQLite and the in-memory channel layer. DATABASE_URL and
REDIS_URL switch to PostgreSQL and Redis for several worker processes.
"""

import secrets
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

from config.mail import mailer

BASE_DIR = Path(__file__).resolve().parent.parent
env = environ.Env()
if (BASE_DIR / ".env").exists():  # optional (read_env would log its absence, before LOG_FORMAT applies)
    environ.Env.read_env(BASE_DIR / ".env")  # real environment variables win

# Core: https://docs.djangoproject.com/en/6.0/ref/settings/#core-settings
DEBUG = env.bool("DEBUG", default=False)
SECRET_KEY = env("SECRET_KEY", default="")
SECRET_KEY_FROM_ENVIRONMENT = bool(SECRET_KEY)
if not SECRET_KEY:
    # Local play keeps its log-ins across restarts; anywhere else there is no
    # known key: each process makes its own, and `check --deploy` fails until
    # SECRET_KEY is set (campaigns/checks.py).
    SECRET_KEY = "django-insecure-" + ("local-play-only" if DEBUG else secrets.token_urlsafe(50))
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "daphne",  # its runserver serves websockets too
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "accounts",
    "campaigns",
    "characters",
    # The dice systems: each an app that registers itself (campaigns/plugins/registry.py);
    # a line taken away takes its system away, and its campaigns say it is not installed.
    "campaigns.systems.cgg",
    "campaigns.systems.tribute",
    "campaigns.systems.zener",
    "campaigns.systems.ore",
    "campaigns.systems.d100",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "accounts.middleware.LoginRedirectMiddleware",  # a click after the log-in expired: the whole page to log in
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "campaigns.pages.middleware.ErrorPagesMiddleware",  # the 503 page for a database failure, the app's 404 page
    "campaigns.table.once.SubmitOnceMiddleware",  # each form post counts once
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            # `{% form_tokens %}` in every form that posts, without a `{% load %}` in each template.
            "builtins": ["campaigns.templatetags.once"],
        },
    },
]

# Forms: Django's renderer, with inputs and selects drawn in Python, not a template each.
# https://docs.djangoproject.com/en/6.0/ref/forms/renderers/
FORM_RENDERER = "campaigns.common.renderers.FormRenderer"

# Databases: https://docs.djangoproject.com/en/6.0/ref/settings/#databases
DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # IMMEDIATE transactions take the write lock up front, so two spends at
    # once queue instead of failing with "database is locked".
    DATABASES["default"].setdefault("OPTIONS", {}).update({"transaction_mode": "IMMEDIATE", "timeout": 20})
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # A pool of open connections per process (psycopg's, built into Django): a request borrows one
    # instead of opening its own, under gunicorn and daphne alike. bench/ measured 221 INSERTs/s
    # without it. https://docs.djangoproject.com/en/6.0/ref/databases/#connection-pool
    # With PostgreSQL down, a request waits at most `timeout` for a connection, then gets the
    # "nothing changed" page (503, campaigns.pages.middleware) instead of hanging;
    # connect_timeout (libpq's minimum, 2 s) bounds each attempt of the pool to reconnect.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "connect_timeout": env.int("DATABASE_CONNECT_TIMEOUT", default=2),
            "pool": {
                "min_size": 1,
                "max_size": env.int("DATABASE_POOL_SIZE", default=12),
                "timeout": env.float("DATABASE_POOL_TIMEOUT", default=2),
            },
        }
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Channels: https://channels.readthedocs.io/en/latest/topics/channel_layers.html
# Redis carries live updates and nothing else a page needs: with it down, pages, log-ins
# and rolls still answer (the sends are tried again, then the open tables are told to catch
# up; campaigns.table.live). A Redis that does not answer gives up within a second or two.
REDIS_URL = env("REDIS_URL", default="")
REDIS_TIMEOUT = 1  # seconds


# An open table's consumer waits on Redis for a message (channels_redis's BRPOP, 5 s at a time): a
# read must be allowed longer than that. redis-py 8 reads with a 5 s timeout unless told, which raced
# the BRPOP and dropped every idle table's socket every few seconds; a Redis that hangs is still
# noticed, after this long.
REDIS_READ_TIMEOUT = 10  # seconds


def redis_channel_layer(url: str) -> dict:
    host = {"address": url, "socket_connect_timeout": REDIS_TIMEOUT, "socket_timeout": REDIS_READ_TIMEOUT}
    return {"BACKEND": "channels_redis.core.RedisChannelLayer", "CONFIG": {"hosts": [host]}}


def redis_cache(url: str) -> dict:
    return {
        "BACKEND": "config.redis_cache.KeptClientRedisCache",
        "LOCATION": url,
        "OPTIONS": {"socket_connect_timeout": REDIS_TIMEOUT, "socket_timeout": REDIS_TIMEOUT},
    }


CHANNEL_LAYERS = {
    "default": redis_channel_layer(REDIS_URL) if REDIS_URL else {"BACKEND": "channels.layers.InMemoryChannelLayer"}
}

# Cache (log-in attempt counts, who is here): https://docs.djangoproject.com/en/6.0/topics/cache/
# Shared through Redis when there are several processes; both uses do without it when it is down.
CACHES = {
    "default": redis_cache(REDIS_URL)
    if REDIS_URL
    # The log's kept rows (campaigns.table.rows) are many small entries: room for a few busy tables' first pages.
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "OPTIONS": {"MAX_ENTRIES": 5000}}
}

# Sessions live in the database only: a log-in must not depend on Redis, and a
# log-out deletes the row, which ends the session in every process at once. It costs one
# indexed query a request. https://docs.djangoproject.com/en/6.0/topics/http/sessions/
SESSION_ENGINE = "django.contrib.sessions.backends.db"

# Authentication: https://docs.djangoproject.com/en/6.0/topics/auth/customizing/
AUTH_USER_MODEL = "accounts.User"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
# Mail (a forgotten password's reset link, an email address's confirmation): EMAIL_URL as django-environ reads
# it (smtp+tls://user:password@host:587, ...). By default, the console while DEBUG (`make run` prints each mail
# it sends), and the host's own mail relay on port 25 otherwise.
MAILERS = {"default": mailer(env("EMAIL_URL", default="consolemail://" if DEBUG else "smtp://localhost:25"))}
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="Fivefold <noreply@localhost>")
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Internationalization: https://docs.djangoproject.com/en/6.0/topics/i18n/
LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# Static files (WhiteNoise): https://whitenoise.readthedocs.io/en/stable/django.html
STATIC_URL = "static/"
STATIC_ROOT = env.path("STATIC_ROOT", default=BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
# Production serves hashed, compressed files made by collectstatic; local play
# and the tests read the source folders directly.
STATIC_MANIFEST = env.bool("STATIC_MANIFEST", default=not DEBUG)
WHITENOISE_USE_FINDERS = not STATIC_MANIFEST
# Uploaded files (handouts' images): on the local file system under MEDIA_ROOT by default, never served from a
# public URL (no MEDIA_URL route): the handout's image view checks who may see it first. An S3-compatible store
# is a change of STORAGES["default"] alone (README, "A bigger group").
MEDIA_ROOT = env.path("MEDIA_ROOT", default=BASE_DIR / "media")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},  # its location: MEDIA_ROOT
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if STATIC_MANIFEST
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

# Security: https://docs.djangoproject.com/en/6.0/howto/deployment/checklist/
# Behind TLS in production; DEBUG (local play) runs on plain http.
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=not DEBUG)
SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=not DEBUG)
CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=not DEBUG)
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=0 if DEBUG else 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = not DEBUG
# A load balancer's probe asks the process itself, over plain http (config/health.py).
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
if env.bool("BEHIND_TLS_PROXY", default=False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# Content Security Policy: https://docs.djangoproject.com/en/6.0/ref/csp/
# Scripts only from our own static files (htmx is vendored, no inline scripts, no eval);
# websockets and HTMX requests to our own origin; inline style attributes allowed.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF, CSP.UNSAFE_INLINE],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "form-action": [CSP.SELF],
    "base-uri": [CSP.SELF],
}

# The table's dice and clock (campaigns/common/sources.py): an object or its dotted path. Tests replace
# them with pytest-django's `settings`, which puts them back after the test.
FIVEFOLD_DICE = "campaigns.common.sources.SYSTEM_DICE"  # the operating system's cryptographic source
FIVEFOLD_CLOCK = "django.utils.timezone.now"

# Logging: https://docs.djangoproject.com/en/6.0/topics/logging/
# LOG_FORMAT=json writes each line as one JSON object (config/log_format.py), for a log collector
# that reads fields rather than text; the default is the plain message.
LOG_FORMAT = env("LOG_FORMAT", default="text")
if LOG_FORMAT not in ("text", "json"):
    raise ImproperlyConfigured(f"LOG_FORMAT is {LOG_FORMAT!r}: it is text (the default) or json.")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": "config.log_format.JsonFormatter"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", **({"formatter": "json"} if LOG_FORMAT == "json" else {})}
    },
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="WARNING")},
}
if LOG_FORMAT == "json":
    # Django's own defaults give its loggers text handlers of their own (with DEBUG, and runserver's
    # request lines): through the JSON one instead, once each.
    LOGGING["loggers"] = {
        name: {"handlers": ["console"], "level": "INFO", "propagate": False} for name in ("django", "django.server")
    }
