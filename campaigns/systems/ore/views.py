"""One-Roll Engine table steps: check who may act, validate, call one action,
answer HTMX with the panel or the card (campaigns.toolkit.steps)."""

from campaigns.common.audience import Audience
from campaigns.common.inputs import whole_number
from campaigns.pages.step_views import call_form_step, gm_form_step, roll_form_step, roll_odds
from campaigns.systems.ore import actions, multiple
from campaigns.systems.ore.chart import ore_chart
from campaigns.systems.ore.forms import ContestForm, ContestRollForm, DifficultyForm, OreRollForm
from rules.errors import RulesError
from rules.ore import SYSTEM
from rules.ore.pool import PoolCheck, best_width_distribution


@roll_form_step(OreRollForm, "roll_form")
def roll(request, campaign, form):
    data = form.cleaned_data
    side = actions.side_for(
        data["character"], data["stat"], data["skill"].strip(), bonus=data["bonus"], penalty=data["penalty"]
    )
    try:
        extras = multiple.declare(data["character"], data["stat"], data["skill"].strip(), form.extra_actions())
    except RulesError:
        # The extra actions sit in the "More modifiers" fold: marking them opens it on the panel that
        # comes back, so the controls the message names are in view (the message stays beside the button).
        for number in (1, 2):
            if data[f"extra_{number}"].strip():
                form.add_error(f"extra_{number}", "")
        raise
    difficulty = (data["difficulty"] or 0) if data["known"] else None
    return actions.start_roll(
        campaign,
        request.user,
        character=data["character"],
        side=side,
        difficulty=difficulty,
        label=data["label"],
        extras=extras,
    )


@roll_odds(OreRollForm, "systems/ore/odds.html")
def odds(request, campaign, form):
    """Exact odds of the player's own pool against a difficulty they know (0 = any set), and of each
    width for its widest set (wiggle dice joining the most common face; /rules/#ore, "Exact odds")."""
    context = {}
    # Nothing chosen yet (the form asking as it loads): no odds, and no error before the player acts.
    chosen = request.GET.get("stat", "").strip() or request.GET.get("skill", "").strip()
    if chosen and form.is_valid() and form.cleaned_data["known"]:
        data = form.cleaned_data
        try:
            side = actions.side_for(
                data["character"], data["stat"], data["skill"].strip(), bonus=data["bonus"], penalty=data["penalty"]
            )
        except RulesError as error:
            context["odds_error"] = str(error)
        else:
            pool = actions.pool_from(side)
            difficulty = data["difficulty"] or 0
            context = {
                "what": side["what"],
                "pool": pool,
                "chance": SYSTEM.roll.odds(PoolCheck(pool, difficulty)),
                "difficulty": difficulty,
                "chart": ore_chart(pool, difficulty),
                "widths": list(best_width_distribution(pool).items()),
            }
    return context


@gm_form_step(ContestForm, "contest_form")
def contest(request, campaign, form):
    data = form.cleaned_data
    bonus, penalty = data["opponent_bonus"] or 0, data["opponent_penalty"] or 0
    if data["opponent_character"]:
        opponent = actions.side_for(
            data["opponent_character"],
            data["opponent_stat"],
            data["opponent_skill"].strip(),
            bonus=bonus,
            penalty=penalty,
        )
    elif bonus or penalty:
        raise RulesError("An NPC pool takes no bonus or penalty dice: type the dice it rolls.")
    else:
        opponent = actions.npc_side(
            data["npc_name"], data["npc_normal"] or 0, data["npc_hard"] or 0, data["npc_wiggle"] or 0
        )
    actions.call_contest(
        campaign,
        request.user,
        character=data["character"],
        stat=data["stat"],
        skill=data["skill"].strip(),
        opponent=opponent,
        label=data["label"],
        height_only=data["height_only"],
    )


@call_form_step(actions.KIND, Audience.GM, DifficultyForm, refused="A difficulty is 0 (none) to 10.")
def difficulty(request, call, form):
    actions.set_difficulty(call.pk, request.user, form.cleaned_data["difficulty"])


@call_form_step(
    actions.KIND, Audience.CALLED_PLAYER, ContestRollForm, refused="Bonus dice are 0 to 5, penalty dice 0 to 10."
)
def contest_roll(request, call, form):
    data = form.cleaned_data
    wanted = form.extra_actions()
    extras = []  # only a contest is rolled here: any other call is refused by roll_contest
    if "opponent" in call.request:
        extras = multiple.declare(call.character, call.request["stat"], call.request["skill"], wanted)
    actions.roll_contest(call.pk, request.user, bonus=data["bonus"] or 0, penalty=data["penalty"] or 0, extras=extras)


@call_form_step(actions.KIND, Audience.CALLED_PLAYER)
def wiggle(request, call, form):
    faces = [whole_number(value, 1, 10) for value in request.POST.getlist("wiggle")]
    if not faces or None in faces:
        raise RulesError("Set each wiggle die to a number from 1 to 10.")
    actions.choose_wiggle(call.pk, request.user, tuple(faces))
