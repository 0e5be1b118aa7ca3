"""Centaurus Gate's table steps. Each view checks who may act, validates, calls
one action, and answers HTMX with the updated card or panel (the websocket
brings the same change to everyone else): the shape is campaigns.toolkit.steps'."""

from dataclasses import replace

from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import QueryDict
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET, require_POST

from campaigns.common.audience import Audience
from campaigns.life.access import campaign_for_gm
from campaigns.models import RollCall
from campaigns.pages.step_views import call_form_step, gm_form_step
from campaigns.secrets.visibility import call_view
from campaigns.systems.cgg import actions
from campaigns.systems.cgg.assists import assist_choice, gear_indexes
from campaigns.systems.cgg.chart import cgg_chart
from campaigns.systems.cgg.condition_roll import dire_injury, use_enhanced
from campaigns.systems.cgg.forms import ActionCallForm, ClockForm, HammerForm, StuntForm, WrenchForm
from campaigns.systems.cgg.kind import action_from, gear_asked
from campaigns.systems.cgg.kind import gear_odds as odds_with_gear
from campaigns.systems.cgg.pre_roll import pre_roll
from campaigns.toolkit.steps import call_step, gm_call, panel_step, player_call, tell_done
from characters.models import Character
from rules.cgg.action import action_chances
from rules.errors import RulesError


# The next call starts on the same explorer (play-test: each call went back to the first in the list).
@gm_form_step(ActionCallForm, "call_form", keeps=("character",))
def call_action(request, campaign, form):
    data = form.cleaned_data
    # Dire Injury cancels the action (campaigns/systems/cgg/condition_roll.py).
    if "Dire Injury" in data["exec_conditions"]:
        dire_injury(campaign, data["character"], data["attribute"], request.user)
        tell_done(request, f"Dire Injury: {data['character'].name}'s action is cancelled.")
        return
    actions.call_for_action(
        campaign,
        character=data["character"],
        attribute=data["attribute"],
        difficulty=data["difficulty"],
        label=data["label"],
        exec_pays=data["exec_conditions"],
        gm=request.user,
        assist=data["assist_pair"],
        bonus_pips=data["bonus_pips"],
    )


@login_required
@require_GET
def action_odds(request, campaign_id: int):
    """Live exact odds while the Exec builds the difficulty (GM only)."""
    campaign = campaign_for_gm(request, campaign_id)
    form = ActionCallForm(request.GET, campaign=campaign)
    context = {}
    if form.is_valid():
        data = form.cleaned_data
        # Tension, the conditions, then the call's own assist and pips, as the roll does (pre_roll.py).
        found = pre_roll(
            data["character"],
            data["attribute"],
            exec_pays=data["exec_conditions"],
            assist=data["assist_pair"],
            bonus_pips=data["bonus_pips"],
        )
        code, success_dice = found.code, found.success_dice
        difficulty = data["difficulty"]
        difficulty = replace(difficulty, success_dice=success_dice)
        found = action_chances(difficulty, code)
        # What the explorer faces: the difficulty's dice, the explorer's that remove them, what remains (a
        # base 4d against a 4D explorer leaves none: a trivial success, not "0 difficulty dice").
        # The Spotlight takes risk dice, not success dice: the odds then name both codes
        # (play-test: "2d+1 against a 4d difficulty: the explorer's 4 dice remove every difficulty die").
        split = code.dice != success_dice
        context = {"chances": found, "code": code, "split": split, "difficulty": difficulty, "chart": cgg_chart(found)}
    else:
        # The odds line is below the whole form: it names the field (play-test: a cleared risk bonus said
        # only "This field is required.").
        context["odds_error"] = " ".join(
            f"{form[name].label}: {error}" if name in form.fields else error
            for name, errors in form.errors.items()
            for error in errors
        )
    return render(request, "systems/cgg/odds.html", context)


@login_required
@require_POST
def roll(request, campaign_id: int, call_id: int):
    call = player_call(request, campaign_id, call_id, actions.KIND)
    form = StuntForm(request.POST, masteries=call_view(call, Audience.CALLED_PLAYER).data["masteries"])
    return call_step(
        request,
        call,
        Audience.CALLED_PLAYER,
        form=form,
        act=lambda: _roll_then_publish(call, request, form),
    )


# The roll form's choices a roll waiting for the Exec's gear keeps, to roll with (actions.hold_for_gear).
HELD = (
    "mastery",
    "moved",
    "extra",
    "leverage",
    "leverage_cost",
    "condition_pay",
    "helper",
    "helper_attribute",
    "bonus_pips",
)


def _roll_then_publish(call, request, form):
    """The risk roll; with gear ticked, first the Exec's word on it (/rules/#cgg-gear-confirmed)."""
    choice = assist_choice(request.POST)
    if choice.gear:
        held = {name: request.POST.getlist(name) for name in HELD if name in request.POST}
        return actions.hold_for_gear(call.pk, request.user, choice.gear, held)
    return _roll(call.pk, request.user, form.stunt(), choice, tuple(request.POST.getlist("condition_pay")))


def _roll(call_id, player, stunt, choice, pays):
    """With no Venture there is no Wrench to choose (Enhanced too needs Venture), so the roll is
    published at once, as the card's button publishes it (card.answer_call): no lone "Done"."""
    with transaction.atomic():
        call = actions.roll_for_call(call_id, player, stunt, choice, pays=pays)
        # With a condition at work the card stays, to say what it did before the Wrench step.
        if not action_from(call.request, call.state).venture_left and not call.state.get("conditions"):
            actions.choose_wrench(call.pk, player, ())
    return call


@call_form_step(actions.KIND, Audience.GM)
def confirm_gear(request, call, form):
    """The Exec keeps the gear that applies and strikes the rest; the roll is made at once, with
    the player's other choices as they posted them."""
    with transaction.atomic():
        kept = gear_indexes(request.POST.getlist("gear"))
        posted = QueryDict(mutable=True)
        for name, values in actions.confirm_gear(call.pk, request.user, kept).items():
            posted.setlist(name, values)
        stunt_form = StuntForm(posted, masteries=call_view(call, Audience.CALLED_PLAYER).data["masteries"])
        if not stunt_form.is_valid():
            raise RulesError(" ".join(e for errors in stunt_form.errors.values() for e in errors))
        choice = replace(assist_choice(posted), gear=kept)
        _roll(call.pk, call.character.owner, stunt_form.stunt(), choice, tuple(posted.getlist("condition_pay")))


@login_required
@require_GET
def gear_odds(request, campaign_id: int, call_id: int):
    """The odds on the Exec's card of a roll waiting for gear, with the gear still ticked (GM only): the
    card asks again as the Exec unticks or ticks one."""
    call = gm_call(request, campaign_id, call_id, actions.KIND)
    asked = {index for index, _label in gear_asked(call)}
    if call.status != RollCall.Status.PENDING or not asked:
        return render(request, "systems/cgg/gear_odds.html", {"odds_error": "This roll is no longer waiting for gear."})
    try:
        kept = gear_indexes(request.GET.getlist("gear"))
    except RulesError as error:
        return render(request, "systems/cgg/gear_odds.html", {"odds_error": str(error)})
    if not set(kept) <= asked:
        return render(request, "systems/cgg/gear_odds.html", {"odds_error": "Confirm only gear the player ticked."})
    return render(request, "systems/cgg/gear_odds.html", {"odds": odds_with_gear(call, sorted(set(kept)))})


@call_form_step(actions.KIND, Audience.CALLED_PLAYER)
def enhanced(request, call, form):
    """The player pays one for Enhanced after a roll with Venture (campaigns/systems/cgg/condition_roll.py)."""
    use_enhanced(call.pk, request.user, request.POST.get("choice", ""))


@call_form_step(actions.KIND, Audience.CALLED_PLAYER, WrenchForm)
def wrench(request, call, form):
    actions.choose_wrench(call.pk, request.user, form.chosen(), form.cleaned_data["aspect"])


@call_form_step(actions.KIND, Audience.GM, HammerForm, refused="Choose Hammer uses from the list.")
def hammer(request, call, form):
    actions.choose_hammer(call.pk, request.user, form.chosen())


def explorer_for_gm(request, campaign_id: int, character_id: int):
    campaign = campaign_for_gm(request, campaign_id)
    # A removed player's explorer has left the table: its clock is not the Exec's to change.
    return campaign, get_object_or_404(Character.objects.seated(), pk=character_id, campaign=campaign)


@login_required
@require_POST
def resolve_crisis(request, campaign_id: int, character_id: int):
    campaign, character = explorer_for_gm(request, campaign_id, character_id)
    critical = bool(request.POST.get("critical"))

    def act():
        clock = actions.resolve_crisis(character, request.user, critical=critical)
        tell_done(request, f"{character.name}'s crisis is over: {clock.hours} hours on the clock.")

    return panel_step(request, campaign, Audience.GM, act=act)


@login_required
@require_POST
def adjust_clock(request, campaign_id: int, character_id: int):
    campaign, character = explorer_for_gm(request, campaign_id, character_id)
    form = ClockForm(request.POST)

    def act():
        data = form.cleaned_data
        clock = actions.adjust_clock(
            character, request.user, reason=data["reason"], **{data["direction"]: data["hours"]}
        )
        tell_done(request, f"{character.name}'s clock: {clock.hours} hours.")

    return panel_step(
        request, campaign, Audience.GM, form=form, refused="Say pay or gain, 1 to 12 hours, and why.", act=act
    )
