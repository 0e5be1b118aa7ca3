"""Centaurus Gate's tension scene, moved here from the campaigns app: the model
takes over the table campaigns made (campaigns/migrations/0004), then renames it as its own."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("campaigns", "0009_systems_are_apps"),
        ("characters", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="TensionScene",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                                   verbose_name="ID")),
                        ("active", models.BooleanField(default=True)),
                        ("state", models.JSONField()),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        ("campaign", models.OneToOneField(on_delete=django.db.models.deletion.CASCADE,
                                                          related_name="tension", to="campaigns.campaign")),
                        ("edge_holder", models.ForeignKey(blank=True, null=True,
                                                          on_delete=django.db.models.deletion.SET_NULL,
                                                          related_name="+", to="characters.character")),
                    ],
                    options={"db_table": "campaigns_tensionscene"},
                ),
            ],
        ),
        migrations.AlterModelTable(name="tensionscene", table=None),
    ]
