from django.contrib.auth.models import AbstractUser


class User(AbstractUser):
    """A person at the table. GMs become staff so they can run their campaigns
    in the admin (see campaigns.actions.create_campaign)."""
