import pytest

from rules import RulesError
from rules.cgg import SYSTEM as CGG
from rules.system import notes_only_sheet
from rules.tribute import SYSTEM as TRIBUTE


def test_tribute_reality_level_sets_the_die_size():
    tribute = TRIBUTE
    assert tribute.default_settings()["die_size"] == 6
    assert tribute.validate_settings({"die_size": "10"})["die_size"] == 10
    assert tribute.describe_settings({"die_size": 12, "attributes": ["Grit"]}) == [
        ("Reality level", "d12 Over-the-top"),
        ("Attributes", "Grit"),
        ("Die-size events", "none"),
        ("Effective range of attribute ranks", "−99 to 99 (the widest)"),
    ]
    assert tribute.describe_settings({"die_events": ["d8 Knockback", "d8 Stagger"]})[2] == (
        "Die-size events",
        "d8 Knockback, d8 Stagger",
    )


def test_tribute_attributes_are_the_gms_list():
    tribute = TRIBUTE
    assert tribute.validate_settings({"attributes": "Grit\nGuile\n"})["attributes"] == ["Grit", "Guile"]
    with pytest.raises(RulesError, match="each name once"):
        tribute.validate_settings({"attributes": ["Grit", "grit"]})
    with pytest.raises(RulesError, match="1 to 20"):
        tribute.validate_settings({"attributes": []})


@pytest.mark.parametrize("value", [5, "d6", None, 20])
def test_tribute_refuses_other_die_sizes(value):
    with pytest.raises(RulesError, match="Reality level must be one of"):
        TRIBUTE.validate_settings({"die_size": value})


def test_unknown_settings_are_refused():
    with pytest.raises(RulesError, match="no setting called colour"):
        CGG.validate_settings({"colour": "red"})


def test_sheets_are_notes_until_a_system_brings_its_own():
    assert notes_only_sheet({"notes": "Tall"}) == {"notes": "Tall"}
    with pytest.raises(RulesError, match="Notes must be text"):
        notes_only_sheet({"notes": 5})
    with pytest.raises(RulesError, match="at most 10,000"):
        notes_only_sheet({"notes": "x" * 10_001})
