"""Leverage used as an assist (seed: "Leverage Die Codes")."""

from rules.cgg.codes import DieCode
from rules.cgg.leverage import Leverage

REPAIR = Leverage("Starship Repair", DieCode(2, 2))  # the seed's "Leverage towards Starship Repair: 2d+2"


def test_leverage_assists_like_an_assisting_explorer():
    # "the helping die code is the Leverage die code": the highest code, plus the other's dice as pips.
    assert REPAIR.assist(DieCode(3)) == DieCode(3, 2)
    assert REPAIR.assist(DieCode(2)) == DieCode(3, 1)  # 2d+2 is higher: 8 pips + 2


def test_leverage_at_0d_expires_when_it_loses_a_die():
    assert REPAIR.use(pay_hour=False) == Leverage("Starship Repair", DieCode(1, 2))
    assert Leverage("Starship Repair", DieCode(0, 2)).use(pay_hour=False) is None
