"""`python manage.py demo`: a GM, two players and one campaign per system, each
player with a character in each, and a few rolls already in each log (made by
the real actions, so every kind of row shows). Safe to run again: it only fills
in what is missing, and adds rolls only to a campaign that has none."""

from django.core.management.base import BaseCommand
from django.db import transaction

import rules
from accounts.models import User
from campaigns import actions, systems
from campaigns.models import Campaign, Membership
from characters.models import Character
from rules.cgg.difficulty import Difficulty

PASSWORD = "fivefold-demo"
GM, PLAYERS = "gm", ("player1", "player2")
CHARACTERS = {"player1": "Mara Vell", "player2": "Dax Orrin"}

# Sheets with something to roll in every system (the rest is each system's default).
SHEETS = {
    "cgg": {
        "attributes": {
            "dexterity": "4d+1",
            "strength": "2d+2",
            "perception": "3d+2",
            "knowledge": "2d",
            "technical": "3d",
            "mechanical": "2d+1",
        },
        "roles": ["Pilot"],
    },
    "tribute": {"attributes": {"Might": 2, "Agility": 1}},
    "ore": {
        "stats": {"Coordination": 3},
        "skills": [{"name": "Piloting", "stat": "Coordination", "normal": 2, "hard": 0, "wiggle": 0}],
    },
    "zener": {
        "stats": {"PRAC": 12},
        "int_dice": [3, 3],
        "skills": [{"name": "Pilot", "breadth": "narrow", "stat": "PRAC", "ranks": 3}],
    },
    "d100": {"attributes": {"Agility": 45}, "skills": [{"name": "Stealth", "attribute": "Agility", "ranks": 1}]},
}


def _sheet(system, campaign) -> dict:
    return system.validate_sheet({**SHEETS.get(system.key, {}), "notes": "A demo character."}, campaign.settings)


def _cgg(campaign, gm, player, hero) -> None:
    from campaigns.systems.cgg import actions as cgg

    difficulty = Difficulty(base_dice=4, success_dice=0)
    cgg.call_for_action(campaign, character=hero, attribute="dexterity", difficulty=difficulty,
                        label="Thread the asteroid field")  # fmt: skip


def _tribute(campaign, gm, player, hero) -> None:
    from campaigns.systems.tribute import actions as tribute

    tribute.start_test(campaign, player, character=hero, attribute="Might", focus=2, burden=1, opposition=2,
                       label="Force the hatch")  # fmt: skip


def _ore(campaign, gm, player, hero) -> None:
    from campaigns.systems.ore import actions as ore

    side = ore.side_for(hero, "Coordination", "Piloting")
    ore.start_roll(campaign, player, character=hero, side=side, difficulty=3, label="Land in the storm")


def _zener(campaign, gm, player, hero) -> None:
    from campaigns.systems.zener import actions as zener

    what, check = zener.check_for(hero, stat="PRAC", skill="Pilot")
    zener.make_check(campaign, player, character=hero, what=what, check=check, label="Evasive turn")


def _d100(campaign, gm, player, hero) -> None:
    from campaigns.systems.d100 import actions as d100

    d100.start_test(campaign, player, character=hero, skill="Stealth", attribute="Agility", difficulty="standard")


# Each system's everyday roll, left where the player or the GM acts next.
SCENES = {"cgg": _cgg, "tribute": _tribute, "ore": _ore, "zener": _zener, "d100": _d100}


def play_a_little(campaign, gm, player, hero) -> None:
    """A few moments of play through the real actions: a plain roll, a GM's secret roll,
    and the system's everyday roll, in the campaign's first session (started as the GM
    would, with the session form's defaults: d100 refills Fortune with players + 1)."""
    form = systems.session_form(campaign)
    actions.start_session(campaign, gm, **{name: form[name].initial for name in form.fields})
    actions.roll_notation(campaign, player, notation="2d6+1", label="Look around", character=hero)
    actions.roll_notation(campaign, gm, notation="1d20", label="Wandering trouble?", secret=True)
    scene = SCENES.get(campaign.system)
    if scene is not None:
        scene(campaign, gm, player, hero)


class Command(BaseCommand):
    help = "Create demo users and one demo campaign per rules system, with a few rolls (idempotent)."

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
            heroes = []
            for player in players:
                Membership.objects.get_or_create(campaign=campaign, user=player)
                hero, _ = Character.objects.get_or_create(
                    campaign=campaign,
                    owner=player,
                    name=CHARACTERS[player.username],
                    defaults={"sheet": _sheet(system, campaign)},
                )
                heroes.append(hero)
            if not campaign.rolls.exists():
                play_a_little(campaign, gm, players[0], heroes[0])
        self.stdout.write(
            f"Demo ready: GM '{GM}', players {', '.join(repr(p) for p in PLAYERS)}; password '{PASSWORD}'."
        )

    def _user(self, username: str, staff: bool = False) -> User:
        user, created = User.objects.get_or_create(username=username, defaults={"is_staff": staff})
        if created:
            user.set_password(PASSWORD)
            user.save()
        return user
