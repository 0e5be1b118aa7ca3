"""Coin's web side, as the generic code asks for it."""

from __future__ import annotations

from campaigns.calls.cards import Card, CardRoll
from campaigns.common.audience import Audience
from campaigns.plugins.base import Panel, SystemAdapter
from campaigns.table import actions as campaign_actions
from tests.coin import actions
from tests.coin.forms import CoinSheetForm, FlipCallForm
from tests.coin.kind import COIN
from tests.coin.rules import SYSTEM

# The GM's secret in play_secrets: a flip that needs more than 7 heads.
SECRET_TARGET = 7


def panel(campaign, audience: Audience, *, user=None, call_form=None) -> Panel:
    """The GM's form to call for a flip; players only learn where their calls appear."""
    context = {"is_gm": audience is Audience.GM}
    if audience is Audience.GM:
        context["call_form"] = call_form or FlipCallForm(campaign=campaign)
        context["has_characters"] = campaign.characters.seated().exists()
    return Panel("systems/coin/panel.html", context)


class Coin(SystemAdapter):
    rules = SYSTEM
    kinds = (COIN,)
    urls = "tests.coin.urls"
    sheet_form = CoinSheetForm
    demo_sheet = {"coins": 3}
    table_queries = {"gm": 17, "player": 15}

    def panel(self, campaign, audience, *, user=None, **forms):
        return panel(campaign, audience, user=user, **forms)

    def card(self, character, *, data=None):
        """A button per number of coins up to the sheet's: each flips that many in the open."""
        coins = character.sheet.get("coins", 1)
        return Card(
            tuple(CardRoll(f"coins:{n}", f"{n} coin{'s' if n > 1 else ''}", group="Flips") for n in range(1, coins + 1))
        )

    def card_roll(self, character, key, options, *, actor, label=""):
        coins = int(key.removeprefix("coins:"))
        return campaign_actions.roll_notation(
            character.campaign, actor, notation=f"{coins}d2", character=character, label=label or f"{coins} coins"
        )

    def play_everyday(self, campaign, gm, player, hero) -> None:
        call = actions.call_flip(campaign, gm, character=hero, coins=None, target=1, label="Call it in the air")
        actions.flip_coins(call.pk, player)

    def play_secrets(self, campaign, gm, player, hero) -> tuple[str, ...]:
        """A secret target in the log (a flip made) and on an open call (one waiting)."""
        flipped = actions.call_flip(campaign, gm, character=hero, coins=8, target=SECRET_TARGET)
        actions.flip_coins(flipped.pk, player)
        actions.call_flip(campaign, gm, character=hero, coins=8, target=SECRET_TARGET)
        return (f"more than {SECRET_TARGET} heads",)


ADAPTER = Coin()
