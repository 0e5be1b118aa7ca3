"""The odds as a picture: a bar chart of a roll's exact outcome distribution,
drawn on the server as SVG beside each roll form, with the player's chance marked and,
after a roll, where it landed.

Colour is never the only signal: a bar that succeeds is filled, a partial success is
dashed, a failure is an outline, and the chart's text says the same in words.

Plain notation's chart is here; each system's, drawn from its rules package's exact
chances, is in `campaigns/systems/<key>/chart.py`."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from campaigns.templatetags.dice import percent
from rules import RulesError, dice, notation
from rules.dice import Comparison, Notation
from rules.notation import Expression

MAX_BARS = 120  # more totals than this get the odds in words only
WIDTH, HEIGHT, BASE = 320, 96, 112  # the drawing's units: bars stand on BASE, labels below it
LINE, CHAR = 12, 5.8  # a label's line height, and a generous width of one of its characters (10 px text)


class Fill(StrEnum):
    GOOD = "good"  # filled
    PARTIAL = "partial"  # dashed
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
    label_lines: tuple[str, ...] = ()

    @property
    def label_dys(self) -> list[tuple[str, int]]:
        """Each line of the label with its offset from the one above (for `<tspan dy=…>`)."""
        return [(line, 0 if i == 0 else LINE) for i, line in enumerate(self.label_lines)]

    @property
    def middle(self) -> float:
        return self.x + self.width / 2

    @property
    def label_x(self) -> float:
        """Where the label is centred: under the bar, moved in just enough to stay inside the
        drawing (a "-1" under the first narrow bar was cut at the edge at 360 px)."""
        half = max((len(line) for line in self.label_lines), default=0) * CHAR / 2
        return min(max(self.middle, half), WIDTH - half)

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
        room = step * label_every - CHAR  # a label may take its share of the width, less a gap
        drawn = []
        for i, bar in enumerate(self.bars):
            height = float(bar.chance / tallest) * HEIGHT
            shown = bar.landed or (i % label_every == 0 and not any(b.landed for b in self.bars[i - 1 : i + 2]))
            lines = _wrapped(bar.label, room)
            drawn.append(DrawnBar(bar, i * step + step * 0.1, BASE - height, step * 0.8, height, shown, lines))
        return drawn

    @property
    def view_height(self) -> int:
        """The drawing's height: the bars, and room below them for the longest label's lines."""
        rows = max((len(_wrapped(bar.label, WIDTH / len(self.bars) - CHAR)) for bar in self.bars), default=1)
        return BASE + 20 + LINE * (rows - 1)

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


@functools.lru_cache(maxsize=512)
def chart_html(chart: Chart) -> SafeString:
    """The chart drawn (campaigns/chart.html). A chart is a value, the same for every viewer, and a roll's
    answer draws one of a few per notation (a bar landed on): drawing it costs a third of a roll's post."""
    return render_to_string("campaigns/chart.html", {"chart": chart})


def _wrapped(label: str, room: float) -> tuple[str, ...]:
    """The label in lines that fit `room` (words are not split): four outcomes side by side
    ("Failure, risk avoided", "Success, risk") overlapped on one line at any width, since the
    drawing scales as a whole."""
    lines: list[str] = []
    for word in label.split():
        if lines and len(lines[-1] + " " + word) * CHAR <= room:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return tuple(lines) or ("",)


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
    roll: Expression | Notation, target: int | None, comparison: Comparison, *, landed: int | None = None
) -> Chart | None:
    """A notation roll: every total (or success count), the ones that meet the target filled
    (all of them without one). None when too large to count: the odds say why in words."""
    plain = roll if isinstance(roll, Notation) else roll.plain
    if plain is not None and plain.maximum - plain.minimum + 1 > MAX_BARS:
        return None
    try:
        chances = dice.distribution(plain) if plain is not None else notation.distribution(roll)
    except RulesError:
        return None
    title = f"{roll}" + (f" {comparison.symbol} {target}" if target is not None else "")
    chart = totals_chart(
        title,
        chances,
        (lambda total: True) if target is None else (lambda total: comparison.holds(total, target)),
        landed=landed,
    )
    return chart if target is not None or chart is None else Chart(chart.title, chart.bars, None, chart.axis)


def categories_chart(title: str, parts: list[tuple[str, Fraction, Fill]], *, landed: str | None = None) -> Chart:
    """Bars for named outcomes (Fail, Match, Win; a d100 test's four results)."""
    bars = tuple(Bar(label, p, fill, label == landed) for label, p, fill in parts)
    chance = sum((bar.chance for bar in bars if bar.fill is Fill.GOOD), Fraction(0))
    return Chart(title, bars, chance, axis="outcome")
