"""Every character's Karma read in one query, for the pages that show many: the panel's list and the
GM's Characters tab, whose cards would otherwise read one balance each (the table's query budget,
tests/campaigns/test_table_queries.py and zener/tests/test_gm_screen.py)."""

from __future__ import annotations

from campaigns.systems.zener.actions import karma_balance, karma_pool
from campaigns.table import ledger

_MEMO = "_zener_karma"  # on the campaign the characters were read with: one page's drawing


def karma_of(campaign, characters) -> dict[int, int]:
    """Each character's Karma by pk, in one query; kept on `campaign` for the cards drawn after on the same page
    (karma_for). The panel draws first (campaigns.pages.views._table_context) and after each step's write."""
    pools = {character.pk: karma_pool(character) for character in characters}
    found = ledger.balances(pools.values())
    values = {pk: found[pool].value for pk, pool in pools.items()}
    setattr(campaign, _MEMO, values)
    return values


def karma_for(character) -> int:
    """The character's Karma: from the page's one read when its campaign has it, else its own query."""
    if type(character).campaign.is_cached(character):
        known = getattr(character.campaign, _MEMO, {})
        if character.pk in known:
            return known[character.pk]
    return karma_balance(character).value
