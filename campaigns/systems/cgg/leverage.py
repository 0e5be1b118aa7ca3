"""Leverage at the table (rules.cgg.leverage; seed: "Leverage Die Codes").

The sheet keeps the explorer's leverage ("Starship Repair: 2d+2", from diligence rolls or the
Exec's hand). Rolling for a call, the player may call one into the roll as an assist, and
either pays one hour off the Crisis Clock or the leverage loses 1D; below 0D it leaves the
sheet. The roll's card and log line say which, beside tension mode's changes to the code.
"""

from __future__ import annotations

from dataclasses import dataclass

from campaigns.systems.cgg.clock import ClockChange, change_clock
from characters.models import Character
from rules.cgg.codes import DieCode, parse_code
from rules.cgg.leverage import Leverage
from rules.errors import RulesError

COSTS = {"hour": "pay one hour", "die": "the leverage loses 1D"}


@dataclass(frozen=True, slots=True)
class LeverageChoice:
    index: int
    pay_hour: bool


def leverage_choice(post) -> LeverageChoice | None:
    """The player's choice from the roll form: none, or which leverage and how it is paid."""
    index = (post.get("leverage") or "").strip()
    if not index:
        return None
    if not index.isdigit() or len(index) > 3:
        raise RulesError("Choose a leverage from the explorer's sheet.")
    cost = post.get("leverage_cost") or ""
    if cost not in COSTS:
        raise RulesError("Using leverage, pay one hour or the leverage loses 1D: choose which.")
    return LeverageChoice(int(index), pay_hour=cost == "hour")


def leverage_options(sheet) -> list[tuple[int, str]]:
    """The sheet's leverage as the roll form offers it: (index, "Starship Repair 2d+2")."""
    return [(index, f"{item['purpose']} {item['code']}") for index, item in enumerate(sheet.get("leverage", []))]


def use_leverage(character, choice: LeverageChoice, *, actor, call) -> tuple[DieCode, str]:
    """Pay for the chosen leverage (inside the roll's transaction, so a refusal changes nothing):
    its code, to combine with the roll's other assists "in the same way as an assisting explorer"
    (campaigns/systems/cgg/assists.py), and the card's label for it."""
    locked = Character.objects.select_for_update().get(pk=character.pk)
    items = list(locked.sheet.get("leverage", []))
    if choice.index >= len(items):
        raise RulesError("Choose a leverage from the explorer's sheet.")
    item = items[choice.index]
    leverage = Leverage(item["purpose"], parse_code(item["code"]))
    left = leverage.use(pay_hour=choice.pay_hour)
    label = f"+Leverage {leverage.purpose} {leverage.code}"
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
        character.sheet = locked.sheet
    return leverage.code, label
