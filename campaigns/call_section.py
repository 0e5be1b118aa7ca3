"""The GM's "Call for a roll" section (table.html's `call_section`): its context, and the section drawn
again on the GM's open screens when a character joins or leaves. A play-test of issue 23 left the GM of a
new campaign with "When your players have made characters…" until a reload, after the first player had
made one; a later character was missing from the call forms likewise (static/fivefold/table.js keeps what
the GM was typing in them)."""

from __future__ import annotations

from django.template.loader import render_to_string

from campaigns import live
from campaigns.card_calls import CardCallForm
from campaigns.forms import CallForm


def saved_calls_context(campaign) -> dict:
    """The GM's saved calls and the characters to call them for (issue 22)."""
    return {"saved_calls": list(campaign.saved_calls.all()), "call_characters": campaign.characters.seated()}


def send(campaign) -> None:
    context = {
        "campaign": campaign,
        "characters": list(campaign.characters.seated()),
        "call_form": CallForm(campaign=campaign),
        "card_call_form": CardCallForm(campaign=campaign),
        **saved_calls_context(campaign),
        "section_oob": True,
    }
    live.send_gm(campaign.pk, render_to_string("campaigns/table.html#call_section", context))
