"""The d100 table steps: tests, secret difficulties, Fortune re-rolls and spends,
Fury and Chaos dice, and the GM's recovery, Misfortune and opposed tests (the session start, with its
Fortune refill, is the table's: campaigns.table.actions.start_session)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.html import format_html
from django.views.decorators.http import require_GET, require_POST

from campaigns.common.audience import Audience
from campaigns.life.access import campaign_for_member
from campaigns.models import Roll
from campaigns.pages.step_views import call_form_step, gm_form_step, gm_panel_step, roll_form_step, roll_odds
from campaigns.systems.d100 import actions
from campaigns.systems.d100 import opposed as opposed_rerolls
from campaigns.systems.d100.chart import d100_chart
from campaigns.systems.d100.forms import D100TestForm, MisfortuneForm, OpposedForm, SpecialDieForm
from campaigns.systems.d100.panel import pools_panel
from campaigns.table import last_roll
from campaigns.toolkit.steps import REFUSALS, panel_step
from rules.d100.test import Flip, chances, difficulty_for_time, total_chance
from rules.errors import RulesError


@roll_form_step(D100TestForm, "test_form")
def test(request, campaign, form):
    data = form.cleaned_data
    return actions.start_test(
        campaign,
        request.user,
        character=data["character"],
        skill=data["skill"],
        attribute=data["attribute"],
        difficulty=data["difficulty"] or None,
        how=Flip(data["flip"]),
        assistant=data["assistant"],
        synergy=data["synergy"],
        label=data["label"],
        time=data["time"] or "normal",
    )


@roll_odds(D100TestForm, "systems/d100/odds.html")
def odds(request, campaign, form):
    """Exact odds of the player's own test; none while the GM sets the difficulty."""
    context = {}
    if form.is_valid() and not (form.cleaned_data["skill"].strip() or form.cleaned_data["attribute"]):
        # Nothing chosen yet (the form as it opens): a hint, not an error; rolling it says what is missing.
        context["odds_hint"] = "Choose a skill, or an attribute, to see the odds."
    elif form.is_valid() and form.cleaned_data["difficulty"]:
        data = form.cleaned_data
        try:
            side = actions.side_for(
                data["character"],
                data["skill"].strip(),
                data["attribute"],
                synergy=data["synergy"],
                cap=actions.modifier_cap(campaign),
            )
        except RulesError as error:
            context["odds_error"] = str(error)
        else:
            chance = total_chance(side["base"], difficulty_for_time(data["difficulty"], data["time"] or "normal"))
            how = Flip.FAIL if side["untrained_special"] else Flip(data["flip"])
            odds = chances(chance, how, assist=bool(data["assistant"]))
            context = {"what": side["what"], "chance": chance, "odds": odds, "chart": d100_chart(odds)}
    return context


@call_form_step(actions.KIND, Audience.GM)
def difficulty(request, call, form):
    actions.set_difficulty(call.pk, request.user, request.POST.get("difficulty", ""))


def _rolls(request, campaign):
    """The rolls this user may spend on: the table's, and the GM's own (GM-only) ones for the GM."""
    return Roll.objects.all() if campaign.is_gm(request.user) else Roll.objects.visible_to_table()


def _after(request, campaign, error: str = "", *, roll=None):
    """HTMX gets the message at once, where the click was (on the card: its last roll again, `roll`, the new
    one or the one refused); a plain post, on the table it goes back to."""
    if (on_card := last_roll.answer(request, campaign, roll, error=error)) is not None:
        spent_on = None if error or roll is None else roll.request.get("reroll_of") or roll.request.get("six_of")
        if spent_on:  # the spent roll's row in the log offered it too: it offers it no more (a stale link found
            # in a play-test; a page whose row never loaded its offer drops this, static/fivefold/table.js)
            on_card.content += format_html('<span id="fortune-{}" hx-swap-oob="true"></span>', spent_on).encode()
        return on_card
    if request.htmx:
        status = 422 if error else 200
        answer = render(request, "systems/_step_error.html", {"error": error}, status=status)
        if roll is not None and not error:  # spent from the log's row: the new result on the roller's card too
            answer.content += last_roll.oob_for(request, roll).encode()
        return answer
    if error:
        messages.error(request, error)
    return redirect("table", campaign.pk)


@login_required
@require_GET
def fortune_options(request, campaign_id: int, roll_id: int):
    """The Fortune spends this user can make on a test or a die now; the log loads them into the
    roll's row (a row is rendered once for the whole table; the spends are the roller's alone)."""
    campaign = campaign_for_member(request, campaign_id)
    rolls = _rolls(request, campaign).select_related("character", "campaign")
    roll = get_object_or_404(rolls, pk=roll_id, campaign=campaign, kind__in=(actions.KIND, "d100_die", "d100_opposed"))
    options = opposed_rerolls.fortune_options if roll.kind == opposed_rerolls.KIND else actions.fortune_options
    context = {"campaign": campaign, "roll": roll, **options(roll, request.user)}
    template = "systems/d100/fortune_options.html" + ("#options" if request.htmx else "")
    return render(request, template, context)


def _spent(request, campaign_id: int, roll_id: int, kind: str, spend, *, table_only: bool = False):
    """A spend on one roll of `kind` that this user may spend on (`table_only`: the table's rolls alone):
    `spend(roll_pk)` makes the new roll; a refusal names the roll it refused."""
    campaign = campaign_for_member(request, campaign_id)
    rolls = Roll.objects.visible_to_table() if table_only else _rolls(request, campaign)
    roll = get_object_or_404(rolls, pk=roll_id, campaign=campaign, kind=kind)
    try:
        new = spend(roll.pk)
    except REFUSALS as error:
        return _after(request, campaign, str(error), roll=roll)
    return _after(request, campaign, roll=new)


@login_required
@require_POST
def reroll(request, campaign_id: int, roll_id: int):
    return _spent(request, campaign_id, roll_id, actions.KIND, lambda pk: actions.fortune_reroll(pk, request.user))


@login_required
@require_POST
def spend(request, campaign_id: int):
    """1 Fortune for an extra Action Point (players), or Misfortune for NPCs (the GM)."""
    campaign = campaign_for_member(request, campaign_id)
    if not campaign.is_gm(request.user):
        try:
            actions.spend_fortune(campaign, request.user, 1, "An extra Action Point")
            error = ""
        except REFUSALS as refused:
            error = str(refused)
        if not request.htmx:
            if error:
                messages.error(request, error)
            return redirect("table", campaign.pk)
        pools = pools_panel(campaign, Audience.TABLE, error=error)
        return render(request, pools.template, {**pools.context, "campaign": campaign}, status=422 if error else 200)
    form = MisfortuneForm(request.POST)

    def act():
        actions.spend_misfortune(campaign, request.user, form.cleaned_data["points"], form.cleaned_data["reason"])

    return panel_step(request, campaign, Audience.GM, form=form, act=act)


@login_required
@require_POST
def die(request, campaign_id: int):
    campaign = campaign_for_member(request, campaign_id)
    form = SpecialDieForm(request.POST, campaign=campaign, user=request.user)
    return panel_step(
        request,
        campaign,
        Audience.TABLE,
        form=form,
        error_form="dice",
        act=lambda: actions.roll_special_die(campaign, request.user, **form.cleaned_data),
    )


@gm_panel_step("recover")
def recover(request, campaign):
    actions.recover_fortune(campaign, request.user, request.POST.get("event", ""))


@gm_form_step(OpposedForm, "opposed_form")
def opposed(request, campaign, form):
    actions.opposed_test(campaign, request.user, **form.cleaned_data)


@login_required
@require_POST
def six(request, campaign_id: int, roll_id: int):
    return _spent(request, campaign_id, roll_id, "d100_die", lambda pk: actions.fortune_six(pk, request.user))


@login_required
@require_POST
def opposed_reroll(request, campaign_id: int, roll_id: int, side: int):
    """A failed side of an opposed test re-rolled by its owner: Fortune, or the GM's Misfortune for an NPC."""

    def reroll_side(roll_pk):
        return opposed_rerolls.side_reroll(roll_pk, request.user, side)

    return _spent(request, campaign_id, roll_id, "d100_opposed", reroll_side, table_only=True)
