"""The mailer named by EMAIL_URL, in the MAILERS setting that Django 6.1 reads in place of the EMAIL_*
settings: django-environ parses the URL (smtp://, smtp+tls://, smtp+ssl://, consolemail://, filemail://, ...)
into those settings' names, and each becomes the OPTIONS key of the backend that takes it."""

import environ

OPTION = {
    "EMAIL_HOST": "host",
    "EMAIL_PORT": "port",
    "EMAIL_HOST_USER": "username",
    "EMAIL_HOST_PASSWORD": "password",
    "EMAIL_USE_TLS": "use_tls",
    "EMAIL_USE_SSL": "use_ssl",
    "EMAIL_FILE_PATH": "file_path",
}


def mailer(url: str) -> dict:
    parsed = environ.Env.email_url_config(url)
    # A backend refuses options it does not take: only the ones the URL gives.
    options = {OPTION[name]: value for name, value in parsed.items() if name in OPTION and value not in (None, "")}
    return {"BACKEND": parsed["EMAIL_BACKEND"], "OPTIONS": options}
