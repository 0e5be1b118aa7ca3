"""What the lookups every campaign step starts with cost (the session, the user, the campaign with its
membership check), through the ORM and as one raw query, on the database DATABASE_URL names:

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test .venv/bin/python -m bench.lookups

Its rows are made inside a transaction that is rolled back at the end. A roll post spends about a
fifth of its time on these three; the ORM's share is mostly building the queries, not running them."""

from __future__ import annotations

import os
import time

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("SECRET_KEY", "bench-lookups-" + "x" * 40)

import django

django.setup()

from django.contrib.sessions.backends.db import SessionStore  # noqa: E402
from django.contrib.sessions.models import Session  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.utils import timezone  # noqa: E402

from accounts.models import User  # noqa: E402
from campaigns.models import Campaign, Membership  # noqa: E402
from campaigns.plugins import registry  # noqa: E402

CALLS = 2000
ONE_QUERY = """
SELECT s.session_data, u.id, u.username, u.password, u.is_active, c.id, c.name, c.system, c.settings, c.gm_id,
       g.username
FROM django_session s
JOIN accounts_user u ON u.id = %s
JOIN campaigns_campaign c ON c.id = %s
JOIN accounts_user g ON g.id = c.gm_id
WHERE s.session_key = %s AND s.expire_date > CURRENT_TIMESTAMP
  AND (c.gm_id = u.id OR EXISTS (SELECT 1 FROM campaigns_membership m WHERE m.campaign_id = c.id AND m.user_id = u.id))
"""


def timed(name: str, call) -> None:
    for _ in range(50):
        call()
    start = time.perf_counter()
    for _ in range(CALLS):
        call()
    print(f"{name:55} {(time.perf_counter() - start) * 1e6 / CALLS:7.0f} µs")


def raw(sql: str, params: list) -> None:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        cursor.fetchone()


def main() -> None:
    with transaction.atomic():
        gm = User.objects.create_user("bench-lookups-gm", password="unused-pass-1")
        player = User.objects.create_user("bench-lookups-player", password="unused-pass-1")
        system = next(registry.installed()).key  # any: the lookups read no system's rows
        campaign = Campaign.objects.create(name="Lookups", system=system, gm=gm, settings={})
        Membership.objects.create(campaign=campaign, user=player)
        store = SessionStore()
        store["_auth_user_id"] = str(player.pk)
        store.create()
        key = store.session_key
        timed("the session (ORM)", lambda: Session.objects.get(session_key=key, expire_date__gt=timezone.now()))
        timed("the user (ORM)", lambda: User._default_manager.get(pk=player.pk))
        timed(
            "the campaign, its membership check and GM (ORM)",
            lambda: Campaign.objects.for_member(player).select_related("gm").get(pk=campaign.pk),
        )
        timed(
            "the same, building the query alone (no SQL)",
            lambda: (
                Campaign.objects.for_member(player).select_related("gm").filter(pk=campaign.pk).query.sql_with_params()
            ),
        )
        timed("all three in one raw query", lambda: raw(ONE_QUERY, [player.pk, campaign.pk, key]))
        timed("SELECT 1 (a round trip's floor)", lambda: raw("SELECT 1", []))
        transaction.set_rollback(True)


if __name__ == "__main__":
    main()
