"""The explorer's pip budget (seed: "Advancements, Endeavors and Die Codes"): each advancement
earns die pips (rules.cgg.advancement), and raising an attribute spends them at the code's dice
per pip (2D to 3D = 6 pips).

Interpretations (published on /rules/#cgg):
- The codes an explorer has when the Exec awards the first advancement are their creation
  codes, the baseline; from then on the sheet accepts a code only if the pips spent above the
  baseline fit what was earned, and never a code below the baseline.
- "3x the Critical Count" is the Crisis Clock's critical count as it stands at the award
  (the seed counts critical crises, not critical rolls); the count is not reset by an award.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from rules.cgg.advancement import advancement_pips, brings_endeavor, raise_cost
from rules.cgg.codes import parse_code
from rules.errors import RulesError


def pips_spent(baseline: Mapping[str, str], attributes: Mapping[str, str]) -> int:
    """Pips spent raising each attribute from its baseline code to its current one."""
    spent = 0
    for name, start in baseline.items():
        before, now = parse_code(start), parse_code(attributes.get(name, start))
        if now.total_pips < before.total_pips:
            raise RulesError(f"{name.title()} cannot go below {before}, its code before the advancements.")
        spent += raise_cost(before, now.total_pips - before.total_pips)
    return spent


@dataclass(frozen=True, slots=True)
class Advancement:
    """How many advancements the explorer has had, the pips and endeavors they earned, and the
    attribute codes the pips are spent from."""

    count: int = 0
    earned: int = 0
    endeavors: int = 0
    baseline: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if min(self.count, self.earned, self.endeavors) < 0:
            raise RulesError("Advancements, pips and endeavors are never negative.")

    def award(self, critical_count: int, attributes: Mapping[str, str] | None = None) -> Advancement:
        """The next advancement: its pips plus 3 per critical count, an endeavor at the 2nd, 4th and
        6th; the first one fixes the baseline at the codes the explorer has."""
        number = self.count + 1
        return replace(
            self,
            count=number,
            earned=self.earned + advancement_pips(number, critical_count),
            endeavors=self.endeavors + brings_endeavor(number),
            baseline=dict(self.baseline or attributes or {}),
        )

    def check(self, attributes: Mapping[str, str]) -> int:
        """The pips the codes spend, or RulesError if they spend more than was earned."""
        spent = pips_spent(self.baseline, attributes)
        if spent > self.earned:
            raise RulesError(
                f"These codes cost {spent} advancement pips, but only {self.earned} were earned: "
                f"lower a code by {spent - self.earned} {"pip's" if spent - self.earned == 1 else "pips'"} worth."
            )
        return spent

    def check_endeavors(self, endeavors: list[str]) -> None:
        """Endeavors are written on the sheet once earned (one at the 2nd, 4th and 6th advancement)."""
        if len(endeavors) > self.endeavors:
            raise RulesError(
                f"Endeavors: {self.endeavors} earned so far (one at the 2nd, 4th and 6th advancement), "
                f"not {len(endeavors)}."
            )

    def as_dict(self) -> dict[str, Any]:
        return {
            "count": self.count,
            "earned": self.earned,
            "endeavors": self.endeavors,
            "baseline": dict(self.baseline),
        }

    @classmethod
    def from_dict(cls, raw: Any) -> Advancement:
        if not isinstance(raw, Mapping):
            raise RulesError("The advancement record is not readable.")
        numbers = [raw.get(key, 0) for key in ("count", "earned", "endeavors")]
        baseline = raw.get("baseline", {})
        if not all(isinstance(n, int) for n in numbers) or not isinstance(baseline, Mapping):
            raise RulesError("The advancement record is not readable.")
        return cls(*numbers, baseline={str(k): str(parse_code(str(v))) for k, v in baseline.items()})
