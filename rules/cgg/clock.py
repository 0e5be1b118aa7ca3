"""The Crisis Clock (seed: "Crisis Clock").

Interpretations (published on /rules/#cgg):
- A payment that would take the clock below 0 is refused, not cut short:
  the player cannot pay hours the clock does not have.
- Gains stop at the maximum; hours above it are lost.
- While in crisis the clock neither pays nor gains: Wrench uses are refused,
  Hammer uses still happen but gain no hours.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.errors import RulesError

ONE_ROLE_HOURS, TWO_ROLE_HOURS = 12, 9
ONE_ROLE_CRITICAL, TWO_ROLE_CRITICAL = 12, 6


def clock_maximum(roles: int) -> int:
    if roles not in (1, 2):
        raise RulesError("An explorer has one or two roles.")
    return ONE_ROLE_HOURS if roles == 1 else TWO_ROLE_HOURS


def critical_maximum(roles: int) -> int:
    return ONE_ROLE_CRITICAL if clock_maximum(roles) == ONE_ROLE_HOURS else TWO_ROLE_CRITICAL


@dataclass(frozen=True, slots=True)
class CrisisClock:
    hours: int
    roles: int = 1
    in_crisis: bool = False
    critical_count: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.hours <= clock_maximum(self.roles):
            raise RulesError(f"The clock holds 0 to {clock_maximum(self.roles)} hours.")
        if not 0 <= self.critical_count <= critical_maximum(self.roles):
            raise RulesError(f"The critical count is 0 to {critical_maximum(self.roles)}.")

    @classmethod
    def full(cls, roles: int = 1) -> CrisisClock:
        return cls(hours=clock_maximum(roles), roles=roles)

    @property
    def maximum(self) -> int:
        return clock_maximum(self.roles)

    def pay(self, hours: int) -> CrisisClock:
        """Take hours off the clock; reaching 0 starts the crisis."""
        if hours < 0:
            raise RulesError("Pay a positive number of hours.")
        if self.in_crisis:
            raise RulesError("The explorer is in crisis: no hours can be paid until the Exec resolves it.")
        if hours > self.hours:
            raise RulesError(f"The clock has only {self.hours} hour{'s' if self.hours != 1 else ''} left.")
        left = self.hours - hours
        return replace(self, hours=left, in_crisis=left == 0)

    def gain(self, hours: int) -> CrisisClock:
        """Put hours on the clock, up to its maximum; none while in crisis."""
        if hours < 0:
            raise RulesError("Gain a positive number of hours.")
        if self.in_crisis:
            return self
        return replace(self, hours=min(self.maximum, self.hours + hours))

    def resolve_crisis(self, die: int, critical: bool = False) -> CrisisClock:
        """The Exec resolves the crisis: the clock gets 3 + one die's hours (capped);
        a critical crisis adds one critical count."""
        if not self.in_crisis:
            raise RulesError("The explorer is not in crisis.")
        if not 1 <= die <= 6:
            raise RulesError("The crisis die is a d6.")
        critical_count = self.critical_count + 1 if critical else self.critical_count
        if critical_count > critical_maximum(self.roles):
            raise RulesError("The critical count is full.")
        return replace(self, hours=min(self.maximum, 3 + die), in_crisis=False, critical_count=critical_count)
