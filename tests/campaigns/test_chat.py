"""The table's talk in the log (campaigns.table.chat): messages in and out of character, emotes, a roll
written inline, whispers and who reads them, a writer's edit and delete, the GM's removal, the rate limit,
and the log's pages with talk between the rolls."""

from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse

from campaigns.life import lifecycle
from campaigns.models import Membership, Message, Roll
from campaigns.table import actions, chat
from characters.models import Character
from tests.factories import signed_in_as

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
NOON = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def say(client, campaign, text, **fields):
    return client.post(reverse("chat_post", args=[campaign.pk]), {"text": text, **fields}, **HTMX)


def table(client, campaign) -> str:
    return client.get(reverse("table", args=[campaign.pk])).content.decode()


def test_a_message_reaches_every_member_live_and_on_the_page(
    client, campaign, gm, player, second_player, layer, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        answer = say(signed_in_as(client, player), campaign, "Hello, table")
    assert answer.status_code == 200
    message = Message.objects.get()
    assert (message.author, message.style, message.text, message.whisper) == (player, "ooc", "Hello, table", False)
    assert f'data-message-id="{message.pk}"' in answer.content.decode()  # the writer's own line, at once
    assert answer["HX-Reswap"] == "none"  # the box stays as the writer left it; chat.js takes the sent words out
    for user in (gm, player, second_player):
        assert any("Hello, table" in html for html in layer.received_by(campaign, user))
        assert "Hello, table" in table(signed_in_as(client, user), campaign)


def test_in_character_as_own_character_and_never_as_anothers(client, campaign, gm, player, second_player):
    mine = Character.objects.create(
        campaign=campaign, owner=player, name="Mara", sheet=dict(campaign.adapter.demo_sheet)
    )
    theirs = Character.objects.create(
        campaign=campaign, owner=second_player, name="Dax", sheet=dict(campaign.adapter.demo_sheet)
    )
    signed_in_as(client, player)
    assert say(client, campaign, "We go in.", speaker=mine.pk).status_code == 200
    assert Message.objects.get().speaker == "Mara"
    assert Message.objects.get().style == "ic"
    refused = say(client, campaign, "I am Dax now.", speaker=theirs.pk)
    assert refused.status_code == 422
    assert "Select a valid choice" in refused.content.decode()
    assert Message.objects.count() == 1
    signed_in_as(client, gm)  # the GM speaks as any name
    assert say(client, campaign, "Halt!", speaker="The gate warden").status_code == 200
    assert Message.objects.first().speaker == "The gate warden"
    assert "The gate warden" in table(client, campaign)


def test_an_emote_and_links_and_markup_never_rendered(client, campaign, player):
    signed_in_as(client, player)
    say(client, campaign, "/me draws a map <b>now</b>")
    say(client, campaign, "<script>alert(1)</script> see https://example.org/map")
    page = table(client, campaign)
    assert Message.objects.filter(style="emote").get().text == "draws a map <b>now</b>"
    assert "&lt;b&gt;now&lt;/b&gt;" in page
    assert "<b>now</b>" not in page
    assert "<script>alert(1)" not in page
    assert "&lt;script&gt;" in page
    assert '<a href="https://example.org/map" rel="nofollow">https://example.org/map</a>' in page


def test_a_message_is_at_most_2000_characters_and_a_refusal_keeps_the_words(client, campaign, player):
    signed_in_as(client, player)
    refused = say(client, campaign, "x" * 2001)
    assert refused.status_code == 422
    assert "at most 2,000 characters" in refused.content.decode()
    assert "x" * 2001 in refused.content.decode()
    assert not Message.objects.exists()
    assert say(client, campaign, "x" * 2000).status_code == 200


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("", "Write a message first."),
        ("   ", "Write a message first."),
        ("/gmroll banana", "/gmroll banana:"),
        ("/x hello", "There is no command /x"),
        ("/r", "Roll what?"),
        ("/r banana", "/r banana:"),
        ("/w", "Whisper to whom?"),
        ("/w nobody hello", "No one at this table is called"),
    ],
)
def test_bad_lines_are_refused_beside_the_box_and_change_nothing(client, campaign, player, line, problem):
    refused = say(signed_in_as(client, player), campaign, line)
    assert refused.status_code == 422
    assert problem in refused.content.decode()
    assert not Message.objects.exists()
    assert not Roll.objects.exists()


def test_a_roll_written_inline_is_a_roll_in_the_log(client, campaign, player, script_dice):
    script_dice(14)
    answer = say(signed_in_as(client, player), campaign, "I swing /r 1d20+5 at the orc")
    roll = Roll.objects.get()
    assert (roll.request["notation"], roll.request["label"], roll.outcome["total"]) == (
        "1d20+5",
        "I swing at the orc",
        19,
    )
    assert roll.visibility == Roll.Visibility.TABLE
    assert not Message.objects.exists()
    assert f'data-roll-id="{roll.pk}"' in answer.content.decode()


def test_a_whisper_to_the_gm_reaches_the_two_of_them_alone(
    client, campaign, gm, player, second_player, layer, django_capture_on_commit_callbacks
):
    signed_in_as(client, player)
    with django_capture_on_commit_callbacks(execute=True):
        assert say(client, campaign, "I pocket the gem.", to="gm").status_code == 200
    message = Message.objects.get()
    assert message.whisper
    assert list(message.recipients.all()) == [gm]
    for user, sees in ((player, True), (gm, True), (second_player, False)):
        signed_in_as(client, user)
        assert ("I pocket the gem." in table(client, campaign)) is sees
        page = client.get(reverse("message_page", args=[campaign.pk, message.pk]))
        assert page.status_code == (200 if sees else 404)
        catch_up = client.get(reverse("table", args=[campaign.pk]), {"after": 0}, **HTMX).content.decode()
        assert ("I pocket the gem." in catch_up) is sees
        assert any("I pocket the gem." in html for html in layer.received_by(campaign, user)) is sees


def test_players_whisper_to_each_other_only_where_the_gm_allows(client, campaign, gm, player, second_player):
    signed_in_as(client, player)
    refused = say(client, campaign, f"/w {second_player.username} psst")
    assert refused.status_code == 422
    assert "whispers to the GM alone" in refused.content.decode()
    assert say(client, campaign, "psst", to=second_player.pk).status_code == 422  # not offered: not a valid choice
    campaign.whispers_between_players = True
    campaign.save()
    assert say(client, campaign, f"/w {second_player.username} psst").status_code == 200
    assert "psst" in table(signed_in_as(client, second_player), campaign)
    assert "psst" not in table(signed_in_as(client, gm), campaign)  # the GM was not a party
    campaign.gm_reads_whispers = True
    campaign.save()
    # The setting opens no whisper written before it was on: the players wrote it trusting the settings line.
    assert "psst" not in table(client, campaign)
    assert say(signed_in_as(client, player), campaign, f"/w {second_player.username} hush").status_code == 200
    assert "hush" in table(signed_in_as(client, gm), campaign)
    campaign.gm_reads_whispers = False
    campaign.save()
    assert "hush" in table(client, campaign)  # sent while the line said so


def test_the_gms_own_gmroll_is_a_secret_roll(client, campaign, gm, player, script_dice):
    script_dice(5)
    assert say(signed_in_as(client, gm), campaign, "/gmroll 1d6 Ambush?").status_code == 200
    roll = Roll.objects.get()
    assert (roll.visibility, roll.request["label"]) == (Roll.Visibility.GM, "Ambush?")
    assert not Message.objects.exists()
    refused = say(client, campaign, "/w gm note to self")
    assert refused.status_code == 422
    assert "A whisper goes to someone else" in refused.content.decode()


def test_a_whisper_command_takes_its_words_from_the_next_line_too(client, campaign, gm, player):
    assert say(signed_in_as(client, player), campaign, "/w gm\nThe key is mine.").status_code == 200
    assert Message.objects.get().text == "The key is mine."


def test_an_edit_after_the_gms_removal_changes_nothing(client, campaign, gm, player):
    message = chat.post(campaign, player, chat.read("Rude words"))
    stale = Message.objects.get(pk=message.pk)
    chat.hide(message, gm)
    with pytest.raises(chat.ChatError, match="removed"):
        chat.edit(stale, player, "Rude words again")
    message.refresh_from_db()
    assert (message.text, message.removed) == ("", "gm")


def test_a_refused_message_without_script_says_why_on_the_table(client, campaign, player):
    signed_in_as(client, player)
    answer = client.post(reverse("chat_post", args=[campaign.pk]), {"text": "/x"}, follow=True)
    assert "Your message was not sent: There is no command /x" in answer.content.decode()


def test_the_gm_whispers_to_one_or_more_players(client, campaign, gm, player, second_player, make_user):
    third = make_user("tess_third")
    Membership.objects.create(campaign=campaign, user=third)
    signed_in_as(client, gm)
    assert say(client, campaign, f"/w {player.username},{second_player.username} You hear a click.").status_code == 200
    assert say(client, campaign, "Only you see the ghost.", to=third.pk).status_code == 200
    for user, seen in (
        (player, "You hear a click."),
        (second_player, "You hear a click."),
        (third, "Only you see the ghost."),
    ):
        page = table(signed_in_as(client, user), campaign)
        assert seen in page
    assert "Only you see the ghost." not in table(signed_in_as(client, player), campaign)
    assert "You hear a click." not in table(signed_in_as(client, third), campaign)


def test_a_roll_whispered_to_the_gm_is_secret_and_shows_its_roller(
    client, campaign, gm, player, second_player, script_dice
):
    script_dice(3, 4)
    signed_in_as(client, player)
    assert say(client, campaign, "/gmroll 2d6 Sneak past").status_code == 200
    roll, message = Roll.objects.get(), Message.objects.get()
    assert roll.visibility == Roll.Visibility.GM
    assert message.roll == roll
    assert message.text == "Sneak past"
    assert "Rolled 2d6 for the GM" in table(client, campaign)
    assert "Sneak past" in table(signed_in_as(client, gm), campaign)
    other = table(signed_in_as(client, second_player), campaign)
    assert "Sneak past" not in other
    assert "2d6" not in other
    refused = say(signed_in_as(client, gm), campaign, f"/w {player.username} /r 1d6")
    assert refused.status_code == 422
    assert "goes to the GM alone" in refused.content.decode()


def test_a_writer_edits_or_deletes_for_five_minutes_and_the_gm_removes(
    client, campaign, gm, player, settings, layer, django_capture_on_commit_callbacks
):
    settings.FIVEFOLD_CLOCK = lambda: NOON
    signed_in_as(client, player)
    say(client, campaign, "Typo here")
    message = Message.objects.get()
    edit = reverse("message_edit", args=[campaign.pk, message.pk])
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(edit, {"text": "Fixed"}, **HTMX).status_code == 200
    message.refresh_from_db()
    assert message.text == "Fixed"
    assert message.edited_at is not None
    assert any("Fixed" in html and "(edited)" in html for html in layer.received_by(campaign, gm))
    refused = client.post(edit, {"text": ""}, **HTMX)
    assert refused.status_code == 422
    assert "A message needs words" in refused.content.decode()
    settings.FIVEFOLD_CLOCK = lambda: NOON + timedelta(minutes=5, seconds=1)
    late = client.post(edit, {"text": "Too late"}, **HTMX)
    assert late.status_code == 422
    assert "for 5 minutes" in late.content.decode()
    late = client.post(reverse("message_delete", args=[campaign.pk, message.pk]), **HTMX)
    assert late.status_code == 422
    signed_in_as(client, gm)
    assert (
        client.post(reverse("message_edit", args=[campaign.pk, message.pk]), {"text": "GM's"}, **HTMX).status_code
        == 422
    )
    assert client.post(reverse("message_hide", args=[campaign.pk, message.pk]), **HTMX).status_code == 200
    message.refresh_from_db()
    assert (message.text, message.removed) == ("", "gm")
    assert "Removed by the GM" in table(signed_in_as(client, player), campaign)
    assert "Fixed" not in table(client, campaign)


def test_a_writer_deletes_their_own_and_a_player_cannot_remove_anothers(client, campaign, player, second_player):
    say(signed_in_as(client, player), campaign, "Oops")
    message = Message.objects.get()
    signed_in_as(client, second_player)
    assert client.post(reverse("message_hide", args=[campaign.pk, message.pk]), **HTMX).status_code == 422
    assert client.post(reverse("message_delete", args=[campaign.pk, message.pk]), **HTMX).status_code == 422
    signed_in_as(client, player)
    assert client.post(reverse("message_delete", args=[campaign.pk, message.pk]), **HTMX).status_code == 200
    message.refresh_from_db()
    assert (message.text, message.removed) == ("", "author")


def test_too_many_messages_at_once_are_refused_and_the_words_kept(client, campaign, player):
    signed_in_as(client, player)
    for number in range(10):
        assert say(client, campaign, f"line {number}").status_code == 200
    refused = say(client, campaign, "one more")
    assert refused.status_code == 422
    assert "a lot of messages at once" in refused.content.decode()
    assert "one more</textarea>" in refused.content.decode()
    assert Message.objects.count() == 10


def test_talk_counts_towards_the_logs_pages_and_every_entry_is_on_one(client, campaign, gm, player):
    for number in range(25):
        actions.roll_notation(campaign, player, notation="1d6", label=f"roll {number}")
        chat.post(campaign, player, chat.read(f"talk {number}"))
    signed_in_as(client, player)
    page = table(client, campaign)
    assert page.count("data-roll-id=") + page.count("data-message-id=") == 10  # views.FIRST_LOG_PAGE
    seen, url = [], reverse("table", args=[campaign.pk])
    html = client.get(url, {"before": 10**9, "before_message": 10**9}, **HTMX).content.decode()
    while True:
        seen += [line for line in html.split('data-message-id="')[1:]] + html.split('data-roll-id="')[1:]
        older = html.split('class="older" href="')
        if len(older) == 1:
            break
        html = client.get(older[1].split('"')[0].replace("&amp;", "&"), **HTMX).content.decode()
    assert len(seen) == 50


def test_a_removed_player_keeps_their_lines_and_can_no_longer_post_or_read(client, campaign, gm, player):
    say(signed_in_as(client, player), campaign, "Goodbye all")
    message = Message.objects.get()
    actions.remove_player(Membership.objects.get(campaign=campaign, user=player))
    assert say(client, campaign, "Still here?").status_code == 404
    assert client.get(reverse("message_page", args=[campaign.pk, message.pk])).status_code == 404
    page = table(signed_in_as(client, gm), campaign)
    assert "Goodbye all" in page
    assert player.username in page


def test_a_campaign_with_a_whispered_roll_is_deleted_whole(campaign, gm, player):
    chat.post(campaign, player, chat.read("/gmroll 1d6 Listen"), recipients=[gm])
    lifecycle.delete_campaign(campaign)
    assert not Message.objects.exists()
    assert not Roll.objects.exists()


def test_talk_only_pages_through_the_talk_alone(client, campaign, player):
    for number in range(35):
        chat.post(campaign, player, chat.read(f"talk {number}"))
        actions.roll_notation(campaign, player, notation="1d6", label=f"roll {number}")
    signed_in_as(client, player)
    url = reverse("table", args=[campaign.pk])
    first = client.get(url, {"show": "talk"}, **HTMX, HTTP_HX_TARGET="log-region").content.decode()
    assert "data-roll-id" not in first
    assert first.count("data-message-id=") == 30  # log.LOG_PAGE
    older = first.split('class="older" href="')[1].split('"')[0].replace("&amp;", "&")
    rest = client.get(older, **HTMX).content.decode()
    assert rest.count("data-message-id=") == 5
    assert "data-roll-id" not in rest


def test_a_table_that_was_away_catches_up_the_talk_and_its_changes(client, campaign, gm, player):
    old = chat.post(campaign, player, chat.read("Before the drop"))
    signed_in_as(client, player)
    first = table(client, campaign)
    assert f'data-after-message="{old.pk}"' in first
    chat.hide(old, gm)
    new = chat.post(campaign, gm, chat.read("While you were away"))
    catch_up = client.get(
        reverse("table", args=[campaign.pk]), {"after": 0, "after_message": old.pk}, **HTMX
    ).content.decode()
    assert f'data-message-id="{new.pk}"' in catch_up
    assert catch_up.count(f'data-message-id="{old.pk}"') == 1  # its line again, as the GM left it
    assert f'hx-swap-oob="outerHTML:#message-{old.pk}"' in catch_up
    assert "Removed by the GM" in catch_up
    assert "Before the drop" not in catch_up
