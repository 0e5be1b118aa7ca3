"""An account that recovers by email: the password reset (Django's views and tokens, at most three mails in
15 minutes for one address), the address given at sign-up, and a new address kept only once the link sent to
it is followed. Each refusal says why beside its field and changes nothing."""

import re

import pytest
from django.core import signing
from django.core.cache import cache
from django.urls import reverse

from accounts import email_change
from accounts.models import User
from tests.fixtures import PASSWORD

pytestmark = pytest.mark.django_db
NEW_PASSWORD = "a brand new table password 9"


def link_in(mail) -> str:
    """The path of the one link in a mail's text."""
    return re.search(r"https?://[^/\s]+(/\S+)", mail.body)[1]


@pytest.fixture(autouse=True)
def no_counts_kept():
    """Each test counts its own reset mails: the cache outlives a test's database."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def mara(make_user):
    user = make_user("mara")
    user.email = "mara@example.com"
    user.save()
    return user


def test_a_forgotten_password_is_reset_by_the_link_mailed_to_the_account(client, mara, mailoutbox):
    assert "Reset it by email" in client.get(reverse("login")).content.decode()
    response = client.post(reverse("password_reset"), {"email": "MARA@example.com"})  # as they type it
    assert response.url == reverse("password_reset_done")
    [mail] = mailoutbox
    assert mail.to == ["mara@example.com"]
    assert mail.subject == "Reset your Fivefold password"

    form = client.get(link_in(mail), follow=True)  # Django moves the token into the session first
    assert "Choose a new password" in form.content.decode()
    done = client.post(form.redirect_chain[-1][0], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert done.url == reverse("password_reset_complete")
    assert client.login(username="mara", password=NEW_PASSWORD)
    assert not client.login(username="mara", password=PASSWORD)

    used = client.get(link_in(mail), follow=True)  # once only
    assert "This link does not work" in used.content.decode()


def test_an_address_no_account_has_gets_the_same_answer_and_no_mail(client, mara, mailoutbox):
    response = client.post(reverse("password_reset"), {"email": "nobody@example.com"})
    assert response.url == reverse("password_reset_done")  # the answer does not tell who has an account
    assert mailoutbox == []


def test_a_fourth_reset_mail_in_15_minutes_is_refused_beside_the_field(client, mara, mailoutbox):
    for _ in range(3):
        client.post(reverse("password_reset"), {"email": "mara@example.com"})
    response = client.post(reverse("password_reset"), {"email": "mara@example.com"})
    assert response.status_code == 429
    assert response.context["form"].errors["email"] == [
        "Three reset mails were sent to this address lately. Try again in 15 minutes."
    ]
    assert len(mailoutbox) == 3


def test_sign_up_takes_an_optional_address_and_refuses_one_already_taken(client, mara):
    fields = {"username": "newt", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD}
    refused = client.post(reverse("signup"), {**fields, "email": "Mara@Example.com"})
    assert refused.context["form"].errors["email"] == [
        "Another account has this email address. Log in to it, or reset its password."
    ]
    assert not User.objects.filter(username="newt").exists()

    assert client.post(reverse("signup"), {**fields, "email": "newt@example.com"}).status_code == 302
    assert User.objects.get(username="newt").email == "newt@example.com"
    client.logout()
    assert client.post(reverse("signup"), {**fields, "username": "quill"}).status_code == 302  # none is fine
    assert User.objects.get(username="quill").email == ""


def change_email(client, email):
    return client.post(reverse("account_settings"), {"email": email, "needs_sound": ""}, follow=True)


def test_a_new_address_is_kept_once_the_link_sent_to_it_is_followed(client, mara, mailoutbox):
    client.force_login(mara)
    page = change_email(client, "mara@new.example").content.decode()
    assert "We sent a link to mara@new.example" in page
    mara.refresh_from_db()
    assert mara.email == "mara@example.com"  # not before the link is followed
    [mail] = mailoutbox
    assert mail.to == ["mara@new.example"]

    confirm = client.get(link_in(mail))  # a mail scanner's GET changes nothing
    assert "Make <strong>mara@new.example</strong> the email address" in confirm.content.decode()
    mara.refresh_from_db()
    assert mara.email == "mara@example.com"

    client.post(link_in(mail))
    mara.refresh_from_db()
    assert mara.email == "mara@new.example"
    told = mailoutbox[1]
    assert told.to == ["mara@example.com"]  # the old address hears of it
    assert "mara@new.example" in told.body

    again = client.post(link_in(mail)).content.decode()
    assert "This link has been used" in again


def test_a_link_refused_says_why_and_changes_nothing(client, mara, make_user, mailoutbox):
    client.force_login(mara)
    change_email(client, "shared@example.com")
    path = link_in(mailoutbox[0])
    token = path.rstrip("/").rsplit("/", 1)[1]

    tampered = client.post(reverse("confirm_email", args=[token[:-2] + "xx"])).content.decode()
    assert "This link is not one we sent" in tampered
    other = make_user("other")
    other.email = "shared@example.com"
    other.save()
    taken = client.post(path).content.decode()
    assert "Another account has this email address now" in taken
    mara.refresh_from_db()
    assert mara.email == "mara@example.com"


def test_a_link_expires(client, mara, monkeypatch):
    token = signing.dumps({"user": mara.pk, "email": "late@example.com", "was": mara.email}, salt=email_change.SALT)
    monkeypatch.setattr(email_change, "VALID_FOR", -1)
    page = client.post(reverse("confirm_email", args=[token])).content.decode()
    assert "This link has expired" in page
    mara.refresh_from_db()
    assert mara.email == "mara@example.com"


def test_an_address_taken_is_refused_beside_the_field(client, mara, make_user, mailoutbox):
    other = make_user("other")
    client.force_login(other)
    response = change_email(client, "mara@example.com")
    assert response.status_code == 422
    assert response.context["form"].errors["email"] == ["Another account has this email address."]
    assert mailoutbox == []


def test_clearing_the_address_takes_it_off_at_once(client, mara, mailoutbox):
    client.force_login(mara)
    assert "a forgotten password can no longer be reset" in change_email(client, "").content.decode()
    mara.refresh_from_db()
    assert mara.email == ""
    assert mailoutbox == []
