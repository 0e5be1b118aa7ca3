from contextlib import nullcontext

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import reswap, retarget
from django_htmx.middleware import HtmxDetails

import rules
from campaigns.calls import saved
from campaigns.calls.call_section import saved_calls_context
from campaigns.calls.card_calls import blank_form as card_call_blank_form
from campaigns.calls.cards import own_characters
from campaigns.common import reads, sources
from campaigns.common.charts import chart_html, notation_chart
from campaigns.common.inputs import row_id
from campaigns.life.access import campaign_for_gm, campaign_for_member
from campaigns.life.export import as_csv, as_json, campaign_record
from campaigns.models import Campaign, Membership, Roll, RollCall
from campaigns.plugins import registry
from campaigns.secrets.visibility import Audience, audience_for, call_view, roll_view
from campaigns.table import actions, chat, events, handouts, live, presence, rows, tabs
from campaigns.table.forms import (
    CallForm,
    CampaignForm,
    ChatForm,
    HandoutForm,
    InviteForm,
    OddsForm,
    RollForm,
    form_errors,
)
from campaigns.table.log import LOG_PAGE, LogFilterForm, log_page
from campaigns.table.needs import strip_part
from campaigns.table.parts import kept, kept_read
from rules import dice as notation_limits
from rules.dice import Comparison
from rules.notation import CAP_EXPLOSIONS, chance, parse

TABLE = "campaigns/table.html"


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def _log(request, campaign, audience: Audience, sessions, *, newest=False, size=LOG_PAGE) -> dict:
    """The log's context: a page of it (filtered by the query string) and its filter form;
    `newest`: the first page, whatever page the query string asks for; `size`: rows on the page."""
    data = request.GET if _FILTERS & request.GET.keys() else None
    filters = LogFilterForm(data, campaign=campaign, sessions=sessions)
    cursor = {} if newest else {name: _int_param(request, name) for name in _CURSOR}
    page = log_page(campaign, audience, sessions, filters, viewer=request.user, size=size, **cursor)
    filtered = filters.active
    entries = rows.for_viewer(page.entries, request)
    return {
        "log": entries,
        "older": page.older,
        "filters": filters,
        "filtered": filtered,
        "nothing_found": filtered and not page.has_rolls,
        "missed_more": page.missed_more,
        "newest_roll": page.newest_roll,
        "newest_message": page.newest_message,
    }


_FILTERS = {"character", "session", "kind", "show"}
_CURSOR = ("before", "before_message", "after", "after_message")


def _table_context(request, campaign, *, tab: str = "", roll_form=None, call_form=None, handout_form=None) -> dict:
    """The table page: its header, its tabs, and what the chosen tab draws (`tab`, else `?tab=`): the other
    tabs are fetched when opened (campaigns.table.tabs), so the page reads and draws only what is in view.
    Its dear parts (the strip, the tab, the calls, the log) are kept drawn until the campaign changes
    (campaigns.table.parts); a form sent back with its messages is drawn anew."""
    audience = audience_for(campaign, request.user)
    is_gm = audience is Audience.GM
    (sessions, players), number = kept_read(campaign, "seats", lambda: _seats(campaign))
    shown = tabs.tabs_for(campaign, audience)
    tab = tab if tab in dict(shown) else tabs.chosen(request, shown, audience)
    context = {
        "session": _session_going(sessions),
        "campaign": campaign,
        **_settings_line(campaign),
        "is_gm": is_gm,
        "audience": audience,
        "tabs": [(key, label, tabs.HOLDS.get(key, "")) for key, label in shown],
        "tab": tab,
        "players": players,
        **presence.context(campaign, players),
    }
    viewer = "gm" if is_gm else f"player-{request.user.pk}"
    draw = _PartDrawer(
        request, campaign, context, sessions, roll_form=roll_form, call_form=call_form, handout_form=handout_form
    )
    context["tab_fetch"] = bool(request.htmx) and request.htmx.target == f"tab-{tab}-panel"  # its part alone
    wanted = {} if context["tab_fetch"] else {"needs": strip_part(request, campaign, is_gm=is_gm)}
    # A template may tell an htmx request from a page (d100's Fortune offer): each is kept apart.
    tab_variant = f"{viewer}|{tab}|{bool(request.htmx)}|{_log_query(request) if tab == tabs.TABLE else ''}"
    keep_tab = tab in tabs.KEPT and not (roll_form or call_form or handout_form)
    if keep_tab:
        wanted["tab"] = (tab_variant, draw.tab)
    if not is_gm and not context["tab_fetch"]:  # what waits on a player, and the log, are beside every tab
        wanted["calls"] = (viewer, draw.calls)
        wanted["log"] = (f"{viewer}|{_log_query(request)}", draw.log)  # each player's: their whispers
    parts = kept(request, campaign, wanted, number)
    context["needs_html"], context["needs_count"], _ = parts.get("needs", ("", 0, ""))
    context["tab_html"], tab_refused = parts["tab"] if keep_tab else draw.tab()
    context["calls_html"] = parts.get("calls")
    context["log_html"], log_refused = parts.get("log", (None, False))
    context["filters_refused"] = tab_refused or log_refused
    return context


def _seats(campaign) -> tuple[list, list]:
    """The campaign's sessions (newest first) and its players' seats with their names, which the header,
    the people and the log's filters are drawn from."""
    seats = campaign.memberships.select_related("user").only("campaign_id", "joined_at", "user__username")
    return list(campaign.game_sessions.all()), list(seats)


class _PartDrawer:
    """How each part of the table page is drawn when it is not kept: its own reads, then its partial."""

    def __init__(self, request, campaign, context, sessions, *, roll_form, call_form, handout_form=None):
        self.request, self.campaign, self.context, self.sessions = request, campaign, context, sessions
        self.roll_form, self.call_form, self.handout_form = roll_form, call_form, handout_form

    def _render(self, partial: str, extra: dict) -> str:
        return render_to_string(f"{TABLE}#{partial}", {**self.context, **extra}, request=self.request)

    def calls(self) -> str:
        return self._render("my_calls", _calls(self.campaign, self.request.user, self.context["audience"]))

    def log(self) -> tuple[str, bool]:
        """The log column, and whether its filters were refused (the page answers 422)."""
        log = _log(self.request, self.campaign, self.context["audience"], self.sessions, size=FIRST_LOG_PAGE)
        log["chat_form"] = ChatForm(campaign=self.campaign, user=self.request.user)
        return self._render("log_column", log), bool(log["filters"].errors)

    def tab(self) -> tuple[str, bool]:
        """The chosen tab's part, and whether the log's filters in it (the GM's Table tab) were refused."""
        request, campaign, tab = self.request, self.campaign, self.context["tab"]
        audience, user = self.context["audience"], request.user
        characters = reads.seated(campaign)
        extra = {"characters": characters, "gm_calls": None, "my_calls": None}
        if tab == tabs.TABLE:
            extra |= _log(request, campaign, audience, self.sessions, size=FIRST_LOG_PAGE)
            extra["chat_form"] = ChatForm(campaign=campaign, user=user)
            extra |= _calls(campaign, user, audience)
            extra |= {"call_form": self.call_form or CallForm(campaign=campaign), **card_call_blank_form(campaign)}
            extra |= saved_calls_context(campaign)
        if tab in (tabs.TABLE, tabs.MORE):
            extra["roll_form"] = self.roll_form or RollForm(campaign=campaign, user=user)
        if tab in (tabs.SYSTEM, tabs.MORE):
            extra["panel"] = _render_panel(request, campaign, audience)
        if tab == tabs.PLAY:
            extra["cards"] = _cards(campaign, user)
            # A player with no character yet is offered one where the card would be (found in a play-test).
            extra["needs_character"] = not any(character.owner_id == user.pk for character in characters)
        if tab == tabs.CHARACTERS:
            extra["sheets"] = campaign.adapter.gm_sheets(campaign, characters)
        if tab == tabs.HANDOUTS:  # read only here: the table's other tabs never read a handout
            shown = list(handouts.visible_handouts(campaign, user))
            extra["handouts"] = handouts.for_gm(campaign, shown) if self.context["is_gm"] else shown
            extra["handout_form"] = self.handout_form or HandoutForm()
        if tab == tabs.SESSION:
            extra |= {
                "session_form": campaign.adapter.session_form(campaign),
                "invite_url": request.build_absolute_uri(reverse("join", args=[campaign.invite_token])),
                "invite_form": InviteForm(),
            }
        filters = extra.get("filters")
        return self._render("tab_body", extra), bool(filters is not None and filters.errors)


def _log_query(request) -> str:
    """What of the address chooses the log's page and filters (a kept log is kept for each)."""
    return "&".join(f"{key}={value}" for key, value in sorted(request.GET.items()) if key != "tab")


# The log's first page on the table: a screen of rows, not a page's worth (a player's whole page stays under
# 30 KB after a scene); the older ones load as the log is scrolled (its "Older rolls" link, `intersect once`).
FIRST_LOG_PAGE = 10


def _cards(campaign, user) -> list[tuple]:
    """The viewer's own characters with their cards, for the systems that draw one."""
    adapter = campaign.adapter
    cards = [(character, adapter.card(character)) for character in own_characters(campaign, user)]
    return [(character, card) for character, card in cards if card is not None]


def _settings_line(campaign) -> dict:
    """The header's system and settings (campaigns.table.live.send_settings sends the same line)."""
    return {
        "system": campaign.rules_system,
        "settings_described": campaign.rules_system.describe_settings(campaign.settings) + campaign.talk_described(),
    }


def _calls(campaign, user, audience: Audience) -> dict:
    """The open calls as the viewer sees them: every one, with its secrets, for the GM
    (`gm_calls`, oldest first: the GM's queue); a player's own, as the called player sees them
    (`my_calls`), newest first like the log: the call the table waits on now stays at the top of a
    phone however many older ones the player left (table.html's `player_call_oob` adds it on top)."""
    calls = campaign.calls.filter(status__in=RollCall.OPEN).select_related("character")
    if audience is Audience.GM:
        return {"gm_calls": [call_view(call, Audience.GM) for call in calls], "my_calls": None}
    mine = calls.filter(character__owner=user).order_by("-created_at", "-pk")
    return {"gm_calls": None, "my_calls": [call_view(call, Audience.CALLED_PLAYER) for call in mine]}


def _session_going(sessions):
    """The session still going, from the campaign's sessions newest first; None between them."""
    return sessions[0] if sessions and sessions[0].ended_at is None else None


def _render_panel(request, campaign, audience: Audience) -> str:
    """The system's own panel (e.g. Centaurus Gate's Crisis Clocks), if it has one."""
    panel = registry.panel_for(campaign, audience, request.user)
    if panel is None:
        return ""
    return render_to_string(panel.template, {**panel.context, "campaign": campaign}, request=request)


def _int_param(request, name: str) -> int | None:
    """A row id from the query string; anything else (or an id no database holds) is ignored."""
    return row_id(request.GET.get(name, ""))  # not str.isdigit(): "²" is a digit to it, not to int()


@require_GET
def home(request):
    campaigns = list(Campaign.objects.for_member(request.user).select_related("gm"))
    archived = [campaign for campaign in campaigns if campaign.archived_at is not None]
    campaigns = [campaign for campaign in campaigns if campaign.archived_at is None]
    # The demo log-ins are shown only where `make run` made them (local play, DEBUG).
    demo = (
        settings.DEBUG
        and not request.user.is_authenticated
        and Campaign.objects.filter(name__startswith="Demo: ").exists()
    )
    return render(request, "campaigns/home.html", {"campaigns": campaigns, "archived": archived, "demo": demo})


@login_required
@require_http_methods(["GET", "POST"])
def campaign_new(request: HtmxHttpRequest):
    """The new campaign: its name, its system and that system's settings only. Choosing a
    system asks for its settings (`?system=`, the HTMX fragment, or the page again without
    JavaScript, the name kept)."""
    asked = request.GET.get("system", "")
    form = CampaignForm(request.POST or None, system=asked, initial={"name": request.GET.get("name", "")})
    if request.method == "POST" and "choose" in request.POST:  # no JavaScript: the chosen system's settings
        initial = {"name": request.POST.get("name", "")}
        form = CampaignForm(system=request.POST.get("system", ""), initial=initial)
    elif request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        campaign = actions.create_campaign(
            request.user, name=data["name"], system=data["system"], settings=data["settings"]
        )
        messages.success(request, f"{campaign.name} is ready. Send your players the invite link.")
        # The message on the tab that holds the link (it was said on the Table tab, a tab away from it).
        return redirect(reverse("table", args=[campaign.pk]) + f"?tab={tabs.SESSION}")
    unknown = request.method == "GET" and asked and not registry.is_installed(asked)
    context = {"form": form, "unknown_system": unknown}
    fragment = request.htmx and request.method == "GET"
    template = "campaigns/new.html#system_settings" if fragment else "campaigns/new.html"
    return render(request, template, context, status=422 if form.errors or unknown else 200)


@login_required
@require_GET
@reads.page_view  # what the page asks many times (balances, seated characters…) is read once
def table(request: HtmxHttpRequest, campaign_id: int):
    """The table: roll log, roller, calls. HTMX asks for parts of the log here too:
    `?before=<id>` for older rolls (infinite scroll), `?after=<id>` to catch up
    after a dropped connection (the newest page again, when more was missed), and
    the filter form's `?character=&session=&kind=` for the filtered log."""
    campaign = campaign_for_member(request, campaign_id)
    if request.htmx and "after" in request.GET:
        return _catch_up(request, campaign)
    older = "before" in request.GET or "before_message" in request.GET  # a page further down the log
    if request.htmx and (older or request.htmx.target == "log-region"):
        sessions = list(campaign.game_sessions.all())
        context = {"campaign": campaign, **_log(request, campaign, audience_for(campaign, request.user), sessions)}
        partial = "log_page" if older else "log_region"
        return render(request, f"{TABLE}#{partial}", context, status=422 if context["filters"].errors else 200)
    context = _table_context(request, campaign)
    if context["tab_fetch"]:  # a tab opened: its part alone
        return HttpResponse(context["tab_html"], status=_page_status(context))
    context["welcome"] = request.session.pop(WELCOME.format(campaign.pk), False)  # once, just after joining
    return render(request, TABLE, context, status=_page_status(context))


def _page_status(context) -> int:
    """422 when the log's filters were refused (the log shows every roll, and says so)."""
    return 422 if context["filters_refused"] else 200


def _catch_up(request, campaign) -> HttpResponse:
    """`?after=<id>`, the newest roll a table has: what it missed while its websocket was down,
    the rolls and the sessions' starts and ends, and as they are now the header's session line,
    the lines of talk edited or removed lately, and the viewer's calls, each region whole (calls opened,
    answered or cancelled meanwhile).
    Away for more rolls than a page holds: the whole log again, newest page first
    with its link to the older ones, so no missed roll is left out of sight. A filtered log
    (`log-filtered`) takes no new rolls, so it is never replaced: it gets the rest."""
    sessions = list(campaign.game_sessions.all())
    audience = audience_for(campaign, request.user)
    context = {"campaign": campaign, "session": _session_going(sessions), **_calls(campaign, request.user, audience)}
    context |= _settings_line(campaign)  # the GM may have changed the settings meanwhile
    context |= _log(request, campaign, audience, sessions)
    context["changed_messages"] = chat.changed_lately(campaign, request.user)  # edited or removed meanwhile
    if not context["missed_more"] or request.htmx.target == "log-filtered":
        return render(request, f"{TABLE}#catch_up", context, status=422 if context["filters"].errors else 200)
    context |= _log(request, campaign, audience, sessions, newest=True) | {"whole_log": True}
    response = render(request, f"{TABLE}#catch_up", context)
    return retarget(reswap(response, "outerHTML"), "#log-region")


# What a roll of notation is, asked for from the roll form, the call form or a saved call.
ROLL_FIELDS = ("character", "notation", "target", "comparison", "label")


def roll_fields(data) -> dict:
    return {name: data[name] for name in ROLL_FIELDS}


def call_for(campaign, form):
    """The GM's call for the roll a valid call form (or a saved call's) asks for."""
    return actions.call_for_roll(campaign, reveal=form.reveal(), **roll_fields(form.cleaned_data))


@login_required
@require_POST
def roll(request: HtmxHttpRequest, campaign_id: int):
    campaign = campaign_for_member(request, campaign_id)
    form = RollForm(request.POST, campaign=campaign, user=request.user)
    if not form.is_valid():
        return _form_error(request, campaign, "roll_form", roll_form=form)
    data = form.cleaned_data
    name = data.get("save_as", "")
    try:
        # One INSERT needs no transaction of its own (BEGIN and COMMIT are two more round trips);
        # a roll saved as a button is saved with it or not at all.
        with transaction.atomic() if name else nullcontext():
            if name:  # kept as a button on the character's card
                saved.save_notation(campaign, request.user, data, name)
            secret = data.get("secret", False)
            new_roll = actions.roll_notation(campaign, request.user, secret=secret, **roll_fields(data))
    except actions.ActionError as error:
        form.add_error("save_as" if name else None, str(error))
        return _form_error(request, campaign, "roll_form", roll_form=form)
    if not request.htmx:
        return redirect("table", campaign.pk)
    row = live.roll_html(new_roll, audience_for(campaign, request.user))
    if request.POST.get("after_error") or name:
        # The form on the page still shows the last messages (or the name just saved): send it
        # back clean, choices kept; a saved roll's card shows its new button.
        fresh = RollForm(initial={**data, "save_as": ""}, campaign=campaign, user=request.user)
        card = saved.card_oob(request, campaign, data["character"], f"Saved as “Roll {name}”.") if name else ""
        context = {"campaign": campaign, "roll_form": fresh, "roll_html": row, "card_html": card}
        return render(request, f"{TABLE}#roll_form", context)
    # The form stays as the player left it (values, focus, cursor): only the row goes to the log,
    # and the odds chart beside the form, marked where the roll landed. Rendering the form again
    # was a third of the post's time (bench/).
    chart = notation_chart(
        parse(data["notation"]), data["target"], data["comparison"], landed=new_roll.outcome["total"]
    )
    context = {"roll_html": row, "landed_chart_html": chart_html(chart) if chart else ""}
    return reswap(render(request, f"{TABLE}#roll_answer", context), "none")


def _form_error(request, campaign, partial: str, **forms_):
    """Invalid input: the form again with its messages (422), nothing changed."""
    if request.htmx:
        return render(request, f"{TABLE}#{partial}", {"campaign": campaign, **forms_}, status=422)
    # Without JavaScript, the page again on the tab that holds the refused form.
    tab = tabs.TABLE if campaign.gm_id == request.user.pk else tabs.MORE
    return render(request, TABLE, _table_context(request, campaign, tab=tab, **forms_), status=422)


@login_required
@require_GET
def odds(request: HtmxHttpRequest, campaign_id: int):
    """The exact chance of the roll form's own inputs, and their chart: nothing the player does not know."""
    campaign = campaign_for_member(request, campaign_id)
    form = OddsForm(request.GET)
    context = {"campaign": campaign}
    if form.is_valid():
        data = form.cleaned_data
        comparison = data["comparison"] or Comparison.AT_LEAST
        try:
            notation = parse(data["notation"])
            if data["target"] is not None:
                context["odds"] = chance(notation, data["target"], comparison)
                context["odds_question"] = f"{data['notation']} {comparison.symbol} {data['target']}"
            context["chart"] = notation_chart(notation, data["target"], comparison)
        except rules.RulesError as error:
            context["odds_error"] = str(error)
    elif form["notation"].value() and "notation" in form.errors:
        context["odds_error"] = form.errors["notation"][0]
    return render(request, f"{TABLE}#odds", context)


@login_required
@require_GET
def roll_chart(request: HtmxHttpRequest, campaign_id: int, roll_id: int):
    """Where a roll landed on its odds chart, drawn from the roll as the viewer may see it."""
    campaign = campaign_for_member(request, campaign_id)
    roll = get_object_or_404(Roll, pk=roll_id, campaign=campaign)
    view = roll_view(roll, audience_for(campaign, request.user))
    kind = registry.kind(roll.kind)
    if view is None or not hasattr(kind, "chart"):
        raise Http404("No such roll.")
    # A row that draws no chart for this viewer (a secret difficulty) says so: its address may be old.
    context = {"chart": kind.chart(view.data) if view.chartable else None, "campaign": campaign, "roll": view}
    return render(request, "campaigns/chart.html" if request.htmx else "campaigns/roll_chart.html", context)


@login_required
@require_POST
def call_new(request: HtmxHttpRequest, campaign_id: int):
    campaign = campaign_for_gm(request, campaign_id)
    form = CallForm(request.POST, campaign=campaign)
    if not form.is_valid():
        return _form_error(request, campaign, "call_form", call_form=form)
    data = form.cleaned_data
    name = data.get("save_as", "")
    try:
        with transaction.atomic():
            if name:  # kept as a button above the form
                saved.save_call(campaign, name, data)
            call_for(campaign, form)
    except actions.ActionError as error:
        form.add_error("save_as", str(error))
        return _form_error(request, campaign, "call_form", call_form=form)
    if not request.htmx:
        return redirect("table", campaign.pk)
    # The next call starts on the same character (play-test: three calls for one character meant choosing
    # them three times, and a GM who forgot called the first character in the list).
    context = {
        "campaign": campaign,
        "call_form": CallForm(campaign=campaign, initial={"character": data["character"].pk}),
    }
    if name:
        context |= saved_calls_context(campaign) | {"saved_said": f"Saved as “Call: {name}”.", "oob": True}
    return render(request, f"{TABLE}#call_form", context)


@login_required
@require_POST
def call_answer(request: HtmxHttpRequest, campaign_id: int, call_id: int):
    campaign = campaign_for_member(request, campaign_id)
    call = get_object_or_404(RollCall, pk=call_id, campaign=campaign, character__owner=request.user, kind="notation")
    try:
        actions.answer_call(call.pk, request.user)
    except actions.ActionError as error:
        return _back_to_table(request, campaign, refused=str(error))
    return _back_to_table(request, campaign)


@login_required
@require_POST
def call_cancel(request: HtmxHttpRequest, campaign_id: int, call_id: int):
    campaign = campaign_for_gm(request, campaign_id)
    call = get_object_or_404(RollCall, pk=call_id, campaign=campaign)
    try:
        actions.cancel_call(call)
    except actions.ActionError as error:
        return _back_to_table(request, campaign, refused=str(error))
    return _back_to_table(request, campaign)


def _back_to_table(request, campaign, *, refused: str = "") -> HttpResponse:
    """After a button: HTMX callers already get the change over the websocket. A refusal is
    said where the page says every refused click (base.html's #request-alert), at once: a
    message kept for the next page would come later, out of place."""
    if request.htmx and refused:
        response = render(request, "base.html#request_alert", {"refused": refused}, status=422)
        return reswap(response, "none")
    if request.htmx:
        return HttpResponse(status=204)
    if refused:
        messages.error(request, refused)
    return redirect("table", campaign.pk)


@login_required
@require_POST
def session_start(request: HtmxHttpRequest, campaign_id: int):
    """The GM starts the next session (ending one still going); the system refills its pools."""
    campaign = campaign_for_gm(request, campaign_id)
    form = campaign.adapter.session_form(campaign, request.POST)
    try:
        if not form.is_valid():
            raise rules.RulesError(form_errors(form))
        actions.start_session(campaign, request.user, **form.cleaned_data)
    except (actions.ActionError, rules.RulesError) as error:
        return _session_controls(request, campaign, form=form, error=str(error))
    return _session_controls(request, campaign)


@login_required
@require_POST
def session_end(request: HtmxHttpRequest, campaign_id: int):
    campaign = campaign_for_gm(request, campaign_id)
    try:
        actions.end_session(campaign, request.user)
    except actions.ActionError as error:
        return _session_controls(request, campaign, error=str(error))
    return _session_controls(request, campaign)


def _session_controls(request, campaign, *, form=None, error=None) -> HttpResponse:
    """The GM's session buttons again; everyone's header and log hear of the change live."""
    if not request.htmx:
        if error:
            messages.error(request, error)
        return _gm_tab(campaign, "session")
    context = {
        "campaign": campaign,
        "session": campaign.game_sessions.filter(ended_at=None).first(),
        "session_form": form or campaign.adapter.session_form(campaign),
        "session_error": error,
    }
    return render(request, f"{TABLE}#session_controls", context, status=422 if error else 200)


def _gm_tab(campaign, tab: str) -> HttpResponse:
    """Back to the tab of the GM's screen where the button was."""
    return redirect(f"{reverse('table', args=[campaign.pk])}?tab={tab}")


@login_required
@require_POST
def invite_regenerate(request, campaign_id: int):
    campaign = campaign_for_gm(request, campaign_id)
    form = InviteForm(request.POST)
    if not form.is_valid():
        messages.error(request, form_errors(form))  # the link stays as it was
        return _gm_tab(campaign, "session")
    actions.regenerate_invite(campaign, form.lifetime_delta())
    messages.success(request, "New invite link made. The old one no longer works.")
    return _gm_tab(campaign, "session")


@login_required
@require_POST
def player_remove(request, campaign_id: int, membership_id: int):
    campaign = campaign_for_gm(request, campaign_id)
    membership = get_object_or_404(Membership, pk=membership_id, campaign=campaign)
    with transaction.atomic():  # the line goes out once the seat is gone: every table's list then drops it
        events.record(campaign, "seat", f"{request.user} removed {membership.user} from the table.")
        actions.remove_player(membership)
    messages.success(request, f"{membership.user} no longer plays in {campaign.name}.")
    return _gm_tab(campaign, "session")


@require_http_methods(["GET", "POST"])
def join(request, token: str):
    """The invite link. Anyone may open it; joining needs an account."""
    campaign = Campaign.objects.filter(invite_token=token).select_related("gm").first()
    if campaign is None:
        return render(request, "campaigns/join.html", {"dead": True}, status=404)
    if campaign.invite_has_expired(sources.now()):
        return render(request, "campaigns/join.html", {"dead": True, "expired": True}, status=410)
    if not request.user.is_authenticated:
        if request.method == "POST":
            return redirect(f"{reverse('login')}?next={request.path}")
        return render(request, "campaigns/join.html", {"campaign": campaign})
    if campaign.is_gm(request.user) or campaign.memberships.filter(user=request.user).exists():
        return redirect("table", campaign.pk)  # already at the table: no welcome again
    if request.method == "POST":
        try:
            actions.join_campaign(request.user, campaign)
        except actions.ActionError as error:
            return render(request, "campaigns/join.html", {"campaign": campaign, "error": str(error)}, status=409)
        _welcome(request, campaign)
        return redirect("table", campaign.pk)
    return render(request, "campaigns/join.html", {"campaign": campaign})


WELCOME = "welcome:{}"  # the session's mark: the table shows its first-visit step once


def _welcome(request, campaign) -> None:
    """A player who comes back finds their characters at the table; a new one is
    shown the "make your character" step on their first look at it."""
    mine = campaign.characters.filter(owner=request.user, retired_at=None)  # not the retired
    names = list(mine.order_by("name").values_list("name", flat=True))
    if names:
        messages.success(
            request, f"Welcome back to {campaign.name}! Your characters are at the table again: {', '.join(names)}."
        )
    else:
        request.session[WELCOME.format(campaign.pk)] = True


@require_GET
def rules_page(request):
    installed = [adapter.rules for adapter in registry.installed()]
    return render(request, "rules/index.html", {"systems": installed, "limits": _notation_limits()})


def _notation_limits() -> dict:
    limits = {name: getattr(notation_limits, name) for name in ("MAX_DICE", "MAX_SIDES", "MAX_TERMS", "MAX_MODIFIER")}
    return limits | {"CAP_EXPLOSIONS": CAP_EXPLOSIONS}


@require_GET
def rules_quick_reference(request, system_key: str):
    """One system's rules on one page: what the table's forms follow, and its interpretations."""
    if not registry.is_installed(system_key):
        raise Http404("No such rules system.")
    context = {"system": registry.get(system_key).rules, "limits": _notation_limits()}
    return render(request, "rules/system.html", context)


@login_required
@require_GET
def export(request, campaign_id: int, fmt: str):
    """The GM's export: the whole record as JSON, or `?part=rolls|ledger|events|messages|commitments|handouts`
    as CSV."""
    campaign = campaign_for_gm(request, campaign_id)
    record = campaign_record(campaign)
    if fmt == "json":
        response = HttpResponse(as_json(record), content_type="application/json")
        name = f"campaign-{campaign.pk}.json"
    else:
        part = request.GET.get("part", "rolls")
        if part not in ("rolls", "ledger", "events", "messages", "commitments", "handouts"):
            message = "Export rolls, ledger, events, messages, commitments or handouts."
            return HttpResponse(message, status=400, content_type="text/plain")
        response = HttpResponse(as_csv(record[part]), content_type="text/csv")
        name = f"campaign-{campaign.pk}-{part}.csv"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
