"""Are the dice fair? Each face's count for every die size a campaign has rolled, and
Pearson's chi-square goodness-of-fit test against a fair (uniform) die, over the whole campaign
or one session.

The counts come from the dice stored in each roll's outcome, never from a counter of their own
that could drift: each kind of roll says which dice it threw and which of them an audience may
see (`fair_dice(roll, audience)` on the kinds, `campaigns/plugins/notation_kind.py` and each system's
`kind.py`). The rolls are read in one query as plain values and counted here in Python, so a
campaign of thousands of rolls costs the same few queries as one of ten.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from math import exp, lgamma, log
from typing import Any

from campaigns.common.audience import Audience
from campaigns.common.fair_dice import Die
from campaigns.models import Roll
from campaigns.plugins import registry
from campaigns.plugins.base import SystemNotInstalled

# Below this many throws expected per face the chi-square p-value is only a rough guide
# (the usual rule of thumb for Pearson's test): the page says so beside it.
ROUGH_BELOW = 5


@dataclass(frozen=True, slots=True)
class StoredRoll:
    """What a kind's `fair_dice` reads of a roll: the fields of the row it needs, as plain values."""

    kind: str
    visibility: str
    request: dict[str, Any]
    outcome: dict[str, Any]
    reveal: dict[str, Any]


@dataclass(frozen=True, slots=True)
class DieCounts:
    """One die size's faces as thrown, and the chi-square test of them against a fair die."""

    die: Die
    counts: tuple[tuple[int, int], ...]  # (face, times it came up), every face, lowest first
    throws: int
    chi_square: float
    p_value: float
    rough: bool  # fewer than ROUGH_BELOW throws expected per face

    @property
    def expected(self) -> float:
        return self.throws / self.die.sides

    @property
    def rows(self) -> list[tuple[tuple[int, int], ...]]:
        """The counts as the page's table shows them: a d20's or a d100's ten faces a row, to fit a phone."""
        width = self.die.sides if self.die.sides <= 12 else 10
        return [self.counts[start : start + width] for start in range(0, len(self.counts), width)]


def die_counts(die: Die, faces: Counter) -> DieCounts:
    """Pearson's chi-square of the faces' counts against the same count on every face (df = sides - 1)."""
    counts = tuple((face, faces.get(face, 0)) for face in die.faces)
    throws = sum(count for _, count in counts)
    expected = throws / die.sides
    statistic = sum((count - expected) ** 2 / expected for _, count in counts)
    p_value = chi_square_p(statistic, die.sides - 1)
    return DieCounts(die, counts, throws, statistic, p_value, expected < ROUGH_BELOW)


def chi_square_p(statistic: float, df: int) -> float:
    """The chance of a chi-square statistic at least this large from fair dice: P(X ≥ statistic) for X of
    `df` degrees of freedom, the regularized upper incomplete gamma Q(df/2, statistic/2), by its series
    below a + 1 and by its continued fraction above (Numerical Recipes, 6.2). scipy.stats.chisquare gave
    the same, but importing scipy cost every web worker 84 MB (of its 150 MB) and a second;
    tests/campaigns/test_chi_square.py holds this against the closed forms for every df from 1 to 99."""
    a, x = df / 2, statistic / 2
    if x <= 0:
        return 1.0
    scale = exp(a * log(x) - x - lgamma(a))
    if x < a + 1:  # P(a, x) by its series; Q = 1 - P
        term = total = 1 / a
        n = a
        while term > total * 1e-16:
            n += 1
            term *= x / n
            total += term
        return max(0.0, 1 - total * scale)
    tiny = 1e-300  # Q(a, x) by its continued fraction (modified Lentz)
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    fraction = d
    for i in range(1, 10_000):
        step = -i * (i - a)
        b += 2
        d = step * d + b
        d = tiny if abs(d) < tiny else d
        c = b + step / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        fraction *= d * c
        if abs(d * c - 1) < 1e-16:
            break
    return min(1.0, fraction * scale)


@dataclass(frozen=True, slots=True)
class Tally:
    """The dice of a set of rolls: per die size, and the rolls that held none the page could count."""

    dice: list[DieCounts]
    rolls: int
    uncounted: dict[str, int]  # a kind's name -> its rolls whose dice are not counted


class _Counting:
    """One tally being counted, roll by roll."""

    def __init__(self) -> None:
        self.faces: dict[Die, Counter] = defaultdict(Counter)
        self.rolls = 0
        self.uncounted: Counter = Counter()

    def add(self, dice: list[tuple[Die, int]] | None, name: str) -> None:
        self.rolls += 1
        if dice is None:
            self.uncounted[name] += 1
            return
        for die, face in dice:
            self.faces[die][face] += 1

    def tally(self) -> Tally:
        return Tally([die_counts(die, self.faces[die]) for die in sorted(self.faces)], self.rolls, dict(self.uncounted))


def _dice_of(kind, stored: StoredRoll, audience: Audience) -> list[tuple[Die, int]] | None:
    """The dice of a stored roll an audience may see; None when its kind does not say (not counted)."""
    reader = getattr(kind, "fair_dice", None)
    return None if reader is None else list(reader(stored, audience))


def fairness(campaign, audience: Audience, session=None) -> dict[str, Tally]:
    """The tallies of the campaign's rolls (or of one session's): `table`, the rolls the table
    sees with the dice it sees; for the GM also `everything`, secret rolls and hidden dice too.
    One query, whatever the number of rolls."""
    rolls = campaign.rolls.order_by()
    if session is not None:
        rolls = rolls.filter(created_at__gte=session.started_at)
        if session.ended_at is not None:
            rolls = rolls.filter(created_at__lt=session.ended_at)
    table, everything = _Counting(), _Counting()
    fields = ("kind", "visibility", "request", "outcome", "reveal")
    for values in rolls.values_list(*fields).iterator(chunk_size=500):
        stored = StoredRoll(*values)
        try:
            kind = registry.kind(stored.kind)
        except SystemNotInstalled:
            kind = None
        name = kind.name if kind is not None else stored.kind
        if stored.visibility == Roll.Visibility.TABLE:
            table.add(_dice_of(kind, stored, Audience.TABLE), name)
        if audience is Audience.GM:
            everything.add(_dice_of(kind, stored, Audience.GM), name)
    tallies = {"table": table.tally()}
    if audience is Audience.GM:
        tallies["everything"] = everything.tally()
    return tallies
