"""Effects and their Features (seed: "Effect Ranks", "Profit and Waste").

Interpretations (published on /rules/#tribute):
- An effect without features takes Profit and Waste on its own rank; an effect
  with features takes them on its features (the effect's rank is what it was bought at).
- Each named bonus effect (e.g. knockback) costs one Profit.
- Profit may be left unused; Waste must all land, on features or as complications
  the GM narrates. Profit cancels Waste one for one, at the player's option.
- A final rank outside 0-5 is refused, not cut: the player assigns again.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import NoReturn

from rules.errors import RulesError

MAX_EFFECT_RANK = 5
_NAMED_RANK = re.compile(r"(?P<name>.*\S)\s+(?P<rank>-?[0-9]{1,3})")
_LINE_FORM = "'Name rank | feature rank, feature rank | bonus, bonus'"
# A name is words: letters, digits, spaces and ' ’ - . ( ) & /. Anything else (a ';' or ':'
# meant as a separator, say) would be swallowed into a name: "damage 2; range" at rank 1.
_NAME = re.compile(r"[\w\s'’.()&/-]+")
_STRAY = re.compile(r"[^\w\s'’.()&/-]")


def parse_effect_line(line: str) -> dict:
    """One effect as a sheet's text line writes it: `Punch 2 | damage 2, range 1 | knockback`
    (features and bonuses optional). Every part must be understood: anything else is a
    RulesError naming the line and the part, never dropped."""

    def refuse(part: str, why: str) -> NoReturn:
        raise RulesError(f"'{line}': '{part}' {why}")

    def named_rank(part: str, what: str, whole: str) -> dict:
        match = _NAMED_RANK.fullmatch(part)
        if match is None:
            refuse(whole, f"is not {what} with its rank, e.g. '{'Punch 2' if what == 'an effect' else 'damage 2'}'.")
        words(match["name"], whole)
        return {"name": match["name"], "rank": int(match["rank"])}

    def words(name: str, whole: str) -> None:
        if not _NAME.fullmatch(name):
            stray = _STRAY.search(name)[0]
            refuse(
                whole,
                f"has '{stray}': names are letters, digits, spaces and ' - . ( ) & /; separate features and "
                f"bonuses with commas and the three parts with '|', as in {_LINE_FORM}.",
            )

    def items(part: str) -> list[str]:
        found = [item.strip() for item in part.split(",")]
        if "" in found:
            refuse(part, "has an empty entry between commas.")
        return found

    parts = [part.strip() for part in line.split("|")]
    if len(parts) > 3:
        refuse(" | ".join(parts[3:]), f"is one part too many: a line is {_LINE_FORM}.")
    effect = named_rank(parts[0], "an effect", parts[0])
    features = items(parts[1]) if len(parts) > 1 and parts[1] else []
    bonuses = items(parts[2]) if len(parts) > 2 and parts[2] else []
    for bonus in bonuses:
        words(bonus, parts[2])
    features = [named_rank(item, "a feature", parts[1] if _STRAY.search(item) else item) for item in features]
    return {**effect, "features": features, "bonuses": bonuses}


@dataclass(frozen=True, slots=True)
class Feature:
    name: str
    rank: int

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise RulesError("Every feature has a name.")
        if not 0 <= self.rank <= MAX_EFFECT_RANK:
            raise RulesError(f"{self.name}: a feature's rank is 0 to {MAX_EFFECT_RANK}.")


@dataclass(frozen=True, slots=True)
class Effect:
    name: str
    rank: int
    features: tuple[Feature, ...] = ()
    bonuses: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise RulesError("Every effect has a name.")
        if not 1 <= self.rank <= MAX_EFFECT_RANK:
            raise RulesError(f"{self.name}: an effect's rank is 1 to {MAX_EFFECT_RANK}.")
        names = [feature.name for feature in self.features]
        if len(set(names)) != len(names):
            raise RulesError(f"{self.name}: feature names must differ.")

    @property
    def targets(self) -> dict[str, int]:
        """What Profit and Waste can change, with its current rank."""
        if not self.features:
            return {self.name: self.rank}
        return {feature.name: feature.rank for feature in self.features}


@dataclass(frozen=True, slots=True)
class Assignment:
    profit: Mapping[str, int] = field(default_factory=dict)
    waste: Mapping[str, int] = field(default_factory=dict)
    bonuses: tuple[str, ...] = ()
    cancelled: int = 0  # Profit spent cancelling Waste, one for one
    complications: int = 0  # Waste left to the GM as complications in the scene


@dataclass(frozen=True, slots=True)
class Resolution:
    ranks: dict[str, int]
    bonuses: tuple[str, ...]
    complications: int
    unused_profit: int


def assign(effect: Effect, profit: int, waste: int, assignment: Assignment) -> Resolution:
    """Apply the player's assignment of Profit and Waste to the effect."""
    if min(assignment.cancelled, assignment.complications) < 0:
        raise RulesError("Counts cannot be negative.")
    if assignment.cancelled > min(profit, waste):
        raise RulesError(f"Profit can cancel at most {min(profit, waste)} Waste here.")
    targets = effect.targets
    for part in (assignment.profit, assignment.waste):
        for name, count in part.items():
            if name not in targets:
                raise RulesError(f"{effect.name} has no feature called {name}.")
            if count < 0:
                raise RulesError("Counts cannot be negative.")
    unknown = set(assignment.bonuses) - set(effect.bonuses)
    if unknown:
        raise RulesError(f"{effect.name} has no bonus effect called {', '.join(sorted(unknown))}.")
    if len(set(assignment.bonuses)) != len(assignment.bonuses):
        raise RulesError("Each bonus effect is bought once.")
    profit_left = profit - assignment.cancelled
    spent = sum(assignment.profit.values()) + len(assignment.bonuses)
    if spent > profit_left:
        raise RulesError(f"That assigns {spent} Profit; there {'is' if profit_left == 1 else 'are'} {profit_left}.")
    waste_left = waste - assignment.cancelled
    landed = sum(assignment.waste.values()) + assignment.complications
    if landed != waste_left:
        raise RulesError(f"All {waste_left} Waste must land, on features or as complications; that places {landed}.")
    ranks = {}
    for name, rank in targets.items():
        final = rank + assignment.profit.get(name, 0) - assignment.waste.get(name, 0)
        if final > MAX_EFFECT_RANK:
            raise RulesError(f"Profit can't raise {name} beyond {MAX_EFFECT_RANK}.")
        if final < 0:
            raise RulesError(f"Waste can't lower {name} below 0.")
        ranks[name] = final
    return Resolution(ranks, tuple(assignment.bonuses), assignment.complications, profit_left - spent)
