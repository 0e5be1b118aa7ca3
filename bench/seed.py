"""Seed the benchmark's database: a GM and a player, a campaign in every system with
the player's character, and a history of 5,000 rolls in each campaign made from the
rolls of the real actions (so the log holds every kind). Prints what the driver needs
(ids, session cookies, CSRF tokens) as one JSON line.

    DJANGO_SETTINGS_MODULE=bench.settings python -m bench.seed
"""

import json
from importlib import import_module

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection  # noqa: E402
from django.middleware.csrf import _get_new_csrf_string  # noqa: E402
from django.test import Client, override_settings  # noqa: E402
from django.urls import reverse  # noqa: E402

from campaigns.models import Membership, Roll  # noqa: E402
from campaigns.plugins import registry  # noqa: E402
from campaigns.table import actions  # noqa: E402
from characters.models import Character  # noqa: E402
from rules.dice import SeededDice  # noqa: E402

HISTORY = 5_000


def some_rolls(campaign, gm, player, hero) -> None:
    """A few rolls of each kind the system makes, through the real actions."""
    for i in range(5):
        actions.roll_notation(campaign, player, notation="3d6+2", label=f"seed {i}", character=hero)
        actions.roll_notation(campaign, gm, notation="1d20", label="seed secret", secret=True)
    for _ in range(5):
        campaign.adapter.play_everyday(campaign, gm, player, hero)


def grow_history(campaign) -> None:
    """Copy the campaign's real rolls until its log holds HISTORY rolls."""
    models = list(campaign.rolls.filter(call__isnull=True))
    copies = [
        Roll(
            campaign=campaign,
            author_id=m.author_id,
            character_id=m.character_id,
            kind=m.kind,
            request=m.request,
            outcome=m.outcome,
            visibility=m.visibility,
            reveal=m.reveal,
        )
        for m in (models[i % len(models)] for i in range(HISTORY - campaign.rolls.count()))
    ]
    Roll.objects.bulk_create(copies, batch_size=1000)


def session_for(user) -> dict:
    client = Client()
    client.force_login(user)
    token = _get_new_csrf_string()
    return {"cookie": f"sessionid={client.cookies['sessionid'].value}; csrftoken={token}", "csrf": token}


@override_settings(FIVEFOLD_DICE=SeededDice(2026))  # the same history on every run (campaigns/common/sources.py)
def main() -> None:
    users = get_user_model().objects
    gm = users.create_user("bench_gm", password="bench-password-1")
    player = users.create_user("bench_player", password="bench-password-1")
    out = {
        "campaigns": {},
        "characters": {},
        "posts": {},
        "contention": [],
        "gm": session_for(gm),
        "player": session_for(player),
    }
    for adapter in registry.installed():
        system = adapter.key
        campaign = actions.create_campaign(gm, name=f"Bench {system}", system=system, settings={})
        Membership.objects.create(campaign=campaign, user=player)
        # Each system's session start (d100: a Fortune pool of 50 for the spends the driver makes).
        form = adapter.session_form(campaign, {"session-refill": 50})
        if not form.is_valid():
            raise SystemExit(f"{adapter.name}'s session form: {form.errors.as_text()}")
        actions.start_session(campaign, gm, **form.cleaned_data)
        sheet = adapter.rules.validate_sheet(adapter.demo_sheet, campaign.settings)
        hero = Character.objects.create(campaign=campaign, owner=player, name=f"Hero {system}", sheet=sheet)
        some_rolls(campaign, gm, player, hero)
        grow_history(campaign)
        out["campaigns"][system], out["characters"][system] = campaign.pk, hero.pk
        # What the driver posts in this campaign: the system's own (its adapter's bench module).
        bench = import_module(adapter.bench) if adapter.bench else None
        if post := getattr(bench, "EVERYDAY_POST", None):
            out["posts"][post.name] = (reverse(post.url_name, args=[campaign.pk]), {**post.data, "character": hero.pk})
        if contention := getattr(bench, "CONTENTION", None):
            name, url_name, body = contention
            out["contention"].append((name, reverse(url_name, args=[campaign.pk]), body, system, campaign.pk))
    with connection.cursor() as cursor:
        cursor.execute("CREATE TABLE bench_ping (id bigserial PRIMARY KEY, at timestamptz NOT NULL)")
        cursor.execute("ANALYZE")  # as autovacuum would have by now: the planner's statistics after a bulk load
    print("SEED " + json.dumps(out))


if __name__ == "__main__":
    main()
