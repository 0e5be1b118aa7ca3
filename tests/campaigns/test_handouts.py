"""Handouts (campaigns.table.handouts): the GM writes one, shares it with a player and later with everyone
(live, to the right tables alone), sees who has it; the refusals beside the field change nothing; an image
is re-encoded without its metadata and served only to those who may see the handout; an unshared handout
reaches no one else, anywhere."""

import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from PIL import Image, PngImagePlugin

from campaigns.common.audience import Audience
from campaigns.life import lifecycle
from campaigns.models import Handout, HandoutReader, Membership, Message
from campaigns.table import actions, handouts, tabs
from tests.factories import signed_in_as

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
SECRET_TITLE, SECRET_TEXT = "zqx-unshared-title", "zqx-unshared-text: the vault code is 0451"


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    """Stored images go to the test's own folder, never into the repository."""
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


def png(size=(8, 6), *, text: str | None = None, color=(200, 30, 30)) -> bytes:
    image = Image.new("RGB", size, color)
    out = io.BytesIO()
    info = None
    if text is not None:
        info = PngImagePlugin.PngInfo()
        info.add_text("Comment", text)
    image.save(out, format="PNG", pnginfo=info)
    return out.getvalue()


def upload(data: bytes, name="map.png", content_type="image/png"):
    return SimpleUploadedFile(name, data, content_type=content_type)


def write(client, campaign, **fields):
    data = {"title": "The map", "text": "Follow the river.", **fields}
    return client.post(reverse("handout_new", args=[campaign.pk]), data, **HTMX)


def share(client, campaign, handout, **fields):
    return client.post(reverse("handout_share", args=[campaign.pk, handout.pk]), fields, **HTMX)


def tab(client, campaign, key=tabs.HANDOUTS) -> str:
    return client.get(reverse("table", args=[campaign.pk]), {"tab": key}).content.decode()


def test_the_gm_writes_shares_with_one_then_everyone_live_and_sees_who_has_it(
    client, campaign, gm, player, second_player, layer, django_capture_on_commit_callbacks
):
    signed_in_as(client, gm)
    answer = write(client, campaign, title="The <b>map</b>", text="See https://example.org/map\nand <i>run</i>")
    assert answer.status_code == 200
    handout = Handout.objects.get()
    assert (handout.title, handout.everyone, handout.image.name) == ("The <b>map</b>", False, "")
    assert "no one yet" in answer.content.decode()
    assert "&lt;b&gt;map&lt;/b&gt;" in answer.content.decode()
    assert not layer.sent
    assert not Message.objects.exists()

    with django_capture_on_commit_callbacks(execute=True):
        answer = share(client, campaign, handout, readers=[player.pk])
    assert answer.status_code == 200
    assert "Shared with:</strong>\n    paul_player" in answer.content.decode()
    assert list(handout.readers.all()) == [player]
    line = Message.objects.get()
    assert (line.author, line.whisper, line.handout, line.text) == (gm, True, handout, "The GM shared “The <b>map</b>”")
    assert list(line.recipients.all()) == [player]
    to_player = " ".join(layer.received_by(campaign, player))
    assert "The GM shared" in to_player
    assert 'hx-swap-oob="afterbegin:#handout-list"' in to_player
    assert "&lt;i&gt;run&lt;/i&gt;" in to_player
    assert "<i>run" not in to_player
    assert "The GM shared" in " ".join(layer.received_by(campaign, gm))
    assert layer.received_by(campaign, second_player) == []
    assert "&lt;b&gt;map" in tab(signed_in_as(client, player), campaign)
    assert "&lt;b&gt;map" not in tab(signed_in_as(client, second_player), campaign)

    layer.sent.clear()
    signed_in_as(client, gm)
    with django_capture_on_commit_callbacks(execute=True):
        assert share(client, campaign, handout, everyone="on").status_code == 200
    handout.refresh_from_db()
    assert handout.everyone
    assert HandoutReader.objects.filter(handout=handout).count() == 1
    assert "#handout-list" in " ".join(layer.received_by(campaign, second_player))
    assert "#handout-list" not in " ".join(layer.received_by(campaign, player))  # had it already
    assert Message.objects.filter(whisper=False, handout=handout).count() == 1  # the table's line
    gm_page = tab(client, campaign)
    assert "everyone at the table" in gm_page
    assert "&lt;b&gt;map" in tab(signed_in_as(client, second_player), campaign)
    page = client.get(reverse("handout_page", args=[campaign.pk, handout.pk])).content.decode()
    assert '<a href="https://example.org/map" rel="nofollow">https://example.org/map</a><br>' in page
    refused = share(signed_in_as(client, gm), campaign, handout, readers=[second_player.pk])
    assert refused.status_code == 422
    assert "has this handout already" in refused.content.decode()


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"title": ""}, "This field is required"),
        ({"title": "x" * 101}, "at most 100 characters"),
        ({"text": "x" * 5001}, "at most 5000 characters"),
        ({"image": lambda: upload(png() + b"\0" * (5 * 1024 * 1024 + 1 - len(png())))}, "at most 5 MB"),
        ({"image": lambda: upload(b"just some text, honest\n" * 10, "notes.png")}, "not a PNG, JPEG or WebP"),
        (
            {
                "image": lambda: upload(
                    b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "a.svg"
                )
            },
            "not a PNG, JPEG or WebP",
        ),
        ({"image": lambda: upload(_gif(), "moving.gif", "image/gif")}, "not a PNG, JPEG or WebP"),
        ({"image": lambda: upload(png((64, 64))[:-40])}, "not a PNG, JPEG or WebP"),
        ({"image": lambda: upload(b"<html><script>alert(1)</script></html>", "page.png")}, "not a PNG, JPEG or WebP"),
    ],
)
def test_refusals_stand_beside_the_field_and_change_nothing(client, campaign, gm, media, fields, problem):
    fields = {key: value() if callable(value) else value for key, value in fields.items()}
    refused = write(signed_in_as(client, gm), campaign, **fields)
    body = refused.content.decode()
    assert refused.status_code == 422
    assert problem in body
    field = next(iter(fields))
    beside = body.split(f'id="handoutform-{field}_error">', 1)[1].split("</ul>", 1)[0]  # the field's own message
    assert problem in beside
    assert not Handout.objects.exists()
    assert not any(media.rglob("*.*"))


def _gif() -> bytes:
    out = io.BytesIO()
    Image.new("P", (4, 4)).save(out, format="GIF")
    return out.getvalue()


def test_a_decompression_bomb_is_refused(client, campaign, gm, monkeypatch):
    monkeypatch.setattr("campaigns.common.images.MAX_PIXELS", 1000)
    refused = write(signed_in_as(client, gm), campaign, image=upload(png((100, 100))))
    assert refused.status_code == 422
    assert "at most 40 megapixels" in refused.content.decode()
    assert not Handout.objects.exists()


def test_an_image_is_re_encoded_without_its_metadata_under_a_random_name(client, campaign, gm, player, media):
    original = png((40, 30), text="zqx-secret-comment GPS 51.5N")
    assert b"zqx-secret-comment" in original
    signed_in_as(client, gm)
    assert write(client, campaign, image=upload(original, "my holiday.png")).status_code == 200
    handout = Handout.objects.get()
    name = handout.image.name
    assert name.startswith(f"handouts/{campaign.pk}/")
    assert name.endswith(".png")
    assert "holiday" not in name
    stored = (media / name).read_bytes()
    assert b"zqx-secret-comment" not in stored
    with Image.open(io.BytesIO(stored)) as image:
        assert (image.format, image.size, image.getpixel((0, 0))) == ("PNG", (40, 30), (200, 30, 30))
        assert "Comment" not in image.info

    jpeg = io.BytesIO()
    exif = Image.Exif()
    exif[0x010E] = "zqx-exif-description"  # ImageDescription
    Image.new("RGB", (20, 20), (0, 90, 200)).save(jpeg, format="JPEG", exif=exif)
    assert b"zqx-exif-description" in jpeg.getvalue()
    assert (
        write(client, campaign, title="Photo", image=upload(jpeg.getvalue(), "p.jpg", "image/jpeg")).status_code == 200
    )
    photo = Handout.objects.get(title="Photo")
    stored = (media / photo.image.name).read_bytes()
    assert photo.image.name.endswith(".jpg")
    assert b"zqx-exif-description" not in stored
    with Image.open(io.BytesIO(stored)) as image:
        assert image.format == "JPEG"
        assert not image.getexif()

    image_url = reverse("handout_image", args=[campaign.pk, handout.pk])
    served = client.get(image_url)
    assert served.status_code == 200
    assert b"".join(served.streaming_content) == (media / name).read_bytes()
    assert served["Content-Type"] == "image/png"
    assert served["X-Content-Type-Options"] == "nosniff"
    assert served["Content-Disposition"] == "inline"
    assert served["Cache-Control"].startswith("private")


def test_the_image_and_the_page_are_served_only_to_who_may_see_them(
    client, campaign, gm, player, second_player, outsider, make_user
):
    gone = make_user("rhea_removed")
    seat = Membership.objects.create(campaign=campaign, user=gone)
    handout = handouts.write(campaign, gm, "The key", "", upload(png()))
    handouts.share(handout, gm, users=[player, gone])
    actions.remove_player(seat)
    for url in (
        reverse("handout_image", args=[campaign.pk, handout.pk]),
        reverse("handout_page", args=[campaign.pk, handout.pk]),
    ):
        for user, status in ((gm, 200), (player, 200), (second_player, 404), (outsider, 404), (gone, 404)):
            assert signed_in_as(client, user).get(url).status_code == status, (url, user.username)
        visitor = signed_in_as(client, None).get(url)
        assert visitor.status_code == 302
        assert reverse("login") in visitor.url
    other = handouts.write(campaign, gm, "No image", "")
    handouts.share(other, gm, everyone=True)
    assert signed_in_as(client, player).get(reverse("handout_image", args=[campaign.pk, other.pk])).status_code == 404


def test_a_player_cannot_write_or_share(client, campaign, gm, player):
    handout = handouts.write(campaign, gm, "Mine", "")
    signed_in_as(client, player)
    assert write(client, campaign).status_code == 404
    assert share(client, campaign, handout, everyone="on").status_code == 404
    assert Handout.objects.count() == 1
    assert not Handout.objects.get().everyone


def test_an_unshared_handout_reaches_no_one_else_anywhere(
    client, campaign, gm, player, second_player, outsider, make_user, layer, django_capture_on_commit_callbacks
):
    gone = make_user("rhea_removed")
    seat = Membership.objects.create(campaign=campaign, user=gone)
    with django_capture_on_commit_callbacks(execute=True):
        secret = handouts.write(campaign, gm, SECRET_TITLE, SECRET_TEXT, upload(png()))
        handouts.share(secret, gm, users=[second_player])  # the second player alone
        shared = handouts.write(campaign, gm, "For everyone", "Hello all")
        handouts.share(shared, gm, everyone=True)
        actions.remove_player(seat)
    markers = (SECRET_TITLE, "vault code")
    table = reverse("table", args=[campaign.pk])
    urls = [f"{table}?tab={key}" for key, _label in tabs.tabs_for(campaign, Audience.TABLE)]
    urls += [f"{table}?tab={key}" for key in (tabs.TABLE, tabs.SESSION, tabs.CHARACTERS)]
    urls += [f"{table}?after=0", f"{table}?before=1000000&before_message=1000000"]
    urls += [reverse("handout_page", args=[campaign.pk, secret.pk])]
    urls += [
        reverse("export", args=[campaign.pk, "json"]),
        reverse("export", args=[campaign.pk, "csv"]) + "?part=handouts",
    ]
    for user in (player, outsider, gone, None):
        seen = ""
        for url in urls:
            for headers in ({}, HTMX):
                seen += signed_in_as(client, user).get(url, **headers).content.decode()
        if user is not None:
            seen += " ".join(layer.received_by(campaign, user))
        for marker in markers:
            assert marker not in seen, (marker, getattr(user, "username", "visitor"))
    assert "For everyone" in tab(signed_in_as(client, player), campaign)
    # The reader and the GM do see it: the assertions above can fail.
    for user in (second_player, gm):
        seen = tab(signed_in_as(client, user), campaign) + client.get(table, {"after": 0}, **HTMX).content.decode()
        seen += " ".join(layer.received_by(campaign, user))
        assert SECRET_TITLE in seen
        assert "vault code" in tab(client, campaign)
    export = json.loads(signed_in_as(client, gm).get(reverse("export", args=[campaign.pk, "json"])).content)
    assert {(h["title"], tuple(h["readers"]), h["everyone"]) for h in export["handouts"]} == {
        (SECRET_TITLE, (second_player.username,), False),
        ("For everyone", (), True),
    }
    assert export["handouts"][0]["image"].startswith(f"handouts/{campaign.pk}/")


def test_a_deleted_campaign_takes_its_handouts_and_their_files(
    campaign, gm, player, media, django_capture_on_commit_callbacks
):
    handout = handouts.write(campaign, gm, "Map", "", upload(png()))
    handouts.share(handout, gm, everyone=True)
    stored = media / handout.image.name
    assert stored.exists()
    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.delete_campaign(campaign)
    assert not Handout.objects.exists()
    assert not HandoutReader.objects.exists()
    assert not Message.objects.exists()
    assert not stored.exists()


def test_without_script_a_refused_handout_comes_back_on_its_tab_and_a_saved_one_goes_there(client, campaign, gm):
    signed_in_as(client, gm)
    url = reverse("handout_new", args=[campaign.pk])
    refused = client.post(url, {"title": "", "text": "Kept words"})
    assert refused.status_code == 422
    body = refused.content.decode()
    assert 'id="handoutform-title_error"' in body  # the Handouts tab drawn, its form's message beside the title
    assert "Kept words</textarea>" in body
    assert not Handout.objects.exists()
    saved = client.post(url, {"title": "Plain", "text": ""})
    assert saved.status_code == 302
    assert saved.url.endswith("?tab=handouts")
    assert Handout.objects.get().title == "Plain"
