"""Zener Gate's equipment and Campaign MacGuffins at the table (seed: "Weapons", "Armor", "Campaign
MacGuffins", "Other Uses For Karma"): the GM's steps, one transaction each.

The Campaign MacGuffins' unspent total is a campaign-wide Balance (kind "zener_macguffins", no
character) changed only through the ledger (campaigns/table/ledger.py), as Centaurus Gate's pools are;
each investment, improvement, delay and used-up item is also a public event row (kind "zener_gear")
that the log shows and the panel reads back (the improvements, the upgrades bought).
"""

from __future__ import annotations

from django.db import transaction

from campaigns.models import Roll
from campaigns.systems.zener.actions import ActionError, change_karma, karma_balance
from campaigns.table import ledger, live
from rules.errors import RulesError
from rules.zener.equipment import kept_when_consumed
from rules.zener.macguffins import UPGRADES, delay_cost, improvement_cost
from rules.zener.tables import TIME_MULTIPLIERS

KIND = "zener_gear"
MACGUFFINS = "zener_macguffins"
MAX_INVESTMENT = 50


def macguffin_pool(campaign) -> ledger.Pool:
    return ledger.Pool(campaign, MACGUFFINS, name="The Campaign MacGuffins", unit="points")


def improvements(campaign) -> list[Roll]:
    """The improvements bought, oldest first."""
    return list(Roll.objects.filter(campaign=campaign, kind=KIND, request__event="improvement").order_by("pk"))


def macguffins(campaign) -> dict:
    """What the panel shows everyone: the unspent total, the total ever invested, the improvements."""
    bought = improvements(campaign)
    unspent = ledger.balance(macguffin_pool(campaign)).value
    spent = sum(row.request["points"] for row in bought)
    return {"unspent": unspent, "invested": unspent + spent, "improvements": bought}


def _gm_only(campaign, gm) -> None:
    if not campaign.is_gm(gm):
        raise ActionError("Only the GM approves Karma spends and records improvements.")


def _event(campaign, gm, character, request: dict, outcome: dict) -> Roll:
    roll = Roll.objects.create(
        campaign=campaign, author=gm, character=character, kind=KIND, request=request, outcome=outcome
    )
    transaction.on_commit(lambda: (live.send_roll(roll), live.send_panel(campaign)))
    return roll


def invest(campaign, gm, *, character, amount: int, component: str) -> Roll:
    """A PC's Karma into the Campaign MacGuffins, as a named component ("crystal radio set")."""
    _gm_only(campaign, gm)
    component = component.strip()
    if not component:
        raise RulesError("Name the component the Karma buys, e.g. 'crystal radio set'.")
    if not 1 <= amount <= MAX_INVESTMENT:
        raise RulesError(f"Invest 1 to {MAX_INVESTMENT} Karma.")
    with ledger.changes():
        _can_pay(character, amount)
        pool = macguffin_pool(campaign)
        unspent = ledger.locked(pool).value + amount  # the event row says it; it is never changed after
        request = {"event": "invest", "label": "Campaign MacGuffin", "component": component, "amount": amount}
        roll = _event(campaign, gm, character, request, {"unspent": unspent})
        change_karma(character, -amount, actor=gm, reason=f"Campaign MacGuffin: {component}", roll=roll)
        ledger.grant(pool, amount, actor=gm, reason=f"{character.name}: {component}", roll=roll)
    return roll


def _can_pay(character, amount: int) -> None:
    """Refused before any row is written: the event rows are never changed afterwards."""
    left = karma_balance(character, lock=True).value
    if amount > left:
        raise RulesError(f"{character.name} has {left} Karma; that needs {amount}.")


def improve(campaign, gm, *, name: str, scale: str, points: int | None = None, upgrade: str = "") -> Roll:
    """An improvement the GM makes in one restriction, paid from the invested total."""
    _gm_only(campaign, gm)
    name = name.strip()
    if not name:
        raise RulesError("Name the improvement.")
    cost = improvement_cost(scale, points)
    if upgrade and upgrade not in UPGRADES:
        raise RulesError("Choose one of the three campaign upgrades, or none.")
    with ledger.changes():
        pool = macguffin_pool(campaign)
        unspent = ledger.locked(pool).value  # the lock also queues two GMs' clicks on one upgrade
        if upgrade and upgrade in upgrades_bought(campaign):
            raise RulesError(f"{UPGRADES[upgrade]} is bought already.")
        if cost > unspent:
            raise RulesError(
                f"The Campaign MacGuffins have {unspent} point{'s' if unspent != 1 else ''}; that needs {cost}."
            )
        request = {
            "event": "improvement",
            "label": "Campaign improvement",
            "name": name,
            "scale": scale,
            "points": cost,
            "upgrade": upgrade,
        }
        roll = _event(campaign, gm, None, request, {"unspent": unspent - cost})
        ledger.spend(pool, cost, actor=gm, reason=name, roll=roll)
    return roll


def upgrades_bought(campaign) -> set[str]:
    return {row.request["upgrade"] for row in improvements(campaign) if row.request.get("upgrade")}


def delay_transition(campaign, gm, *, character, shift: int) -> Roll:
    """A PC's Karma delays the next Zener Transition by the time table's shift (x2: 2 Karma), once the
    three campaign upgrades are bought; refused before, changing nothing."""
    _gm_only(campaign, gm)
    cost = delay_cost(shift, upgrades_bought(campaign))
    with ledger.changes():
        _can_pay(character, cost)
        request = {
            "event": "delay",
            "label": "Delays the transition",
            "shift": shift,
            "times": TIME_MULTIPLIERS[shift],
            "cost": cost,
        }
        roll = _event(campaign, gm, character, request, {})
        change_karma(
            character, -cost, actor=gm, reason=f"Delays the next Zener Transition (x{request['times']:g})", roll=roll
        )
    return roll


def consume(campaign, gm, *, character, item: str) -> Roll:
    """A weapon (by its name) or the armour ("armour") used up in the adventure: it leaves the sheet and
    all but 1 point of its cost comes back to the skill-point budget (seed: "completely consumed")."""
    _gm_only(campaign, gm)
    with transaction.atomic():
        character.refresh_from_db()
        sheet = dict(character.sheet)
        wanted = item.strip().lower()
        if wanted in ("armour", "armor") and sheet.get("armour"):
            name, cost = "armour", sheet.get("armour_design", {}).get("cost", 0)
            sheet.pop("armour_design", None)
            sheet["armour"] = 0
        else:
            found = next((w for w in sheet.get("weapons", []) if w["name"].lower() == wanted), None)
            if found is None or not wanted:
                raise RulesError(f"{character.name} has no {item.strip() or 'such item'} on their sheet.")
            name, cost = found["name"], found.get("cost", 0)
            sheet["weapons"] = [w for w in sheet["weapons"] if w is not found]
        kept = kept_when_consumed(cost)
        sheet["consumed_points"] = sheet.get("consumed_points", 0) + kept
        sheet["equipment_points"] = sheet.get("equipment_points", 0) - cost + kept
        character.sheet = sheet
        character.save(update_fields=["sheet", "updated_at"])
        request = {"event": "consumed", "label": "Used up", "item": name, "cost": cost, "refund": cost - kept}
        return _event(campaign, gm, character, request, {})
