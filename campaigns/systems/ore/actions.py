"""The One-Roll Engine at the table, one action per step:

- a player's roll against a difficulty they know (or none) is rolled at once;
- against a difficulty the GM sets, it waits for the GM's (secret) number;
- a dynamic contest (the GM's call) rolls both sides when the player rolls;
- wiggle dice wait for the player to set them; then the roll goes to the log.
"""

from __future__ import annotations

from django.db import transaction

from campaigns.common import sources
from campaigns.models import Commitment, Roll, RollCall
from campaigns.systems.ore.kind import pool_from, roll_from
from campaigns.table import actions as table_actions
from campaigns.table import live
from campaigns.toolkit.skills import no_such_skill
from campaigns.toolkit.turns import locked_call, publish_call, save_call
from rules.errors import RulesError
from rules.ore.contest import highest_wiggle
from rules.ore.pool import build_pool, roll_pool, set_wiggle, suggest_wiggle
from rules.ore.sheet import STATS, stat_for

KIND = "ore"
ActionError = table_actions.ActionError


def side_for(character, stat: str, skill: str = "", *, bonus: int = 0, penalty: int = 0) -> dict:
    """A character's pool for stat + skill, with bonus and penalty dice. A skill rolls with its
    own stat ("" names it; another is refused: rules.ore.sheet.stat_for)."""
    sheet = character.sheet
    found = next((s for s in sheet.get("skills", []) if s["name"] == skill), None) if skill else None
    if skill and found is None:
        raise RulesError(no_such_skill(character, skill))
    stat = stat_for(found, stat)
    if stat not in STATS:
        raise RulesError(f"There is no stat called {stat}.")
    dice = found or {"normal": 0, "hard": 0, "wiggle": 0}
    pool = build_pool(
        sheet["stats"][stat],
        dice["normal"] + dice["hard"] + dice["wiggle"],
        hard=dice["hard"],
        wiggle=dice["wiggle"],
        bonus=bonus,
        penalty=penalty,
    )
    if pool.size == 0:  # Reading (published on /rules/#ore): nothing is rolled; the GM narrates the failure
        raise RulesError("The penalty dice take every die of the pool: there is nothing to roll.")
    what = f"{stat}{' + ' + skill if skill else ''}"
    return {
        "who": character.name,
        "what": what,
        "stat": stat,
        "normal": pool.normal,
        "hard": pool.hard,
        "wiggle": pool.wiggle,
        "dropped": pool.dropped,
    }


def npc_side(name: str, normal: int, hard: int, wiggle: int) -> dict:
    if not name.strip():
        raise RulesError("Name the opponent.")
    total = normal + hard + wiggle
    if min(normal, hard, wiggle) < 0 or not 1 <= total <= 10:
        raise RulesError("An NPC rolls 1 to 10 dice.")
    return {"who": name.strip()[:60], "what": "pool", "normal": normal, "hard": hard, "wiggle": wiggle, "dropped": 0}


def start_roll(
    campaign,
    player,
    *,
    character,
    side: dict,
    difficulty: int | None,
    label: str = "",
    extras: list | None = None,
    wiggle_at_best: bool = False,
    secret: bool = False,
) -> RollCall:
    """A player's roll; with `difficulty` None the GM sets it in secret; `secret` with a difficulty: the
    GM's call gave it, already committed (campaigns/calls/card_calls.py). `extras`: the extra actions
    declared with it (campaigns/systems/ore/multiple.py), each to take its own set. `wiggle_at_best`
    (the character card's one click): the wiggle dice go where the wiggle form would suggest, at
    once, instead of waiting for the player (published on /rules/#ore)."""
    if character.owner_id != player.pk or character.campaign_id != campaign.pk:
        raise ActionError("Roll for your own character.")
    if difficulty is not None and not 0 <= difficulty <= 10:
        raise RulesError("A difficulty is 0 (none) to 10.")
    request = {"side": side, "difficulty": difficulty, "secret": secret or difficulty is None, "self_test": True}
    if extras:
        request["extras"] = extras
    if wiggle_at_best and side["wiggle"]:
        request["wiggle_at_best"] = True
    call = RollCall(campaign=campaign, character=character, kind=KIND, label=label, request=request)
    return table_actions.self_test(call, "difficulty", lambda call: _roll(call, author=player, fresh=True))


def set_difficulty(call_id: int, gm, difficulty: int) -> RollCall:
    with transaction.atomic():
        call = _locked(call_id, RollCall.Status.PENDING)
        table_actions.refuse_secret_number(call, gm, "difficulty", test="roll")
        if not 0 <= difficulty <= 10:
            raise RulesError("A difficulty is 0 (none) to 10.")
        # Shown when the session ends (read on /rules/#ore).
        table_actions.set_secret_number(
            call, "difficulty", difficulty, test="roll", reveal=Commitment.Reveal.SESSION_END
        )
        _roll(call, author=call.character.owner)
    return call


def call_contest(
    campaign, gm, *, character, stat: str, skill: str, opponent: dict, label: str = "", height_only: bool = False
) -> RollCall:
    """A dynamic contest: the player's character against another side the GM sets now. With
    `height_only` the order does not matter and the higher set wins (rules.ore.contest.height_contest)."""
    if not campaign.is_gm(gm):
        raise ActionError("Only the GM calls for a dynamic contest.")
    stat = side_for(character, stat, skill)["stat"]  # checked now, "" named; rolled with bonus and penalty later
    request = {"stat": stat, "skill": skill, "difficulty": 0, "secret": False, "opponent": opponent}
    if height_only:
        request["height_only"] = True
    with transaction.atomic():
        call = RollCall.objects.create(campaign=campaign, character=character, kind=KIND, label=label, request=request)
        table_actions.announce_call(call, f"{label or ' + '.join(filter(None, (stat, skill)))} (a dynamic contest)")
    return call


def roll_contest(call_id: int, player, *, bonus: int = 0, penalty: int = 0, extras: list | None = None) -> RollCall:
    """The called player rolls their side of a contest, with bonus and penalty dice and any extra
    actions declared now, before the dice fall (campaigns/systems/ore/multiple.py). Reading (published
    on /rules/#ore): in a contest the primary action takes the widest set, the one the contest reads;
    a height-only contest takes no extra actions, since its winner is read from the highest set."""
    with transaction.atomic():
        call = _locked(call_id, RollCall.Status.PENDING)
        table_actions.refuse_contest_side(call, player, "difficulty", test="roll")
        if extras and call.request.get("height_only"):
            raise RulesError("A contest where only the heights count takes no extra actions.")
        side = side_for(call.character, call.request["stat"], call.request["skill"], bonus=bonus, penalty=penalty)
        call.request = {**call.request, "side": side} | ({"extras": extras} if extras else {})
        _roll(call, author=player)
    return call


WAITING = {
    RollCall.Status.PENDING: "This roll has not been rolled yet.",
    RollCall.Status.PLAYER_TURN: "This roll is waiting for its wiggle dice.",
}


def _locked(call_id: int, status: str) -> RollCall:
    return locked_call(call_id, KIND, status, WAITING)


def _roll(call: RollCall, *, author, fresh: bool = False) -> None:
    dice = sources.dice()
    mine = roll_pool(pool_from(call.request["side"]), dice)
    if mine.waiting_for_wiggle and call.request.get("wiggle_at_best"):
        # Reading (published on /rules/#ore, "One click on the character card"): the suggestion the
        # wiggle form would make; a secret difficulty does not steer it (kind.py).
        known = 0 if call.request.get("secret") else call.request.get("difficulty") or 0
        mine = set_wiggle(mine, suggest_wiggle(mine, known))
    state = {"faces": list(mine.faces), "wiggle": None if mine.waiting_for_wiggle else list(mine.wiggle_faces)}
    if "opponent" in call.request:
        theirs = roll_pool(pool_from(call.request["opponent"]), dice)
        if theirs.waiting_for_wiggle:  # the other side's wiggle dice make its widest set (highest: by height)
            best = highest_wiggle if call.request.get("height_only") else suggest_wiggle
            theirs = set_wiggle(theirs, best(theirs))
        state |= {"opponent_faces": list(theirs.faces), "opponent_wiggle": list(theirs.wiggle_faces)}
    call.state = state
    if mine.waiting_for_wiggle:
        call.status = RollCall.Status.PLAYER_TURN
        save_call(call)
        transaction.on_commit(lambda: live.send_call_opened(call) if fresh else live.send_call_updated(call))
    else:
        publish_call(call, author=author, shown=not fresh)


def choose_wiggle(call_id: int, player, values: tuple[int, ...]) -> Roll:
    """The player sets the wiggle dice after seeing the others; the roll is posted."""
    with transaction.atomic():
        call = _locked(call_id, RollCall.Status.PLAYER_TURN)
        if call.character.owner_id != player.pk:
            raise ActionError("These wiggle dice are another player's.")
        rolled = set_wiggle(roll_from(call.request["side"], call.state["faces"], None), values)
        call.state = {**call.state, "wiggle": list(rolled.wiggle_faces)}
        return publish_call(call, author=player)
