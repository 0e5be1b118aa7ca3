"""Nothing lost or doubled under concurrency: many threads spend the
same clock hours, Fortune points, Karma and Venture at once, and answer the same call
twice; exactly the spends the balance allows go through, the ledger adds up to the
balance, and each call or roll is taken once.

Each thread has its own database connection, so this needs a server that locks rows:
PostgreSQL (CI runs it there). SQLite's test database is one shared in-memory
database whose table locks refuse a second writer instead of queueing it, so on
SQLite these tests skip and say so."""

import threading
from collections import Counter

import pytest
from django.db import close_old_connections, connection

from campaigns.models import Balance, LedgerEntry, Membership, Roll, RollCall
from campaigns.systems.cgg import actions as cgg
from campaigns.systems.cgg.clock import ClockChange, change_clock, crisis_clock
from campaigns.systems.d100 import actions as d100
from campaigns.systems.zener import actions as zener
from campaigns.table import actions
from campaigns.table.actions import ActionError
from characters.models import Character
from rules.cgg.difficulty import Difficulty
from rules.cgg.sheet import default_sheet
from rules.cgg.venture import Wrench
from rules.dice import Comparison, ScriptedDice, SeededDice
from rules.errors import RulesError

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="Concurrent spends need PostgreSQL (set DATABASE_URL): SQLite's test database is one "
        "shared in-memory database that refuses a second writer instead of queueing it.",
    ),
]
THREADS = 10


def race(work, count: int = THREADS) -> Counter:
    """Run work(i) in `count` threads released at the same moment; count what each got:
    "done", or the refusal's message. Anything else is reported, never swallowed."""
    start, outcomes = threading.Barrier(count), []

    def run(i):
        close_old_connections()
        try:
            start.wait()
            work(i)
            outcomes.append("done")
        except (RulesError, ActionError) as refusal:
            outcomes.append(str(refusal))
        except Exception as error:
            outcomes.append(f"crash: {error!r}")
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return Counter(outcomes)


def assert_ledger_adds_up(balance: Balance, start: int) -> None:
    balance.refresh_from_db()
    deltas = LedgerEntry.objects.filter(balance=balance).values_list("delta", flat=True)
    assert start + sum(deltas) == balance.value


def test_simultaneous_clock_payments_never_overdraw_it(gm, player):
    campaign = actions.create_campaign(gm, name="Race", system="cgg", settings={})
    explorer = Character.objects.create(campaign=campaign, owner=player, name="Mara", sheet=default_sheet())
    assert crisis_clock(explorer).hours == 12

    outcomes = race(lambda _: change_clock(explorer, ClockChange(pay=5), actor=player, reason="Race"))

    assert outcomes["done"] == 2, outcomes  # 12 hours pay 5 twice; a third would overdraw
    clock = Balance.objects.get(character=explorer, kind="crisis_clock")
    assert clock.value == 2
    assert_ledger_adds_up(clock, 12)


def test_many_players_spend_the_last_fortune_points_at_once(gm, player, other_player):
    campaign = actions.create_campaign(gm, name="Grim", system="d100", settings={})
    for user in (player, other_player):
        Membership.objects.create(campaign=campaign, user=user)
    d100.refill_fortune(campaign, gm, refill=3)
    spenders = (player, other_player)

    outcomes = race(lambda i: d100.spend_fortune(campaign, spenders[i % 2], 1, "An extra Action Point"))

    assert outcomes["done"] == 3, outcomes
    assert outcomes["The Fortune pool has 0; that needs 1."] == THREADS - 3
    pools = d100.pools(campaign)
    assert (pools["fortune"].value, pools["misfortune"].value) == (0, 3)  # every point spent became Misfortune
    assert_ledger_adds_up(pools["fortune"], 0)
    assert_ledger_adds_up(pools["misfortune"], 0)


@pytest.fixture
def kai(gm, player, settings):
    """A Zener Gate character with THREADS failed checks on the log (3d6 of 18 against 11)."""
    campaign = actions.create_campaign(gm, name="Zener", system="zener", settings={})
    Membership.objects.create(campaign=campaign, user=player)
    sheet = campaign.rules_system.validate_sheet(
        {
            "stats": {"PRAC": 12},
            "int_dice": [3, 3],
            "skills": [{"name": "Pilot", "breadth": "narrow", "stat": "PRAC", "ranks": 3}],
        }
    )
    kai = Character.objects.create(campaign=campaign, owner=player, name="Kai", sheet=sheet)
    settings.FIVEFOLD_DICE = ScriptedDice([6] * 3 * THREADS)
    what, check = zener.check_for(kai, stat="PRAC", skill="Pilot")
    for _ in range(THREADS):
        zener.make_check(campaign, player, character=kai, what=what, check=check)
    settings.FIVEFOLD_DICE = SeededDice(7)
    return kai


def test_karma_rerolls_at_once_never_spend_karma_that_is_not_there(kai, player):
    start = zener.karma_balance(kai).value
    zener.change_karma(kai, 2 - start, actor=player, reason="Down to 2")
    failed = list(Roll.objects.filter(character=kai).values_list("pk", flat=True))

    outcomes = race(lambda i: zener.spend_on_roll(failed[i], player, use="reroll"))

    assert outcomes["done"] == 2, outcomes
    assert outcomes["Kai has 0 Karma; that needs 1."] == THREADS - 2
    karma = zener.karma_balance(kai)
    assert karma.value == 0
    assert_ledger_adds_up(karma, start)
    assert Roll.objects.filter(request__reroll_of__isnull=False).count() == 2


def test_one_roll_rerolled_from_two_tabs_at_once_is_rerolled_once(kai, player):
    start = zener.karma_balance(kai).value
    first = Roll.objects.filter(character=kai).first()

    outcomes = race(lambda _: zener.spend_on_roll(first.pk, player, use="reroll"))

    assert outcomes["done"] == 1, outcomes

    # The others see the re-roll's result: it stands, or it was the check's one re-roll.
    def refused(message: str) -> bool:
        return message == "Karma was already spent that way on this check." or (
            message.startswith("Kai's Pilot 3 + PRAC") and message.endswith(" check already succeeded.")
        )

    assert sum(n for message, n in outcomes.items() if refused(message)) == THREADS - 1, outcomes
    assert Roll.objects.filter(request__reroll_of=first.pk).count() == 1
    assert zener.karma_balance(kai).value == start - 1


def test_venture_is_spent_once_when_wrench_uses_are_sent_twice(gm, player, settings):
    campaign = actions.create_campaign(gm, name="Centaurus", system="cgg", settings={})
    explorer = Character.objects.create(campaign=campaign, owner=player, name="Mara", sheet=default_sheet())
    call = cgg.call_for_action(
        campaign, character=explorer, attribute="dexterity", difficulty=Difficulty(base_dice=4, success_dice=0)
    )
    settings.FIVEFOLD_DICE = ScriptedDice([6, 6, 2, 8, 9, 9])  # two Venture; the Exec's 2, 8, 9, 9
    cgg.roll_for_call(call.pk, player)
    settings.FIVEFOLD_DICE = SeededDice(7)
    uses = (Wrench.THAT_WAS_CLOSE, Wrench.GOTTA_MAKE_IT)

    outcomes = race(lambda _: cgg.choose_wrench(call.pk, player, uses))

    assert outcomes["done"] == 1, outcomes
    clock = Balance.objects.get(character=explorer, kind="crisis_clock")
    assert clock.value == 12 - 2  # paid once
    assert LedgerEntry.objects.filter(balance=clock).count() == 1
    assert_ledger_adds_up(clock, 12)


def test_a_call_answered_from_two_tabs_at_once_is_rolled_once(gm, player):
    campaign = actions.create_campaign(gm, name="Gate", system="tribute", settings={"die_size": 8})
    Membership.objects.create(campaign=campaign, user=player)
    character = Character.objects.create(campaign=campaign, owner=player, name="Vera", sheet={"notes": ""})
    call = actions.call_for_roll(
        campaign, character=character, notation="2d10", target=11, comparison=Comparison.AT_LEAST
    )

    outcomes = race(lambda _: actions.answer_call(call.pk, player))

    assert outcomes["done"] == 1, outcomes
    assert outcomes["This call has already been answered."] == THREADS - 1
    assert Roll.objects.filter(call=call).count() == 1
    assert RollCall.objects.get(pk=call.pk).status == RollCall.Status.ANSWERED
