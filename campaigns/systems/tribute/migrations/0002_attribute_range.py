"""Tribute's campaigns stored before the effective range became a setting get it at ±99,
the range every rank was held to before, so that an existing campaign's `clean()`, which asks for
every setting (campaigns.models.Campaign.clean), still passes and no sheet changes meaning."""

from django.db import migrations

FORMER_RANGE = 99


def give_every_tribute_campaign_its_range(apps, schema_editor):
    Campaign = apps.get_model("campaigns", "Campaign")
    for campaign in Campaign.objects.filter(system="tribute"):
        if "attribute_range" not in campaign.settings:
            campaign.settings = {**campaign.settings, "attribute_range": FORMER_RANGE}
            campaign.save(update_fields=["settings"])


class Migration(migrations.Migration):
    dependencies = [("tribute", "0001_die_events")]

    operations = [migrations.RunPython(give_every_tribute_campaign_its_range, migrations.RunPython.noop)]
