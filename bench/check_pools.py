"""After the contention run: the pools never went below 0 and each ledger adds up.

DJANGO_SETTINGS_MODULE=bench.settings python -m bench.check_pools CAMPAIGN_ID
"""

import sys

import django

django.setup()

from campaigns.models import Campaign, LedgerEntry  # noqa: E402
from campaigns.systems.d100 import actions as d100  # noqa: E402


def main() -> None:
    campaign = Campaign.objects.get(pk=int(sys.argv[1]))
    parts = []
    for kind, balance in d100.pools(campaign).items():
        entries = LedgerEntry.objects.filter(balance=balance)
        assert balance.value >= 0
        assert entries.order_by("-id").first().value_after == balance.value
        parts.append(f"{kind} {balance.value} after {entries.count()} ledger rows")
    print("consistent: " + ", ".join(parts))


if __name__ == "__main__":
    main()
