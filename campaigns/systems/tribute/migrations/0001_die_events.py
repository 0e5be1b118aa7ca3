"""Tribute's campaigns stored before die-size events get the setting, empty: an existing
campaign's `clean()` asks for every setting (campaigns.models.Campaign.clean), so without it the admin
would refuse to save them until the GM keyed an event."""

from django.db import migrations


def give_every_tribute_campaign_its_die_events(apps, schema_editor):
    Campaign = apps.get_model("campaigns", "Campaign")
    for campaign in Campaign.objects.filter(system="tribute"):
        if "die_events" not in campaign.settings:
            campaign.settings = {**campaign.settings, "die_events": []}
            campaign.save(update_fields=["settings"])


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0010_stamped_by_the_tables_clock")]

    operations = [migrations.RunPython(give_every_tribute_campaign_its_die_events, migrations.RunPython.noop)]
