from django.contrib.auth.models import AbstractUser
from django.db import models


class User(AbstractUser):
    """A person at the table. GMs become staff so they can run their campaigns
    in the admin (see campaigns.table.actions.create_campaign)."""

    needs_sound = models.BooleanField(
        default=False,
        db_default=False,  # a row written without it (by an older migration state, in the migration tests) is quiet
        help_text='A soft sound when more waits on you at a table (the "Needs you" strip).',
    )
