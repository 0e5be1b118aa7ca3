"""Leverage at the table (rules.cgg.leverage; seed: "Leverage Die Codes").

The sheet keeps the explorer's leverage ("Starship Repair: 2d+2", from diligence rolls or the
Exec's hand). "Once Leverage has been created, any player can call it into use for their
explorer's action": rolling for a call, the player may call any seated explorer's leverage into
the roll as an assist, and either pays one hour off the Crisis Clock or the leverage loses 1D;
below 0D it leaves the sheet. The roll's card and log line say which, beside tension mode's
changes to the code.

Reading (published on /rules/#cgg): the hour is paid off the rolling explorer's clock (it is
their action that pays), and the lost 1D comes off the owner's sheet, where the leverage is.
"""

from __future__ import annotations

from dataclasses import dataclass

from campaigns.common.inputs import row_id, whole_number
from campaigns.systems.cgg.clock import ClockChange, change_clock
from characters.models import Character
from rules.cgg.codes import DieCode, parse_code
from rules.cgg.leverage import Leverage
from rules.errors import RulesError

COSTS = {"hour": "pay one hour", "die": "the leverage loses 1D"}


CHOOSE = "Choose a leverage from an explorer's sheet."


@dataclass(frozen=True, slots=True)
class LeverageChoice:
    index: int
    pay_hour: bool
    owner: int | None = None  # whose sheet; None: the rolling explorer's own


def leverage_choice(post) -> LeverageChoice | None:
    """The player's choice from the roll form: none, or whose leverage ("owner:index", or the
    roller's own "index") and how it is paid."""
    text = (post.get("leverage") or "").strip()
    if not text:
        return None
    owner_text, _, index_text = text.rpartition(":")
    index, owner = whole_number(index_text, 0, 999), row_id(owner_text) if owner_text else None
    if index is None or (owner_text and owner is None):
        raise RulesError(CHOOSE)
    cost = post.get("leverage_cost") or ""
    if cost not in COSTS:
        raise RulesError("Using leverage, pay one hour or the leverage loses 1D: choose which.")
    return LeverageChoice(index, pay_hour=cost == "hour", owner=owner)


def leverage_options(explorers) -> list[tuple[str, str]]:
    """Every seated explorer's leverage as the roll form offers it, labelled with its owner:
    ("12:0", "Starship Repair 2d+2 (Mara Vell)")."""
    return [
        (f"{explorer.pk}:{index}", f"{item['purpose']} {item['code']} ({explorer.name})")
        for explorer in explorers
        for index, item in enumerate(explorer.sheet.get("leverage", []))
    ]


def use_leverage(character, choice: LeverageChoice, *, actor, call) -> tuple[DieCode, str]:
    """Pay for the chosen leverage (inside the roll's transaction, so a refusal changes nothing):
    its code, to combine with the roll's other assists "in the same way as an assisting explorer"
    (campaigns/systems/cgg/assists.py), and the card's label for it."""
    owner = character.pk if choice.owner is None else choice.owner
    locked = Character.objects.seated().select_for_update().filter(campaign_id=character.campaign_id, pk=owner).first()
    items = list(locked.sheet.get("leverage", [])) if locked is not None else []
    if choice.index >= len(items):
        raise RulesError(CHOOSE)
    item = items[choice.index]
    leverage = Leverage(item["purpose"], parse_code(item["code"]))
    left = leverage.use(pay_hour=choice.pay_hour)
    label = f"+Leverage {leverage.purpose} {leverage.code}"
    if owner != character.pk:
        label = f"+{locked.name}'s Leverage {leverage.purpose} {leverage.code}"
    if choice.pay_hour:
        change_clock(character, ClockChange(pay=1), actor=actor, reason=f"Leverage: {leverage.purpose}", call=call)
        label += " (paid one hour)"
    elif left is None:
        del items[choice.index]
        label += " (lost 1D: expired)"
    else:
        items[choice.index] = {"purpose": item["purpose"], "code": str(left.code)}
        label += f" (lost 1D: {left.code} left)"
    if not choice.pay_hour:
        locked.sheet = locked.sheet | {"leverage": items}
        locked.save(update_fields=["sheet"])
        if owner == character.pk:
            character.sheet = locked.sheet
    return leverage.code, label
