"""`python manage.py demo`: a GM, two players and one campaign per system, each
player with a character in each, and a few rolls already in each log (made by
the real actions, so every kind of row shows). Safe to run again: it only fills
in what is missing, and adds rolls only to a campaign that has none.

It lives in characters/, not campaigns/: it makes characters, and characters depend on
campaigns, never the other way."""

from django.core.management.base import BaseCommand
from django.db import transaction

from accounts.models import User
from campaigns.models import Campaign, Membership, RollCall
from campaigns.plugins import registry
from campaigns.table import actions, chat
from characters.models import Character

PASSWORD = "fivefold-demo"
GM, PLAYERS = "gm", ("player1", "player2")
CHARACTERS = {"player1": "Mara Vell", "player2": "Dax Orrin"}


def _sheet(adapter, campaign) -> dict:
    """The system's demo sheet (something to roll), the rest of it the system's default."""
    return adapter.rules.validate_sheet({**adapter.demo_sheet, "notes": "A demo character."}, campaign.settings)


def play_a_little(campaign, gm, player, hero) -> None:
    """A few moments of play through the real actions: a word out of character and one in it, a plain roll,
    a whisper to the GM, a GM's secret roll, and the system's everyday roll, in the campaign's first session
    (started as the GM would, with the session form's defaults: d100 refills Fortune with players + 1)."""
    form = campaign.adapter.session_form(campaign)
    actions.start_session(campaign, gm, **{name: form[name].initial for name in form.fields})
    chat.post(campaign, player, chat.read("Evening, all! Ready when you are."))
    chat.post(campaign, gm, chat.read("Two silver a night, and the stew is extra."), speaker="The innkeeper")
    actions.roll_notation(campaign, player, notation="2d6+1", label="Look around", character=hero)
    chat.post(campaign, player, chat.read(f"{hero.name} pockets the spare key."), recipients=[gm])
    actions.roll_notation(campaign, gm, notation="1d20", label="Wandering trouble?", secret=True)
    campaign.adapter.play_everyday(campaign, gm, player, hero)


def play_scene(campaign, player, hero, rolls: int) -> None:
    """A scene's worth of rolls (`demo --scene 20`): the hero's card buttons in turn, each with the
    card's own default options and its step (Tribute's Profit and Waste) answered before the next, as a
    player clicking through the card would; what the table
    looks like after an evening's play, for measuring its page."""
    adapter = campaign.adapter
    card = adapter.card(hero)
    if card is None or not card.rolls:
        for _ in range(rolls):
            actions.roll_notation(campaign, player, notation="2d6", label="Press on", character=hero)
        return
    # The options as the card draws them; a non-empty post, so that the form is bound even with no field set.
    posted = {name: card.options[name].value() for name in card.options.fields} if card.options else {}
    posted = {name: value for name, value in posted.items() if value is not None} | {"scene": "1"}
    for turn in range(rolls):
        options = adapter.card(hero, data=posted).options
        cleaned = options.cleaned_data if options is not None and options.is_valid() else {}
        adapter.card_roll(hero, card.rolls[turn % len(card.rolls)].key, cleaned, actor=player)
        for step in RollCall.objects.filter(character=hero, status=RollCall.Status.PLAYER_TURN):
            adapter.play_step(step, player)


class Command(BaseCommand):
    help = "Create demo users and one demo campaign per rules system, with a few rolls (idempotent)."

    def add_arguments(self, parser):
        parser.add_argument("--scene", type=int, default=0, help="then this many more rolls in each campaign")

    @transaction.atomic
    def handle(self, *args, **options):
        gm = self._user(GM, staff=True)
        players = [self._user(name) for name in PLAYERS]
        for adapter in registry.installed():
            system = adapter.rules
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
                    defaults={"sheet": _sheet(adapter, campaign)},
                )
                heroes.append(hero)
            if not campaign.rolls.exists():
                play_a_little(campaign, gm, players[0], heroes[0])
            if options["scene"]:
                play_scene(campaign, players[0], heroes[0], options["scene"])
        self.stdout.write(
            f"Demo ready: GM '{GM}', players {', '.join(repr(p) for p in PLAYERS)}; password '{PASSWORD}'."
        )

    def _user(self, username: str, staff: bool = False) -> User:
        user, created = User.objects.get_or_create(username=username, defaults={"is_staff": staff})
        if created:
            user.set_password(PASSWORD)
            user.save()
        return user
