"""`{% keeps_input "attack_form" %}` on a panel form: the form keeps what was typed in it while
another of the panel's forms is posted.

A step from a system's panel answers with the whole panel (campaigns.systems.steps.panel_step), so
every form on it came back fresh: an attack filled in for the next round went back to its defaults
when the GM let time pass (play-test, issue 20). The posted form is named in the context
(`fresh_form`, campaigns.systems.steps.panel_step); every other form is marked `hx-preserve`, and
htmx keeps the one on the page (an element with the same id). A form-less step's form (its fields
read from the post, not a Django form) is kept when refused, so its message is shown just before
it (templates/systems/_form_error.html outside the form)."""

from django import template
from django.utils.safestring import mark_safe

register = template.Library()


@register.simple_tag(takes_context=True)
def keeps_input(context, name: str) -> str:
    kept = context.get("step_taken") and context.get("fresh_form") != name
    return mark_safe(' hx-preserve="true"') if kept else ""
