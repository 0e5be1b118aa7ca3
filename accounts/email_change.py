"""A new email address is the account's only once its holder follows the link sent to it.

The link carries the account, the new address and the address it replaces, signed with the site's key
and stamped: it works for `VALID_FOR`, and only while the account still has the address it was made
for, so a link followed once (or overtaken by a later change) does nothing again. Following it asks
for a click: mail scanners open links, and a GET changes nothing.
"""

from django.conf import settings
from django.core import signing
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.urls import reverse

from accounts.forms import taken
from accounts.models import User

SALT = "accounts.email_change"
VALID_FOR = 3 * 24 * 60 * 60  # seconds: as long as a password reset link


class Refused(Exception):
    """Why a link cannot change the address: said to the person who followed it."""


def send_link(request, user: User, email: str) -> None:
    token = signing.dumps({"user": user.pk, "email": email, "was": user.email}, salt=SALT)
    link = request.build_absolute_uri(reverse("confirm_email", args=[token]))
    context = {"user": user, "email": email, "link": link, "days": VALID_FOR // 86400}
    send_mail(
        "Confirm your new Fivefold email address",
        render_to_string("accounts/email_change_mail.txt", context),
        settings.DEFAULT_FROM_EMAIL,
        [email],
    )


def read(token: str) -> tuple[User, str]:
    """The account and the new address a link is for, or Refused with the reason."""
    try:
        change = signing.loads(token, salt=SALT, max_age=VALID_FOR)
    except signing.SignatureExpired:
        raise Refused("This link has expired. Ask for a new one on your settings page.") from None
    except signing.BadSignature:
        raise Refused("This link is not one we sent: copy it from the mail whole.") from None
    user = User.objects.filter(pk=change["user"], is_active=True).first()
    if user is None or user.email != change["was"]:
        raise Refused("This link has been used, or a later change replaced it: nothing was changed.")
    if taken(change["email"], by_other_than=user):
        raise Refused("Another account has this email address now: nothing was changed.")
    return user, change["email"]


def confirm(token: str) -> User:
    """Give the account its new address; the address it replaces is told, in case the change was not theirs."""
    user, email = read(token)
    was = user.email
    # Only from the address the link was made for: of two clicks at once, one changes it.
    if not User.objects.filter(pk=user.pk, email=was).update(email=email):
        raise Refused("This link has been used, or a later change replaced it: nothing was changed.")
    user.email = email
    if was:
        send_mail(
            "Your Fivefold email address changed",
            render_to_string("accounts/email_changed_mail.txt", {"user": user, "email": email}),
            settings.DEFAULT_FROM_EMAIL,
            [was],
        )
    return user
