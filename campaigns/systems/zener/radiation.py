"""Zener Gate radiation at the table (seed: "Radiation Damage"): the GM's Zener transition for the party
or chosen characters, anti-radiation therapies, and the GM's move of long-term CON loss to another stat.
Each is one public log entry; the sheets take the damage (rules.zener.radiation).
Recovery is the GM's "a day passes" (actions.days_pass)."""

from __future__ import annotations

from django.db import transaction

from campaigns.common import sources
from campaigns.models import Roll
from campaigns.systems.zener.party import party
from campaigns.table import live
from campaigns.table.actions import ActionError
from rules.errors import RulesError
from rules.zener.radiation import CATEGORIES, TRANSITION_AS_PENALTY, Therapy, long_term, move_loss, transition, treat


def zener_transition(campaign, gm, *, category: str, characters=()) -> Roll:
    """Every chosen character (none chosen: the party, zener.party) makes the transition's
    CON roll and takes its damage; the log says each one's roll and damage, in name order."""
    if not campaign.is_gm(gm):
        raise ActionError("Only the GM rules a Zener transition.")
    if category not in CATEGORIES:
        raise RulesError("A transition is Category 1, 2, 3A or 3B.")
    dice = sources.dice()
    with transaction.atomic():
        seated = campaign.characters.seated().select_for_update(of=("self",)).order_by("name", "pk")
        chosen = [c.pk for c in characters]
        going = list(seated.filter(pk__in=chosen)) if chosen else party(campaign, seated)
        if chosen and len(going) != len(set(chosen)):
            raise RulesError("Choose characters at this table.")
        if not going:
            raise RulesError("No one to make the transition.")
        results = []
        # The campaign's reading of "a CON roll at +15" (rules page, #zener-plus-fifteen).
        reading = campaign.settings.get("transition_roll", TRANSITION_AS_PENALTY)
        for character in going:
            done = transition(character.sheet, category, dice, reading)
            character.sheet = done.sheet
            character.save(update_fields=["sheet", "updated_at"])
            results.append(_result(character.name, done))
        roll = Roll.objects.create(
            campaign=campaign,
            author=gm,
            kind="zener_transition",
            request={"label": "Zener transition", "category": category, "reading": reading},
            outcome={"results": results},
        )
        transaction.on_commit(lambda: (live.send_roll(roll), live.send_panel(campaign)))
    return roll


def _result(name: str, done) -> dict:
    check = done.check
    result = {
        "name": name,
        "number": done.number,
        "dice": len(check.faces),
        "faces": list(check.faces),
        "total": check.total,
        "target": check.target,
        "success": check.success,
        "extra": done.extra,
        "damage_faces": list(done.faces),
        "con": done.con,
        "harm": done.harm,
        "out_for": done.sheet.get("out_for", ""),
        "state": done.sheet.get("state", "conscious"),
    }
    if done.save:
        save = done.save.save
        result["save"] = {"dice": len(save.faces), "total": save.total, "target": save.target, "success": save.success}
    return result


def give_therapy(campaign, gm, *, character, therapy: Therapy, as_end: int = 0) -> Roll:
    """The GM gives one character an anti-radiation therapy: its aspects rolled and applied to the sheet."""
    if not campaign.is_gm(gm):
        raise ActionError("Only the GM gives a therapy.")
    with transaction.atomic():
        character.refresh_from_db()
        done = treat(character.sheet, therapy, sources.dice(), as_end=as_end)
        character.sheet = done.sheet
        character.save(update_fields=["sheet", "updated_at"])
        outcome = {
            "con": done.con,
            "extra_off": done.extra_off,
            "steps_back": done.steps_back,
            "shock": done.shock,
            "trauma": done.trauma,
            "as_end": done.as_end,
            "end_hours": done.end_hours,
            "left": long_term(done.sheet["damage"]["radiation"]),
        }
        roll = Roll.objects.create(
            campaign=campaign,
            author=gm,
            character=character,
            kind="zener_therapy",
            request={
                "label": "Anti-radiation therapy",
                "therapy": {
                    "con_healed": therapy.con_healed,
                    "extra_off": therapy.extra_off,
                    "steps_back": therapy.steps_back,
                    "shock": therapy.shock,
                    "trauma": therapy.trauma,
                },
            },
            outcome=outcome,
        )
        transaction.on_commit(lambda: (live.send_roll(roll), live.send_panel(campaign)))
    return roll


def move_radiation(campaign, gm, *, character, stat: str, points: int | None) -> Roll:
    """The GM moves `points` (None: all) of one character's long-term CON loss to another stat (seed:
    "Radiation Damage": "the GM is free to 'transfer' the long-term CON loss to some other affected stat");
    one public log entry says how much, where, and whether it ended the character's dying."""
    if not campaign.is_gm(gm):
        raise ActionError("Only the GM moves long-term CON loss.")
    with transaction.atomic():
        character.refresh_from_db()
        was_dying = character.sheet.get("state") == "dying"
        after, moved = move_loss(character.sheet, stat, points)
        character.sheet = after
        character.save(update_fields=["sheet", "updated_at"])
        left = after["damage"]["radiation"]["con"]
        line = f"The GM moves {moved} of {character.name}’s long-term CON loss to {stat} ({left} left on CON)."
        if was_dying and after.get("state") != "dying":
            line += f" {character.name} is no longer dying."
        roll = Roll.objects.create(
            campaign=campaign,
            author=gm,
            character=character,
            kind="zener_radiation_move",
            request={"label": "Long-term CON loss moved", "stat": stat, "points": points},
            outcome={"moved": moved, "left": left, "line": line},
        )
        transaction.on_commit(lambda: (live.send_roll(roll), live.send_panel(campaign)))
    return roll
