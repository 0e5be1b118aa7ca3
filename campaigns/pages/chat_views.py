"""The table's talk: a message sent from the log's box, its own page, and its writer's and the GM's changes
(campaigns.table.chat decides who may read and change what)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import reswap

from accounts.attempts import Attempts
from campaigns.life.access import campaign_for_member
from campaigns.models import Message, Roll
from campaigns.secrets.visibility import audience_for
from campaigns.table import chat, live
from campaigns.table.forms import ChatForm

MESSAGE = "campaigns/_message.html"
# Ten messages in twenty seconds is a lively scene; more is a stuck key or a script. The box keeps the words.
TOO_FAST = Attempts("chat messages", "chat", limit=10, window=20)


@login_required
@require_POST
def chat_post(request, campaign_id: int):
    campaign = campaign_for_member(request, campaign_id)
    form = ChatForm(request.POST, campaign=campaign, user=request.user)
    who = f"{campaign.invite_token}:{request.user.pk}"  # not the id: a database made anew numbers from 1 again
    if TOO_FAST.too_many(request, who):
        form.is_valid()
        form.add_error("text", "That is a lot of messages at once: wait a few seconds and send it again.")
    elif form.is_valid():
        data = form.cleaned_data
        try:
            with transaction.atomic():
                sent = chat.post(
                    campaign,
                    request.user,
                    data["said"],
                    speaker=data["speaker"],
                    character=data["character"],
                    recipients=data["recipients"],
                )
        except chat.ChatError as error:
            form.add_error("text", str(error))
    if form.errors:
        if not request.htmx:  # without script: the table again, saying why
            problems = " ".join(error for errors in form.errors.values() for error in errors)
            messages.error(request, f"Your message was not sent: {problems}")
            return redirect("table", campaign.pk)
        return render(request, f"{MESSAGE}#chat_box", {"campaign": campaign, "chat_form": form}, status=422)
    TOO_FAST.count(request, who)
    if not request.htmx:
        return redirect("table", campaign.pk)
    # The box stays as the writer left it: the page takes the sent words out of it (static/fivefold/chat.js),
    # keeping whatever was typed after them while the message was on its way. Only the line goes to the log.
    if isinstance(sent, Roll):
        row = live.roll_html(sent, audience_for(campaign, request.user))
        line = format_html('<div hx-swap-oob="afterbegin:#log">{}</div>', mark_safe(row or ""))
    else:
        line = chat.line_html(chat.fresh(sent), oob=True)
    return reswap(HttpResponse(line), "none")


def _message(request, campaign_id: int, message_id: int) -> Message:
    """The message, if the viewer may read it; else 404, as for a roll they may not see."""
    campaign = campaign_for_member(request, campaign_id)
    message = get_object_or_404(Message.objects.select_related("author", "campaign", "roll"), pk=message_id)
    if message.campaign_id != campaign.pk or not chat.may_read(message, request.user):
        raise Http404("No such message at this table.")
    return message


@login_required
@require_GET
def message_page(request, campaign_id: int, message_id: int):
    message = _message(request, campaign_id, message_id)
    return render(request, "campaigns/message_page.html", {"campaign": message.campaign, "m": chat.view(message)})


@login_required
@require_GET
def message_menu(request, campaign_id: int, message_id: int):
    message = _message(request, campaign_id, message_id)
    return render(request, f"{MESSAGE}#message_menu", _menu(message, request.user))


def _menu(message: Message, user, **extra) -> dict:
    own = message.author_id == user.pk
    return {
        "m": chat.view(message),
        "editable": chat.editable(message, user),
        "own": own,
        "is_gm": message.campaign.is_gm(user),
    } | extra


def _changed(request, message: Message, change):
    """Run a writer's or the GM's change; refused, the menu says why beside its form (422)."""
    try:
        with transaction.atomic():
            change()
    except chat.ChatError as error:
        if not request.htmx:
            messages.error(request, str(error))
            return redirect("table", message.campaign_id)
        context = _menu(message, request.user, error=str(error), text=request.POST.get("text", ""), menu=True)
        return render(request, f"{MESSAGE}#message_line", context, status=422)
    if not request.htmx:
        return redirect("table", message.campaign_id)
    return render(request, f"{MESSAGE}#message_line", {"m": chat.view(chat.fresh(message))})


@login_required
@require_POST
def message_edit(request, campaign_id: int, message_id: int):
    message = _message(request, campaign_id, message_id)
    return _changed(request, message, lambda: chat.edit(message, request.user, request.POST.get("text", "")))


@login_required
@require_POST
def message_delete(request, campaign_id: int, message_id: int):
    message = _message(request, campaign_id, message_id)
    return _changed(request, message, lambda: chat.delete(message, request.user))


@login_required
@require_POST
def message_hide(request, campaign_id: int, message_id: int):
    message = _message(request, campaign_id, message_id)
    return _changed(request, message, lambda: chat.hide(message, request.user))
