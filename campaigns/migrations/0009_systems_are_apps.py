"""The rules systems are apps. `Campaign.system` is checked against the installed
systems (`Campaign.clean`) instead of fixed choices, and Centaurus Gate's tension scene moves
to its own app (campaigns/systems/cgg/migrations/0001_initial.py takes the table over)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0008_submit_tokens"),
    ]

    operations = [
        migrations.AlterField(
            model_name="campaign",
            name="system",
            field=models.CharField(help_text="The key of the rules system (its app registers it).", max_length=20),
        ),
        # The table stays; only Django's record of which app owns it changes.
        migrations.SeparateDatabaseAndState(state_operations=[migrations.DeleteModel(name="TensionScene")]),
    ]
