"""The form renderer (campaigns.common.renderers) draws inputs, textareas and selects in Python into the
very HTML Django's templates draw: held side by side here, widget by widget with odd
values, and every table page of every system as the GM and as a player."""

import re

import pytest
from django import forms
from django.forms.renderers import DjangoTemplates, get_default_renderer
from django.urls import reverse
from django.utils.safestring import mark_safe

from campaigns.common.renderers import FormRenderer
from tests.world import client_for, play_a_secret_in_every_system


class Everything(forms.Form):
    text = forms.CharField(initial='<b>"quoted" & mark_safe</b>', help_text="Help <i>me</i>", max_length=10)
    safe = forms.CharField(initial=mark_safe("<em>kept?</em>"), required=False)
    number = forms.IntegerField(initial=0, min_value=-3, widget=forms.NumberInput(attrs={"step": 2, "data-x": True}))
    hidden = forms.CharField(widget=forms.HiddenInput, initial="h")
    email = forms.EmailField(required=False, disabled=True)
    checked = forms.BooleanField(initial=True, required=False)
    unchecked = forms.BooleanField(required=False, widget=forms.CheckboxInput(attrs={"class": "c"}))
    notes = forms.CharField(widget=forms.Textarea, initial="line 1\n<line 2>")
    empty_notes = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), required=False)
    choice = forms.ChoiceField(choices=[("", "—"), ("a", "A & <b>"), (1, 2), (None, "none")], initial=1)
    grouped = forms.ChoiceField(choices=[("Group <1>", [("x", "X"), ("y", "Y")]), ("z", "Z")], initial="y")
    many = forms.MultipleChoiceField(choices=[("p", "P"), ("q", "Q")], initial=["p", "q"], required=False)
    yes_no = forms.NullBooleanField(required=False)
    typed = forms.TypedChoiceField(choices=[(1, "one"), (2, "two")], coerce=int, initial=2, required=False)
    radio = forms.ChoiceField(choices=[("r", "R")], widget=forms.RadioSelect, required=False)  # a fieldset
    unlabelled = forms.CharField(label="", required=False, help_text=mark_safe("<b>safe</b> help"))
    described = forms.CharField(required=False, widget=forms.TextInput(attrs={"aria-describedby": "elsewhere"}))


def both(draw) -> tuple[str, str]:
    return draw(DjangoTemplates()), draw(FormRenderer())


@pytest.mark.parametrize("auto_id", ["f-%s", False])
@pytest.mark.parametrize(
    "data",
    [
        None,
        {
            "text": "far too long to pass",
            "number": "-7",
            "choice": "nope",
            "grouped": "x",
            "many": ["q"],
            "notes": "",
            "yes_no": "true",
        },
    ],
)
def test_every_widget_is_drawn_as_djangos_templates_draw_it(data, auto_id):
    django_html, ours = both(lambda renderer: str(Everything(data, renderer=renderer, auto_id=auto_id)))
    assert ours == django_html
    assert "<option" in ours
    assert "<textarea" in ours


def test_the_app_draws_its_forms_with_it():
    assert isinstance(get_default_renderer(), FormRenderer)


def _without_tokens(html: str) -> str:
    html = re.sub(r'name="(form_token|csrfmiddlewaretoken)" value="[^"]*"', "", html)
    return re.sub(r'"X-CSRFToken": "[^"]*"', "", html)


@pytest.mark.django_db
def test_every_table_page_is_drawn_as_with_djangos_renderer(world, gm, player, seeded_dice, monkeypatch):
    play_a_secret_in_every_system(world, gm, player)
    pages = {}
    for renderer in (DjangoTemplates(), FormRenderer()):
        monkeypatch.setattr(forms.BaseForm, "default_renderer", renderer)
        for system, (campaign, _seat) in world["campaigns"].items():
            for who in (gm, player):  # the GM's page holds every tab of the GM's screen
                html = _without_tokens(client_for(who).get(reverse("table", args=[campaign.pk])).content.decode())
                pages.setdefault((system, who.username), []).append(html)
    for page, (django_html, ours) in pages.items():
        assert ours == django_html, page
