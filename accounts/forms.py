from django import forms
from django.contrib.auth.forms import UserCreationForm

from accounts.models import User

EMAIL_HELP = "Optional. The only way back in if you forget your password: we send the reset link there."


def taken(email: str, by_other_than: User | None = None) -> bool:
    """Whether another account has this address already. A reset link goes to every account with the
    address, so two accounts on one would each let the other's holder in: one address, one account."""
    others = User.objects.filter(email__iexact=email)
    if by_other_than is not None:
        others = others.exclude(pk=by_other_than.pk)
    return others.exists()


class SignUpForm(UserCreationForm):
    email = forms.EmailField(required=False, label="Email address", help_text=EMAIL_HELP)

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")

    def clean_email(self) -> str:
        email = self.cleaned_data["email"]
        if email and taken(email):
            raise forms.ValidationError("Another account has this email address. Log in to it, or reset its password.")
        return email


class SettingsForm(forms.ModelForm):
    """A user's own preferences (the settings page), and their email address: a new one is kept only once the
    link sent to it is followed (accounts.email_change), so a typo cannot lock its holder out of a reset."""

    email = forms.EmailField(required=False, label="Email address", help_text=EMAIL_HELP)

    class Meta:
        model = User
        fields = ("needs_sound",)
        labels = {"needs_sound": "Play a soft sound when something new waits on me at a table"}
        help_texts = {"needs_sound": "Off by default. The page title counts what waits on you either way."}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["email"].initial = self.instance.email
        self.order_fields(["email", "needs_sound"])

    def clean_email(self) -> str:
        email = self.cleaned_data["email"]
        if email and email.lower() != self.instance.email.lower() and taken(email, by_other_than=self.instance):
            raise forms.ValidationError("Another account has this email address.")
        return email

    @property
    def new_email(self) -> str | None:
        """The address the user asked for, where it differs from the account's (None: unchanged)."""
        email = self.cleaned_data["email"]
        return None if email.lower() == self.instance.email.lower() else email
