"""Zener Gate at the table: checks, Karma spends on rolls, and the GM's Karma awards.

Karma is a Balance (kind "karma") changed only by `change_karma`, through the
ledger service (campaigns/table/ledger.py). A re-roll or a +5 is a new roll event pointing
at the roll it changes; the original is never edited, and each is bought once per roll.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.db.models.signals import pre_save
from django.dispatch import receiver

from campaigns.common import sources
from campaigns.models import Balance, Roll
from campaigns.systems.zener.party import party
from campaigns.table import actions as table_actions
from campaigns.table import ledger, live
from campaigns.toolkit.skills import no_such_skill
from rules.dice import parse
from rules.errors import RulesError
from rules.zener import SYSTEM, recovery
from rules.zener.armour import worn
from rules.zener.checks import KARMA_BOOST, Check, CheckRoll, judge, roll_check, skill_check, stat_check
from rules.zener.combat import (
    COLUMNS,
    CRITICAL_TRAUMA,
    END_COST,
    FIRE,
    MEL_BEST_FIRST,
    aiming_bonus,
    announce_order,
    attack_check,
    check_aim,
    column_parts,
    critical_follow_up,
    critical_hit,
    damage,
    defense,
    fire_damage,
    hit_location,
    initiative,
    knocked_out,
    near_miss,
    near_miss_column,
    shock_recovered,
    shock_save,
    size_and_range,
)
from rules.zener.death import death_save, settle, state_of
from rules.zener.disadvantages import bearing
from rules.zener.endurance import end_left
from rules.zener.experience import SOLUTION_NAMES, SOLUTIONS, adventure_experience
from rules.zener.languages import (
    LANGUAGE_AS_SKILL,
    RANK_MODIFIER,
    RELATED_BONUS,
    era_ranks,
    language_check,
    language_ranks,
    rank_name,
)
from rules.zener.stats import ROLLED_STATS, foundation, in_play, starting_karma, stat_basis, stat_raise_cost

KIND = "zener"
KARMA = "karma"
ActionError = table_actions.ActionError


def karma_pool(character, sheet: dict | None = None) -> ledger.Pool:
    """A character's Karma: until its first change, what the sheet's stats start it with."""
    stats = (sheet or character.sheet)["stats"]
    return ledger.Pool(character, KARMA, start=max(0, starting_karma(stats)), name=character.name, unit="Karma")


def karma_balance(character, *, lock: bool = False) -> Balance:
    """The character's Karma as it stands; with `lock`, inside a write's transaction, its row locked."""
    return ledger.locked(karma_pool(character)) if lock else ledger.balance(karma_pool(character))


def change_karma(character, delta: int, *, actor, reason: str, roll=None) -> int:
    """The one way Karma changes. Spending more than there is is refused. The card and the GM's
    Characters tab show Karma: both follow, whoever spent it (play-test: a player's re-roll left the
    GM's tab at the old Karma until a reload)."""
    left = ledger.change(karma_pool(character), delta, actor=actor, reason=reason, roll=roll)
    transaction.on_commit(lambda: live.send_sheet(character))
    return left


@receiver(pre_save, sender="characters.Character", dispatch_uid="zener-keep-the-karma-the-table-saw")
def keep_the_karma_the_table_saw(sender, instance, **kwargs) -> None:
    """Karma nobody has changed follows the stats. Before the stats change under it, its row is
    made at what the table showed, as a character's Karma does not move with a sheet edit."""
    if instance._state.adding:
        return
    stored = sender.objects.filter(pk=instance.pk, campaign__system=SYSTEM.key)
    before = stored.values_list("sheet", flat=True).first()
    if before is not None and karma_pool(instance, before).start != karma_pool(instance).start:
        ledger.keep([karma_pool(instance, before)])


@receiver(pre_save, sender="characters.Character", dispatch_uid="zener-settle-the-state")
def settle_the_state(sender, instance, **kwargs) -> None:
    """The one place a Zener sheet's stored state follows its damage, whatever changed it (an attack, a
    therapy, a transition, days of rest, a missed action, the sheet form): rules.zener.death.settle."""
    if instance.campaign.system == SYSTEM.key and isinstance(instance.sheet, dict) and "stats" in instance.sheet:
        instance.sheet = settle(instance.sheet)


def check_for(
    character, *, stat: str, skill: str = "", modifier: int = 0, extra: int = 0, indirect: int = 0, also: str = ""
):
    """(what, Check) for a skill check (a skill from the sheet, or unproficient) or a stat check.
    A skill's stat basis is its sheet stat unless another is named (rules.zener.stats.stat_basis).
    `what` names every term of the target, so the log's line adds up (play-test: "Pilot 3 + PRAC 10
    … against 10" hid the foundation, 7, and a −6 modifier): "Pilot 3 + PRAC foundation 7 − 6".
    The disadvantages the sheet says bear on the check, and the one the GM names (`also`), take 2 a rank
    off it, each named (rules.zener.disadvantages.bearing; rules page, #zener-disadvantage-penalty)."""
    found = None
    if skill not in ("", "*"):
        found = next((s for s in character.sheet.get("skills", []) if s["name"] == skill), None)
        if found is None:
            raise RulesError(no_such_skill(character, skill))
    stat = stat_basis(found, stat)
    if stat not in ROLLED_STATS:
        raise RulesError(f"There is no stat called {stat}.")
    value, lost = _stat_in_play(character.sheet, stat)
    hurt = f" (after {lost} stat damage)" if lost else ""
    # Worn armour changes RES, NIM, ACC, MEL and DEX in use, hand protection DEX in use (rules.zener.armour).
    key = "DEX in use" if stat == "DEX" else stat
    value += worn(character.sheet)[key] - in_play(character.sheet)[key]
    hurt += _worn_note(character.sheet, stat)
    borne = bearing(
        character.sheet.get("disadvantages", []), skill=found["name"] if found else "", stat=stat, also=also
    )
    penalties = "".join(_term(-penalty, f"{name}, {ranks} rank{'s' * (ranks != 1)}") for name, ranks, penalty in borne)
    rolled = modifier - sum(penalty for _, _, penalty in borne)  # the modifier the check rolls with
    if skill == "":
        return f"{stat} {value}{hurt} (stat check){penalties}{_term(modifier)}", stat_check(value, rolled)
    basis = f"{stat} foundation {foundation(value)}{hurt}"
    if skill == "*":
        check = skill_check(value, 0, rolled, indirect_skills=indirect)
        counted = _term(indirect, f"{indirect} indirectly related skill{'s' if indirect != 1 else ''}")
        return f"{basis} (unproficient){counted}{penalties}{_term(modifier)}", check
    named = "" if stat == found["stat"] else f" (stat basis chosen; the sheet's is {found['stat']})"
    further = _term(2 * extra, f"{extra} further skill{'s' if extra != 1 else ''}")
    what = f"{skill} {found['ranks']} + {basis}{named}{further}{penalties}{_term(modifier)}"
    return what, skill_check(value, found["ranks"], rolled, extra_skills=extra)


def language_roll_for(character, *, language: str, aspect: str, eras: int = 0, era_loss: float = 0, related: int = 0):
    """(what, Check) for a language roll: the aspect's ranks after the era's change, as a LAN check
    (rules.zener.languages). `language` is a name on the sheet, or "name, era" where eras differ."""
    name, _, era = (part.strip() for part in language.partition(","))
    found = [x for x in character.sheet.get("languages", []) if x["name"] == name and era in ("", x["era"])]
    if not found:
        raise RulesError(f"{character.name} has no language called {language}.")
    if len(found) > 1:
        raise RulesError(
            f"{character.name} has {name} of more than one era: name it, e.g. '{name}, {found[0]['era']}'."
        )
    held = found[0]
    ranks = era_ranks(language_ranks(held), era_loss, eras)[aspect]
    lan, lost = _stat_in_play(character.sheet, "LAN")
    away = f", {eras} era step{'s' if eras != 1 else ''} away (−{era_loss:g})" if eras else ""
    hurt = f" (after {lost} stat damage)" if lost else ""
    # The campaign's reading of a language roll (rules page, #zener-language-roll).
    reading = character.campaign.settings.get("language_roll", LANGUAGE_AS_SKILL)
    related_term = _term(RELATED_BONUS * related, f"{related} related")
    if reading == LANGUAGE_AS_SKILL:
        what = (
            f"{held['name']} ({held['era']}) {aspect} {ranks}, {rank_name(ranks)}{away} + LAN foundation "
            f"{foundation(lan)}{hurt}{related_term}"
        )
    else:
        what = (
            f"{held['name']} ({held['era']}) {aspect} {ranks}, {rank_name(ranks)}{away}: LAN {lan}{hurt}"
            f"{_term(-RANK_MODIFIER[ranks])}{related_term}"
        )
    return what, language_check(lan, ranks, related, reading)


def _stat_in_play(sheet: dict, stat: str) -> tuple[int, int]:
    """(the stat a check reads, less its stat damage; the points the damage took). A check on DEX
    reads DEX in use, which damage to DEX or NIM lowers (rules.zener.stats.in_play)."""
    key = "DEX in use" if stat == "DEX" else stat
    value = in_play(sheet)[key]
    return value, in_play({**sheet, "damage": {}})[key] - value


def _worn_note(sheet: dict, stat: str) -> str:
    """What the log names beside a stat that the armour's technology or the gloves change:
    " (hand protection −2)", " (armour 5 plays as 8, low-tech)"; the armour's own type goes unsaid."""
    shift = sheet.get("armour_tech", 0)
    if stat == "DEX" and sheet.get("hand_protection"):
        return f" (hand protection −{sheet['hand_protection']})"
    if stat in ("NIM", "ACC", "MEL") and shift:
        tech = "low-tech" if shift > 0 else "high-tech"
        return f" (armour {sheet.get('armour', 0)} plays as {max(0, min(10, sheet.get('armour', 0) + shift))}, {tech})"
    return ""


def _term(amount: int, why: str = "") -> str:
    """One term added to a target as the log writes it: " + 2 (1 further skill)", " − 6"; none for 0."""
    if not amount:
        return ""
    return f" {'+' if amount > 0 else '−'} {abs(amount)}" + (f" ({why})" if why else "")


def _outcome(rolled: CheckRoll, bonus: int = 0) -> dict:
    target = rolled.target + bonus
    success, margin = judge(rolled.total, target)
    return {
        "faces": list(rolled.faces),
        "total": rolled.total,
        "target": target,
        "success": success,
        "margin": margin,
        "bonus": bonus,
    }


def make_check(
    campaign, author, *, character, what: str, check, secret: bool = False, label: str = "", eventual: int | None = None
) -> Roll:
    """Roll a check now. A secret check (the GM's) reaches only the GM. `eventual`, the margin wanted,
    makes it an eventual success: the log reads its margin as the time it takes (kind.eventual_line)."""
    if secret and not campaign.is_gm(author):
        raise ActionError("Only the GM makes secret checks.")
    if not secret and character.owner_id != author.pk:
        raise ActionError("Roll for your own character.")
    rolled = roll_check(check, sources.dice())
    # One INSERT commits by itself (no BEGIN and COMMIT round trips); on_commit then sends at
    # once, or after the caller's transaction if there is one.
    roll = Roll.objects.create(
        campaign=campaign,
        author=author,
        character=character,
        kind=KIND,
        visibility=Roll.Visibility.GM if secret else Roll.Visibility.TABLE,
        request={
            "what": what,
            "dice": check.rolled[0],
            "base_dice": check.dice,
            "base_target": check.target,
            **({"benefit": check.benefit, "keep": check.keep} if check.benefit else {}),
            "label": label,
            **({} if eventual is None else {"eventual": eventual}),
        },
        outcome=_outcome(rolled),
    )
    transaction.on_commit(lambda: live.send_roll(roll))
    return roll


def _chain(roll) -> list:
    """The check `roll` belongs to: its first roll, then each Karma change in order. The last is
    the check's standing result. (Changes name their first roll in "first_roll"; older ones
    could only change the first roll and named it in "reroll_of" or "boost_of".)"""
    request = roll.request
    first_id = request.get("first_roll") or request.get("reroll_of") or request.get("boost_of") or roll.pk
    changes = Q(request__first_roll=first_id) | Q(request__reroll_of=first_id) | Q(request__boost_of=first_id)
    rolls = Roll.objects.filter(campaign_id=roll.campaign_id, kind=KIND).select_related("character")
    # A first roll in hand is not read again: a new check's Karma offer is drawn on every failed roll's answer.
    first = roll if roll.pk == first_id else rolls.get(pk=first_id)
    return [first, *rolls.filter(changes).exclude(pk=first_id).order_by("pk")]


def check_name(first) -> str:
    """A check as the players see it: whose, what, for what ("Kai's Pilot 3 + PRAC foundation 8 check (Land it)")."""
    label = first.request.get("label", "")
    return f"{first.character.name}'s {first.request['what']} check" + (f" ({label})" if label else "")


def karma_options(roll, user) -> dict:
    """The Karma spends `user` can make on the check `roll` belongs to, now (seed: "Karma can be
    used to re-roll a failed roll at the player's discretion, or to give another character a +5 in
    a mission-critical roll"): none once the standing result succeeds; the re-roll for the roller
    alone, once per check, if the character has Karma; a +5 once per check, from each of the
    user's other characters that has Karma and is conscious, and only when it makes the standing result a success
    (`boost_helps`). The server refuses the rest if posted anyway."""
    chain = _chain(roll)
    first, standing = chain[0], chain[-1]
    options = {"first": first, "standing": standing, "reroll": None, "boosters": []}
    # Offered on the standing result's row alone; an older row says it changed (the template).
    if first.visibility != Roll.Visibility.TABLE or standing.outcome["success"] or standing.pk != roll.pk:
        return options
    used = {key for change in chain[1:] for key in ("reroll_of", "boost_of") if change.request.get(key)}
    if "reroll_of" not in used and first.character.owner_id == user.pk and karma_balance(first.character).value:
        options["reroll"] = first.character
    if "boost_of" not in used and boost_helps(standing):
        mine = roll.campaign.characters.filter(owner=user).exclude(pk=first.character_id).order_by("name")
        options["boosters"] = [c for c in mine if karma_balance(c).value and state_of(c.sheet) == "conscious"]
    return options


def boost_helps(standing) -> bool:
    """A +5 is bought only when it turns the standing failure into a success (a failure by 5 or
    less): one that cannot would take the giver's Karma and change nothing (found in a play-test).
    A +5 is not bought ahead for a re-roll that may come: if the roller re-rolls and fails by 5 or
    less, the +5 is offered on the new result (published on /rules/zener/, "Karma on rolls")."""
    return standing.outcome["margin"] >= -KARMA_BOOST


def spend_on_roll(roll_id: int, player, *, use: str, payer_id: int | None = None) -> Roll:
    """Karma on a failed check at the table: "reroll" (the roller, 1 Karma: new dice) or "boost"
    (+5 to the standing result, 1 Karma from `payer_id`, another of the player's characters).
    Each once per check, and only while the check's standing result is a failure: a check has
    one result, the latest change. A +5 given before a re-roll stands on the new dice."""
    with transaction.atomic():
        # of=("self",): PostgreSQL cannot lock the nullable side of the outer join to character
        rolls = Roll.objects.select_for_update(of=("self",)).select_related("character", "campaign")
        chain = _chain(rolls.get(pk=roll_id, kind=KIND))
        first = rolls.get(pk=chain[0].pk)  # the lock every change to this check waits on
        chain = _chain(first)  # again, under the lock: a change may have landed meanwhile
        standing = chain[-1]
        if first.visibility != Roll.Visibility.TABLE:
            raise ActionError("Karma changes a check at the table.")
        if standing.outcome["success"]:
            how = f" with +5 from {standing.request['boosted_by']}" if standing.request.get("boosted_by") else ""
            raise ActionError(f"{check_name(first)} already succeeded{how}.")
        key = "reroll_of" if use == "reroll" else "boost_of"
        if any(change.request.get(key) for change in chain[1:]):
            raise ActionError("Karma was already spent that way on this check.")
        boosted_by = next((c.request["boosted_by"] for c in chain[1:] if c.request.get("boosted_by")), "")
        if use == "reroll":
            if first.character.owner_id != player.pk:
                raise ActionError("Only the roller can re-roll their own failed roll.")
            payer = first.character
            _check_funds(payer)  # before any die is rolled
            check = Check(first.request["base_dice"], first.request["base_target"], first.request.get("benefit", 0))
            outcome = _outcome(roll_check(check, sources.dice()), KARMA_BOOST if boosted_by else 0)
        else:
            if not boost_helps(standing):
                failed_by = -standing.outcome["margin"]
                raise ActionError(f"+5 cannot make {check_name(first)} succeed: it failed by {failed_by}.")
            payer = _booster(first, player, payer_id)
            boosted_by = payer.name
            target = standing.outcome["target"] + KARMA_BOOST
            success, margin = judge(standing.outcome["total"], target)
            outcome = {**standing.outcome, "target": target, "bonus": KARMA_BOOST, "success": success, "margin": margin}
        spent = {
            "first_roll": first.pk,
            key: standing.pk,
            "boosted_by": boosted_by,
            "of": check_name(first),
            **_replaced(standing, use),
        }
        roll = table_actions.roll_after(first, player, spent, outcome)
        reason = "Re-roll a failed roll" if use == "reroll" else f"+5 to {check_name(first)}"
        change_karma(payer, -1, actor=player, reason=reason, roll=roll)
        transaction.on_commit(lambda: live.send_roll(roll))
        if use == "boost":  # another player's spend: the roller's card shows it too
            transaction.on_commit(lambda: live.send_check_changed(roll, standing.pk))
    return roll


def _replaced(standing, use: str) -> dict:
    """What a re-roll replaces, for its row to show beside the new dice (the result that stands
    is marked): the standing result's dice, total and target. A +5 keeps the dice it raises."""
    if use != "reroll":
        return {}
    return {"replaced": {key: standing.outcome[key] for key in ("faces", "total", "target")}}


def _booster(first, player, payer_id: int | None):
    """The character of the player's that gives the +5: the one named, or the only one there is."""
    mine = first.campaign.characters.filter(owner=player).exclude(pk=first.character_id)
    if payer_id is None:
        if mine.count() != 1:
            raise ActionError(
                "Choose which of your characters gives the +5."
                if mine.exists()
                else "+5 is given from another character of yours, to someone else's roll."
            )
        payer = mine.get()
    else:
        payer = mine.filter(pk=payer_id).first()
        if payer is None:
            raise ActionError("+5 is given from another character of yours, to someone else's roll.")
    # Only a conscious character helps another (found in a play-test); a re-roll of one's own failed roll
    # stays open to the roller in any state (published on /rules/zener/).
    state = state_of(payer.sheet)
    if state != "conscious":
        raise ActionError(f"{payer.name} is {state}: only a conscious character gives a +5.")
    _check_funds(payer)
    return payer


def _check_funds(character) -> None:
    left = karma_balance(character, lock=True).value
    if left < 1:
        raise RulesError(f"{character.name} has {left} Karma; that needs 1.")


AWARDS = {
    "complication": ("A complication (+2)", 2),
    "npc_bonus": ("An NPC got +10 (+1)", 1),
}


def gm_karma(
    character,
    gm,
    *,
    kind: str,
    amount: int = 0,
    stat: str = "",
    setbacks: int = 0,
    solution: str = "",
    selfish: bool = False,
) -> int:
    """The GM's awards and approved spends (seed: "Other Uses For Karma", "Experience")."""
    if not character.campaign.is_gm(gm):
        raise ActionError("Only the GM awards or approves Karma.")
    if kind in AWARDS:
        reason, delta = AWARDS[kind]
        return change_karma(character, delta, actor=gm, reason=reason)
    if not 1 <= amount <= 50 and kind != "stat":
        raise RulesError("Give an amount from 1 to 50.")
    if kind == "experience":
        return change_karma(character, amount, actor=gm, reason="Experience")
    if kind == "adventure":
        earned = adventure_experience(amount, setbacks, solution, selfish)
        return change_karma(character, earned, actor=gm, reason=_adventure(amount, setbacks, solution, selfish, earned))
    if kind == "fortune":
        return change_karma(character, -amount, actor=gm, reason="A stroke of good fortune")
    with transaction.atomic():
        sheet = dict(character.sheet)
        if kind == "skill_points":
            left = change_karma(character, -amount, actor=gm, reason=f"{2 * amount} skill points")
            sheet["bonus_skill_points"] = sheet.get("bonus_skill_points", 0) + 2 * amount
        elif kind == "stat":
            if stat not in ROLLED_STATS:
                raise RulesError("Choose the stat to raise.")
            cost = stat_raise_cost(sheet["stats"][stat])
            left = change_karma(character, -cost, actor=gm, reason=f"{stat} +1")
            sheet["stats"] = {**sheet["stats"], stat: sheet["stats"][stat] + 1}
            # A change after creation, not a creation trade for skill points (rules.zener.disadvantages).
            sheet["karma_changes"] = {
                **sheet.get("karma_changes", {}),
                stat: sheet.get("karma_changes", {}).get(stat, 0) + 1,
            }
        else:
            raise RulesError("Unknown Karma step.")
        character.sheet = sheet
        character.save(update_fields=["sheet", "updated_at"])
    return left


def _adventure(base: int, setbacks: int, solution: str, selfish: bool, earned: int) -> str:
    """The award's sum, so the log adds up:
    "Adventure: (3 base + 2 setbacks × 2) × 4 (the PCs' permanent solution) = 28"."""
    times, over = SOLUTIONS[solution]
    xp = f"({base} base + {setbacks} setback{'s' if setbacks != 1 else ''} × 2)" if setbacks else f"{base} base"
    selfish_text = " − 1 (selfish)" if selfish else ""
    return f"Adventure: {xp} × {times / over:g} ({SOLUTION_NAMES[solution]}){selfish_text} = {earned}"


def attack(
    campaign,
    gm,
    *,
    attacker,
    target,
    stat: str,
    ranks: int | None,
    weapon: str,
    armour: int | None = None,
    size: int = 0,
    range_: int = 0,
    aiming: int = 0,
    weapon_kind: str = "",
    suppression: bool = False,
    circumstance: int = 0,
    attacker_armour: int | None = None,
    cover: bool = False,
    aim: str = "whole",
    choice: str = "skull",
    fire: str = "single",
) -> Roll:
    """The GM resolves an attack: hit or miss (or a near miss), location, trauma, shock
    and the save the target must make. The attacker pays END; the target's sheet takes the damage.
    `aim` is the hit-location column (its target size adds to `size`, the whole target's); `choice`
    is the attacker's part on a roll of the column's "attacker's choice"."""

    if not campaign.is_gm(gm):
        raise ActionError("Only the GM resolves attacks.")
    if stat not in END_COST:
        raise RulesError("Attacks use ACC or MEL.")
    if attacker.pk == target.pk:
        raise RulesError("Choose a target other than the attacker.")
    _in_play(attacker, "the dead do not attack")
    _in_play(target, "the dead are not attacked")
    # Seed ("SHOCK"): the unconscious character "is forced to miss an action" (play-test: one attacked, END and all).
    if state_of(attacker.sheet) == "unconscious":
        raise RulesError(
            f"{attacker.name} is unconscious and cannot attack. When their time is up, mark their missed action "
            "with 'they wake'."
        )
    check_aim(aim, choice)
    # A weapon from the attacker's sheet by name, or damage notation as typed.
    named = next((w["damage"] for w in attacker.sheet.get("weapons", []) if w["name"] == weapon), None)
    if fire != "single" and stat != "ACC":
        raise RulesError("A burst or full auto is aimed fire: attack with ACC.")
    weapon_damage = fire_damage(parse(named or weapon), fire)  # a burst's or full auto's extra dice
    # Ranks left blank come from the attacker's weapon skill named like the weapon, and the log names it.
    skill = weapon_skill(attacker.sheet, weapon)
    if ranks is None:
        ranks = skill["ranks"] if skill else 0
    skill_name = f"{skill['name']} {ranks}" if skill else f"{ranks} ranks"
    armour = target.sheet.get("armour", 0) if armour is None else armour
    attacker_armour = attacker.sheet.get("armour", 0) if attacker_armour is None else attacker_armour
    _pays_for_attack(attacker, stat)
    dice = sources.dice()
    # Stat damage lowers RES, the attack stat and SHK at once (seed: "reducing his defenses by 1"); the armour
    # worn, with its technology shift, lowers them too (rules.zener.armour).
    res = worn(target.sheet, armour)["RES"]
    target_defense = defense(res, armour)
    attack_stat = worn(attacker.sheet, attacker_armour)[stat]
    size += COLUMNS[aim][1]  # seed: "-1 for head & torso ...; -2 for head and neck; ..."
    # The card names the size and range term (seed: "Target Size Adjustment"), as a spot check's line does.
    ranged = (
        f"size {size} at range {range_}: {size_and_range(size, range_):+d}".replace("-", "−") if size or range_ else ""
    )
    follow_up = _follow_up(campaign, attacker, target)
    aiming = aiming_bonus(
        aiming, weapon_kind, suppression=suppression, column=aim
    )  # the weapon's cap, or suppression's -5
    aimed = "suppression fire −5" if suppression else f"aimed {aiming:+d}".replace("-", "−") if aiming else ""
    _, penalty = _borne_on_attack(attacker.sheet, skill, stat)
    check = attack_check(
        attack_stat,
        ranks,
        target_defense,
        size=size,
        range_=range_,
        aiming=aiming,
        circumstance=circumstance + follow_up - penalty,
    )
    rolled = roll_check(check, dice)
    outcome = {
        **_outcome(rolled),
        "critical": rolled.success and critical_hit(rolled),
        "defense": target_defense,
        "follow_up": follow_up,
    }
    glancing = near_miss(rolled.margin, size, cover)
    if rolled.success or glancing:
        # A near miss lands on the next larger area, or two steps up (rules.zener.combat.near_miss_column,
        # published); a choice off that column is the skull.
        column = aim if rolled.success else near_miss_column(aim, glancing.steps)
        hit = hit_location(dice, column, choice if choice in column_parts(column) else "skull")
        outcome |= {"aim": COLUMNS[column][0]} | _hit(
            target, armour, weapon_damage, hit, glancing, dice, critical=outcome["critical"]
        )
    outcome["earns_follow_up"] = critical_follow_up(
        outcome["critical"], outcome.get("trauma", 0), outcome.get("stat_damage", [])
    )
    with transaction.atomic():
        roll = Roll.objects.create(
            campaign=campaign,
            author=gm,
            character=attacker,
            kind="zener_attack",
            request={
                "label": f"attacks {target.name}",
                "target_name": target.name,
                "target_id": target.pk,
                "stat": stat,
                "ranks": ranks,
                "skill": skill_name,
                "weapon": str(weapon_damage),
                "fire": FIRE[fire][0],
                "armour": armour,
                "dice": check.rolled[0],
                "end_cost": END_COST[stat],
                "aiming": aimed,
                "ranged": ranged,
                "disadvantages": _borne_note(attacker.sheet, skill, stat),
            },
            outcome=outcome,
        )
        _add_damage(attacker, end_spent=END_COST[stat])
        if "trauma" in outcome:
            _add_damage(
                target,
                trauma=outcome["trauma"],
                shock=outcome["shock"],
                stats=outcome["stat_damage"],
                points=outcome["stat_points"],
                out_for=outcome["unconscious"],
            )
        transaction.on_commit(lambda: (live.send_roll(roll), live.send_panel(campaign), send_sheets(attacker, target)))
    return roll


def send_sheets(*characters) -> None:
    """Sheets a GM's step changed in play (a hit's trauma and shock, the END an attack costs, shock recovered,
    a day's healing): each owner's card and the GM's Characters tab draw them again, as a quick edit's do (a
    play-test's cards kept the numbers from before the hit until a reload)."""
    for character in characters:
        live.send_sheet(character)


def weapon_skill(sheet: dict, weapon: str) -> dict | None:
    """The sheet's weapon skill for a weapon: the skill named like it (seed, "Attacks": "weapon skill ranks
    ... in the weapon being employed"), or None (0 ranks)."""
    return next((s for s in sheet.get("skills", []) if s["name"].lower() == weapon.strip().lower()), None)


def _borne_on_attack(sheet: dict, skill: dict | None, stat: str) -> tuple[str, int]:
    """(" − 4 (Shaky Hands, 2 ranks)", 4): the disadvantages that bear on the weapon skill or the stat the attack
    rolls on, as the log writes them, and what they take off the attack, 2 a rank as off a check
    (rules.zener.disadvantages.bearing; rules page, #zener-disadvantage-penalty)."""
    borne = bearing(sheet.get("disadvantages", []), skill=skill["name"] if skill else "", stat=stat)
    named = "".join(_term(-penalty, f"{name}, {ranks} rank{'s' * (ranks != 1)}") for name, ranks, penalty in borne)
    return named, sum(penalty for _, _, penalty in borne)


def _borne_note(sheet: dict, skill: dict | None, stat: str) -> str:
    """The attack card's note beside its target, in the muted brackets of its other terms: "Shaky Hands, 2 ranks
    −4"."""
    borne = bearing(sheet.get("disadvantages", []), skill=skill["name"] if skill else "", stat=stat)
    return "; ".join(f"{name}, {ranks} rank{'s' * (ranks != 1)} −{penalty}" for name, ranks, penalty in borne)


def attack_roll_for(character, *, weapon: dict, defense: int = 0, modifier: int = 0, aiming: int = 0):
    """(what, Check) for a weapon's attack roll made by its owner in the open, before the GM resolves the
    hit (the character card): 3d6 at or under the attack stat's foundation (MEL for a melee weapon,
    else ACC, as worn) + the weapon skill's ranks - the target's Defense + aiming + a modifier, the terms of
    `attack`'s own check (rules.zener.combat.attack_check), less the disadvantages that bear on it. It pays no
    END and deals no damage: the GM's attack form does both (published on /rules/zener/)."""
    stat = "MEL" if weapon.get("melee") else "ACC"
    value = worn(character.sheet)[stat]
    skill = weapon_skill(character.sheet, weapon["name"])
    ranks = skill["ranks"] if skill else 0
    borne, penalty = _borne_on_attack(character.sheet, skill, stat)
    check = attack_check(value, ranks, defense, aiming=aiming, circumstance=modifier - penalty)
    what = (
        f"{weapon['name']} attack: {stat} foundation {foundation(value)} + "
        f"{f'{skill["name"]} {ranks}' if skill else '0 weapon ranks'} − Defense {defense}"
        f"{borne}{_term(aiming, 'aiming')}{_term(modifier)}"
    ).replace("Defense -", "Defense −")
    return what, check


def _in_play(character, why: str) -> None:
    """Refuse a step on a dead character (play-test: an attack on the dead knocked them out
    for 0.1 minutes and added trauma). The dying stay in play: one who makes the save "can act in
    round D" (seed, "Death")."""
    if state_of(character.sheet) == "dead":
        raise RulesError(f"{character.name} is dead: {why}.")


def _pays_for_attack(attacker, stat: str) -> None:
    """Seed ("Attacks"): "Attacks cost 1 or 2 END (has to be paid before the attack proceeds)": an attacker
    without the END left is refused, as an activity is (rules.zener.endurance)."""
    left, _ = end_left(attacker.sheet)
    if left < END_COST[stat]:
        kind = "an aimed attack" if stat == "ACC" else "a physical attack"
        raise RulesError(
            f"{attacker.name} has END {left} left: {kind} costs {END_COST[stat]}, paid before the "
            f"attack proceeds. Let them rest or skip 2 rounds first."
        )


def _follow_up(campaign, attacker, target) -> int:
    """+2 when the attacker's last attack was a critical hit on this target that did no additional
    damage (seed: "the attacker is at +2 to attack the same target next combat round"). The next round
    is the attacker's next attack: a combat turn lasts until a character can attack again (seed,
    "Combat Time"); an attack on anyone else spends it, and so does the fight's end (fight.py; both
    published on /rules/zener/)."""
    last = Roll.objects.filter(campaign=campaign, kind="zener_attack", character=attacker).order_by("-pk").first()
    if last is None or last.request.get("target_id") != target.pk:
        return 0
    if Roll.objects.filter(campaign=campaign, kind="zener_fight_over", pk__gt=last.pk).exists():
        return 0  # the fight is over: a new fight has no "next combat round" of the old one
    return last.outcome.get("earns_follow_up", 0)


def _hit(target, armour: int, weapon_damage, hit, glancing, dice, *, critical: bool = False) -> dict:
    """A hit's damage on its location and the Shock Threshold save, rolled here (the
    save was once left to be typed, sign and all), for the attack's outcome. A `critical` hit on a critical
    location costs d3 of each stat rolled (rules.zener.combat.damage)."""
    values = in_play(target.sheet)
    shk = values["SHK"]
    result = damage(weapon_damage, armour, hit, shk, dice=dice, critical=critical, glancing=glancing)
    trauma, shock, saved = result.trauma, result.shock, result.saved_shock
    outcome = {
        "location": hit.name,
        "percent": hit.percent,
        "chosen": hit.chosen,
        "critical_location": hit.critical,
        "critical_roll": hit.critical_roll,
        "weapon_damage": result.weapon,
        "trauma": trauma,
        "shock": shock,
        "stat_damage": list(result.stats),
        "stat_points": list(result.points),
        "near_miss": bool(glancing),
        "near_miss_steps": glancing.steps if glancing else 0,
        "critical_trauma": CRITICAL_TRAUMA if hit.critical else 0,
        "save_needed": shock > shk,
        "save_modifier": shk - shock if shock > shk else 0,
        "unconscious": "",
    }
    save = shock_save(shock, shk, values["CON"], saved, dice)
    if save:
        outcome |= {
            "save": {
                "faces": list(save.save.faces),
                "total": save.save.total,
                "target": save.save.target,
                "success": save.save.success,
                "over": shock - shk,
            },
            "shock_rolled": shock,
            "shock": save.shock,
            "unconscious": save.out_for,
            "out_roll": save.out_roll,
            "out_index": save.out_index,
        }
    total = target.sheet.get("damage", {}).get("shock", 0) + outcome["shock"]
    out = knocked_out(total, values["HP"], dice)
    if out:
        # Over HP, the minutes on the chart outlast the seconds a failed save gives.
        outcome |= {"over_hp": total, "out_roll": out[0], "unconscious": out[1]}
    return outcome


def _add_damage(
    character,
    *,
    trauma: int = 0,
    shock: int = 0,
    end_spent: int = 0,
    stats: tuple[str, ...] = (),
    points: tuple[int, ...] = (),
    out_for: str = "",
) -> None:
    """Damage goes on the sheet (healing is the sheet form's job); so does unconsciousness, with how long."""
    character.refresh_from_db()
    sheet = dict(character.sheet)
    damage = dict(sheet.get("damage", {}))
    for key, amount in (("trauma", trauma), ("shock", shock), ("end_spent", end_spent)):
        damage[key] = damage.get(key, 0) + amount
    if trauma:
        damage["rest_days"] = 0  # new trauma starts the healing schedule again (rules.zener.recovery)
    # -1 each (-d3 for a critical hit on a critical location, `points`); the hand and eye roll twice and may
    # name one stat twice
    for stat, lost in zip(stats, points or [1] * len(stats), strict=True):
        damage["stats"] = {**damage.get("stats", {}), stat: damage.get("stats", {}).get(stat, 0) + lost}
    sheet["damage"] = damage
    if out_for and sheet.get("state") != "dead":
        sheet |= {"state": "unconscious", "out_for": out_for}
    if state_of(sheet) == "dying":  # a stat at 0 or below (seed: "Death"): the panel shows it
        sheet.pop("out_for", None)
        sheet["state"] = "dying"
    character.sheet = sheet
    character.save(update_fields=["sheet", "updated_at"])


def roll_death_save(campaign, gm, *, character, aided: bool) -> Roll:
    """The round's CON save of a dying character, rolled by the GM, public (seed: "Death").
    `aided`: medical attention (a skill check the GM judged) succeeded this round."""
    if not campaign.is_gm(gm):
        raise ActionError("Only the GM rolls death saves.")
    with transaction.atomic():
        character.refresh_from_db()
        save = death_save(character.sheet, aided=aided, dice=sources.dice())
        roll = Roll.objects.create(
            campaign=campaign,
            author=gm,
            character=character,
            kind="zener_death",
            request={
                "label": "Death save",
                "con": save.roll.check.target + save.penalty,
                "penalty": save.penalty,
                "aided": aided,
                "dice": save.roll.check.rolled[0],
            },
            outcome={**_outcome(save.roll), "result": save.result},
        )
        character.sheet = save.sheet
        character.save(update_fields=["sheet", "updated_at"])
        transaction.on_commit(lambda: (live.send_roll(roll), live.send_panel(campaign), send_sheets(character)))
    return roll


def skip_action(campaign, gm, *, character, wake: bool) -> Roll:
    """The GM marks an action the character misses. Seed ("SHOCK"): "A character recovers 1/3 of
    accumulated shock damage ... by skipping an action during combat"; the damage example's character,
    out for 10 seconds, "recovers 1/3 of the shock damage inflicted, rounding up, i.e. 3 points, at the
    end of that missed round, and since he was at -2, he awakens with 1 point of Shock Threshold".
    With `wake`, an unconscious character's time is up and they wake; the log says with how much
    Shock Threshold left (SHK - shock)."""
    if not campaign.is_gm(gm):
        raise ActionError("Only the GM marks a missed action.")
    with transaction.atomic():
        character.refresh_from_db()
        if state_of(character.sheet) == "dead":
            raise RulesError(f"{character.name} is dead.")
        sheet = dict(character.sheet)
        shock = sheet.get("damage", {}).get("shock", 0)
        woke = wake and sheet.get("state") == "unconscious"
        if not shock and not woke:
            raise RulesError(f"{character.name} has no shock to recover and is not unconscious.")
        recovered = shock_recovered(shock)
        sheet["damage"] = {**sheet["damage"], "shock": shock - recovered}
        if woke:
            sheet["state"] = "conscious"
            sheet.pop("out_for", None)
        character.sheet = sheet
        character.save(update_fields=["sheet", "updated_at"])
        outcome = {
            "recovered": recovered,
            "shock": shock - recovered,
            "woke": woke,
            "threshold_left": in_play(sheet)["SHK"] - (shock - recovered),
        }
        roll = Roll.objects.create(
            campaign=campaign,
            author=gm,
            character=character,
            kind="zener_shock",
            request={"label": "misses an action"},
            outcome=outcome,
        )
        transaction.on_commit(lambda: (live.send_roll(roll), live.send_panel(campaign), send_sheets(character)))
    return roll


def days_pass(campaign, gm, *, days: int, ranks: int = 0, character=None, sleep: str = "comfortable") -> Roll:
    """Days of rest for one character or the party (the players' characters, zener.party), applied by
    the GM (seed: "Damage & Recovery"): each sheet healed, and what each healed in one public log
    entry. `sleep`: the nights were comfortable or camping (the stat damage a night mends, rules.zener.recovery)."""
    if not campaign.is_gm(gm):
        raise ActionError("Only the GM lets time pass.")
    with transaction.atomic():
        resting = [character] if character else party(campaign, campaign.characters.seated())
        if not resting:
            raise RulesError("No one to rest.")
        healed = []
        for each in resting:
            each.refresh_from_db()
            each.sheet, done = recovery.days_pass(each.sheet, days, ranks=ranks, sleep=sleep)
            each.save(update_fields=["sheet", "updated_at"])
            healed.append({"name": each.name, **done})
        roll = Roll.objects.create(
            campaign=campaign,
            author=gm,
            character=character,
            kind="zener_recovery",
            request={"label": "Recovery", "days": days, "ranks": ranks, "sleep": sleep},
            outcome={"healed": healed},
        )
        transaction.on_commit(lambda: (live.send_roll(roll), live.send_panel(campaign), send_sheets(*resting)))
    return roll


def roll_initiative(campaign, gm, *, surprised=(), immobile=(), prone=(), use_acc: bool = False) -> Roll:
    """Initiative for every character at the table, posted as one public entry, with the micro-time
    announcing order of any tie. `use_acc`: the GM ranks by ACC instead of MEL (seed: "If it is more
    appropriate, the GM can use ACC instead of MEL")."""
    if not campaign.is_gm(gm):
        raise ActionError("Only the GM rolls initiative.")
    # The dead are out of the fight; the dying stay in, as one who makes the save "can act in round D"
    # (seed, "Death"; play-test; published on /rules/zener/).
    characters = [c for c in campaign.characters.seated() if state_of(c.sheet) != "dead"]
    if not characters:
        raise RulesError("No characters to roll for.")
    # AWA, MEL, ACC and RES less their stat damage, and MEL, ACC and RES as worn (rules.zener.armour)
    stats = {c.name: worn(c.sheet) for c in characters}
    by = "ACC" if use_acc else "MEL"
    # The campaign's reading of "0 for the character with the highest MEL" (rules page, #zener-initiative-mel);
    # the log row says which it was, so the GM and the players read the order as it was made.
    mel = campaign.settings.get("initiative_mel", MEL_BEST_FIRST)
    order = initiative(
        {name: (values["AWA"], values[by]) for name, values in stats.items()},
        sources.dice(),
        surprised=frozenset(surprised),
        immobile=frozenset(immobile),
        prone=frozenset(prone),
        mel=mel,
    )
    res = {name: values["RES"] for name, values in stats.items()}
    with transaction.atomic():
        outcome = {
            "order": [list(row) for row in order],
            "by": by,
            "announce": announce_order(order, res),
            "res": res,
            "mel": mel,
        }
        roll = Roll.objects.create(
            campaign=campaign, author=gm, kind="zener_initiative", request={"label": "Initiative"}, outcome=outcome
        )
        transaction.on_commit(lambda: live.send_roll(roll))
    return roll
