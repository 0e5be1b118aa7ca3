"""Zener Gate languages (seed: "Languages", "Starting Languages", "In-game language usage",
"In-game language acquisition & improvement").

Interpretations (published on /rules/#zener):
- A language is bought in one aspect; the other of its natural pair is 1 rank less, the other two
  2 less, never below 0 (the 1920s Spanish example: spoken 3, heard 2, written 1, read 1).
- An era's change is the GM's estimate, 0 to 0.5 ranks an era step; ranks then round down, but a
  rank of 1 or more never falls below 1 (the text: "once you have a language, you always have at
  least one rank ... if the reduction is due to era").
- A language roll in use is a campaign setting (rules page, #zener-language-roll). By default it is a skill
  check, "modeled on the skills system": 3d6 at or under the aspect's ranks + the LAN foundation, +2 a
  related language; an era's lost rank is then the example's "-1 ... for era differences", and the ranks'
  "+15/+10/+5/+0" are immersion's (below). The other reading is the literal LAN stat check with the ranks'
  modifier against the roller (4d6 + 15/10/5/0 at or under LAN), under which LAN 10 at 1 rank succeeds once
  in 1,679,616.
- Immersion: 3 hours for 0 ranks, then 6, 12 and 24 hours for ranks 1, 2 and 3, each ended by a
  LAN check. An era shift is paid off first, 6 hours and a LAN check at 0 ranks (+15) for each
  whole rank the GM's era estimate takes (the 16th-century French example: one); the clock itself is
  rules.zener.immersion.
- Starting languages (checked on the sheet, `language_budget`): the native language is free at 3 ranks
  in all four aspects, 2 points for each rank given up; one free language at 1 rank per 5 INT (it
  covers a language's first 2 points: 0 ranks, then its first rank); and "ranks equal to their LAN
  skill" reads as the ranks of the sheet's skill on LAN (the highest, if several; none, 0 points).
  LAN is a stat; "ranks" and "skill" are a skill's words, and the text calls the gift "largely untapped
  prior to the start of play", which the LAN stat's 10 or so points would not be. Ranks learned in
  play ("learned", in points' worth) are not starting languages and cost nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import floor
from typing import Any

from rules.errors import RulesError
from rules.zener.checks import MAX_MODIFIER, Check, stat_check
from rules.zener.stats import MAX_RANKS as MAX_SKILL_RANKS
from rules.zener.stats import foundation

ASPECTS = ("spoken", "heard", "written", "read")
PAIRS = {"spoken": "heard", "heard": "spoken", "written": "read", "read": "written"}
RANK_NAMES = {3: "colloquial", 2: "functional", 1: "conversational", 0: "marginal"}
MAX_RANKS = 3
# Seed: "Zero ranks gives a modifier of +15, one rank gives +10, two gives +5, and three gives +0."
RANK_MODIFIER = {0: 15, 1: 10, 2: 5, 3: 0}  # seed: "Zero ranks gives a modifier of +15, ..."
RELATED_BONUS = 2  # seed: the older French "counts as a related skill, giving him +2"
MAX_ERA_LOSS = Fraction(1, 2)  # seed: "between 0 and 0.5" ranks an era step
# Seed: "3 hours acquires the local language at 0 ranks, 6 hours more adds a 1st rank ..., 12 hours
# more adds a second, and 24 hours more takes the ranks to 3." Key: the ranks held (None: none yet).
IMMERSION_HOURS = {None: 3, 0: 6, 1: 12, 2: 24}
ERA_HOURS = 6  # seed: "he has to first spend 6 hours (1 rank) adjusting his 'ear'"


def _aspect(name: str) -> str:
    if name not in ASPECTS:
        raise RulesError(f"A language's aspect is spoken, heard, written or read; not {name!r}.")
    return name


def _ranks(ranks: int) -> int:
    if not 0 <= ranks <= MAX_RANKS:
        raise RulesError(f"A language has 0 to {MAX_RANKS} ranks; {ranks} is not.")
    return ranks


def rank_name(ranks: int) -> str:
    """Seed: "3 ranks = colloquial, 2 ranks = functional, 1 rank = conversational, 0 ranks = marginal"."""
    return RANK_NAMES[_ranks(ranks)]


def aspects(bought: str, ranks: int) -> dict[str, int]:
    """All four aspects from the one bought: its pair 1 rank less, the others 2 less, at least 0."""
    _aspect(bought)
    _ranks(ranks)
    less = {bought: 0, PAIRS[bought]: 1}
    return {name: max(0, ranks - less.get(name, 2)) for name in ASPECTS}


def era_ranks(ranks: dict[str, int], loss: float, eras: int = 1) -> dict[str, int]:
    """The ranks `eras` steps from the language's era, after the GM's estimate of the change (`loss`
    ranks in all). Round down, except that a held rank never falls to 0 by era alone."""
    loss = Fraction(loss).limit_denominator(100)
    if eras < 0 or not 0 <= loss <= MAX_ERA_LOSS * eras:
        raise RulesError(
            f"An era changes a language by 0 to 0.5 ranks an era step; {float(loss):g} over {eras} is not."
        )
    return {name: max(1, floor(held - loss)) if held >= 1 else 0 for name, held in ranks.items()}


def sheet_language(raw: Any) -> dict[str, Any]:
    """One language on the sheet: its name, era, the aspect bought (or "native": seed, "their native
    language for free, 3 ranks in all four disciplines", with the ranks given up taken off `aspects`),
    its ranks, and `learned`: the points' worth gained in play (1 for the language at 0 ranks, 1 a rank),
    which the starting budget does not count."""
    if not isinstance(raw, Mapping) or not str(raw.get("name", "")).strip() or not str(raw.get("era", "")).strip():
        raise RulesError("Each language has a name and an era, e.g. 'Spanish, 1920s (spoken) 3'.")
    name, era, aspect = str(raw["name"]).strip()[:60], str(raw["era"]).strip()[:30], raw.get("aspect")
    if aspect == "native":
        given = raw.get("aspects", {})
        if not isinstance(given, Mapping) or set(given) - set(ASPECTS):
            raise RulesError(f"{name}: a native language's aspects are spoken, heard, written and read.")
        kept = {key: _whole(given.get(key, MAX_RANKS), f"{name} {key}") for key in ASPECTS}
        for key, value in kept.items():
            if not 0 <= value <= MAX_RANKS:
                raise RulesError(f"{name}: your native {key} is 0 to {MAX_RANKS} ranks; {value} is not.")
        return {"name": name, "era": era, "aspect": "native", "ranks": MAX_RANKS, "aspects": kept}
    _aspect(aspect)
    ranks = raw.get("ranks", 0)
    if isinstance(ranks, bool) or not isinstance(ranks, int):
        raise RulesError(f"{name}: its ranks are a whole number, 0 to {MAX_RANKS}.")
    language = {"name": name, "era": era, "aspect": aspect, "ranks": _ranks(ranks)}
    learned = _whole(raw.get("learned", 0), f"{name}'s ranks learned in play")
    if not 0 <= learned <= MAX_RANKS + 1:
        raise RulesError(f"{name}: ranks learned in play are 0 to {MAX_RANKS + 1} points' worth.")
    return language | ({"learned": learned} if learned else {})


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{what}: a whole number.")
    return value


def language_ranks(language: Mapping[str, Any]) -> dict[str, int]:
    """The four aspects of a language on the sheet."""
    if language["aspect"] == "native":
        return dict(language.get("aspects") or dict.fromkeys(ASPECTS, MAX_RANKS))
    return aspects(language["aspect"], language["ranks"])


LANGUAGE_AS_SKILL = 0  # the campaign setting "language_roll": 3d6, ranks + LAN foundation (the default)
LANGUAGE_AS_STAT = 1  # 4d6 + the ranks' modifier at or under LAN (the literal reading)


def language_check(
    lan: int, ranks: int, related: int = 0, reading: int = LANGUAGE_AS_SKILL, modifier: int = 0
) -> Check:
    """A language roll in use, +2 for each related language the GM accepts and the GM's `modifier` (a bonus).
    As a skill (rules page, #zener-language-roll): 3d6 at or under ranks + LAN foundation, a held language at
    0 ranks rolling as a skill of 0 ranks. As a LAN stat check: the ranks' modifier (+15 at 0 ranks) against
    the roller, fewer ranks making it harder."""
    if related < 0:
        raise RulesError("Related languages are counted from 0.")
    if abs(modifier) > MAX_MODIFIER:
        raise RulesError(f"A modifier is between -{MAX_MODIFIER} and {MAX_MODIFIER}.")
    if reading == LANGUAGE_AS_SKILL:
        return Check(3, _ranks(ranks) + foundation(lan) + RELATED_BONUS * related + modifier)
    return stat_check(lan, RELATED_BONUS * related - RANK_MODIFIER[_ranks(ranks)] + modifier)


def learning_check(lan: int, ranks: int, related: int = 0) -> Check:
    """The LAN check that ends an interval of immersion (rules.zener.immersion): the same modifier for the
    ranks held, as a bonus. Seed: the Chronosquad's gift "makes Chronosquad members able to learn languages
    really quickly", and the French example's ear check "at +15" may succeed or fail ("If he succeeds ...;
    if not, the 6-hour interval restarts"). Taken against the roller, as a language roll in use takes it,
    LAN 12 could never gain a first rank (4d6 + 15 at or under 12 is an impossible chance: 11d6 at or
    under 11, 1 in 362,797,056): the example rules, so a first rank is easy and the last is harder
    (published on the rules page)."""
    if related < 0:
        raise RulesError("Related languages are counted from 0.")
    return stat_check(lan, RELATED_BONUS * related + RANK_MODIFIER[_ranks(ranks)])


def immersion(ranks: int | None, era_steps: int = 0) -> tuple[int, int | None]:
    """(hours of immersion, the ranks a made LAN check then gives). With an era shift to pay off
    first, the hours adjust the ear, and a made check gives no rank (None): the clock starts after."""
    if ranks is not None and _ranks(ranks) == MAX_RANKS:
        raise RulesError("The language is already 3 ranks (colloquial): immersion adds no more.")
    if era_steps < 0:
        raise RulesError("Era steps are counted from 0.")
    if era_steps:
        return ERA_HOURS, None
    return IMMERSION_HOURS[ranks], 0 if ranks is None else ranks + 1


def language_points(*, intelligence: int, lan_skill: int, native_given_up: int) -> dict[str, int]:
    """Starting languages: one free language at 1 rank in one aspect per 5 INT; points to buy others,
    2 for each native rank given up (of 12) and the LAN skill's ranks (1 point buys a language at 0
    ranks, each further point one rank)."""
    if not 0 <= native_given_up <= 4 * MAX_RANKS:
        raise RulesError("The native language has 12 ranks to give up (3 in each aspect).")
    if not 0 <= lan_skill <= MAX_SKILL_RANKS:
        raise RulesError(f"A LAN skill has 0 to {MAX_SKILL_RANKS} ranks.")
    return {"free": max(0, intelligence) // 5, "points": 2 * native_given_up + lan_skill}


FREE_LANGUAGE_POINTS = 2  # seed: a free language is "at one rank": its 0 ranks (1 point) and first rank (1)


def starting_cost(language: Mapping[str, Any]) -> int:
    """Seed: "It costs 1 point to buy a language skill at 0 ranks ..., Each additional point spent improves
    one of the aspects by 1 rank"; less what was learned in play; the native language is free."""
    if language["aspect"] == "native":
        return 0
    return max(0, 1 + language["ranks"] - language.get("learned", 0))


def lan_skill(skills: list[Mapping[str, Any]]) -> tuple[str, int]:
    """(name, ranks) of "their LAN skill": the sheet's skill on LAN with the most ranks; ("", 0) if none."""
    on_lan = [skill for skill in skills if skill["stat"] == "LAN"]
    best = max(on_lan, key=lambda skill: skill["ranks"], default=None)
    return (best["name"], best["ranks"]) if best else ("", 0)


@dataclass(frozen=True, slots=True)
class LanguageBudget:
    """What a sheet's starting languages cost and what pays for them (seed: "Starting Languages")."""

    free: int  # free languages, one per 5 INT
    given_up: int  # native ranks given up, 2 points each
    lan_skill: str
    lan_ranks: int
    spent: int  # points beyond what the free languages cover

    @property
    def points(self) -> int:
        return 2 * self.given_up + self.lan_ranks

    @property
    def left(self) -> int:
        return self.points - self.spent


def language_budget(languages: list[Mapping[str, Any]], *, intelligence: int, skills: list) -> LanguageBudget:
    """The starting languages' budget. The free languages go to the costliest languages, each covering
    up to 2 points (a language at 1 rank); only one native language is free."""
    natives = [language for language in languages if language["aspect"] == "native"]
    if len(natives) > 1:
        raise RulesError(
            "One native language is free (" + ", ".join(n["name"] for n in natives) + " are all marked native): "
            "buy the others, e.g. 'Spanish, 1920s (spoken) 3'."
        )
    given_up = sum(MAX_RANKS - ranks for ranks in language_ranks(natives[0]).values()) if natives else 0
    name, ranks = lan_skill(skills)
    free = language_points(intelligence=intelligence, lan_skill=ranks, native_given_up=given_up)["free"]
    costs = sorted((starting_cost(language) for language in languages), reverse=True)
    spent = sum(max(0, cost - FREE_LANGUAGE_POINTS) if i < free else cost for i, cost in enumerate(costs))
    return LanguageBudget(free=free, given_up=given_up, lan_skill=name, lan_ranks=ranks, spent=spent)


def check_language_budget(budget: LanguageBudget) -> None:
    """Refuse an overspent sheet, saying what pays and what to change."""
    if budget.left >= 0:
        return
    lan = f"{budget.lan_skill} {budget.lan_ranks} (your LAN skill)" if budget.lan_skill else "no LAN skill (0)"
    raise RulesError(
        f"Your starting languages cost {budget.spent} point{'s' * (budget.spent != 1)} beyond your {budget.free} free "
        f"language{'s' if budget.free != 1 else ''} (one at 1 rank per 5 INT); you have {budget.points}: "
        f"2 for each native rank given up ({budget.given_up}) + {lan}. Buy fewer ranks, give up a native rank "
        "('English, 2020s (native) written 2'), or take ranks in a skill on LAN."
    )
