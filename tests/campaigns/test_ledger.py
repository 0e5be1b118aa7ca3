"""The one ledger service (campaigns/table/ledger.py): every balance changes through it,
one entry per changed row, a refusal changes nothing, and the table hears of it once, after
the commit. Its pools here are made up: the service knows no system's."""

import pytest
from django.db import transaction

from campaigns.models import Balance, LedgerEntry
from campaigns.table import ledger, live
from rules.errors import RulesError

pytestmark = pytest.mark.django_db


@pytest.fixture
def sent(monkeypatch) -> list:
    """The campaigns whose panel went out to the table."""
    told = []
    monkeypatch.setattr(live, "send_panel", told.append)
    return told


def luck(campaign) -> ledger.Pool:
    return ledger.Pool(campaign, "luck", start=2, maximum=5, name="The luck pool")


def stamina(character) -> ledger.Pool:
    return ledger.Pool(character, "stamina", start=4, maximum=4, clamp=True, name=character.name, unit="stamina")


def entries() -> list[tuple]:
    return list(LedgerEntry.objects.order_by("id").values_list("balance__kind", "reason", "delta", "value_after"))


def test_a_pool_never_written_reads_as_it_starts_and_reading_makes_no_row(campaign, character):
    assert ledger.balance(luck(campaign)).value == 2
    both = ledger.balances([luck(campaign), stamina(character)])
    assert [row.value for row in both.values()] == [2, 4]
    assert not Balance.objects.exists()


def test_spend_grant_and_refill_write_one_entry_each(campaign, gm, sent, django_capture_on_commit_callbacks):
    pool = luck(campaign)
    with django_capture_on_commit_callbacks(execute=True):
        assert ledger.spend(pool, 2, actor=gm, reason="Spent") == 0
        assert ledger.grant(pool, 3, actor=gm, reason="Found") == 3
        assert ledger.refill(pool, 5, actor=gm, reason="Session start") == 5
    assert entries() == [("luck", "Spent", -2, 0), ("luck", "Found", 3, 3), ("luck", "Session start", 2, 5)]
    assert Balance.objects.get().value == 5
    assert ledger.balance(pool).value == 5
    assert sent == [campaign] * 3  # each call its own transaction


def test_an_entry_names_who_why_and_the_roll_or_call(character, gm, player):
    from campaigns.models import Roll

    roll = Roll.objects.create(campaign=character.campaign, author=player, kind="notation", request={}, outcome={})
    ledger.spend(stamina(character), 1, actor=player, reason="Sprint", roll=roll)
    entry = LedgerEntry.objects.get()
    assert (entry.actor, entry.reason, entry.roll, entry.call, entry.balance.character) == (
        player,
        "Sprint",
        roll,
        None,
        character,
    )


@pytest.mark.parametrize(
    ("write", "message"),
    [
        (lambda pool, gm: ledger.spend(pool, 3, actor=gm, reason="Too much"), "The luck pool has 2; that needs 3."),
        (lambda pool, gm: ledger.grant(pool, 4, actor=gm, reason="Too much"), "The luck pool holds at most 5."),
        (lambda pool, gm: ledger.refill(pool, 6, actor=gm, reason="Too much"), "The luck pool holds at most 5."),
    ],
)
def test_a_refusal_changes_nothing(campaign, gm, sent, write, message, django_capture_on_commit_callbacks):
    ledger.grant(luck(campaign), 0, actor=gm, reason="made")  # a row to leave untouched: 2
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(RulesError, match=message):
        write(luck(campaign), gm)
    assert Balance.objects.get().value == 2
    assert not LedgerEntry.objects.exists()
    assert sent == []


def test_a_refused_spend_names_the_pool_and_its_unit(character, player):
    with pytest.raises(RulesError, match=r"^Mara Vell has 4 stamina; that needs 5\.$"):
        ledger.spend(stamina(character), 5, actor=player, reason="Too much")


def test_a_clamped_pool_stops_at_its_maximum(character, player):
    pool = stamina(character)
    ledger.spend(pool, 3, actor=player, reason="Sprint")
    assert ledger.grant(pool, 9, actor=player, reason="Rest") == 4
    assert entries()[-1] == ("stamina", "Rest", 3, 4)


def test_a_new_maximum_cuts_the_value_with_an_entry(character, player):
    pool = stamina(character)
    assert ledger.set_maximum(pool, 3, actor=player, reason="Wounded") == 3
    assert (Balance.objects.get().maximum, entries()) == (3, [("stamina", "Wounded", -1, 3)])
    assert ledger.set_maximum(pool, 6, actor=player, reason="Healed") == 3  # the value stays
    assert Balance.objects.get().maximum == 6
    assert len(entries()) == 1


def test_a_write_that_changes_nothing_writes_no_entry_and_tells_no_one(
    campaign, gm, sent, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        ledger.refill(luck(campaign), 2, actor=gm, reason="Same")
    assert not LedgerEntry.objects.exists()
    assert sent == []


def test_several_rows_in_one_transaction_tell_the_table_once_after_the_commit(
    campaign, character, gm, player, sent, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True) as callbacks, ledger.changes():
        ledger.spend(luck(campaign), 1, actor=gm, reason="Pay")
        ledger.spend(stamina(character), 1, actor=player, reason="Pay")
        ledger.grant(luck(campaign), 3, actor=gm, reason="Gain")
        assert sent == []  # not before the commit
    assert len(callbacks) == 1
    assert sent == [campaign]
    assert len(entries()) == 3


def test_a_campaign_told_anyway_is_told_once(campaign, gm, sent, django_capture_on_commit_callbacks):
    """A change that the panel shows besides the balances (a sheet saved): told with them, once."""
    with django_capture_on_commit_callbacks(execute=True), ledger.changes(campaign):
        ledger.spend(luck(campaign), 1, actor=gm, reason="Pay")
    assert sent == [campaign]


def test_a_transaction_rolled_back_tells_no_one_and_keeps_nothing(
    campaign, gm, sent, django_capture_on_commit_callbacks
):
    def pay_then_fail():
        with transaction.atomic():
            ledger.spend(luck(campaign), 1, actor=gm, reason="Pay")
            raise RuntimeError("the step failed after paying")

    def pay_then_overspend():
        with ledger.changes():
            ledger.spend(luck(campaign), 1, actor=gm, reason="Pay")
            ledger.spend(luck(campaign), 5, actor=gm, reason="Too much")  # refused: the first goes too

    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        with pytest.raises(RuntimeError):
            pay_then_fail()
        with pytest.raises(RulesError):
            pay_then_overspend()
    assert (callbacks, sent) == ([], [])
    assert not LedgerEntry.objects.exists()
    assert ledger.balance(luck(campaign)).value == 2
    with django_capture_on_commit_callbacks(execute=True):
        ledger.spend(luck(campaign), 1, actor=gm, reason="Pay")
    assert sent == [campaign]  # the next transaction is told again


def test_keep_makes_the_rows_at_their_start_and_changes_nothing_written(character, player):
    pool = stamina(character)
    ledger.keep([pool])
    assert (Balance.objects.get().value, entries()) == (4, [])
    ledger.spend(pool, 1, actor=player, reason="Sprint")
    ledger.keep([pool])
    assert Balance.objects.get().value == 3
