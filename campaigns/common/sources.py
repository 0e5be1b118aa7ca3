"""The table's sources of chance and time, named by settings.

Every roll of the table's dice and every "now" the code of campaigns/ and characters/ reads
comes from here (a row's creation stamp too: its field's default), so a test swaps either
with pytest-django's `settings` fixture or `override_settings` and has the real one back after
it, as Django's token generator lets its clock be replaced
(`django.contrib.auth.tokens.PasswordResetTokenGenerator._now`), instead of patching a module
global that a test could leave behind.
"""

from datetime import datetime

from django.conf import settings
from django.utils.module_loading import import_string

from rules.dice import DiceSource, SystemDice

# The production dice (the operating system's cryptographic source), FIVEFOLD_DICE in config/settings.py.
SYSTEM_DICE = SystemDice()


def _named(value):
    """A setting's object: itself, or the object its dotted path names."""
    return import_string(value) if isinstance(value, str) else value


def dice() -> DiceSource:
    """The dice the table rolls: FIVEFOLD_DICE, a dice source or its dotted path. The same object
    call after call, so a test's scripted faces are used up in order."""
    return _named(settings.FIVEFOLD_DICE)


def now() -> datetime:
    """The time of the table: FIVEFOLD_CLOCK, a callable giving an aware datetime, or its dotted path."""
    return _named(settings.FIVEFOLD_CLOCK)()
