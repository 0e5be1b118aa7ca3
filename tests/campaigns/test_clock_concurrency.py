"""Two players (or two tabs) spending the same hours at once: the ledger's row
lock lets exactly the spends the clock can pay through. Needs a database with
row locks and a shared connection pool: PostgreSQL (CI runs it there)."""

import threading

import pytest
from django.db import close_old_connections, connection

from campaigns import actions, ledger
from campaigns.models import Balance, LedgerEntry
from characters.models import Character
from rules.cgg.sheet import default_sheet
from rules.errors import RulesError

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="Concurrent spends need PostgreSQL (set DATABASE_URL); "
        "SQLite's test database is one in-memory connection.",
    ),
]


def test_simultaneous_spends_never_overdraw_the_clock(gm, player):
    campaign = actions.create_campaign(gm, name="Race", system="cgg", settings={})
    explorer = Character.objects.create(campaign=campaign, owner=player, name="Mara", sheet=default_sheet())
    ledger.crisis_clock(explorer)  # 12 hours
    start, outcomes = threading.Barrier(10), []

    def spend():
        close_old_connections()
        try:
            start.wait()
            ledger.change_clock(explorer, ledger.ClockChange(pay=5), actor=player, reason="Race")
            outcomes.append("paid")
        except RulesError:
            outcomes.append("refused")
        finally:
            connection.close()

    threads = [threading.Thread(target=spend) for _ in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert outcomes.count("paid") == 2  # 12 hours pay 5 twice; a third would overdraw
    clock = Balance.objects.get(character=explorer, kind="crisis_clock")
    assert clock.value == 2
    assert sum(LedgerEntry.objects.filter(balance=clock).values_list("delta", flat=True)) == 2 - 12
