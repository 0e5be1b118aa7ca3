"""What tests do whatever the system: post a step's form, read the table page with its panel tab (each
system's tests/conftest.py builds its own forms on these), post a campaign's settings through the admin, and
make a campaign in a database from before a setting was added."""

from django.urls import reverse


def post_step(client, step, campaign, data, *, htmx=False):
    """`client` posts `data` to the campaign's step (a URL name, e.g. "d100_test"). htmx: as the page's form
    sends it, which answers with the part to swap in (a refusal: 422) instead of a redirect."""
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(reverse(step, args=[campaign.pk]), data, **headers)


def table_and_panel(client, campaign) -> str:
    """The table page as `client` sees it, and its tab with the system's panel: between them, all that a
    seat at the table shows."""
    return "".join(
        client.get(reverse("table", args=[campaign.pk]), {"tab": tab}).content.decode() for tab in ("", "panel")
    )


def admin_setting_fields(settings: dict) -> dict:
    """A campaign's settings as the admin's change form posts them: a field per setting (`setting__<name>`),
    a list one item per line."""
    return {
        f"setting__{name}": "\n".join(value) if isinstance(value, list) else value for name, value in settings.items()
    }


def campaign_from_before(system: str, settings: dict, before=("campaigns", "0010_stamped_by_the_tables_clock")):
    """A campaign of `system` stored with `settings` in a database migrated back to `before` (and the system's
    app to nothing), then migrated to today: what a setting added later finds in a database already played."""
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    from campaigns.models import Campaign

    executor = MigrationExecutor(connection)
    executor.migrate([before, (system, None)])
    old = executor.loader.project_state([before]).apps
    gm = old.get_model("accounts", "User").objects.create(username="gwen")
    old.get_model("campaigns", "Campaign").objects.create(
        name="Old", system=system, gm=gm, invite_token="old", settings=settings
    )
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    return Campaign.objects.get(name="Old")


def signed_in_as(client, user):
    """`client` logged in as `user`, or logged out for None (a visitor)."""
    from tests.fixtures import PASSWORD

    client.logout()
    if user is not None:
        assert client.login(username=user.username, password=PASSWORD)
    return client
