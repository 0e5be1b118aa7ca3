"""Seed the benchmark's database: a GM and a player, a campaign in every system with
the player's character, and a history of 5,000 rolls in each campaign made from the
rolls of the real actions (so the log holds every kind). Prints what the driver needs
(ids, session cookies, CSRF tokens) as one JSON line.

With --live and --tables, a crowd too (bench/live.py): that many more players seated at the
first system's campaign, and that many more campaigns of the first system with --players each.

    DJANGO_SETTINGS_MODULE=bench.settings python -m bench.seed [--live 40] [--tables 500 --players 5]
"""

import argparse
import json
from datetime import timedelta
from importlib import import_module

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model  # noqa: E402
from django.contrib.auth.hashers import make_password  # noqa: E402
from django.contrib.sessions.backends.base import VALID_KEY_CHARS  # noqa: E402
from django.contrib.sessions.backends.db import SessionStore  # noqa: E402
from django.contrib.sessions.models import Session  # noqa: E402
from django.db import connection  # noqa: E402
from django.middleware.csrf import _get_new_csrf_string  # noqa: E402
from django.test import Client, override_settings  # noqa: E402
from django.urls import reverse  # noqa: E402
from django.utils import timezone  # noqa: E402
from django.utils.crypto import get_random_string  # noqa: E402

from campaigns.models import Campaign, Membership, Roll  # noqa: E402
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


def sessions_for(users: list) -> list[dict]:
    """What session_for gives each of `users`, written in one INSERT: thousands of players log in
    in a second, where a test client's log-in each (a few queries and signals) would take minutes."""
    backend = settings.AUTHENTICATION_BACKENDS[0]  # the one force_login records
    store, expires = SessionStore(), timezone.now() + timedelta(seconds=settings.SESSION_COOKIE_AGE)
    rows, out = [], []
    for user in users:
        key, token = get_random_string(32, VALID_KEY_CHARS), _get_new_csrf_string()
        data = {
            SESSION_KEY: user._meta.pk.value_to_string(user),
            BACKEND_SESSION_KEY: backend,
            HASH_SESSION_KEY: user.get_session_auth_hash(),
        }
        rows.append(Session(session_key=key, session_data=store.encode(data), expire_date=expires))
        out.append({"cookie": f"sessionid={key}; csrftoken={token}", "csrf": token})
    Session.objects.bulk_create(rows, batch_size=1000)
    return out


def crowd(first, gm, *, live: int, tables: int, players: int) -> dict:
    """`live` more players at `first`, and `tables` more campaigns of its system with `players`
    each: members who can open the table and roll. No history, no characters: the log's first page
    is what they load, and the rolls the run makes are what it holds."""
    users = get_user_model().objects
    # One unusable password for all: hashing one each (PBKDF2) would take most of a second apiece.
    password = make_password(None)
    people = users.bulk_create(
        [get_user_model()(username=f"bench_crowd_{i}", password=password) for i in range(live + tables * players)],
        batch_size=1000,
    )
    campaigns = Campaign.objects.bulk_create(
        [Campaign(gm=gm, name=f"Bench crowd {i}", system=first.system, settings={}) for i in range(tables)]
    )
    seats = [Membership(campaign=first, user=user) for user in people[:live]]
    for i, campaign in enumerate(campaigns):
        start = live + i * players
        seats += [Membership(campaign=campaign, user=user) for user in people[start : start + players]]
    Membership.objects.bulk_create(seats, batch_size=1000)
    cookies = sessions_for(people)
    seated = cookies[live:]
    return {
        "live": cookies[:live],
        "tables": [[campaign.pk, seated[i * players : (i + 1) * players]] for i, campaign in enumerate(campaigns)],
    }


@override_settings(FIVEFOLD_DICE=SeededDice(2026))  # the same history on every run (campaigns/common/sources.py)
def main(live: int = 0, tables: int = 0, players: int = 5) -> None:
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
    first = Campaign.objects.get(pk=next(iter(out["campaigns"].values())))
    out["crowd"] = crowd(first, gm, live=live, tables=tables, players=players)
    with connection.cursor() as cursor:
        cursor.execute("CREATE TABLE bench_ping (id bigserial PRIMARY KEY, at timestamptz NOT NULL)")
        cursor.execute("ANALYZE")  # as autovacuum would have by now: the planner's statistics after a bulk load
    print("SEED " + json.dumps(out))


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--live", type=int, default=0, help="more players at the first system's campaign")
    parser.add_argument("--tables", type=int, default=0, help="more campaigns of the first system")
    parser.add_argument("--players", type=int, default=5, help="players at each of those")
    main(**vars(parser.parse_args()))
