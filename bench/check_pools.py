"""After the contention run: what the many players raced on still adds up (each system's own
check, its bench module's `check_contention`: d100's pools never went below 0 and each ledger adds up).

DJANGO_SETTINGS_MODULE=bench.settings python -m bench.check_pools SYSTEM CAMPAIGN_ID
"""

import sys
from importlib import import_module

import django

django.setup()

from campaigns.models import Campaign  # noqa: E402
from campaigns.plugins import registry  # noqa: E402


def main() -> None:
    bench = import_module(registry.get(sys.argv[1]).bench)
    print(bench.check_contention(Campaign.objects.get(pk=int(sys.argv[2]))))


if __name__ == "__main__":
    main()
