"""Zener's check form, the test case of the common case in one row: a skill, its stat and a
modifier stand in a row; the twelve rarer fields (extra time, assistants, micro-time, extra benefits,
eventual success, spot/listen…) fold under "More modifiers", whose summary counts those set, and a refusal
that names one of them comes back with the fold open."""

import re

from django.urls import reverse

from campaigns.models import Roll
from campaigns.systems.zener.tests.test_table import check_data


def fold(page: str) -> str:
    found = re.search(r'<form id="zener-check-form".*?</form>', page, re.S)
    assert found, "the check form is on the page"
    return found.group(0)


def test_the_usual_check_stands_in_a_row_and_the_rest_is_folded(player_client, zg, kai):
    form = fold(player_client.get(reverse("table", args=[zg.pk]) + "?tab=panel").content.decode())
    row, folded = form.split('<details class="more-fields"', 1)
    for name in ("skill", "stat", "modifier"):
        assert f'name="{name}"' in row
    for name in ("time", "assistants", "reaction_ms", "benefit", "eventual", "spot_size", "spot_range", "looking"):
        assert f'name="{name}"' in folded
        assert f'name="{name}"' not in row
    assert re.search(r"<summary>More modifiers <span data-more-count></span></summary>", folded)
    assert not re.search(r'<details class="more-fields"[^>]* open>', form)


def test_a_refusal_inside_the_fold_opens_it_and_counts_what_is_set(player_client, zg, kai):
    data = check_data(kai, time="1", eventual="on", assistants="0")  # extra time and eventual success: refused
    answer = player_client.post(reverse("zener_check", args=[zg.pk]), data, HTTP_HX_REQUEST="true")
    assert answer.status_code == 422
    form = fold(answer.content.decode())
    assert "Eventual success reads the time from the roll" in form
    # Time, eventual success and the label differ from their defaults; the 0s typed do not count.
    assert re.search(r'<details class="more-fields" data-more-fields="[^"]*" open>', form)
    assert "<summary>More modifiers <span data-more-count>(3 set)</span></summary>" in form
    assert not Roll.objects.exists()
