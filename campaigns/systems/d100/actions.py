"""The d100 system at the table: tests (open, assisted, flipped, secret), Fury and
Chaos dice, opposed tests, and the Fortune and Misfortune pools.

The pools are the campaign's own balances, changed only by `change_pools` and
`refill_fortune` through the ledger service (campaigns/table/ledger.py); every Fortune
point spent becomes Misfortune in the same transaction.
"""

from __future__ import annotations

from django.db import transaction

from campaigns.common import sources
from campaigns.models import Balance, Commitment, Roll, RollCall
from campaigns.table import actions as table_actions
from campaigns.table import commitment_actions, ledger, live
from campaigns.toolkit.skills import no_such_skill
from campaigns.toolkit.turns import locked_call, publish_call
from rules.d100.sheet import attribute_for, effective_ranks
from rules.d100.test import (
    CAP_EVERY_MODIFIER,
    DIFFICULTIES,
    Flip,
    base_chance,
    difficulty_for_time,
    fury,
    opposed,
    read,
    resolve,
    roll_d100,
    total_chance,
)
from rules.errors import RulesError

KIND = "d100"
FORTUNE, MISFORTUNE = "fortune", "misfortune"
ActionError = table_actions.ActionError


def pool(campaign, kind: str) -> ledger.Pool:
    """The campaign's Fortune or Misfortune pool: empty until its first change."""
    if kind == FORTUNE:
        return ledger.Pool(campaign, kind, name="The Fortune pool")
    # Its changes go to the GM's log alone, as its value goes to the GM's panel alone (panel.py).
    return ledger.Pool(campaign, kind, name="The Misfortune pool", secret=not campaign.settings.get("show_misfortune"))


def pools(campaign, *, lock: bool = False) -> dict[str, Balance]:
    """The campaign's two pools as they stand; with `lock`, inside a write's transaction, their
    rows (made on this first write) locked until it ends."""
    both = (pool(campaign, FORTUNE), pool(campaign, MISFORTUNE))
    rows = [ledger.locked(each) for each in both] if lock else ledger.balances(both).values()
    return {row.kind: row for row in rows}


def change_pools(campaign, *, actor, reason: str, fortune: int = 0, misfortune: int = 0, roll=None) -> dict:
    """The one way the pools change. A pool that would go below 0 refuses, and nothing changes."""
    with ledger.changes():
        return {
            kind: ledger.change(pool(campaign, kind), delta, actor=actor, reason=reason, roll=roll)
            for kind, delta in ((FORTUNE, fortune), (MISFORTUNE, misfortune))
        }


def spend_fortune(campaign, player, points: int, reason: str, roll=None) -> dict:
    """A player's Fortune spend: the points move to the Misfortune pool at once."""
    return change_pools(campaign, actor=player, reason=reason, fortune=-points, misfortune=points, roll=roll)


def is_npc(campaign, character) -> bool:
    """A character the GM controls (the GM owns it), or none at all (the GM's own die): Misfortune's."""
    return character is None or character.owner_id == campaign.gm_id


def pool_left(campaign, npc: bool, *, lock: bool = False) -> int:
    return pools(campaign, lock=lock)[MISFORTUNE if npc else FORTUNE].value


def can_pay(campaign, points: int, *, npc: bool) -> None:
    """Inside a write's transaction, before any die is rolled: refused when the pool cannot pay (locked)."""
    left = pool_left(campaign, npc, lock=True)
    if left < points:
        raise RulesError(f"The {'Misfortune' if npc else 'Fortune'} pool has {left}; that needs {points}.")


def pay(campaign, actor, points: int, reason: str, *, npc: bool, roll=None) -> None:
    """A re-roll or a 6 paid for: with Fortune by a player (it becomes Misfortune), with Misfortune by the GM
    for an NPC or the GM's own die. Seed ("Misfortune pool"): "The GM may employ the Misfortune Pool to take
    advantage of the same benefits as Fortune Points for NPCs and creatures they control". Refused, before
    any die is rolled (`can_pay`), when the pool cannot pay. Reading (published on /rules/#d100): an NPC is a
    character the GM owns, or none (the GM's own die); a player's character is never the GM's to re-roll."""
    if npc:
        change_pools(campaign, actor=actor, reason=f"Misfortune: {reason}", misfortune=-points, roll=roll)
    else:
        spend_fortune(campaign, actor, points, reason, roll=roll)


def refill_fortune(campaign, gm, *, refill: int, short: bool = False) -> dict:
    """A session starts (campaigns.table.actions.start_session): Fortune refills (default players + 1).
    After a session under four hours the pool keeps what is left and adds half the refill
    (never above the refill), and Misfortune keeps half; otherwise Misfortune empties."""
    if not campaign.is_gm(gm):
        raise ActionError("Only the GM starts a session.")
    if not 0 <= refill <= 50:
        raise RulesError("Refill the Fortune pool with 0 to 50 points.")
    reason = "Session start" + (" (short last session)" if short else "")
    with ledger.changes():
        current = {kind: row.value for kind, row in pools(campaign, lock=True).items()}
        fortune = min(current[FORTUNE] + refill // 2, refill) if short else refill
        misfortune = current[MISFORTUNE] // 2 if short else 0
        ledger.refill(pool(campaign, FORTUNE), fortune, actor=gm, reason=reason)
        ledger.refill(pool(campaign, MISFORTUNE), misfortune, actor=gm, reason=reason)
        if pool(campaign, MISFORTUNE).secret:
            # The secret pool the session starts with, committed now and shown when it ends (/rules/#d100).
            commitment_actions.commit(
                campaign,
                kind="misfortune",
                value=misfortune,
                about="the Misfortune pool this session starts with",
                reveal=Commitment.Reveal.SESSION_END,
            )
    return {FORTUNE: fortune, MISFORTUNE: misfortune}


RECOVERY = {
    "social": ("A critical success on a Social Tactic test", 1),
    "resolve": ("A critical success on a Resolve test", 1),
    "journey": ("The end of a perilous journey", None),  # + number of players
    "alignment": ("Order or Chaos alignment in a dramatic moment", 1),
    "shrine": ("An hour at a way-shrine and a 6 on a Chaos die", 1),
}


def recover_fortune(campaign, gm, event: str) -> dict:
    if not campaign.is_gm(gm):
        raise ActionError("Only the GM adds recovered Fortune.")
    if event not in RECOVERY:
        raise RulesError("Unknown recovery event.")
    reason, points = RECOVERY[event]
    return change_pools(campaign, actor=gm, reason=reason, fortune=points or campaign.memberships.count())


def spend_misfortune(campaign, gm, points: int, reason: str) -> dict:
    if not campaign.is_gm(gm):
        raise ActionError("Only the GM spends Misfortune.")
    if not 1 <= points <= 2:
        raise RulesError("Misfortune is spent 1 or 2 points at a time.")
    return change_pools(campaign, actor=gm, reason=f"Misfortune: {reason}", misfortune=-points)


def modifier_cap(campaign) -> int:
    """What the ±30 cap covers in this campaign (the GM's setting; rules.d100.test.base_chance)."""
    return campaign.settings.get("modifier_cap", CAP_EVERY_MODIFIER)


def side_for(character, skill: str, attribute: str, *, synergy: bool = False, cap: int = CAP_EVERY_MODIFIER) -> dict:
    """Base chance from the sheet: attribute + 10 per (peril-adjusted) rank + modifiers, within the
    campaign's ±30 `cap` (`modifier_cap`). A skill uses its own attribute ("" names it; another is
    refused: rules.d100.sheet.attribute_for)."""
    sheet = character.sheet
    # A skill typed in any case is the sheet's (the GM's opposed test takes typed names).
    found = next((s for s in sheet["skills"] if s["name"].casefold() == skill.casefold()), None) if skill else None
    if skill and found is None:
        raise RulesError(no_such_skill(character, skill))
    skill = found["name"] if found else skill
    attribute = attribute_for(found, attribute)
    # An attribute the GM took off the campaign's list (the settings page) is tested no more, though
    # the sheets keep it until they are next saved. Reading (published on /rules/#d100-attributes).
    if attribute not in (character.campaign.settings.get("attributes") or sheet["attributes"]):
        raise RulesError(f"This campaign has no primary attribute called {attribute} any more.")
    if attribute not in sheet["attributes"]:
        raise RulesError(f"There is no primary attribute called {attribute}.")
    ranks = effective_ranks(found["ranks"], sheet["peril"]) if found else 0
    value = sheet["attributes"][attribute]
    rank_text = f", {ranks} rank{'s' if ranks != 1 else ''}" if ranks else ""
    return {
        "who": character.name,
        # An attribute alone reads "Combat 40", not "Combat (Combat 40)" (a play-test found the name said twice).
        "what": f"{skill} ({attribute} {value}{rank_text})" if skill else f"{attribute} {value}",
        "base": base_chance(value, ranks, sheet["modifiers"], synergy, cap=cap),
        "bonus": value // 10,
        "untrained_special": bool(found and found["special"] and found["ranks"] == 0),
        "synergy": synergy,
    }


def start_test(
    campaign,
    player,
    *,
    character,
    skill,
    attribute,
    difficulty: str | None,
    how: Flip = Flip.NONE,
    assistant=None,
    synergy: bool = False,
    label: str = "",
    time: str = "normal",
    secret: bool = False,
) -> RollCall:
    """A test; with `difficulty` None the GM sets it secretly; `secret` with a difficulty: the GM's call
    gave it, already committed (campaigns/calls/card_calls.py), a secret test. `time` (hasty, normal, triple)
    moves the difficulty a step once it is set (rules.d100.test.difficulty_for_time)."""
    if character.owner_id != player.pk or character.campaign_id != campaign.pk:
        raise ActionError("Test your own character.")
    side = side_for(character, skill, attribute, synergy=synergy, cap=modifier_cap(campaign))
    if side["untrained_special"]:
        if how is Flip.SUCCEED:
            raise RulesError("A special skill tested untrained must flip to fail.")
        how = Flip.FAIL
    if assistant is not None:
        if how is not Flip.NONE:
            raise RulesError("A test is either flipped or assisted, not both.")
        # Any case, as `side_for` reads the tester's skill.
        helper = next((s for s in assistant.sheet["skills"] if s["name"].casefold() == skill.casefold()), None)
        if assistant.pk == character.pk or helper is None or helper["ranks"] < 1:
            raise RulesError("An assistant needs at least 1 rank in the skill tested.")
    difficulty_for_time(difficulty or "standard", time)  # refuses an unknown difficulty or time
    request = {
        "side": side,
        "difficulty": difficulty,
        "secret": secret or difficulty is None,
        "flip": how.value,
        "assisted_by": assistant.name if assistant else "",
        "self_test": True,
        "time": time,
    }
    call = RollCall(campaign=campaign, character=character, kind=KIND, label=label, request=request)
    return table_actions.self_test(call, "difficulty", lambda call: _roll(call, author=player, shown=False))


def set_difficulty(call_id: int, gm, difficulty: str) -> Roll:
    with transaction.atomic():
        call = locked_call(call_id, KIND, RollCall.Status.PENDING, {})
        if not call.campaign.is_gm(gm):
            raise ActionError("Only the GM sets a secret difficulty.")
        if difficulty not in DIFFICULTIES:
            raise RulesError("The difficulty is Arduous, Hard, Challenging, Standard, Routine, Easy or Trivial.")
        # Never revealed: "The GM only reveals the result in case of a Critical" (seed, "Secret tests"),
        # and the difficulty would tell how it went (/rules/#d100).
        table_actions.set_secret_number(
            call, "difficulty", difficulty, test="secret test", reveal=Commitment.Reveal.NEVER
        )
        return _roll(call, author=call.character.owner, shown=True)


def _outcome(request: dict) -> dict:
    side = request["side"]
    rated = difficulty_for_time(request["difficulty"], request.get("time") or "normal")
    chance = total_chance(side["base"], rated)
    rolled = roll_d100(sources.dice(), assist=bool(request["assisted_by"]))
    reading = resolve(rolled, chance, how=Flip(request["flip"]), attribute_bonus=side["bonus"])
    return {
        "tens": rolled.tens,
        "ones": rolled.ones,
        "assist": rolled.assist,
        "value": reading.value,
        "chance": chance,
        "success": reading.success,
        "critical": reading.critical,
        "degrees": reading.degrees,
        "result": reading.label,
        "rated": rated,
    }


def _roll(call: RollCall, *, author, shown: bool) -> Roll:
    call.state = _outcome(call.request)
    return publish_call(call, author=author, shown=shown)


def test_name(roll) -> str:
    """A test as the players see it: whose, what, for what ("Ulf's Stealth (Agility 45, 1 rank) test (Sneak)")."""
    label = roll.request.get("label", "")
    return f"{roll.character.name}'s {roll.request['side']['what']} test" + (f" ({label})" if label else "")


def fortune_options(roll, user) -> dict:
    """The Fortune spends `user` can make on this roll now, each refused by the server anyway if
    posted (seed: "Using a fortune point"): a failed test's re-roll (1, or 2 after a critical
    failure), once, for the tester, and not while a secret test's result is the GM's; a Fury or
    Chaos die as a 6, once, for its roller. Only when the Fortune pool can pay. An opposed test's
    are its sides' (campaigns.systems.d100.opposed.fortune_options)."""
    campaign = roll.campaign
    npc = is_npc(campaign, roll.character)
    options = {"reroll": 0, "six": False, "sides": [], "pool": "Misfortune" if npc else "Fortune"}
    if (roll.character is None and not campaign.is_gm(user)) or (roll.character and roll.character.owner_id != user.pk):
        return options
    left = pool_left(campaign, npc)
    if roll.kind == KIND:
        outcome, request = roll.outcome, roll.request
        cost = 2 if outcome["critical"] else 1
        open_ = (
            not outcome["success"]
            and not request.get("reroll_of")
            and (npc or not request.get("secret") or outcome["critical"] or request.get("revealed"))
        )
        if open_ and left >= cost and not Roll.objects.filter(campaign=roll.campaign, request__reroll_of=roll.pk):
            options["reroll"] = cost
    elif roll.kind == "d100_die":
        open_ = not roll.request.get("six_of") and roll.outcome["faces"][0] != 6
        options["six"] = (
            open_ and left >= 1 and not Roll.objects.filter(campaign=roll.campaign, request__six_of=roll.pk).exists()
        )
    return options


def fortune_reroll(roll_id: int, player) -> Roll:
    """Re-roll a failed test for 1 Fortune (2 if it failed critically); the new result stands. Once per test."""
    with transaction.atomic():
        rolls = Roll.objects.select_for_update(of=("self",)).select_related("character", "campaign")
        original = rolls.get(pk=roll_id, kind=KIND)
        if original.character.owner_id != player.pk or (
            original.visibility != Roll.Visibility.TABLE and not original.campaign.is_gm(player)
        ):
            raise ActionError("Only the tester re-rolls their own test.")
        npc = is_npc(original.campaign, original.character)
        outcome = original.outcome
        if original.request.get("reroll_of"):
            raise ActionError("A re-rolled test stands.")
        # Secrecy first: answering "that test did not fail" would tell the player how a secret test went.
        secret = original.request.get("secret") and not npc  # the GM knows how its own NPC's test went
        if secret and not outcome["critical"] and not original.request.get("revealed"):
            raise ActionError("Only the GM knows how a secret test went.")
        if outcome["success"]:
            raise ActionError("That test did not fail.")
        if Roll.objects.filter(campaign=original.campaign, request__reroll_of=original.pk).exists():
            raise ActionError("That test was already re-rolled.")
        points = 2 if outcome["critical"] else 1
        can_pay(original.campaign, points, npc=npc)
        rerolled = {"reroll_of": original.pk, "of": test_name(original)}
        # A GM-only test's re-roll stays the GM's.
        roll = table_actions.roll_after(
            original, player, rerolled, _outcome(original.request), visibility=original.visibility
        )
        reason = f"Re-roll a {'critically ' if points == 2 else ''}failed test"
        pay(original.campaign, player, points, reason, npc=npc, roll=roll)
        transaction.on_commit(lambda: live.send_roll(roll))
    return roll


def _labelled(name: str, label: str) -> str:
    """A roll's name on its card, with what it is for when the roller said (as `test_name`)."""
    return f"{name} ({label})" if label else name


def roll_special_die(campaign, player, *, character, die: str, label: str = "") -> Roll:
    """A Fury die (a d6 rolled again and added on each 6) or a Chaos die (6: something terrible). The GM
    may roll one for no character (`character` None: campaigns/systems/d100/gm.py) or for any at the table,
    saying what it is for (`label`, on the card after the die's name)."""
    if character is None and not campaign.is_gm(player):
        raise ActionError("Roll for your own character.")
    if character is not None and character.campaign_id != campaign.pk:
        raise ActionError("Roll for a character at this table.")
    if character is not None and character.owner_id != player.pk and not campaign.is_gm(player):
        raise ActionError("Roll for your own character.")
    if die not in ("fury", "chaos"):
        raise RulesError("Roll a Fury die or a Chaos die.")
    faces = fury(sources.dice()) if die == "fury" else (sources.dice().roll(6),)
    with transaction.atomic():
        roll = Roll.objects.create(
            campaign=campaign,
            author=player,
            character=character,
            kind="d100_die",
            request={"die": die, "label": _labelled(f"{die.title()} die", label), "npc": is_npc(campaign, character)},
            outcome={"faces": list(faces), "total": sum(faces)},
        )
        transaction.on_commit(lambda: live.send_roll(roll))
    return roll


def opposed_test(
    campaign,
    gm,
    *,
    first,
    first_skill,
    first_attribute,
    second,
    second_skill,
    second_attribute,
    first_difficulty: str = "standard",
    second_difficulty: str = "standard",
    first_time: str = "normal",
    second_time: str = "normal",
    first_synergy: bool = False,
    second_synergy: bool = False,
    label: str = "",
) -> Roll:
    """Two characters' tests, each at its own difficulty (Standard unless the GM says), time taken and
    synergy, rolled together and posted once. Seed ("Opposed tests") names no difficulty; a Skill Test has
    one ("Base Chance is modified by Difficulty Rating"), so each side takes its own (published
    on /rules/#d100)."""
    if not campaign.is_gm(gm):
        raise ActionError("Only the GM calls an opposed test.")
    difficulties = [first_difficulty or "standard", second_difficulty or "standard"]
    times = [first_time or "normal", second_time or "normal"]
    for difficulty, time in zip(difficulties, times, strict=True):
        difficulty_for_time(difficulty, time)  # refuses an unknown difficulty or time
    cap = modifier_cap(campaign)
    sides = [
        side_for(first, first_skill, first_attribute, synergy=first_synergy, cap=cap),
        side_for(second, second_skill, second_attribute, synergy=second_synergy, cap=cap),
    ]
    # An untrained special skill flips to fail here too, as in any test ("Common and special skills").
    each = zip(sides, difficulties, times, (first, second), strict=True)
    sides = [
        {
            **side,
            "difficulty": difficulty,
            "time": time,
            "character_id": character.pk,
            "npc": is_npc(campaign, character),
            "flip": Flip.FAIL.value if side["untrained_special"] else "",
        }
        for side, difficulty, time, character in each
    ]
    outcomes = [_side_outcome(side) for side in sides]
    readings = [read(o["value"], o["chance"], s["bonus"]) for o, s in zip(outcomes, sides, strict=True)]
    winner = opposed(*readings)
    with transaction.atomic():
        roll = Roll.objects.create(
            campaign=campaign,
            author=gm,
            character=first,
            kind="d100_opposed",
            request={"label": _labelled(f"{first.name} against {second.name}", label), "sides": sides},
            outcome={"outcomes": outcomes, "winner": {"a": first.name, "b": second.name, None: ""}[winner]},
        )
        transaction.on_commit(lambda: live.send_roll(roll))
    return roll


def _side_outcome(side: dict) -> dict:
    """One side of an opposed test, rolled as a test of its own."""
    return _outcome(
        {
            "side": side,
            "difficulty": side["difficulty"],
            "time": side.get("time", "normal"),
            "flip": side.get("flip", ""),
            "assisted_by": "",
        }
    )


def fortune_six(roll_id: int, player) -> Roll:
    """1 Fortune: treat a Fury or Chaos die as a 6 (a Fury die then rolls on, as on any 6). Once per die."""
    with transaction.atomic():
        rolls = Roll.objects.select_for_update(of=("self",)).select_related("character", "campaign")
        original = rolls.get(pk=roll_id, kind="d100_die")
        campaign = original.campaign
        mine = campaign.is_gm(player) if original.character is None else original.character.owner_id == player.pk
        if not mine:
            raise ActionError("Only the roller turns their own die.")
        npc = is_npc(campaign, original.character)
        if original.request.get("six_of") or original.outcome["faces"][0] == 6:
            raise ActionError("That die is already a 6.")
        if Roll.objects.filter(campaign=original.campaign, request__six_of=original.pk).exists():
            raise ActionError("That die was already turned to a 6.")
        can_pay(campaign, 1, npc=npc)
        faces = (6, *fury(sources.dice())) if original.request["die"] == "fury" else (6,)
        whose = f"{original.character.name}'s" if original.character else "the GM's"
        of = f"{whose} {original.request['die']} die"
        six = {"six_of": original.pk, "of": of, "npc": npc}
        roll = table_actions.roll_after(original, player, six, {"faces": list(faces), "total": sum(faces)})
        pay(campaign, player, 1, f"A {original.request['die']} die as a 6", npc=npc, roll=roll)
        transaction.on_commit(lambda: live.send_roll(roll))
    return roll
