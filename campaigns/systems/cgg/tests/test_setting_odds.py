"""The odds published beside Centaurus Gate's settings and readings (/rules/#cgg-settings), each
counted here again by throwing every face."""

import html
from fractions import Fraction
from itertools import product

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def percent(chance: Fraction) -> str:
    return f"{float(chance) * 100:.1f}%"


def action(risk_dice: int, risk_pips: int, exec_dice: int, base_risk: int = 10):
    """Every face of the risk d6s and the Exec's d10s: (success, risk avoided, both). A six adds
    nothing; a d10 of 1-3 is a Failure and raises the risk by its face."""
    success = avoided = both = 0
    throws = 0
    for risk in product(range(1, 7), repeat=risk_dice):
        total = sum(face for face in risk if face < 6) + risk_pips
        for execs in product(range(1, 11), repeat=exec_dice):
            kept = [face for face in execs if face <= 3]
            throws += 1
            ok, safe = not kept, total >= base_risk + sum(kept)
            success += ok
            avoided += safe
            both += ok and safe
    return Fraction(success, throws), Fraction(avoided, throws), Fraction(both, throws)


def mean_pips(dice: int, pips: int) -> Fraction:
    faces = list(product(range(1, 7), repeat=dice))
    return Fraction(sum(sum(f for f in throw if f < 6) for throw in faces), len(faces)) + pips


def at_least(dice: int, successes: int) -> Fraction:
    throws = list(product(range(1, 11), repeat=dice))
    return Fraction(sum(1 for throw in throws if sum(face < 4 for face in throw) >= successes), len(throws))


@pytest.fixture
def rules_page(client):
    return " ".join(html.unescape(client.get(reverse("rules_system", args=["cgg"])).content.decode()).split())


def test_the_gear_readings_odds(rules_page):
    # Dexterity 4d against a 5d vault (1 Exec die, base risk 10), jacket 3d and shirt 2d: 5d+2.
    bare, risk_only, as_code = action(4, 0, 1), action(5, 2, 1), action(5, 2, 0)
    text = (
        f"without gear: success {percent(bare[0])}, risk avoided {percent(bare[1])}; "
        f"gear on the risk roll only: success {percent(risk_only[0])}, risk avoided {percent(risk_only[1])}; "
        f"gear as the code: success {percent(as_code[0])}, risk avoided {percent(as_code[1])}"
    )
    assert text in rules_page


def test_the_tension_dice_odds(rules_page):
    text = (
        f"counting the Exec, 3 dice: at least one success {percent(at_least(3, 1))}, two or more "
        f"{percent(at_least(3, 2))}; without, 2 dice: {percent(at_least(2, 1))} and {percent(at_least(2, 2))}"
    )
    assert text in rules_page


def test_the_diligence_odds(rules_page):
    edge = (
        f"Perception 2d+1 averages {float(mean_pips(2, 1)):g} pips; with a +1d Edge, 3d+1, {float(mean_pips(3, 1)):g}"
    )
    assisted = f"Dexterity 2d averages {float(mean_pips(2, 0)):g} pips; with the rig and Kade, 4d+1, "
    assert edge in rules_page
    assert assisted + f"{float(mean_pips(4, 1)):g}" in rules_page


def test_the_spotlight_with_an_assist_odds(rules_page):
    # Dax 3d+2 assisted by Mara Vell's 4d+1: 5d+1, 5 success dice against base 5d (no Exec die, base risk 10);
    # three Spotlight successes leave risk 2d+1.
    spotlit, bare = action(2, 1, 0), action(5, 1, 0)
    text = (
        f"success {percent(spotlit[0])}, risk avoided {percent(spotlit[1])} with the Spotlight, "
        f"{percent(bare[1])} without it (risk 5d+1)"
    )
    assert text in rules_page
