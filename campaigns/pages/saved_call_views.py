"""The GM's saved calls: one pressed calls for the same roll for the character chosen
beside the buttons; one removed goes. The GM's only: a saved call holds its secret target."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from campaigns.calls import saved
from campaigns.calls.call_section import saved_calls_context
from campaigns.common.inputs import row_id
from campaigns.life.access import campaign_for_gm
from campaigns.pages.views import TABLE, call_for
from campaigns.table.forms import form_errors


def _saved_call(request, campaign):
    return get_object_or_404(campaign.saved_calls, pk=row_id(request.POST.get("saved", "")) or 0)


@login_required
@require_POST
def saved_call_use(request, campaign_id: int):
    campaign = campaign_for_gm(request, campaign_id)
    kept = _saved_call(request, campaign)
    form = saved.call_form_for(kept, campaign, request.POST.get("character", ""))
    said, error = "", ""
    if not form.is_valid():
        error = f"{kept.name}: {form_errors(form)}"
    else:
        call_for(campaign, form)
        said = f"Called “{kept.name}” for {form.cleaned_data['character'].name}."
    return _answer(request, campaign, said=said, error=error, character=request.POST.get("character", ""))


@login_required
@require_POST
def saved_call_remove(request, campaign_id: int):
    campaign = campaign_for_gm(request, campaign_id)
    kept = _saved_call(request, campaign)
    kept.delete()
    return _answer(request, campaign, said=f"Removed the saved call “{kept.name}”.")


def _answer(request, campaign, *, said="", error="", character=""):
    if not request.htmx:
        (messages.error if error else messages.success)(request, error or said)
        return redirect("table", campaign.pk)
    context = {
        "campaign": campaign,
        "saved_said": said,
        "saved_error": error,
        "chosen": character,
        **saved_calls_context(campaign),
    }
    return render(request, f"{TABLE}#saved_calls", context, status=422 if error else 200)
