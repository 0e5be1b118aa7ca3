import re

import pytest
from django.urls import reverse

from campaigns.models import Roll
from campaigns.pages.views import FIRST_LOG_PAGE
from campaigns.plugins import registry
from campaigns.table import actions, live
from tests.fixtures import RecordingLayer

pytestmark = pytest.mark.django_db


def table_url(campaign, query=""):
    return reverse("table", args=[campaign.pk]) + query


def test_gm_and_player_open_the_table(gm_client, player_client, campaign):
    for client in (gm_client, player_client):
        response = client.get(table_url(campaign))
        assert response.status_code == 200
        assert f'ws-connect="/ws/campaigns/{campaign.pk}/"' in response.content.decode()


def test_outsiders_get_404_not_403(outsider_client, other_client, campaign):
    for client in (outsider_client, other_client):
        response = client.get(table_url(campaign))
        assert response.status_code == 404
        assert campaign.name not in response.content.decode()
        assert "Nothing here" in response.content.decode()


@pytest.mark.parametrize("query", ["?before=abc", "?after=-1", "?after=99999999999999999999999999", "?before="])
def test_odd_log_queries_are_ignored_not_errors(player_client, campaign, htmx, query):
    assert player_client.get(table_url(campaign, query), **htmx).status_code == 200


def test_unknown_campaign_is_404(gm_client):
    assert gm_client.get(reverse("table", args=[987654])).status_code == 404


def test_visitors_are_asked_to_log_in(client, campaign):
    response = client.get(table_url(campaign))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


def test_table_refuses_post(gm_client, campaign):
    assert gm_client.post(table_url(campaign)).status_code == 405


def test_table_shows_the_system_and_its_settings(player_client, campaign):
    page = player_client.get(table_url(campaign)).content.decode()
    assert "Tribute Alpha" in page
    assert "d8 Pulpy" in page


def make_rolls(campaign, author, count, secret=False):
    return [actions.roll_notation(campaign, author, notation=f"{n + 1}d6", secret=secret) for n in range(count)]


def test_the_log_shows_the_newest_page_first_with_a_link_to_older(player_client, campaign, player, seeded_dice):
    rolls = make_rolls(campaign, player, 35)
    page = player_client.get(table_url(campaign)).content.decode()
    assert page.index(f'id="roll-{rolls[-1].pk}"') < page.index(f'id="roll-{rolls[-2].pk}"')
    oldest = len(rolls) - FIRST_LOG_PAGE  # the table's first page: a screen of rows, the rest as it scrolls
    assert f'id="roll-{rolls[oldest].pk}"' in page
    assert f'id="roll-{rolls[oldest - 1].pk}"' not in page
    assert f"?before={rolls[oldest].pk}" in page


def test_older_rolls_come_as_a_fragment_for_htmx(player_client, campaign, player, htmx, seeded_dice):
    rolls = make_rolls(campaign, player, 35)
    response = player_client.get(table_url(campaign, f"?before={rolls[5].pk}"), **htmx)
    fragment = response.content.decode()
    assert "<html" not in fragment
    assert [f'id="roll-{r.pk}"' in fragment for r in rolls[:6]] == [True] * 5 + [False]
    assert "?before=" not in fragment  # nothing older


def test_older_rolls_work_without_javascript(player_client, campaign, player, seeded_dice):
    rolls = make_rolls(campaign, player, 35)
    page = player_client.get(table_url(campaign, f"?before={rolls[5].pk}")).content.decode()
    assert "<html" in page
    assert f'id="roll-{rolls[0].pk}"' in page


def test_catch_up_sends_only_what_was_missed(player_client, campaign, player, htmx, seeded_dice):
    rolls = make_rolls(campaign, player, 4)
    fragment = player_client.get(table_url(campaign, f"?after={rolls[1].pk}"), **htmx).content.decode()
    assert [f'id="roll-{r.pk}"' in fragment for r in rolls] == [False, False, True, True]


def test_player_never_sees_gm_secret_rolls_in_any_log(player_client, gm_client, campaign, gm, htmx, script_dice):
    script_dice(17)
    secret = actions.roll_notation(campaign, gm, notation="1d20", label="ambush-marker", secret=True)
    assert Roll.objects.get(pk=secret.pk).visibility == Roll.Visibility.GM
    for query in ("", "?after=0", f"?before={secret.pk + 1}"):
        player_page = player_client.get(table_url(campaign, query), **htmx).content.decode()
        assert "ambush-marker" not in player_page
        assert f"roll-{secret.pk}" not in player_page
    gm_page = gm_client.get(table_url(campaign)).content.decode()
    assert "ambush-marker" in gm_page
    assert "secret" in gm_page


@pytest.mark.parametrize(
    "texts",
    [
        (
            "At most 100 dice",
            "Failure dice keep 1–3",
            "Base risk follows the table",
            "Wrench order",
            "Crisis Clock",
            "Awe Inspiring",
        ),
        ("Other than the first one", "Profit and Waste only on a Match or a Win", "Ranks stay 0–5"),
        ("At most 10 dice", "A bad failure", "Dynamic contests", "Multiple actions"),
        ("Skill foundation", "Impossible chances", "1 in 46,656", "What the table does so far", "Left to the GM"),
        ("Readings", "Flips", "Assist die", "Sessions", "Fortune re-rolls"),
    ],
    ids=["cgg", "tribute", "ore", "zener", "d100"],
)
def test_rules_page_lists_every_systems_interpretations(client, texts):
    page = client.get(reverse("rules")).content.decode()
    page = page.replace("at most 100 dice", "At most 100 dice").replace("&quot;", '"')
    for text in texts:
        assert text in page


@pytest.mark.parametrize(
    ("key", "name", "reading"),
    [
        ("cgg", "Centaurus Gate", "Wrench order"),
        ("tribute", "Tribute Alpha", "Ranks stay 0–5"),
        ("ore", "One-Roll Engine", "Dynamic contests"),
        ("zener", "Zener Gate", "Impossible chances"),
        ("d100", "d100 skill tests", "Fortune re-rolls"),
    ],
)
def test_each_system_has_a_quick_reference_that_its_table_links_to(client, world, key, name, reading):
    """One page per system, with the anchors its forms link to; the table and each panel link there."""
    page = client.get(reverse("rules_system", args=[key])).content.decode()
    assert f"{name}: quick reference" in page
    assert f'id="{key}-play"' in page
    assert f'id="{key}-interpretations"' in page
    assert reading in page.replace("&quot;", '"')
    others = {adapter.key for adapter in registry.installed()} - {key}
    assert not any(f'id="{other}-play"' in page for other in others)  # one system, one page
    campaign, _seat = world["campaigns"][key]
    client.force_login(campaign.gm)
    table = (
        client.get(table_url(campaign)).content.decode()
        + client.get(table_url(campaign, "?tab=system")).content.decode()
    )
    quick = reverse("rules_system", args=[key])
    assert f'href="{quick}"' in table
    assert f'href="{quick}#{key}-play"' in table  # beside the system's own forms
    assert f'href="{reverse("rules")}#notation"' in table  # beside the plain roll form


def test_an_unknown_system_has_no_quick_reference(client):
    assert client.get(reverse("rules_system", args=["chess"])).status_code == 404


def test_the_gm_exports_every_roll_and_ledger_change(gm_client, player_client, campaign, gm, script_dice):
    import json

    script_dice(4)
    actions.roll_notation(campaign, gm, notation="1d6", label="hidden-one", secret=True)
    record = json.loads(gm_client.get(reverse("export", args=[campaign.pk, "json"])).content)
    assert record["rolls"][0]["audience"] == "gm"
    assert record["rolls"][0]["request"]["label"] == "hidden-one"
    assert "ledger" in record
    rolls_csv = gm_client.get(reverse("export", args=[campaign.pk, "csv"]) + "?part=rolls")
    assert rolls_csv["Content-Type"] == "text/csv"
    assert "hidden-one" in rolls_csv.content.decode()
    assert gm_client.get(reverse("export", args=[campaign.pk, "csv"]) + "?part=sheets").status_code == 400
    assert player_client.get(reverse("export", args=[campaign.pk, "json"])).status_code == 404


def test_csv_export_does_not_run_formulas():
    from campaigns.life.export import as_csv

    text = as_csv([{"label": "=HYPERLINK(1)", "delta": -2}])
    assert "'=HYPERLINK(1)" in text
    assert ",-2" in text


def test_catch_up_after_more_than_a_page_reloads_the_whole_log(player_client, campaign, player, htmx, seeded_dice):
    """A table away for 45 rolls gets every one of them: the newest page of the log in
    place of the old one, with its link to the older rolls, rather than 30 rows and a silent gap."""
    seen = make_rolls(campaign, player, 3)
    missed = make_rolls(campaign, player, 45)
    response = player_client.get(table_url(campaign, f"?after={seen[-1].pk}"), **htmx)
    assert response.status_code == 200
    assert response["HX-Retarget"] == "#log-region"
    assert response["HX-Reswap"] == "outerHTML"
    fragment = response.content.decode()
    assert 'id="log-region"' in fragment
    shown = {roll.pk for roll in missed if f'id="roll-{roll.pk}"' in fragment}
    older = re.search(r'hx-get="[^"?]*\?(before=[^"]+)"', fragment).group(1).replace("&amp;", "&")
    rest = player_client.get(table_url(campaign, f"?{older}"), **htmx).content.decode()
    shown |= {roll.pk for roll in missed if f'id="roll-{roll.pk}"' in rest}
    assert shown == {roll.pk for roll in missed}


def test_catch_up_of_exactly_a_page_adds_the_rows(player_client, campaign, player, htmx, seeded_dice):
    seen = make_rolls(campaign, player, 1)
    missed = make_rolls(campaign, player, 30)
    response = player_client.get(table_url(campaign, f"?after={seen[0].pk}"), **htmx)
    assert "HX-Retarget" not in response
    fragment = response.content.decode()
    assert all(f'id="roll-{roll.pk}"' in fragment for roll in missed)
    assert f'id="roll-{seen[0].pk}"' not in fragment


@pytest.mark.parametrize("debug", [False, True], ids=["production", "local play"])
def test_a_gone_table_gets_the_friendly_404_with_a_way_home(player_client, campaign, player, settings, debug):
    """A removed player's table, then a deleted campaign's: the app's own 404 page
    with a link home, also in local play (DEBUG), where Django would show its technical page."""
    from campaigns.models import Membership

    settings.DEBUG = debug
    url = table_url(campaign)
    actions.remove_player(Membership.objects.get(campaign=campaign, user=player))
    for gone in ("removed", "deleted"):
        if gone == "deleted":
            campaign.delete()
        response = player_client.get(url)
        assert response.status_code == 404, gone
        page = response.content.decode()
        assert "Nothing here" in page, gone
        assert f'<a href="{reverse("home")}">Back to your campaigns</a>' in page, gone


def _cards(fragment: str, region: str) -> set[int]:
    """The call cards a catch-up brings: the whole region, replaced out of band."""
    assert re.search(rf'<div id="{region}"[^>]* hx-swap-oob="true"', fragment)
    return {int(pk) for pk in re.findall(r'<article class="call" id="call-(\d+)"', fragment)}


@pytest.mark.parametrize("missed", [1, 45], ids=["a few rolls", "more than a page"])
def test_catch_up_brings_the_calls_as_they_are_now_to_each_audience(
    gm_client, player_client, campaign, character, other_player, htmx, seeded_dice, missed
):
    """A table that was away gets the calls opened, answered and cancelled meanwhile:
    the GM's list of calls and the player's own call cards, each as its audience sees it."""
    from campaigns.models import Membership
    from characters.models import Character

    Membership.objects.create(campaign=campaign, user=other_player)
    theirs = Character.objects.create(campaign=campaign, owner=other_player, name="Ollo")
    seen = make_rolls(campaign, character.owner, 1)[0]
    make_rolls(campaign, character.owner, missed)

    def call(who, label):
        return actions.call_for_roll(campaign, character=who, notation="2d10", target=424242, label=label)

    waiting, answered, cancelled, other = (
        call(character, label) for label in ("mine-open", "mine-done", "mine-off", "theirs")
    )
    other.character = theirs
    other.save(update_fields=["character"])
    actions.answer_call(answered.pk, character.owner)
    actions.cancel_call(cancelled)

    gm = gm_client.get(table_url(campaign, f"?after={seen.pk}"), **htmx).content.decode()
    assert _cards(gm, "gm-calls") == {waiting.pk, other.pk}
    assert "424242" in gm  # the GM's own secret, to the GM
    assert 'id="my-calls"' not in gm

    mine = player_client.get(table_url(campaign, f"?after={seen.pk}"), **htmx).content.decode()
    assert _cards(mine, "my-calls") == {waiting.pk}
    assert "mine-open" in mine
    assert "424242" not in mine
    assert 'id="gm-calls"' not in mine


def test_a_filtered_log_catches_up_the_calls_and_stays_filtered(player_client, campaign, character, htmx, seeded_dice):
    """A filtered log takes no new rolls (they show with every roll), but the calls and the session
    line catch up all the same: the whole log is not put in its place, however much was missed."""
    seen = make_rolls(campaign, character.owner, 1)[0]
    make_rolls(campaign, character.owner, 45)
    waiting = actions.call_for_roll(campaign, character=character, notation="1d6", target=4, label="while-filtered")
    response = player_client.get(table_url(campaign, f"?after={seen.pk}"), **htmx, HTTP_HX_TARGET="log-filtered")
    assert "HX-Retarget" not in response
    assert _cards(response.content.decode(), "my-calls") == {waiting.pk}


def test_a_players_calls_come_newest_first_on_the_page_and_live(
    gm_client, player_client, campaign, character, monkeypatch, django_capture_on_commit_callbacks
):
    """The call the table waits on now is at the top of the player's cards however many older ones
    wait (a phone shows the first one without scrolling); the GM's list stays a queue, oldest first."""
    layer = RecordingLayer()
    monkeypatch.setattr(live, "get_channel_layer", lambda: layer)
    for label in ("first-call", "second-call"):
        actions.call_for_roll(campaign, character=character, notation="1d6", target=4, label=label)
    mine = player_client.get(table_url(campaign)).content.decode().partition('id="my-calls"')[2]
    assert mine.index("second-call") < mine.index("first-call")
    gms = gm_client.get(table_url(campaign)).content.decode().partition('id="gm-calls"')[2]
    assert gms.index("first-call") < gms.index("second-call")

    with django_capture_on_commit_callbacks(execute=True):
        actions.call_for_roll(campaign, character=character, notation="1d6", target=4, label="third-call")
    assert 'hx-swap-oob="afterbegin:#my-calls"' in layer.take(live.player_group(campaign.pk, character.owner_id))
    assert 'hx-swap-oob="beforeend:#gm-calls"' in layer.take(live.gm_group(campaign.pk))


def test_the_roll_form_shows_the_dice_and_folds_the_target_and_the_new_button(player_client, campaign, character, htmx):
    """The notation roll's common case in one row (dice, character, label); a target, its comparison and
    "Save as a button" fold under "More options", counted, and a refusal of a folded field opens the fold."""
    page = player_client.get(table_url(campaign, "?tab=more")).content.decode()
    form = page[page.index('id="roll-form"') : page.index("</form>", page.index('id="roll-form"'))]
    row, fold = form.split('<details class="more-fields"')
    assert all(f'name="{name}"' in row for name in ("notation", "character", "label"))
    assert all(f'name="{name}"' in fold for name in ("target", "comparison", "save_as"))
    assert "More options <span data-more-count></span>" in fold  # nothing set yet
    refused = player_client.post(reverse("roll", args=[campaign.pk]), {"notation": "1d20", "target": "many"}, **htmx)
    answer = refused.content.decode()
    assert refused.status_code == 422
    assert Roll.objects.count() == 0
    assert '<details class="more-fields"' in answer
    assert "open>" in answer.split('<details class="more-fields"')[1][:400]
