"""Zener Gate's disadvantages and Karma at the table: the GM buys off a rank, records the
Complication of Karmic Debt and takes a setback's payment, each in one transaction with the sheet and
the ledger; the sheet form checks what only the ledger knows (the current Karma); the Karma trades of
creation are paid when the sheet is saved. The rules are rules.zener.disadvantages."""

from __future__ import annotations

from django import forms
from django.db import transaction

from campaigns.common import reads
from campaigns.common.inputs import TextField
from campaigns.models import Roll
from campaigns.systems.zener.actions import ActionError, change_karma, karma_balance
from campaigns.systems.zener.growth_kind import KIND as GROWTH_KIND
from campaigns.table import ledger, live
from campaigns.table.forms import CharacterChoiceField, TableForm
from rules.errors import RulesError
from rules.zener.disadvantages import (
    budget_terms,
    complication,
    karmic_debt,
    pay_off_setback,
    remove_rank,
    skill_points,
    skills_cost,
    spent,
)
from rules.zener.disadvantages import starting_karma_of as zener_starting_karma
from rules.zener.stats import ROLLED_STATS

STEPS = {
    "remove": "Buy off a rank of a disadvantage (1 Karma; the last rank removes it)",
    "complication": "Record a Complication (Karmic Debt): nullify a disadvantage",
    "pay_off": "Pay off a setback (1 Karma a rank)",
}

LABELS = {"remove": "Disadvantage bought off", "complication": "Complication", "pay_off": "Setback paid off"}


class GrowthForm(TableForm):
    """The GM's disadvantage and setback steps (seed: "Removing/Reducing Disadvantages", "Karmic Debt")."""

    character = CharacterChoiceField(queryset=None, empty_label=None)
    step = forms.ChoiceField(choices=list(STEPS.items()))
    name = TextField(max_length=80, label="Disadvantage or setback", help_text="As the sheet or the panel names it.")
    worsen = TextField(
        max_length=300,
        required=False,
        label="Complication: worsen",
        help_text="One disadvantage a rank nullified, commas between, e.g. 'Lame, Lame'.",
    )
    stat = forms.ChoiceField(
        choices=[("", "(when the others are at their limit)"), *((s, s) for s in ROLLED_STATS)],
        required=False,
        label="Complication: stat lowered",
        help_text="1 point for each rank the disadvantages cannot take.",
    )

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["character"].queryset = reads.seated_query(campaign)


def growth_step(character, gm, *, step: str, name: str, worsen: str = "", stat: str = "") -> int:
    """One of STEPS; the Karma left. Sheet and ledger change together or not at all."""
    if not character.campaign.is_gm(gm):
        raise ActionError("Only the GM approves changes to disadvantages and setbacks.")
    if step not in STEPS:
        raise RulesError("Choose a step: buy off a rank, record a Complication or pay off a setback.")
    with ledger.changes(character.campaign), transaction.atomic():
        character.refresh_from_db()
        karma = karma_balance(character, lock=True).value
        before = character.sheet
        if step == "remove":
            # Seed: "To remove a rank in a disadvantage, the character expends 1 point of Karma".
            sheet = remove_rank(before, name)
            karma = change_karma(character, -1, actor=gm, reason=f"Bought off a rank of {name.strip()}")
            event = _removed(before, sheet, name)
        elif step == "complication":
            # Seed: "setbacks and complications from Karmic Debt ... do not affect the Karmic Payout": no Karma moves.
            names = [n.strip() for n in worsen.split(",") if n.strip()]
            sheet = complication(before, karma=karma, nullify=name, worsen=names, stat=stat)
            event = {"event": step, "setback": sheet["setbacks"][-1]}
        else:
            sheet, cost = pay_off_setback(before, name)
            paid = next(s for s in before["setbacks"] if s not in sheet["setbacks"])
            karma = change_karma(character, -cost, actor=gm, reason=f"Paid off the setback {paid['name']}")
            event = {"event": step, "name": paid["name"], "cost": cost, "stats": paid["stats"]}
        character.sheet = sheet
        character.save(update_fields=["sheet", "updated_at"])
        # A public row in the log, as the GM's other steps leave (growth_kind.py).
        roll = Roll.objects.create(
            campaign=character.campaign,
            author=gm,
            character=character,
            kind=GROWTH_KIND,
            request={"label": LABELS[step], **event},
            outcome={},
        )
        transaction.on_commit(lambda: live.send_roll(roll))
    return karma


def _removed(before: dict, after: dict, name: str) -> dict:
    """The disadvantage a rank was bought off, as the sheet names it, and its ranks left (0: gone)."""
    wanted = name.strip().lower()
    real = next(d["name"] for d in before["disadvantages"] if d["name"].lower() == wanted)
    left = next((d["ranks"] for d in after["disadvantages"] if d["name"] == real), 0)
    return {"event": "remove", "name": real, "left": left}


def sheet_karma_problem(character, stored: dict, sheet: dict, name: str) -> str:
    """What the current Karma refuses in a sheet the player submits, or "". Seed ("Karma Limits"): the
    disadvantages earning points are at most the current Karma; a sheet already over it (Karma spent
    since: Karmic Debt, on the panel) may still be saved as long as it lists no more of them. The Karma
    trades not yet paid must be affordable."""
    unpaid = len(sheet.get("karma_trades", [])) - stored.get("karma_trades_paid", 0)
    karma = karma_balance(character).value if character.pk else zener_starting_karma({"stats": sheet["stats"]})
    if unpaid > karma:
        return f"{unpaid} Karma trades need {unpaid} Karma; {name} has {karma}."
    after, listed = karma - unpaid, len(sheet.get("disadvantages", []))
    if listed > max(0, after) and listed > len(stored.get("disadvantages", [])):
        return (
            f"{name} can earn points from at most {max(0, after)} disadvantages (the current Karma); "
            f"{listed} are listed."
        )
    return ""


def pay_karma_trades(character, *, actor) -> None:
    """After a sheet save: the Karma trades written since the last save are paid (or refunded, if taken
    back), "Stat trade at creation: PERS −1, STR +2" in the ledger; the sheet counts what is paid."""
    trades = character.sheet.get("karma_trades", [])
    with ledger.changes(character.campaign), transaction.atomic():
        character.refresh_from_db()
        paid = character.sheet.get("karma_trades_paid", 0)
        if len(trades) == paid:
            return
        new = trades[paid:] if len(trades) > paid else []
        what = "; ".join(f"{down} −1, {up} +2" for down, up in new) or "taken back"
        change_karma(character, paid - len(trades), actor=actor, reason=f"Stat trade at creation: {what}")
        character.sheet = {**character.sheet, "karma_trades_paid": len(trades)}
        character.save(update_fields=["sheet", "updated_at"])


def karmic(rows) -> list[tuple]:
    """For the panel, from its (character, Karma, ...) rows: (character, disadvantages, Karma, over the
    limit, setbacks) for each character in Karmic Debt or with a setback unpaid."""
    found = []
    for character, karma, *_ in rows:
        sheet = character.sheet
        debt = karmic_debt(sheet, karma)
        if debt or sheet.get("setbacks"):
            found.append((character, len(sheet.get("disadvantages", [])), karma, debt, sheet.get("setbacks", [])))
    return found


def budget_line(sheet: dict) -> str:
    """The sheet's skill points, added up: "Skill points: INT × 2 (24) + disadvantages (9) = 33; the
    skills cost 28, equipment 5: 33." (the equipment spends the same points) and, under Karmic
    Starvation, what it takes off."""
    points, cost, total = skill_points(sheet), skills_cost(sheet), spent(sheet)
    equipment = f", equipment {total - cost}: {total}" if total != cost else ""
    line = f"Skill points: {budget_terms(points)} = {points['available']}; the skills cost {cost}{equipment}."
    if points["starvation"]:
        line += (
            f" Karmic Starvation: the skills cost {points['starvation']} less "
            f"({cost} − {points['starvation']} = {cost - points['starvation']})."
        )
    return line
