"""What a change of the shared state sends every player's open table (`SystemAdapter.live_panel`,
campaigns.table.live.send_panel) is drawn for no one in particular: it may never take away what a player's own
panel holds. CI found Tribute sending its whole panel, whose test form is the viewer's own: another
player's new character took every player's test form away until a reload (ORE's roll form too)."""

from html.parser import HTMLParser

import pytest
from django.template.loader import render_to_string

from campaigns.common.audience import Audience
from campaigns.plugins import registry

VOID = {"input", "br", "img", "meta", "link", "hr", "source", "col", "wbr", "area"}


class Forms(HTMLParser):
    """A piece of HTML's forms, each with its key and the ids of the elements around it; the ids of its
    elements that htmx keeps as they are (hx-preserve), and of its top-level elements (in a live message,
    each replaces the element of its id)."""

    def __init__(self, html: str):
        super().__init__()
        self.stack, self.forms, self.preserved, self.top = [], [], set(), set()
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if not self.stack:
            self.top.add(attrs.get("id"))
        if "hx-preserve" in attrs:
            self.preserved.add(attrs.get("id"))
        if tag == "form":
            key = attrs.get("id") or attrs.get("hx-post") or attrs.get("action")
            self.forms.append((key, [each for _tag, each in self.stack if each]))
        if tag not in VOID:
            self.stack.append((tag, attrs.get("id")))

    def handle_endtag(self, tag):
        while self.stack and self.stack.pop()[0] != tag:
            pass


@pytest.mark.django_db
@pytest.mark.parametrize("system", [adapter.key for adapter in registry.installed()])
def test_the_live_panel_keeps_every_form_of_the_players_own_panel(world, player, system):
    campaign, _seat = world["campaigns"][system]
    own = registry.panel_for(campaign, Audience.TABLE, user=player)
    live = registry.live_panel_for(campaign, Audience.TABLE)
    if own is None or live is None:
        return  # nothing sent: nothing taken away
    own = Forms(render_to_string(own.template, {**own.context, "campaign": campaign}))
    live_html = render_to_string(live.template, {**live.context, "campaign": campaign, "oob": True})
    live_forms = Forms(live_html)
    replaced = live_forms.top
    assert None not in replaced, "every part of a live message replaces an element by its id"
    sent = {key for key, _ in live_forms.forms}
    for key, around in own.forms:
        taken = [each for each in around if each in replaced]
        kept = key in sent or any(each in live_forms.preserved and each in own.preserved for each in around)
        assert kept or not taken, f"{system}: the live #{taken[0]} takes away the player's form {key}"
