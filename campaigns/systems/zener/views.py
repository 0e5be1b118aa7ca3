"""Zener Gate's table steps: checks, Karma on rolls, the GM's Karma."""

from dataclasses import replace
from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.views.decorators.http import require_GET, require_POST

from campaigns.calls.cards import own_characters
from campaigns.common.audience import Audience
from campaigns.common.inputs import decimal_number, row_id, whole_number
from campaigns.life.access import campaign_for_member
from campaigns.models import Roll
from campaigns.pages.step_views import gm_form_step, gm_panel_step
from campaigns.secrets.visibility import audience_for
from campaigns.systems.zener import actions, immersion
from campaigns.systems.zener.chart import zener_chart
from campaigns.systems.zener.forms import AttackForm, CheckForm, KarmaForm, LanguageForm, SkipActionForm
from campaigns.systems.zener.gear_views import load_reckoning
from campaigns.systems.zener.kind import target_raised
from campaigns.systems.zener.panel import secret_checks_oob
from campaigns.systems.zener.templatetags.zener import in_length_units, table_value, written_out
from campaigns.table import last_roll
from campaigns.toolkit.steps import REFUSALS, panel_step, roll_step
from rules.errors import RulesError
from rules.zener import SYSTEM
from rules.zener.combat import reaction_modifier, size_and_range
from rules.zener.equipment import LOADS
from rules.zener.tables import TABLES

KARMA_KINDS = (actions.KIND, immersion.KIND)  # the rows whose failed check the Karma menu changes


def _check_from(form):
    data = form.cleaned_data
    modifier = (data["modifier"] or 0) + form.table_modifier()
    what, found = actions.check_for(
        data["character"],
        stat=data["stat"],
        skill=data["skill"].strip(),
        modifier=modifier,
        extra=data["extra"] or 0,
        indirect=data["indirect"] or 0,
        also=data["disadvantage"],
    )
    what += form.assistance()
    if data.get("reaction_ms"):  # the log says where the penalty came from (seed: "Micro-Time")
        what += f", a reaction in {data['reaction_ms']} ms ({reaction_modifier(data['reaction_ms'])})"
    if form.spotting():  # the log names the spot check's terms (seed: "Spot/Listen Checks")
        ranged = size_and_range(data["spot_size"] or 0, data["spot_range"] or 0)
        signed = f"{ranged:+d}".replace("-", "−")
        what += f", spotting at size {data['spot_size'] or 0}, range {data['spot_range'] or 0} ({signed})"
        what += f", looking out +{data['looking']}" if data["looking"] else ""
    return what, replace(found, benefit=data["benefit"] or 0)


@login_required
@require_GET
def tables(request, campaign_id: int):
    """The universal index tables, with a look-up both ways (value -> index, index -> value)."""
    campaign = campaign_for_member(request, campaign_id)
    context = {"campaign": campaign, "tables": TABLES.values(), "rows": range(-8, 26)}
    context |= load_reckoning(request.GET) | {"loads": LOADS}  # seed: "Loads"
    table = TABLES.get(request.GET.get("table", ""))
    raw = request.GET.get("value", "").strip()
    if table and raw:
        # Plain ASCII numbers only, as every form reads them: int() and float() would also take
        # "٣", "1_0" or "1e309". The bounds are far past every table's ends, so the table says "off the table".
        index = whole_number(raw, -(10**6), 10**6)
        value = decimal_number(raw, -(10**18), 10**18)
        try:
            if request.GET.get("way") == "index":
                if index is None:
                    raise ValueError
                table.row(index)  # refuses an index off the table
                context["answer"] = f"{table.name}: index {index} = {_with_unit(table, table_value(table, index))}"
            else:
                if value is None:
                    raise ValueError
                found = table.index(value)  # refuses a value off the table, before it is written out
                written = in_length_units(value) if table.key == "delicacy" else written_out(value)
                context["answer"] = f"{table.name}: {_with_unit(table, written)} = index {found}"
        except RulesError as error:  # before ValueError: RulesError is one
            context["lookup_error"] = str(error)
        except ValueError:
            context["lookup_error"] = "Give a number in plain digits, with at most one point: 30 or 2.5."
    return render(request, "systems/zener/tables.html", context)


def _with_unit(table, written: str) -> str:
    """A value as people write it (1,000,000 m², not 1e+06); a length comes in its own unit ("100 am")."""
    return written if table.key == "delicacy" else f"{written} {table.unit}"


def _roller(request, campaign_id: int, form_class):
    """A member's roll from the panel: the campaign, who rolls (the GM's rolls are secret) and the
    form for them, bound as `bound(data)`: a player rolls for their own characters, the GM for any."""
    campaign = campaign_for_member(request, campaign_id)
    audience = audience_for(campaign, request.user)
    user = None if audience is Audience.GM else request.user
    return campaign, audience, partial(form_class, campaign=campaign, user=user)


@login_required
@require_POST
def check(request, campaign_id: int):
    """A player's check; the GM's checks from this form are secret."""
    campaign, audience, bound = _roller(request, campaign_id, CheckForm)
    gm = audience is Audience.GM
    form = bound(request.POST)

    def act():
        what, found = _check_from(form)
        data = form.cleaned_data
        return actions.make_check(
            campaign,
            request.user,
            character=data["character"],
            what=what,
            check=found,
            secret=gm,
            label=data["label"],
            eventual=data["desired"] or 0 if data["eventual"] else None,
        )

    return roll_step(
        request,
        campaign,
        audience,
        form=form,
        form_name="check_form",
        act=act,
        also=lambda roll: secret_checks_oob(campaign) if gm else "",
        again=lambda: bound(initial=request.POST.dict()),
    )


@login_required
@require_POST
def language(request, campaign_id: int):
    """A language roll from the panel; the GM's are secret, as the GM's checks are."""
    campaign, audience, bound = _roller(request, campaign_id, LanguageForm)
    gm = audience is Audience.GM
    form = bound(request.POST)

    def act():
        what, found = _language_roll_from(form)
        data = form.cleaned_data
        actions.make_check(
            campaign, request.user, character=data["character"], what=what, check=found, secret=gm, label=data["label"]
        )

    return panel_step(
        request,
        campaign,
        audience,
        form=form,
        form_name="language_form",
        act=act,
        again=lambda: bound(initial=request.POST.dict()),
    )


def _language_roll_from(form):
    data = form.cleaned_data
    return actions.language_roll_for(
        data["character"],
        language=data["language"],
        aspect=data["aspect"],
        eras=data["eras"] or 0,
        era_loss=data["era_loss"] or 0,
        related=data["related"] or 0,
    )


@login_required
@require_GET
def language_odds(request, campaign_id: int):
    """The language roll's odds as the form stands, read as the campaign reads a language roll (rules page,
    #zener-language-roll)."""
    *_, bound = _roller(request, campaign_id, LanguageForm)
    form = bound(request.GET)
    context = {}
    if not request.GET.get("language", "").strip():
        context["odds_hint"] = "Name a language on the sheet to see the odds."
    elif form.is_valid():
        try:
            what, found = _language_roll_from(form)
        except RulesError as error:
            context["odds_error"] = str(error)
        else:
            context = _odds_context(what, found)
    else:
        context["odds_error"] = " ".join(str(e) for errors in form.errors.values() for e in errors)
    return render(request, "systems/zener/odds.html", context)


def _odds_context(what, found) -> dict:
    return {
        "what": what,
        "dice": found.rolled[0],
        "keep": found.keep if found.keep < found.rolled[0] else None,
        "target": found.rolled[1],
        "raised": target_raised(
            {"dice": found.rolled[0], "base_dice": found.dice, "base_target": found.target, "benefit": found.benefit},
            {},
        ),
        "chance": SYSTEM.roll.odds(found),
        "chart": zener_chart(*found.rolled, keep=found.keep),
    }


@login_required
@require_GET
def odds(request, campaign_id: int):
    *_, bound = _roller(request, campaign_id, CheckForm)
    form = bound(request.GET)
    context = {}
    if form.is_valid() and not (form.cleaned_data["skill"].strip() or form.cleaned_data["stat"]):
        # Nothing chosen yet (the form as it opens): a hint, not an error; rolling it says what is missing.
        context["odds_hint"] = "Choose a skill, or a stat for a stat check, to see the odds."
    elif form.is_valid():
        try:
            what, found = _check_from(form)
        except RulesError as error:
            context["odds_error"] = str(error)
        else:
            context = _odds_context(what, found)
    return render(request, "systems/zener/odds.html", context)


@login_required
@require_GET
def karma_options(request, campaign_id: int, roll_id: int):
    """The Karma spends this user can make on a check now; the log loads them into the roll's row
    (a row is rendered once for the whole table, and a re-roll is the roller's alone)."""
    campaign = campaign_for_member(request, campaign_id)
    roll = get_object_or_404(
        Roll, pk=roll_id, campaign=campaign, kind__in=KARMA_KINDS, visibility=Roll.Visibility.TABLE
    )
    if request.htmx:
        # `oob`: asked for by a later row of the same check, which cannot know that this row is on the page.
        return _karma_options(request, campaign, roll, oob=request.GET.get("oob") == "1")
    context = {"campaign": campaign, "roll": roll, **_spends(roll, request.user)}
    return render(request, "systems/zener/karma_options.html", context)


@login_required
@require_POST
def karma_on_roll(request, campaign_id: int, roll_id: int):
    campaign = campaign_for_member(request, campaign_id)
    roll = get_object_or_404(
        Roll, pk=roll_id, campaign=campaign, kind__in=KARMA_KINDS, visibility=Roll.Visibility.TABLE
    )
    use, payer = request.POST.get("use"), request.POST.get("payer", "")
    try:
        if use not in ("reroll", "boost"):
            raise RulesError("Choose a re-roll or +5.")
        payer_id = row_id(payer) if payer else None
        if payer and payer_id is None:
            raise RulesError("Choose which of your characters gives the +5.")
        spend = immersion.karma_on_immersion if roll.kind == immersion.KIND else actions.spend_on_roll
        spent = spend(roll.pk, request.user, use=use, payer_id=payer_id)
    except REFUSALS as error:
        if (on_card := last_roll.answer(request, campaign, roll, error=str(error))) is not None:
            return on_card
        if not request.htmx:
            messages.error(request, str(error))
            return redirect("table", campaign.pk)
        return _karma_options(request, campaign, roll, error=str(error), status=422)
    if not request.htmx:
        return redirect("table", campaign.pk)
    # Spent from the card's last roll: that area again, with the new result and what it still allows.
    answer = last_roll.answer(request, campaign, spent)
    if answer is None:  # spent from the log's row: the row's menu, and the new result on the roller's card too
        answer = _karma_options(request, campaign, roll)
        answer.content += last_roll.oob_for(request, spent).encode()
    # Play-test: the player's own cards come along, redrawn with the Karma left (the card shows it).
    for character in own_characters(campaign, request.user):
        context = {"campaign": campaign, "character": character, "card": campaign.adapter.card(character), "oob": True}
        answer.content += render_to_string("campaigns/card.html#card", context, request=request).encode()
    return answer


def _karma_options(request, campaign, roll, *, error: str = "", status: int = 200, oob: bool = False):
    """The row's Karma spends as they stand now, with what went wrong (the new roll comes by the log)."""
    context = {"campaign": campaign, "roll": roll, "error": error, "oob": oob, **_spends(roll, request.user)}
    return render(request, "systems/zener/karma_options.html#options", context, status=status)


def _spends(roll, user) -> dict:
    """An ordinary check's Karma spends, or an immersion's failed last check's (immersion.karma_options)."""
    return (immersion.karma_options if roll.kind == immersion.KIND else actions.karma_options)(roll, user)


@gm_form_step(KarmaForm, "karma_form")
def karma(request, campaign, form):
    data = form.cleaned_data
    counts = {"amount": data["amount"] or 0, "setbacks": data["setbacks"] or 0}  # a blank count is none
    actions.gm_karma(gm=request.user, **(data | counts))


# Left blank on the form, these are the attack's own defaults (actions.attack): the whole target, a skull, one shot.
ATTACK_DEFAULTED = ("aim", "choice", "fire")


@gm_form_step(AttackForm, "attack_form", keeps=True)
def attack(request, campaign, form):
    chosen = {key: value for key, value in form.cleaned_data.items() if value or key not in ATTACK_DEFAULTED}
    actions.attack(campaign, request.user, **chosen)


@gm_form_step(SkipActionForm, "skip_form")
def skip_action(request, campaign, form):
    actions.skip_action(campaign, request.user, **form.cleaned_data)


@gm_panel_step("initiative")
def initiative(request, campaign):
    names = {c.name for c in campaign.characters.seated()}
    state = {key: [n for n in request.POST.getlist(key) if n in names] for key in ("surprised", "immobile", "prone")}
    actions.roll_initiative(campaign, request.user, **state, use_acc=request.POST.get("use_acc") == "on")


@gm_panel_step("death_save")
def death_save(request, campaign):
    """The GM rolls a dying character's CON save for the round (seed: "Death")."""
    character = seated_character(campaign, request.POST.get("character", ""))
    actions.roll_death_save(campaign, request.user, character=character, aided=bool(request.POST.get("aided")))


@gm_panel_step("rest")
def rest(request, campaign):
    """The GM lets a day or a week pass for one character or the whole table (seed: "Damage & Recovery")."""
    days = {"day": 1, "week": 7}.get(request.POST.get("period", ""))
    ranks = whole_number(request.POST.get("ranks", "") or "0", 0, 20)
    if days is None:
        raise RulesError("Choose a day or a week.")
    if ranks is None:
        raise RulesError("Healing ranks are 0 to 20.")
    who = request.POST.get("character", "")
    character = seated_character(campaign, who) if who else None
    sleep = request.POST.get("sleep", "") or "comfortable"
    actions.days_pass(campaign, request.user, days=days, ranks=ranks, character=character, sleep=sleep)


def seated_character(campaign, pk: str):
    """A character at this table by its posted id, or a clear refusal (an id too long for the database's
    integers is no character either)."""
    posted_id = row_id(pk)
    found = campaign.characters.seated().filter(pk=posted_id).first() if posted_id is not None else None
    if found is None:
        raise RulesError("Choose a character at this table.")
    return found
