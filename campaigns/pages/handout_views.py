"""Handouts: the GM writes and shares them (on the table's Handouts tab); a handout's own page and its image,
for those who may see it (campaigns.table.handouts decides who may), a 404 for anyone else."""

import mimetypes

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import FileResponse, Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from campaigns.life.access import campaign_for_gm, campaign_for_member
from campaigns.models import Handout
from campaigns.pages import views
from campaigns.table import handouts, tabs
from campaigns.table.forms import HandoutForm, ShareForm

TEMPLATE = "campaigns/_handout.html"
IMAGE_TYPES = {"png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "webp": "image/webp"}


def _tab(campaign):
    return redirect(f"{reverse('table', args=[campaign.pk])}?tab={tabs.HANDOUTS}")


@login_required
@require_POST
def handout_new(request, campaign_id: int):
    campaign = campaign_for_gm(request, campaign_id)
    form = HandoutForm(request.POST, request.FILES)
    written = None
    if form.is_valid():
        data = form.cleaned_data
        try:
            with transaction.atomic():
                written = handouts.write(campaign, request.user, data["title"], data["text"], data["image"])
        except handouts.HandoutError as error:
            form.add_error(error.field if error.field in form.fields else None, str(error))
    if not request.htmx:
        if form.errors:
            context = views._table_context(request, campaign, tab=tabs.HANDOUTS, handout_form=form)
            return render(request, views.TABLE, context, status=422)
        return _tab(campaign)
    if form.errors:
        context = {"campaign": campaign, "handout_form": form}
        return render(request, f"{TEMPLATE}#handout_form", context, status=422)
    handouts.for_gm(campaign, [written])
    context = {"campaign": campaign, "handout_form": HandoutForm(), "written": written, "is_gm": True}
    return render(request, f"{TEMPLATE}#handout_form", context)


def _handout(campaign, handout_id: int) -> Handout:
    return get_object_or_404(Handout.objects.select_related("campaign"), pk=handout_id, campaign=campaign)


@login_required
@require_POST
def handout_share(request, campaign_id: int, handout_id: int):
    campaign = campaign_for_gm(request, campaign_id)
    handout = _handout(campaign, handout_id)
    form = ShareForm(request.POST, handout=handout, players=handouts.seated_players(campaign))
    error = None
    if not form.is_valid():
        error = "Choose players seated at this table, or everyone."
    else:
        try:
            with transaction.atomic():
                handouts.share(handout, request.user, everyone=form.cleaned_data["everyone"], users=form.chosen())
        except handouts.HandoutError as refused:
            error = str(refused)
    if not request.htmx:
        if error:
            messages.error(request, error)
        return _tab(campaign)
    handout.refresh_from_db()
    html = handouts.gm_card_html(handout, share_error=error, request=request)
    return HttpResponse(html, status=422 if error else 200)


def _visible(request, campaign_id: int, handout_id: int) -> Handout:
    """The handout, if the viewer may see it; else 404, as for a message they may not read."""
    campaign = campaign_for_member(request, campaign_id)
    handout = _handout(campaign, handout_id)
    if not handouts.may_see(handout, request.user):
        raise Http404("No such handout at this table.")
    return handout


@login_required
@require_GET
def handout_page(request, campaign_id: int, handout_id: int):
    handout = _visible(request, campaign_id, handout_id)
    context = {"campaign": handout.campaign, "h": handout, "is_gm": handout.campaign.is_gm(request.user)}
    if context["is_gm"]:
        handouts.for_gm(handout.campaign, [handout])
    return render(request, "campaigns/handout_page.html", context)


@login_required
@require_GET
def handout_image(request, campaign_id: int, handout_id: int):
    """The handout's image, to those who may see the handout: never cached by a shared cache, never sniffed
    as anything but the image it was re-encoded as."""
    handout = _visible(request, campaign_id, handout_id)
    if not handout.image:
        raise Http404("This handout has no image.")
    extension = handout.image.name.rsplit(".", 1)[-1].lower()
    content_type = IMAGE_TYPES.get(extension) or mimetypes.guess_type(handout.image.name)[0]
    if content_type not in IMAGE_TYPES.values():
        raise Http404("This handout has no image.")
    try:
        stored = handout.image.open("rb")
    except FileNotFoundError as error:
        raise Http404("This handout's image is gone.") from error
    response = FileResponse(stored, content_type=content_type)
    response["Content-Disposition"] = "inline"
    response["X-Content-Type-Options"] = "nosniff"
    response["Cache-Control"] = "private, max-age=3600"
    return response
