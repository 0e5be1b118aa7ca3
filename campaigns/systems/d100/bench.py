"""d100 skill tests in the benchmark (bench/run.py, bench/odds.py) and the roll-post query test."""

from campaigns.models import LedgerEntry
from campaigns.plugins.base import EverydayPost
from campaigns.systems.d100 import actions
from rules.d100.test import Flip, chances

EVERYDAY_POST = EverydayPost(
    "d100 test",
    "d100_test",
    {"skill": "Stealth", "attribute": "Agility", "difficulty": "standard", "flip": ""},
    queries=10,
    worst_faces=(9, 8),  # 87: a failure, not a double, so Fortune's spends are open
)

# Many players spending from the one Fortune pool at once (the seed's session refills it to 50).
CONTENTION = ("Fortune spend, one pool", "d100_spend", "what=action_point")


def check_contention(campaign) -> str:
    """After the contention run: the pools never went below 0 and each ledger adds up."""
    parts = []
    for kind, balance in actions.pools(campaign).items():
        entries = LedgerEntry.objects.filter(balance=balance)
        assert balance.value >= 0
        assert entries.order_by("-id").first().value_after == balance.value
        parts.append(f"{kind} {balance.value} after {entries.count()} ledger rows")
    return "consistent: " + ", ".join(parts)


def largest_odds():
    return "chance 99, flipped", lambda: chances(99, Flip.SUCCEED)
