"""d100's campaigns stored before the ±30 cap setting get it: an existing campaign's `clean()`
asks for every setting (campaigns.models.Campaign.clean), so without it the admin would refuse to save
them. They keep the numbers they were played with: talents and traits capped alone, ranks and synergy
on top (1, rules.d100.test.CAP_TALENTS_ONLY); a new campaign starts on the seed's literal reading."""

from django.db import migrations

TALENTS_ONLY = 1  # rules.d100.test.CAP_TALENTS_ONLY, written out: a migration keeps its own values


def keep_every_d100_campaigns_numbers(apps, schema_editor):
    Campaign = apps.get_model("campaigns", "Campaign")
    for campaign in Campaign.objects.filter(system="d100"):
        if "modifier_cap" not in campaign.settings:
            campaign.settings = {**campaign.settings, "modifier_cap": TALENTS_ONLY}
            campaign.save(update_fields=["settings"])


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0010_stamped_by_the_tables_clock")]

    operations = [migrations.RunPython(keep_every_d100_campaigns_numbers, migrations.RunPython.noop)]
