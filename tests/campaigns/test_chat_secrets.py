"""The table's talk keeps its secrets (campaigns.table.chat): a whisper reaches its writer, its recipients and,
where the campaign lets the GM read whispers, the GM; nobody else, on any surface: the table page and each of
its tabs, the log's fragments (a page further down, a catch-up), the socket, the message's own page and menu,
the export, the fairness page and the admin. A `/gmroll`'s dice stay with its roller and the GM. A message's
words are escaped wherever drawn, and a removed message's words are gone from the database."""

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from campaigns.models import Membership, Message, Roll
from campaigns.table import actions, chat, live, tabs
from tests.fixtures import PASSWORD, chips

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
TABS = (tabs.PLAY, tabs.MORE, tabs.PEOPLE, tabs.TABLE, tabs.SYSTEM, tabs.CHARACTERS, tabs.SESSION)

# Each whisper's words, and the roll whispered to the GM: what it shows (its notation, its die, its total).
A_TO_GM, GM_TO_A, A_TO_B, GM_TO_REX = "zqx-a-to-gm", "zqx-gm-to-a", "zqx-a-to-b", "zqx-gm-to-rex"
GMROLL_WORDS, GMROLL_NOTATION, GMROLL_TOTAL = "zqx-b-gmroll", "1d20+900", "913"
GMROLL_DIE = chips(13)


@pytest.fixture
def bea(second_player):
    """Player B, the second player at the table (player A is the `player` fixture)."""
    return second_player


@pytest.fixture
def rex(make_user, campaign):
    """A player the GM whispered to, then removed from the table."""
    user = make_user("rex_removed")
    Membership.objects.create(campaign=campaign, user=user)
    return user


@pytest.fixture
def gm_reads():
    """Whether the campaign lets the GM read every whisper while the talk is written (a test parametrizes it)."""
    return False


@pytest.fixture
def talk(campaign, gm, player, bea, rex, layer, script_dice, django_capture_on_commit_callbacks, gm_reads):
    """The whispers, each by chat.post as the box sends it, their live messages recorded; then Rex removed.
    Returns {words: message}, and the /gmroll's roll."""
    campaign.whispers_between_players = True
    campaign.gm_reads_whispers = gm_reads
    campaign.save()
    script_dice(13)
    with django_capture_on_commit_callbacks(execute=True):
        sent = {
            A_TO_GM: chat.post(campaign, player, chat.read(A_TO_GM), recipients=[gm]),
            GM_TO_A: chat.post(campaign, gm, chat.read(GM_TO_A), recipients=[player]),
            A_TO_B: chat.post(campaign, player, chat.read(A_TO_B), recipients=[bea]),
            GM_TO_REX: chat.post(campaign, gm, chat.read(GM_TO_REX), recipients=[rex]),
            GMROLL_WORDS: chat.post(
                campaign, bea, chat.read(f"/gmroll {GMROLL_NOTATION} {GMROLL_WORDS}"), recipients=[gm]
            ),
            "table": chat.post(campaign, bea, chat.read("zqx-to-everyone")),
        }
    with django_capture_on_commit_callbacks(execute=True):
        actions.remove_player(Membership.objects.get(campaign=campaign, user=rex))
    roll = Roll.objects.get()
    assert sent[GMROLL_WORDS].roll == roll
    assert roll.outcome["total"] == int(GMROLL_TOTAL)
    return sent, roll


def readers(gm, player, bea, *, gm_reads):
    """Who may read each secret (Rex, removed, none of them)."""
    return {
        A_TO_GM: {gm, player},
        GM_TO_A: {gm, player},
        A_TO_B: {player, bea} | ({gm} if gm_reads else set()),
        GM_TO_REX: {gm},
        GMROLL_WORDS: {gm, bea},
    }


def secrets_of(words):
    """What must not show of a secret: its words and, for the /gmroll, its dice and total."""
    if words == GMROLL_WORDS:
        return (GMROLL_WORDS, GMROLL_NOTATION, GMROLL_DIE, f"<strong>{GMROLL_TOTAL}</strong>")
    return (words,)


def without_tokens(html: str) -> str:
    """A page with its CSRF and one-time form tokens (new on every answer) taken out, to compare two answers."""
    return re.sub(r'("X-CSRFToken": "|name="(?:csrfmiddlewaretoken|form_token)" value=")[^"]+', r"\1", html)


def signed_in(user) -> Client:
    client = Client()
    if user is not None:
        assert client.login(username=user.username, password=PASSWORD)
    return client


def table_surfaces(client, campaign) -> dict[str, str]:
    """The table page with each tab chosen, and the log's fragments: a page further down, and catch-ups."""
    url = reverse("table", args=[campaign.pk])
    got = {"table": client.get(url)}
    for tab in TABS:
        got[f"tab {tab}"] = client.get(url, {"tab": tab})
        got[f"tab {tab} fetched"] = client.get(url, {"tab": tab}, HTTP_HX_TARGET=f"tab-{tab}-panel", **HTMX)
    got["older page"] = client.get(url, {"before": 10**9, "before_message": 10**9}, **HTMX)
    got["catch-up"] = client.get(url, {"after": 0}, **HTMX)
    got["catch-up by message"] = client.get(url, {"after": 0, "after_message": 0}, **HTMX)
    got["fairness"] = client.get(reverse("fairness", args=[campaign.pk]))
    return {where: response.content.decode() for where, response in got.items()}


@pytest.mark.parametrize("gm_reads", [False, True])
def test_a_whisper_reaches_its_parties_alone_on_every_page_and_fragment(
    campaign, gm, player, bea, rex, outsider, other_player, talk, gm_reads
):
    can_read = readers(gm, player, bea, gm_reads=gm_reads)
    for user in (gm, player, bea, rex, outsider, other_player, None):
        pages = table_surfaces(signed_in(user), campaign)
        everything = " ".join(pages.values())
        name = getattr(user, "username", "visitor")
        for words, allowed in can_read.items():
            if user in allowed:
                assert words in pages["table"], (words, name)  # the reader's control: the words are drawn
                assert words in pages["catch-up"], (words, name)
            else:
                for secret in secrets_of(words):
                    assert secret not in everything, (secret, name)
        if user in (gm, player, bea):
            assert "zqx-to-everyone" in pages["table"]
        else:
            assert "zqx-to-everyone" not in everything, name  # not at the table: nothing of its talk


@pytest.mark.parametrize("gm_reads", [False, True])
def test_a_whispers_own_page_and_menu_are_404_to_anyone_else(
    campaign, gm, player, bea, rex, outsider, other_player, talk, gm_reads
):
    sent, _roll = talk
    for words, allowed in readers(gm, player, bea, gm_reads=gm_reads).items():
        message = sent[words]
        for user in (gm, player, bea, rex, outsider, other_player):
            client = signed_in(user)
            for name in ("message_page", "message_menu"):
                response = client.get(reverse(name, args=[campaign.pk, message.pk]), **HTMX)
                assert response.status_code == (200 if user in allowed else 404), (words, user.username, name)
                if user not in allowed:
                    for secret in secrets_of(words):
                        assert secret not in response.content.decode()
        visitor = Client().get(reverse("message_page", args=[campaign.pk, message.pk]))
        assert visitor.status_code == 302
        assert reverse("login") in visitor.url
    # A message of another campaign, asked for by its id under this one, is not there either.
    other = actions.create_campaign(gm, name="Other", system="tribute", settings={"die_size": 6})
    Membership.objects.create(campaign=other, user=player)
    response = signed_in(player).get(reverse("message_page", args=[other.pk, sent[GM_TO_A].pk]))
    assert response.status_code == 404


def test_the_socket_carries_a_whisper_to_its_parties_alone(campaign, gm, player, bea, rex, outsider, talk, layer):
    can_read = readers(gm, player, bea, gm_reads=False)
    for user in (gm, player, bea, outsider):
        received = " ".join(layer.received_by(campaign, user))
        for words, allowed in can_read.items():
            if user in allowed:
                assert words in received, (words, user.username)
            else:
                for secret in secrets_of(words):
                    assert secret not in received, (secret, user.username)
    # Rex's table joins no group now (live.groups_for): what went to their own group is all they ever got.
    theirs = " ".join(html for group, html in layer.sent if group == live.player_group(campaign.pk, rex.pk))
    assert GM_TO_REX in theirs  # sent while they sat at the table
    for words in (A_TO_GM, GM_TO_A, A_TO_B, GMROLL_WORDS):
        for secret in secrets_of(words):
            assert secret not in theirs


def test_a_whisper_sent_from_the_box_reaches_the_socket_of_its_parties_alone(
    client, campaign, gm, player, bea, layer, django_capture_on_commit_callbacks
):
    campaign.whispers_between_players = True
    campaign.save()
    assert client.login(username=player.username, password=PASSWORD)
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(reverse("chat_post", args=[campaign.pk]), {"text": "zqx-box", "to": bea.pk}, **HTMX)
    assert answer.status_code == 200
    assert "zqx-box" in answer.content.decode()
    assert any("zqx-box" in html for html in layer.received_by(campaign, bea))
    assert not any("zqx-box" in html for html in layer.received_by(campaign, gm))
    campaign.gm_reads_whispers = True
    campaign.save()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("chat_post", args=[campaign.pk]), {"text": "zqx-box-read", "to": bea.pk}, **HTMX)
    assert any("zqx-box-read" in html for html in layer.received_by(campaign, gm))


@pytest.mark.parametrize("gm_reads", [False, True])
def test_the_export_holds_what_the_gm_may_read_and_is_the_gms_alone(
    campaign, gm, player, bea, rex, outsider, talk, gm_reads
):
    urls = [
        reverse("export", args=[campaign.pk, "json"]),
        reverse("export", args=[campaign.pk, "csv"]) + "?part=messages",
    ]
    for user in (player, bea, rex, outsider):
        for url in urls:
            response = signed_in(user).get(url)
            assert response.status_code == 404, (url, user.username)
    exported = {url: signed_in(gm).get(url) for url in urls}
    assert all(response.status_code == 200 for response in exported.values())
    record = json.loads(exported[urls[0]].content)
    texts = [message["text"] for message in record["messages"]]
    csv = exported[urls[1]].content.decode()
    for words in (A_TO_GM, GM_TO_A, GM_TO_REX, GMROLL_WORDS, "zqx-to-everyone"):
        assert words in texts
        assert words in csv
    assert (A_TO_B in texts) is gm_reads
    assert (A_TO_B in csv) is gm_reads
    assert (A_TO_B in exported[urls[0]].content.decode()) is gm_reads  # nowhere else in the record either


def test_the_admin_shows_the_gm_nothing_of_the_players_whispers(client, campaign, gm, talk):
    client.force_login(gm)
    pages = [
        reverse("admin:campaigns_campaign_change", args=[campaign.pk]),
        reverse("admin:campaigns_campaign_changelist"),
        reverse("admin:campaigns_membership_changelist"),
    ]
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        assert campaign.name in response.content.decode()  # the GM's own campaign is there
        assert A_TO_B not in response.content.decode(), url


def test_a_gmroll_shows_its_dice_to_its_roller_and_the_gm_alone(campaign, gm, player, bea, talk, layer):
    _sent, roll = talk
    for user, sees in ((bea, True), (gm, True), (player, False)):
        client = signed_in(user)
        page = client.get(reverse("table", args=[campaign.pk])).content.decode()
        socket = " ".join(layer.received_by(campaign, user))
        shown = client.get(reverse("roll_page", args=[campaign.pk, roll.pk]))
        if sees:
            assert GMROLL_DIE in page
            assert GMROLL_NOTATION in page
            assert GMROLL_DIE in socket
        else:
            assert shown.status_code == 404
            for secret in secrets_of(GMROLL_WORDS):
                assert secret not in page
                assert secret not in socket


def test_a_gmroll_is_not_counted_on_another_players_fairness_page(
    client, campaign, gm, player, bea, script_dice, django_capture_on_commit_callbacks
):
    url = reverse("fairness", args=[campaign.pk])
    client.force_login(player)
    actions.roll_notation(campaign, player, notation="1d20", label="open")  # a d20 table on the page either way
    before = without_tokens(client.get(url).content.decode())
    gms_before = without_tokens(signed_in(gm).get(url).content.decode())
    script_dice(13)
    with django_capture_on_commit_callbacks(execute=True):
        chat.post(campaign, bea, chat.read("/gmroll 1d20 sneak"), recipients=[gm])
    assert Roll.objects.count() == 2
    assert without_tokens(client.get(url).content.decode()) == before
    assert without_tokens(signed_in(gm).get(url).content.decode()) != gms_before  # the GM's page counts it


def test_a_message_is_escaped_everywhere_it_is_drawn(
    client, campaign, gm, player, layer, django_capture_on_commit_callbacks
):
    evil = "<script>alert('zqx')</script>"
    client.force_login(gm)
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(reverse("chat_post", args=[campaign.pk]), {"text": evil, "speaker": evil}, **HTMX)
        emote = client.post(reverse("chat_post", args=[campaign.pk]), {"text": f"/me {evil}"}, **HTMX)
    assert answer.status_code == 200
    assert emote.status_code == 200
    said = Message.objects.get(style="ic")
    assert (said.text, said.speaker) == (evil, evil)
    with django_capture_on_commit_callbacks(execute=True):
        edited = client.post(reverse("message_edit", args=[campaign.pk, said.pk]), {"text": evil + "!"}, **HTMX)
    assert edited.status_code == 200
    drawn = {
        "answer": answer.content.decode() + emote.content.decode(),
        "edited": edited.content.decode(),
        "socket": " ".join(layer.received_by(campaign, player)),
        "page": signed_in(player).get(reverse("message_page", args=[campaign.pk, said.pk])).content.decode(),
        "menu": client.get(reverse("message_menu", args=[campaign.pk, said.pk]), **HTMX).content.decode(),
        "table": signed_in(player).get(reverse("table", args=[campaign.pk])).content.decode(),
        "catch-up": signed_in(player).get(reverse("table", args=[campaign.pk]), {"after": 0}, **HTMX).content.decode(),
    }
    for where, html in drawn.items():
        assert "<script>alert(" not in html, where
        assert "&lt;script&gt;alert(" in html, where
    refused = client.post(reverse("message_edit", args=[campaign.pk, said.pk]), {"text": evil + "\x00"}, **HTMX)
    assert refused.status_code == 422
    assert "<script>alert(" not in refused.content.decode()


def test_a_removed_messages_words_are_gone_from_the_database(
    client, campaign, gm, player, bea, talk, django_capture_on_commit_callbacks
):
    sent, _roll = talk
    client.force_login(gm)
    for words in (A_TO_GM, A_TO_B):
        assert Message.objects.filter(text__contains=words).exists()
    with django_capture_on_commit_callbacks(execute=True):
        hidden = client.post(reverse("message_hide", args=[campaign.pk, sent[A_TO_GM].pk]), **HTMX)
        refused = client.post(reverse("message_hide", args=[campaign.pk, sent[A_TO_B].pk]), **HTMX)
    assert hidden.status_code == 200
    assert "Removed by the GM" in hidden.content.decode()
    assert refused.status_code == 404  # a whisper the GM may not read, the GM may not remove
    assert not Message.objects.filter(text__contains=A_TO_GM).exists()
    assert Message.objects.filter(text__contains=A_TO_B).exists()
    page = signed_in(player).get(reverse("table", args=[campaign.pk])).content.decode()
    assert A_TO_GM not in page
    assert "Removed by the GM" in page
    signed_in(player).post(reverse("message_delete", args=[campaign.pk, sent[A_TO_B].pk]), **HTMX)
    assert not Message.objects.filter(text__contains=A_TO_B).exists()
    assert A_TO_B not in signed_in(bea).get(reverse("table", args=[campaign.pk])).content.decode()


def test_a_removed_gmrolls_words_are_gone_from_the_database_too(client, campaign, gm, bea, talk):
    sent, roll = talk
    client.force_login(gm)
    assert client.post(reverse("message_hide", args=[campaign.pk, sent[GMROLL_WORDS].pk]), **HTMX).status_code == 200
    assert not Message.objects.filter(text__contains=GMROLL_WORDS).exists()
    roll.refresh_from_db()
    assert GMROLL_WORDS not in json.dumps(roll.request)
