"""Centaurus Gate's advancement budget (seed: "Advancements, Endeavors and Die Codes"), with the
seed's own numbers."""

import pytest

from rules.cgg.advancement_budget import Advancement, pips_spent
from rules.errors import RulesError


def test_the_seed_pip_ladder_and_its_endeavors():
    record = Advancement()
    earned, endeavors = [], []
    for _ in range(8):
        record = record.award(critical_count=0)
        earned.append(record.earned)
        endeavors.append(record.endeavors)
    # 20, 30, 40, 50, 60, 70, then 40 each; an endeavor at the 2nd, 4th and 6th.
    assert earned == [20, 50, 90, 140, 200, 270, 310, 350]
    assert endeavors == [0, 1, 1, 2, 2, 3, 3, 3]
    assert record.count == 8


def test_a_critical_count_of_5_gives_35_pips_on_the_1st_advancement():
    assert Advancement().award(critical_count=5).earned == 35


def test_2d_to_3d_costs_6_pips():
    assert pips_spent({"strength": "2d"}, {"strength": "3d"}) == 6
    assert pips_spent({"strength": "2d"}, {"strength": "2d+1"}) == 2


def test_spending_is_summed_over_the_attributes_from_the_baseline():
    baseline = {"strength": "2d", "dexterity": "3d+2"}
    assert pips_spent(baseline, {"strength": "3d", "dexterity": "4d"}) == 6 + 3


def test_a_code_below_its_baseline_is_refused():
    with pytest.raises(RulesError, match="Strength cannot go below 2d"):
        pips_spent({"strength": "2d"}, {"strength": "1d+2"})


def test_overspending_is_refused_with_the_numbers():
    record = Advancement(count=1, earned=20, baseline={"strength": "2d"})
    assert record.check({"strength": "3d"}) == 6
    with pytest.raises(RulesError, match="cost 27 advancement pips, but only 20 were earned"):
        record.check({"strength": "5d"})  # 2d to 3d: 6, to 4d: 9, to 5d: 12


def test_the_sheet_keeps_the_budget():
    from rules.cgg.sheet import default_sheet, validate_sheet

    record = Advancement(count=1, earned=20, baseline=default_sheet()["attributes"]).as_dict()
    raised = default_sheet() | {"advancement": record}
    raised["attributes"] = raised["attributes"] | {"strength": "3d"}
    assert validate_sheet(raised)["advancement"] == record
    raised["attributes"] = raised["attributes"] | {"strength": "5d"}
    with pytest.raises(RulesError, match="cost 27 advancement pips"):
        validate_sheet(raised)


def test_endeavors_are_written_only_as_far_as_earned():
    from rules.cgg.sheet import default_sheet, validate_sheet

    with pytest.raises(RulesError, match="0 earned so far"):
        validate_sheet(default_sheet() | {"endeavors": ["Earning the respect of the crew"]})
    record = Advancement(count=2, earned=50, endeavors=1, baseline=default_sheet()["attributes"]).as_dict()
    sheet = default_sheet() | {"advancement": record, "endeavors": ["Earning the respect of the crew"]}
    assert validate_sheet(sheet)["endeavors"] == ["Earning the respect of the crew"]
    with pytest.raises(RulesError, match="1 earned so far"):
        validate_sheet(sheet | {"endeavors": ["Earning the respect of the crew", "Another"]})
