"""LOG_FORMAT=json (config/settings.py, config/log_format.py): each log line one JSON object with the
time, level, logger and message, and the exception's traceback when there is one."""

import json
import os
import subprocess
import sys
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LOG = """
import logging
import django
django.setup()

log = logging.getLogger("campaigns.table.live")
log.warning("A live update could not be sent to %s", "campaign-1-table")
try:
    {}["missing"]
except KeyError:
    log.exception("Database error on %s", "/campaigns/1/\\nsecond line")
logging.getLogger("django.request").error("Internal Server Error: %s", "/")
"""


def log_lines(**env) -> list[str]:
    """What the app's own settings (not the tests') make of three log calls, as written to stderr."""
    environment = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "LOG_FORMAT", "LOG_LEVEL")}
    result = subprocess.run(
        [sys.executable, "-c", LOG],
        cwd=ROOT,
        env={**environment, "DJANGO_SETTINGS_MODULE": "config.settings", "SECRET_KEY": "tests-only", **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stderr.splitlines()


def test_with_log_format_json_each_line_is_one_json_object():
    lines = log_lines(LOG_FORMAT="json")
    assert len(lines) == 3, lines  # the traceback and the message's newline inside their lines
    warning, error, request = (json.loads(line) for line in lines)
    assert warning.keys() == {"time", "level", "logger", "message"}
    assert warning["level"] == "WARNING"
    assert warning["logger"] == "campaigns.table.live"
    assert warning["message"] == "A live update could not be sent to campaign-1-table"
    assert datetime.fromisoformat(warning["time"]).utcoffset().total_seconds() == 0
    assert error["level"] == "ERROR"
    assert error["message"] == "Database error on /campaigns/1/\nsecond line"
    assert error["exception"].startswith("Traceback (most recent call last):")
    assert error["exception"].endswith("KeyError: 'missing'")
    assert request["logger"] == "django.request"


def test_with_debug_too_each_line_once_and_in_json():
    """Django's defaults give its loggers a text handler of their own in local play (DEBUG)."""
    lines = log_lines(LOG_FORMAT="json", DEBUG="true")
    assert [json.loads(line)["logger"] for line in lines] == [
        "campaigns.table.live",
        "campaigns.table.live",
        "django.request",
    ]


def test_the_default_is_the_plain_message():
    lines = log_lines()
    assert lines[0] == "A live update could not be sent to campaign-1-table"
    assert "Traceback (most recent call last):" in lines


def test_another_log_format_is_refused_with_a_clear_message():
    environment = {k: v for k, v in os.environ.items() if k not in ("DEBUG",)}
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env={**environment, "DJANGO_SETTINGS_MODULE": "config.settings", "SECRET_KEY": "x", "LOG_FORMAT": "xml"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    assert "LOG_FORMAT is 'xml': it is text (the default) or json." in result.stderr
