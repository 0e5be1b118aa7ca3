"""The GM's "Call for a roll" section (table.html's `call_section`): its context, and the section drawn
again on the GM's open screens when a character joins or leaves. A play-test left the GM of a
new campaign with "When your players have made characters…" until a reload, after the first player had
made one; a later character was missing from the call forms likewise (static/fivefold/table.js keeps what
the GM was typing in them)."""

from __future__ import annotations

from django.template.loader import render_to_string

from campaigns.calls.card_calls import blank_form as card_call_blank_form
from campaigns.table import live
from campaigns.table.forms import CallForm


def saved_calls_context(campaign) -> dict:
    """The GM's saved calls and the characters to call them for."""
    return {"saved_calls": list(campaign.saved_calls.all()), "call_characters": campaign.characters.seated()}


def send(campaign) -> None:
    context = {
        "campaign": campaign,
        "characters": list(campaign.characters.seated()),
        "call_form": CallForm(campaign=campaign),
        **card_call_blank_form(campaign),
        **saved_calls_context(campaign),
        "section_oob": True,
    }
    live.send_gm(campaign.pk, render_to_string("campaigns/table.html#call_section", context))
