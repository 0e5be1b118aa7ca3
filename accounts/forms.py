from django import forms
from django.contrib.auth.forms import UserCreationForm

from accounts.models import User


class SignUpForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username",)


class SettingsForm(forms.ModelForm):
    """A user's own preferences (the settings page)."""

    class Meta:
        model = User
        fields = ("needs_sound",)
        labels = {"needs_sound": "Play a soft sound when something new waits on me at a table"}
        help_texts = {"needs_sound": "Off by default. The page title counts what waits on you either way."}
