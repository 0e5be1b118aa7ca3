"""The fairness page's p-value (campaigns.secrets.fairness.chi_square_p) against the chi-square distribution's
closed forms: for an even df, exp(-x/2)·Σ_{i<df/2} (x/2)^i/i!; for an odd df,
erfc(√(x/2)) + exp(-x/2)·Σ_{i=1}^{(df-1)/2} (x/2)^(i-1/2)/Γ(i+1/2)."""

from math import erfc, exp, factorial, gamma, sqrt

import pytest

from campaigns.secrets.fairness import chi_square_p


def closed_form(x: float, df: int) -> float:
    half = x / 2
    if df % 2 == 0:
        return exp(-half) * sum(half**i / factorial(i) for i in range(df // 2))
    return erfc(sqrt(half)) + exp(-half) * sum(half ** (i - 0.5) / gamma(i + 0.5) for i in range(1, (df - 1) // 2 + 1))


@pytest.mark.parametrize("df", range(1, 100))
def test_the_p_value_is_the_closed_forms(df):
    for x in (0.001, 0.5, 1, df / 2, df - 1, df, df + 1, 1.5 * df, 2 * df + 10, 4 * df + 30):
        assert chi_square_p(x, df) == pytest.approx(closed_form(x, df), rel=1e-9, abs=1e-300), (x, df)


def test_no_difference_at_all_is_a_p_value_of_one():
    assert chi_square_p(0.0, 5) == 1.0
