"""Fortune (and the GM's Misfortune) on an opposed test: a failed side is re-rolled and the winner settled
again. Seed ("Using a fortune point"): "after a failed Skill Test (not a critically failed) to re-roll the
test, but you must accept the outcome"; two points after a critical failure. Reading (published on
/rules/#d100): each side of an opposed test is a Skill Test of its own, so its owner may re-roll it when it
failed — a player with Fortune, the GM with Misfortune for an NPC — once per side. The re-roll is a new
row of the log (a roll never changes) with the other side as it stood, and the winner read again; the
newest row is the one a further re-roll (of the other side) starts from."""

from __future__ import annotations

from django.db import transaction

from campaigns.models import Roll
from campaigns.systems.d100.actions import ActionError, _side_outcome, can_pay, pay, pool_left
from campaigns.table import actions as table_actions
from campaigns.table import live
from rules.d100.test import opposed, read

KIND = "d100_opposed"


def _open_sides(roll) -> list[int]:
    """The sides that failed and were not re-rolled yet, on a row nobody has re-rolled since."""
    if Roll.objects.filter(campaign_id=roll.campaign_id, request__reroll_of=roll.pk).exists():
        return []
    done = set(roll.request.get("rerolled_sides", []))
    return [
        index
        for index, (side, outcome) in enumerate(zip(roll.request["sides"], roll.outcome["outcomes"], strict=True))
        if "character_id" in side and not outcome["success"] and index not in done
    ]


def _owner_of(roll, side: dict):
    return roll.campaign.characters.filter(pk=side.get("character_id")).values_list("owner_id", flat=True).first()


def fortune_options(roll, user) -> dict:
    """What `user` can spend on an opposed test now: a re-roll of each failed side they own
    (campaigns.systems.d100.actions.fortune_options gives a single test's)."""
    return {"reroll": 0, "six": False, "sides": side_options(roll, user), "pool": ""}


def side_options(roll, user) -> list[dict]:
    """The sides `user` may re-roll now, with their cost and pool, only when that pool can pay."""
    options = []
    for index in _open_sides(roll):
        side, outcome = roll.request["sides"][index], roll.outcome["outcomes"][index]
        if _owner_of(roll, side) != user.pk:
            continue
        npc = bool(side.get("npc"))
        cost = 2 if outcome["critical"] else 1
        if pool_left(roll.campaign, npc) >= cost:
            options.append(
                {"index": index, "who": side["who"], "cost": cost, "pool": "Misfortune" if npc else "Fortune"}
            )
    return options


def side_reroll(roll_id: int, user, index: int) -> Roll:
    """Re-roll one failed side of an opposed test (1 point, 2 after a critical failure); the new result stands."""
    with transaction.atomic():
        rolls = Roll.objects.select_for_update(of=("self",)).select_related("campaign")
        original = rolls.get(pk=roll_id, kind=KIND)
        sides, outcomes = original.request["sides"], list(original.outcome["outcomes"])
        if not 0 <= index < len(sides):
            raise ActionError("An opposed test has two sides.")
        side = sides[index]
        if _owner_of(original, side) != user.pk:
            raise ActionError("Only that side's player re-rolls it.")
        since = Roll.objects.filter(campaign=original.campaign, request__reroll_of=original.pk).first()
        if index in original.request.get("rerolled_sides", []) or (
            since is not None and index in since.request.get("rerolled_sides", [])
        ):
            raise ActionError("That side was already re-rolled.")
        if since is not None:
            raise ActionError("That opposed test was re-rolled since: re-roll the newest.")
        if outcomes[index]["success"]:
            raise ActionError("That side did not fail.")
        npc = bool(side.get("npc"))
        points = 2 if outcomes[index]["critical"] else 1
        can_pay(original.campaign, points, npc=npc)
        outcomes[index] = _side_outcome(side)
        a, b = (read(o["value"], o["chance"], s["bonus"]) for o, s in zip(outcomes, sides, strict=True))
        names = {"a": sides[0]["who"], "b": sides[1]["who"], None: ""}
        rerolled = {
            "reroll_of": original.pk,
            "of": original.request.get("label", ""),
            "rerolled_sides": [*original.request.get("rerolled_sides", []), index],
        }
        roll = table_actions.roll_after(
            original, user, rerolled, {"outcomes": outcomes, "winner": names[opposed(a, b)]}
        )
        reason = f"Re-roll a {'critically ' if points == 2 else ''}failed side of an opposed test"
        pay(original.campaign, user, points, reason, npc=npc, roll=roll)
        transaction.on_commit(lambda: live.send_roll(roll))
    return roll
