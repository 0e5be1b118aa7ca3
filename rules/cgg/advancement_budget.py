"""The explorer's pip budget (seed: "Advancements, Endeavors and Die Codes"): each advancement
earns die pips (rules.cgg.advancement), and raising an attribute spends them at the code's dice
per pip (2D to 3D = 6 pips).

Interpretations (published on /rules/#cgg):
- The codes an explorer has when the Exec awards the first advancement are their creation
  codes, the baseline; from then on the sheet accepts a code only if the pips spent above the
  baseline fit what was earned, and never a code below the baseline.
- "3x the Critical Count" is the Crisis Clock's critical count as it stands at the award
  (the seed counts critical crises, not critical rolls); the count is not reset by an award.
- An advancement given by mistake can be taken back, the last one only, in the session it was
  given in (`last_session`, the table's mark for it), and only while the pips it brought are not
  spent nor its endeavor written: the record then is as it was before it.
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
    last_pips: int = 0  # what the last advancement brought, while it can be taken back; 0: it cannot
    last_session: int | None = None  # the session it was given in (None: between sessions)

    def __post_init__(self) -> None:
        if min(self.count, self.earned, self.endeavors, self.last_pips) < 0:
            raise RulesError("Advancements, pips and endeavors are never negative.")

    def award(
        self, critical_count: int, attributes: Mapping[str, str] | None = None, session: int | None = None
    ) -> Advancement:
        """The next advancement: its pips plus 3 per critical count, an endeavor at the 2nd, 4th and
        6th; the first one fixes the baseline at the codes the explorer has. `session`: the session
        it is given in, the one it can be taken back in."""
        number = self.count + 1
        pips = advancement_pips(number, critical_count)
        return replace(
            self,
            count=number,
            earned=self.earned + pips,
            endeavors=self.endeavors + brings_endeavor(number),
            baseline=dict(self.baseline or attributes or {}),
            last_pips=pips,
            last_session=session,
        )

    def can_take_back(self, session: int | None) -> bool:
        return bool(self.last_pips) and self.last_session == session

    def take_back(self, attributes: Mapping[str, str], endeavors: list[str], session: int | None = None) -> Advancement:
        """The record as it was before the last advancement, given in `session`; refused once its pips
        are spent or its endeavor is written (lower the codes, or remove the endeavor, first)."""
        if not self.last_pips:
            raise RulesError("There is no advancement to take back: only the last one, once.")
        if self.last_session != session:
            raise RulesError("An advancement is taken back in the session it was given in; this one stays.")
        number = self.count
        before = Advancement(
            count=number - 1,
            earned=self.earned - self.last_pips,
            endeavors=self.endeavors - brings_endeavor(number),
            baseline=dict(self.baseline) if number > 1 else {},
        )
        spent = pips_spent(self.baseline, attributes)
        if spent > before.earned:
            raise RulesError(
                f"The codes spend {spent} advancement pips; without advancement {number} only {before.earned} "
                "are earned: lower a code on the sheet first."
            )
        if len(endeavors) > before.endeavors:
            raise RulesError(f"Advancement {number}'s endeavor is written on the sheet: remove it first.")
        return before

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
        last = {"last": {"pips": self.last_pips, "session": self.last_session}} if self.last_pips else {}
        return {
            "count": self.count,
            "earned": self.earned,
            "endeavors": self.endeavors,
            "baseline": dict(self.baseline),
        } | last

    @classmethod
    def from_dict(cls, raw: Any) -> Advancement:
        if not isinstance(raw, Mapping):
            raise RulesError("The advancement record is not readable.")
        numbers = [raw.get(key, 0) for key in ("count", "earned", "endeavors")]
        baseline = raw.get("baseline", {})
        last = raw.get("last") or {}
        if not all(isinstance(n, int) for n in numbers) or not isinstance(baseline, Mapping):
            raise RulesError("The advancement record is not readable.")
        if not isinstance(last, Mapping) or not isinstance(last.get("pips", 0), int):
            raise RulesError("The advancement record is not readable.")
        session = last.get("session")
        if session is not None and not isinstance(session, int):
            raise RulesError("The advancement record is not readable.")
        return cls(
            *numbers,
            baseline={str(k): str(parse_code(str(v))) for k, v in baseline.items()},
            last_pips=last.get("pips", 0),
            last_session=session,
        )
