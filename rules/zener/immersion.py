"""Learning a language by immersion (seed: "In-game language acquisition & improvement").

"Languages can be obtained through immersion and attempted usage. To do so, the character spends the
required time period as indicated below and makes a LAN check. If he succeeds, he acquires a rank":
3 hours for the language at 0 ranks, 6 more for a 1st rank, 12 more for a 2nd, 24 more for the 3rd
(rules.zener.languages.immersion). A failed check restarts the interval ("if not, the 6-hour
interval restarts"). Interpretations (published on /rules/zener/):
- Each check is a LAN check at the ranks held before the step (rules.zener.languages.learning_check),
  the ranks' modifier a bonus: the step from 0 ranks to 1 is at +15, from 1 to 2 at +10, from 2 to 3 at
  +5. The 3 hours that acquire the language at 0 ranks are at +15 too, there being no fewer ranks; so are the hours that
  adjust the ear, as the French example says ("a LAN check at +15").
- An era shift is "paid off" first: for each whole rank of the GM's estimate of the era's change (the
  French example: 1), 6 hours and a LAN check at +15; then the rank's own clock runs. Hours already
  counted toward the next rank are kept ("it resumes at the next opportunity").
- The clock keeps running across steps: hours beyond one interval count toward the next, and an
  immersion of many hours may make several checks. At 3 ranks the clock stops; hours beyond are unused.
- "The normal mechanics surrounding die rolls are also in force ... characters can choose to delay the roll,
  spending extra time to improve the likelihood of success": a delay of the time chart's x1.5 to x10 (index 1
  to 4) is chosen for one immersion; each interval it completes needs its hours times the multiplier, rounded
  up, and its check gets the index as a bonus. The clock holds the hours spent: hours on it count toward the
  interval at the delay of the immersion that adds to it (`delayed_hours`).
- A failed check made after all by Karma (a re-roll or +5) is made as it stood: the rank (or the era rank) is
  gained, and the hours past the interval, which the restart had kept, count toward the next (`made_after_all`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from math import ceil
from typing import Any

from rules.dice import DiceSource
from rules.errors import RulesError
from rules.zener.checks import Check, CheckRoll, roll_check
from rules.zener.languages import MAX_RANKS, immersion, learning_check
from rules.zener.tables import TIME_MULTIPLIERS

MAX_HOURS = 1000  # the hours one step may add
MAX_EAR = 3  # era ranks to pay off: a language holds at most 3
DELAYS = range(0, 5)  # the time chart's bonuses the brief asks for: x1 (none), x1.5, x2, x5, x10


def delayed_hours(hours: int, delay: int) -> int:
    """An interval's hours delayed by the time chart's index `delay` (x1.5 for 1 ... x10 for 4), rounded up
    (seed: "characters can choose to delay the roll, spending extra time to improve the likelihood of
    success"; the check then gets `delay` as a bonus, as "x10 time +4")."""
    if isinstance(delay, bool) or delay not in DELAYS:
        raise RulesError("An immersion check may be delayed by x1.5 to x10 time (the time chart's +1 to +4).")
    return ceil(hours * Fraction(str(TIME_MULTIPLIERS[delay])))


@dataclass(frozen=True, slots=True)
class Clock:
    """One language's immersion clock: the language learned (`name`, `era`: on the sheet, or not yet),
    the era whose speakers the character is among, the hours toward its next rank, and the era ranks
    still to pay off (`ear`) with the hours toward the current one."""

    name: str
    era: str
    among: str
    hours: int = 0
    ear: int = 0
    ear_hours: int = 0

    def __post_init__(self) -> None:
        if not (self.name.strip() and self.era.strip() and self.among.strip()):
            raise RulesError("An immersion names the language and the era of its speakers.")
        if not 0 <= self.ear <= MAX_EAR:
            raise RulesError(f"An era shift pays off 0 to {MAX_EAR} ranks (the GM's estimate).")
        if min(self.hours, self.ear_hours) < 0:
            raise RulesError("Hours of immersion are counted from 0.")

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "era": self.era,
            "among": self.among,
            "hours": self.hours,
            "ear": self.ear,
            "ear_hours": self.ear_hours,
        }


def sheet_clocks(raw: Any) -> list[dict[str, Any]]:
    """The sheet's immersion clocks, as stored (one per language)."""
    if not isinstance(raw, list):
        raise RulesError("Immersion clocks are a list.")
    clocks = []
    for item in raw:
        if not isinstance(item, Mapping):
            raise RulesError("Each immersion clock names its language.")
        numbers = {}
        for key in ("hours", "ear", "ear_hours"):
            value = item.get(key, 0)
            if isinstance(value, bool) or not isinstance(value, int):
                raise RulesError("Hours of immersion are whole numbers.")
            numbers[key] = value
        text = {key: str(item.get(key, "")).strip()[:60] for key in ("name", "era", "among")}
        clocks.append(Clock(**text, **numbers).as_dict())
    return clocks


def start_clock(found: Clock | None, *, name: str, era: str, among: str, era_ranks: int) -> Clock:
    """The clock for immersion in `among`'s usage of the language (`name`, `era`). The same era's speakers
    carry on the clock as it stands; another era's shift (`era_ranks`, the GM's estimate) is paid off
    first, and the hours toward the next rank wait (seed: "it resumes at the next opportunity. If there is
    an era shift (quite likely), the modifier due to era must be 'paid off' first")."""
    if found is not None and found.among == among:
        return found
    ear = era_ranks if among != era else 0
    return Clock(name, era, among, hours=found.hours if found else 0, ear=ear)


@dataclass(frozen=True, slots=True)
class Step:
    """One interval completed and its LAN check: "acquire" (0 ranks), "rank" (to `to`) or "ear"."""

    kind: str
    hours: int
    ranks: int  # the ranks whose modifier the check took
    to: int | None  # the ranks it gives on success (None: an ear adjusted)
    roll: CheckRoll
    delay: int = 0  # the time chart's index the check was delayed by, its bonus


@dataclass(frozen=True, slots=True)
class Immersion:
    steps: tuple[Step, ...]
    held: int | None  # the language's ranks after (None: not acquired yet)
    clock: Clock
    unused: int  # hours past 3 ranks, which count toward nothing
    delay: int = 0

    @property
    def next_hours(self) -> int | None:
        """The hours the next step needs, or None at 3 ranks."""
        if self.held == MAX_RANKS and not self.clock.ear:
            return None
        return delayed_hours(immersion(self.held, self.clock.ear)[0], self.delay)


def immerse(
    clock: Clock, held: int | None, hours: int, *, lan: int, related: int, dice: DiceSource, delay: int = 0
) -> Immersion:
    """`hours` more of immersion on `clock` for a language held at `held` ranks (None: not yet). Each
    completed interval (its hours delayed by `delay`, `delayed_hours`) rolls its LAN check (`lan` in play,
    +2 per related language, + `delay`): success gives the rank (or pays off one era rank), failure restarts
    that interval. Returns the checks and the clock after."""
    if isinstance(hours, bool) or not 1 <= hours <= MAX_HOURS:
        raise RulesError(f"Immersion adds 1 to {MAX_HOURS} hours at a time.")
    delayed_hours(1, delay)  # refuses a delay off the chart's bonuses
    if held == MAX_RANKS and not clock.ear:
        raise RulesError(f"{clock.name} ({clock.era}) is already 3 ranks (colloquial): immersion adds no more.")
    if clock.ear:
        clock = replace(clock, ear_hours=clock.ear_hours + hours)
    else:
        clock = replace(clock, hours=clock.hours + hours)
    return _advance(clock, held, lan=lan, related=related, dice=dice, delay=delay)


def made_after_all(
    clock: Clock, held: int | None, failed: Step, *, lan: int, related: int, dice: DiceSource, delay: int = 0
) -> Immersion:
    """The last check of an immersion, `failed`, made after all (Karma: a re-roll or +5; seed: "characters can
    use experience/karma to improve their chances or re-roll a failed roll"). `clock` and `held` stand as the
    failure left them: the interval's hours were spent either way, so the rank (or era rank) is gained and the
    hours past it count toward the next step, whose check is rolled if they complete it."""
    if failed.roll.success:
        raise RulesError("That immersion check was already made.")
    ear, ear_hours, hours = clock.ear, clock.ear_hours, clock.hours
    if failed.kind == "ear":
        ear -= 1
        if not ear:  # the ear is adjusted: the hours past it start the rank's clock
            hours, ear_hours = hours + ear_hours, 0
    else:
        held = failed.to
    made = replace(clock, hours=hours, ear=ear, ear_hours=ear_hours)
    return _advance(made, held, lan=lan, related=related, dice=dice, delay=delay)


def _advance(clock: Clock, held: int | None, *, lan: int, related: int, dice: DiceSource, delay: int) -> Immersion:
    """Roll the checks of every interval the clock's hours complete (immerse)."""
    steps: list[Step] = []
    hours_left, ear_hours, ear = clock.hours, clock.ear_hours, clock.ear
    while not (held == MAX_RANKS and not ear):
        base, gives = immersion(held, ear)
        need = delayed_hours(base, delay)
        if ear:
            if ear_hours < need:
                break
            ear_hours -= need
            rolled = roll_check(_delayed(learning_check(lan, 0, related), delay), dice)
            steps.append(Step("ear", need, 0, None, rolled, delay))
            if rolled.success:
                ear -= 1
                if not ear:  # the ear is adjusted: the hours past it start the rank's clock
                    hours_left, ear_hours = hours_left + ear_hours, 0
            continue
        if hours_left < need:
            break
        hours_left -= need
        ranks = 0 if held is None else held
        rolled = roll_check(_delayed(learning_check(lan, ranks, related), delay), dice)
        steps.append(Step("acquire" if held is None else "rank", need, ranks, gives, rolled, delay))
        if rolled.success:
            held = gives
    unused = hours_left if held == MAX_RANKS and not ear else 0
    after = replace(clock, hours=hours_left - unused, ear=ear, ear_hours=ear_hours)
    return Immersion(tuple(steps), held, after, unused, delay)


def _delayed(check: Check, delay: int) -> Check:
    """The check with the delay's index as a bonus (a stat check's modifier is a bonus: rules.zener.checks)."""
    return replace(check, target=check.target + delay)
