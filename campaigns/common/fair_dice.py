"""The dice the fairness page counts (campaigns/secrets/fairness.py), as each kind of roll names them in
its `fair_dice(roll, audience)`: a module of its own, importing nothing, so that every kind may
import it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, order=True)
class Die:
    """A kind of die as the fairness page counts it: `sides` faces from `low` up."""

    sides: int
    low: int = 1  # a Fate die's faces are -1 to 1; a percentile die's digit 0 to 9

    @property
    def faces(self) -> range:
        return range(self.low, self.low + self.sides)

    @property
    def label(self) -> str:
        if self.low == -1 and self.sides == 3:
            return "dF (Fate)"
        if self.low == 1:
            return f"d{self.sides}"
        return f"d{self.sides} read {self.low}–{self.low + self.sides - 1}"


FATE_DIE = Die(3, -1)
# The d100 system's tens, units and assist dice are d10s read as a digit 0-9 (rules/d100/test.py):
# counted as such, apart from the d10s read 1-10. Notation's d% is one d100 (faces 1-100).
PERCENTILE_DIGIT = Die(10, 0)
