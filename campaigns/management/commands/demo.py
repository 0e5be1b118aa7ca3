"""`python manage.py demo`: a GM, two players and one campaign per system, each
player with a character in each. Safe to run again: it only fills in what is missing."""

from django.core.management.base import BaseCommand
from django.db import transaction

import rules
from accounts.models import User
from campaigns.models import Campaign, Membership
from characters.models import Character

PASSWORD = "fivefold-demo"
GM, PLAYERS = "gm", ("player1", "player2")
CHARACTERS = {"player1": "Mara Vell", "player2": "Dax Orrin"}


class Command(BaseCommand):
    help = "Create demo users and one demo campaign per rules system (idempotent)."

    @transaction.atomic
    def handle(self, *args, **options):
        gm = self._user(GM, staff=True)
        players = [self._user(name) for name in PLAYERS]
        for system in rules.SYSTEMS.values():
            campaign, _ = Campaign.objects.get_or_create(
                gm=gm,
                name=f"Demo: {system.name}",
                defaults={"system": system.key, "settings": system.default_settings()},
            )
            for player in players:
                Membership.objects.get_or_create(campaign=campaign, user=player)
                Character.objects.get_or_create(
                    campaign=campaign,
                    owner=player,
                    name=CHARACTERS[player.username],
                    defaults={"sheet": system.validate_sheet({"notes": "A demo character."})},
                )
        self.stdout.write(
            f"Demo ready: GM '{GM}', players {', '.join(repr(p) for p in PLAYERS)}; password '{PASSWORD}'."
        )

    def _user(self, username: str, staff: bool = False) -> User:
        user, created = User.objects.get_or_create(username=username, defaults={"is_staff": staff})
        if created:
            user.set_password(PASSWORD)
            user.save()
        return user
