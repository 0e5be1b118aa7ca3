"""The odds as a picture (issue 10): a bar chart of a roll's exact outcome distribution,
drawn on the server as SVG beside each roll form, with the player's chance marked and,
after a roll, where it landed.

Colour is never the only signal: a bar that succeeds is filled, a partial success is
hatched, a failure is an outline, and the chart's text says the same in words."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from campaigns.templatetags.dice import percent
from rules.dice import Comparison, Notation, distribution, parse
from rules.ore.pool import best_height_distribution
from rules.tribute.roll import Outcome, outcome, result_distribution
from rules.zener.checks import judge

MAX_BARS = 120  # more totals than this get the odds in words only
WIDTH, HEIGHT, BASE = 320, 96, 112  # the drawing's units: bars stand on BASE, labels below it


class Fill(StrEnum):
    GOOD = "good"  # filled
    PARTIAL = "partial"  # hatched
    BAD = "bad"  # outlined


@dataclass(frozen=True, slots=True)
class Bar:
    label: str
    chance: Fraction
    fill: Fill
    landed: bool = False


@dataclass(frozen=True, slots=True)
class DrawnBar:
    bar: Bar
    x: float
    y: float
    width: float
    height: float
    show_label: bool

    @property
    def middle(self) -> float:
        return self.x + self.width / 2

    @property
    def mark_y(self) -> float:
        return self.y - 3


@dataclass(frozen=True, slots=True)
class Chart:
    title: str  # what was asked, e.g. "3d6+2, at least 12"
    bars: tuple[Bar, ...]
    chance: Fraction | None = None  # the chance of the filled bars, marked in the caption
    axis: str = ""  # what the bars count, e.g. "total"

    @property
    def has_partial(self) -> bool:
        return any(bar.fill is Fill.PARTIAL for bar in self.bars)

    @property
    def landed(self) -> Bar | None:
        return next((bar for bar in self.bars if bar.landed), None)

    def drawn(self) -> list[DrawnBar]:
        """Each bar's place in a WIDTH x BASE drawing, the tallest reaching HEIGHT; about
        a dozen labels along the bottom, always the landed bar's."""
        tallest = max((bar.chance for bar in self.bars), default=Fraction(0)) or Fraction(1)
        step = WIDTH / len(self.bars)
        label_every = max(1, round(len(self.bars) / 12))
        drawn = []
        for i, bar in enumerate(self.bars):
            height = float(bar.chance / tallest) * HEIGHT
            shown = bar.landed or (i % label_every == 0 and not any(b.landed for b in self.bars[i - 1 : i + 2]))
            drawn.append(DrawnBar(bar, i * step + step * 0.1, BASE - height, step * 0.8, height, shown))
        return drawn

    def described(self) -> str:
        """The chart in words, for screen readers and anyone who prefers them."""
        words = [self.title + "."]
        if self.chance is not None:
            words.append(f"Chance of success {percent(self.chance)}.")
        parts = [f"{bar.label}: {percent(bar.chance)}" for bar in self.bars if bar.chance]
        if len(parts) <= 12:
            words.append("; ".join(parts) + ".")
        if self.landed is not None:
            words.append(f"This roll: {self.landed.label}.")
        return " ".join(words)


def totals_chart(
    title: str, chances: dict[int, Fraction], good, *, landed: int | None = None, partial=lambda total: False
) -> Chart | None:
    """Bars for each total; `good(total)` says which succeed. None when there are too many to draw."""
    if not chances or len(chances) > MAX_BARS:
        return None
    bars = tuple(
        Bar(str(total), p, Fill.GOOD if good(total) else Fill.PARTIAL if partial(total) else Fill.BAD, total == landed)
        for total, p in sorted(chances.items())
    )
    chance = sum((bar.chance for bar in bars if bar.fill is Fill.GOOD), Fraction(0))
    return Chart(title, bars, chance, axis="total")


def notation_chart(
    notation: Notation, target: int | None, comparison: Comparison, *, landed: int | None = None
) -> Chart | None:
    """A plain roll: every total, the ones that meet the target filled (all of them without one)."""
    if notation.maximum - notation.minimum + 1 > MAX_BARS:
        return None
    title = f"{notation}" + (f" {comparison.symbol} {target}" if target is not None else "")
    chart = totals_chart(
        title,
        distribution(notation),
        (lambda total: True) if target is None else (lambda total: comparison.holds(total, target)),
        landed=landed,
    )
    return chart if target is not None or chart is None else Chart(chart.title, chart.bars, None, chart.axis)


def categories_chart(title: str, parts: list[tuple[str, Fraction, Fill]], *, landed: str | None = None) -> Chart:
    """Bars for named outcomes (Fail, Match, Win; a d100 test's four results)."""
    bars = tuple(Bar(label, p, fill, label == landed) for label, p, fill in parts)
    chance = sum((bar.chance for bar in bars if bar.fill is Fill.GOOD), Fraction(0))
    return Chart(title, bars, chance, axis="outcome")


# Each system's chart, from what its rules package computes exactly.


def zener_chart(count: int, target: int, *, landed: int | None = None) -> Chart | None:
    """The dice a check rolls (3d6 or 4d6, more after the impossible-chance rule: `Check.rolled`)
    at or under the target: each total."""
    return totals_chart(f"{count}d6 at or under {target}", distribution(_dice(count, 6)),
                        lambda total: judge(total, target)[0], landed=landed)  # fmt: skip


def tribute_chart(spec, opposition: int, *, landed: int | None = None) -> Chart | None:
    """Each result (highest FOCUS - highest BURDEN + rank): a Win filled, a Match dashed."""
    return totals_chart(
        f"Against opposition {opposition}",
        result_distribution(spec),
        lambda result: outcome(result, opposition) is Outcome.WIN,
        partial=lambda result: outcome(result, opposition) is Outcome.MATCH,
        landed=landed,
    )


def ore_chart(pool, difficulty: int, *, landed: int | None = None) -> Chart:
    """The height of the best set (0: no set); a set at the difficulty's height or above succeeds."""
    bars = tuple(
        Bar("no set" if height == 0 else str(height), p,
            Fill.GOOD if height >= max(difficulty, 1) else Fill.BAD, height == landed)
        for height, p in best_height_distribution(pool).items()
    )  # fmt: skip
    title = f"A set of height {difficulty} or more" if difficulty else "Any set"
    return Chart(title, bars, sum((b.chance for b in bars if b.fill is Fill.GOOD), Fraction(0)), axis="height")


def d100_chart(odds, *, landed: str | None = None) -> Chart:
    """A test's four results (rules.d100.test.chances)."""
    return categories_chart(
        "The test",
        [
            ("Critical failure", odds.critical_failure, Fill.BAD),
            ("Failure", 1 - odds.success - odds.critical_failure, Fill.BAD),
            ("Success", odds.success - odds.critical_success, Fill.GOOD),
            ("Critical success", odds.critical_success, Fill.GOOD),
        ],
        landed=landed,
    )


def cgg_chart(chances) -> Chart:
    """An action before Venture (rules.cgg.action.action_chances): success, and the risk when there is one."""
    if chances.risk_avoided is None:
        parts = [("Failure", 1 - chances.success, Fill.BAD), ("Success", chances.success, Fill.GOOD)]
    else:
        both, success, avoided = chances.both, chances.success, chances.risk_avoided
        parts = [
            ("Failure, risk", 1 - success - avoided + both, Fill.BAD),
            ("Failure, risk avoided", avoided - both, Fill.BAD),
            ("Success, risk", success - both, Fill.PARTIAL),
            ("Success, risk avoided", both, Fill.GOOD),
        ]
    chart = categories_chart("The action", parts)
    return Chart(chart.title, chart.bars, chances.success, chart.axis)


def _dice(count: int, sides: int) -> Notation:
    return parse(f"{count}d{sides}")
