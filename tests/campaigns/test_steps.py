"""The shared base of the systems' steps (campaigns/toolkit/steps.py): a step on a call and a
change from a system's panel each check the form, run one action, and answer HTMX with the card
or the panel, a plain post with the table; a refusal changes nothing and says why."""

import pytest
from django import forms
from django.contrib.messages import get_messages
from django.contrib.messages.storage.cookie import CookieStorage
from django.urls import reverse
from django_htmx.middleware import HtmxDetails

from campaigns.common.audience import Audience
from campaigns.models import RollCall
from campaigns.table import actions
from campaigns.table.actions import ActionError
from campaigns.toolkit import steps

pytestmark = pytest.mark.django_db


class HoursForm(forms.Form):
    """A step's form, named as a field the Tribute panel's opposed form draws (its sides are laid out by hand)."""

    opponent_rank = forms.IntegerField(min_value=1, max_value=12, error_messages={"max_value": "At most 12 hours."})


@pytest.fixture
def post(rf, gm):
    """A post to a step by the GM, made by htmx unless `htmx=False`."""

    def make(data=None, *, htmx=True):
        request = rf.post("/step/", data or {}, **({"HTTP_HX_REQUEST": "true"} if htmx else {}))
        request.user, request.htmx, request._messages = gm, HtmxDetails(request), CookieStorage(request)
        return request

    return make


@pytest.fixture
def call(campaign, character):
    return actions.call_for_roll(campaign, character=character, notation="2d6", target=7, label="Hold the door")


def told(request) -> list[str]:
    return [str(message) for message in get_messages(request)]


def test_a_bad_form_refuses_a_step_on_a_call_with_the_steps_own_sentence(post, call):
    acted = []
    data = {"opponent_rank": "13"}
    response = steps.call_step(
        post(data),
        call,
        Audience.GM,
        form=HoursForm(data),
        refused="Say 1 to 12 hours.",
        act=lambda: acted.append(True),
    )
    assert response.status_code == 422
    assert "Say 1 to 12 hours." in response.content.decode()
    assert "Hold the door" in response.content.decode()  # the card, as the GM sees it
    assert acted == []


def test_without_a_sentence_of_its_own_the_forms_messages_refuse_the_step(post, call):
    response = steps.call_step(post(), call, Audience.GM, form=HoursForm({"opponent_rank": "13"}), act=lambda: None)
    assert response.status_code == 422
    assert "At most 12 hours." in response.content.decode()


def test_an_action_that_refuses_a_step_on_a_call_is_told_on_the_card(post, call):
    def act():
        raise ActionError("This roll is waiting for the player.")

    response = steps.call_step(post(), call, Audience.GM, act=act)
    assert response.status_code == 422
    assert "This roll is waiting for the player." in response.content.decode()


def test_a_plain_post_goes_back_to_the_table_and_is_told_there(post, call):
    request = post(htmx=False)

    def act():
        raise ActionError("This roll is waiting for the player.")

    response = steps.call_step(request, call, Audience.GM, act=act)
    assert (response.status_code, response["Location"]) == (302, reverse("table", args=[call.campaign_id]))
    assert told(request) == ["This roll is waiting for the player."]


def test_a_step_that_ends_the_call_answers_with_no_card(post, call):
    def act():
        RollCall.objects.filter(pk=call.pk).update(status=RollCall.Status.ANSWERED)

    response = steps.call_step(post(), call, Audience.GM, act=act)
    assert (response.status_code, response.content) == (200, b"")  # the roll comes by the log


def test_a_gm_finds_only_a_call_of_the_kind_asked_in_their_own_campaign(post, call, rf, player):
    assert steps.gm_call(post(), call.campaign_id, call.pk, "notation") == call
    with pytest.raises(Exception, match="No RollCall"):
        steps.gm_call(post(), call.campaign_id, call.pk, "ore")
    request = post()
    request.user = player
    with pytest.raises(Exception, match="No Campaign"):
        steps.gm_call(request, call.campaign_id, call.pk, "notation")


# A panel step answers with the system's panel: the Tribute Alpha GM's (any system's would do),
# which shows the opposed-test form it is given, with its messages, once there is a character.


def test_a_refused_panel_step_shows_the_form_as_posted_with_its_messages(post, campaign, character):
    form = HoursForm({"opponent_rank": "13"})
    response = steps.panel_step(post(), campaign, Audience.GM, form=form, form_name="opposed_form", act=lambda: None)
    assert response.status_code == 422
    page = response.content.decode()
    assert page.count("At most 12 hours.") == 1  # beside the field only: not again at the panel's top
    assert 'name="opponent_rank" value="13"' in page


def test_a_form_with_no_place_on_the_panel_refuses_with_its_messages_alone(post, campaign, character):
    response = steps.panel_step(
        post(), campaign, Audience.GM, form=HoursForm({"opponent_rank": "13"}), act=lambda: None
    )
    assert response.status_code == 422
    page = response.content.decode()
    assert page.count("At most 12 hours.") == 1
    assert 'value="13"' not in page  # the panel's own opposed form, not the posted one


def test_an_action_that_refuses_a_panel_step_is_told_on_the_panel(post, campaign, character):
    def act():
        raise ActionError("Not while the session is over.")

    form = HoursForm({"opponent_rank": "3"})
    response = steps.panel_step(post(), campaign, Audience.GM, form=form, form_name="opposed_form", act=act)
    assert response.status_code == 422
    assert "Not while the session is over." in response.content.decode()
    assert 'name="opponent_rank" value="3"' in response.content.decode()


def test_a_done_panel_step_shows_the_form_again_with_the_choices_kept(post, campaign, character):
    built, acted = [], []

    def again():
        built.append(True)
        return HoursForm(initial={"opponent_rank": 5})

    def step(rank: str):
        form = HoursForm({"opponent_rank": rank})
        return steps.panel_step(
            post(),
            campaign,
            Audience.GM,
            form=form,
            form_name="opposed_form",
            again=again,
            act=lambda: acted.append(True),
        )

    refused = step("13")
    assert (refused.status_code, built, acted) == (422, [], [])
    done = step("5")
    assert (done.status_code, built, acted) == (200, [True], [True])
    assert 'name="opponent_rank" value="5"' in done.content.decode()
    assert "error" not in done.content.decode()


def test_a_panel_step_on_a_plain_post_goes_back_to_the_table(post, campaign):
    request = post(htmx=False)
    response = steps.panel_step(request, campaign, Audience.GM, form=HoursForm({}), act=lambda: None)
    assert (response.status_code, response["Location"]) == (302, reverse("table", args=[campaign.pk]) + "?tab=system")
    assert told(request) == ["This field is required."]
