"""Production mode: configured only by the environment, and clean by Django's deploy checklist."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

from tests.world import project_templates

ROOT = Path(__file__).resolve().parent.parent


def manage(*args, **env):
    # The app's own settings (manage.py's default), not the test run's (tests/settings.py).
    unset = ("SECRET_KEY", "DEBUG", "SECURE_SSL_REDIRECT", "DJANGO_SETTINGS_MODULE")
    environment = {k: v for k, v in os.environ.items() if k not in unset}
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env={**environment, **env}, capture_output=True, text=True
    )


def test_check_deploy_is_clean_in_production_mode():
    result = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="table.example.com",
        DEBUG="false",
        STATIC_MANIFEST="true",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_deploy_check_fails_without_a_secret_key():
    result = manage("check", "--deploy", ALLOWED_HOSTS="table.example.com", DEBUG="false", STATIC_MANIFEST="true")
    assert result.returncode != 0
    assert "fivefold.E001" in result.stderr


def test_plain_check_works_without_configuration():
    result = manage("check", DEBUG="false")
    assert result.returncode == 0, result.stderr


@pytest.mark.django_db
def test_pages_carry_a_content_security_policy(client):
    policy = client.get("/").headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "unsafe-eval" not in policy
    assert "frame-ancestors 'none'" in policy


def test_templates_have_no_inline_scripts():
    for template in project_templates():
        text = template.read_text()
        for inline in ("<script>", "onclick=", "hx-on"):
            assert inline not in text, template
