"""Rolls, calls and saved rolls stored while every `>N` and `<N` was strict keep what they meant
under the reading of /rules/#notation-compare (campaigns 0015): their notation is rewritten to a
spelling that still reads strict, with the same exact odds."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from campaigns.models import Roll, RollCall, SavedCall, SavedRoll

BEFORE = ("campaigns", "0014_commitments")
# (stored before, after): strict points spelled as Foundry (cs, rr) or as their inclusive twins.
STORED = [
    ("6d10>7", "6d10cs>7"),
    ("4d6<3", "4d6cs<3"),
    ("1d6r<3", "1d6rr<3"),
    ("2d6ro<3", "2d6ro<=2"),
    ("1d6!>4", "1d6!>=5"),
    ("3d10r<2!>8>7", "3d10rr<2!>=9cs>7"),
    ("6d10>=7", "6d10>=7"),
    ("3d6+2", "3d6+2"),
]


@pytest.mark.django_db(transaction=True)
def test_notation_stored_under_the_strict_reading_keeps_its_meaning():
    executor = MigrationExecutor(connection)
    executor.migrate([BEFORE])
    others = [node for node in executor.loader.graph.leaf_nodes() if node[0] != "campaigns"]
    old = executor.loader.project_state([BEFORE, *others]).apps
    gm = old.get_model("accounts", "User").objects.create(username="gwen")
    campaign = old.get_model("campaigns", "Campaign").objects.create(
        name="c", system="tribute", gm=gm, invite_token="t"
    )
    hero = old.get_model("characters", "Character").objects.create(campaign=campaign, owner=gm, name="Mara", sheet={})
    make_roll = old.get_model("campaigns", "Roll").objects.create
    make_call = old.get_model("campaigns", "RollCall").objects.create
    for notation, _after in STORED:
        request = {"notation": notation, "target": 1, "comparison": "at_least"}
        make_roll(campaign=campaign, author=gm, request={**request, "label": ""}, outcome={"total": 1, "faces": []})
        make_call(campaign=campaign, character=hero, request=request)
        old.get_model("campaigns", "SavedCall").objects.create(campaign=campaign, name=notation, request=request)
        old.get_model("campaigns", "SavedRoll").objects.create(
            character=hero, name=notation, key="notation", options={**request, "label": ""}
        )
    make_roll(campaign=campaign, author=gm, kind="ore", request={"notation": "x>1"}, outcome={})  # not notation

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    expected = [after for _before, after in STORED]
    assert [r.request["notation"] for r in Roll.objects.filter(kind="notation").order_by("pk")] == expected
    assert [c.request["notation"] for c in RollCall.objects.order_by("pk")] == expected
    assert [c.request["notation"] for c in SavedCall.objects.order_by("pk")] == expected
    assert [s.options["notation"] for s in SavedRoll.objects.order_by("pk")] == expected
    assert Roll.objects.get(kind="ore").request == {"notation": "x>1"}
    assert Roll.objects.filter(kind="notation").first().request["target"] == 1  # the rest is as it was
