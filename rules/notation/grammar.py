"""The grammar of extended dice notation, in Roll20's and Foundry's spelling.

A roll is terms joined by + and -; a term is a whole number or a pool:
`NdS` (or `NdF`, `d%`) followed by at most one of each operator, in any order:

    r<cmp> / rr<cmp>   re-roll while the die matches (Roll20 `r`, Foundry `rr`)
    ro<cmp>            re-roll once
    !  / !<cmp>        explode: roll again and add, on the highest face or on <cmp>
    khN klN kN         keep the N highest (k = kh) or lowest
    dhN dlN dN         drop the N highest or lowest (d = dl)
    <cmp> / cs<cmp>    count successes: the pool is worth the dice that meet it (Roll20 / Foundry)

<cmp> is `>=N`, `<=N`, `>N`, `<N`, `=N` or a bare `N` (equal), except for
bare success counting, which needs the sign. Reading (published on
/rules/#notation-explode-point): a point right after `!` belongs to
the explosion: `6d10!>=8` explodes on 8 to 10; to count successes of dice that
explode on 10, write `6d10>=7!` or `6d10!10>=7`.

Reading (published on /rules/#notation-reroll): `r` re-rolls until the die no longer
matches, as Roll20 and d20 do; Foundry's `r` re-rolls once, which is `ro` here.
Reading (published on /rules/#notation-compare): `>N` and `<N` are read as the spelling they
come in reads them. Roll20's (bare successes, `!`, `r`, `ro`) mean "N or more" and "N or less"
(`6d10>7` counts 7 to 10, `d10!>8` explodes on 8 to 10), and are kept as `>=N` and `<=N`;
Foundry's `cs` and `rr` are strict, as in Foundry (`6d10cs>7` counts 8, 9 and 10).
Reading (published on /rules/#notation-explode-cap): a die explodes at most CAP_EXPLOSIONS
times in a row; the odds count that cap exactly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.dice import MAX_DICE, MAX_MODIFIER, MAX_SIDES, DiceTerm, Notation, _bounded_int, signed_terms
from rules.errors import RulesError

CAP_EXPLOSIONS = 20
FATE = 0  # the sides of a Fate die (faces -1, 0, +1) in a Pool

_OPS = {">=": lambda a, b: a >= b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, "<": lambda a, b: a < b}
_OPS["="] = lambda a, b: a == b


@dataclass(frozen=True, slots=True)
class Compare:
    """A compare point: `>=7`, `<3`, `=1`."""

    op: str
    value: int

    def holds(self, face: int) -> bool:
        return _OPS[self.op](face, self.value)

    def __str__(self) -> str:
        return f"{self.op}{self.value}"


@dataclass(frozen=True, slots=True)
class Pool:
    """`count` dice of `sides` (FATE for dF) with their operators; `sign` +1 or -1."""

    count: int
    sides: int
    sign: int = 1
    reroll: Compare | None = None
    reroll_once: bool = False
    explode: Compare | None = None
    keep: str | None = None  # "kh", "kl", "dh" or "dl"
    keep_count: int = 0
    success: Compare | None = None

    def __post_init__(self) -> None:
        shown = self.dice_text()
        if self.count < 1:
            raise RulesError(f"Roll at least one die: '{shown}' rolls none.")
        if self.count > MAX_DICE:
            raise RulesError(f"At most {MAX_DICE} dice in one roll: '{shown}' has more.")
        if self.sides != FATE and not 2 <= self.sides <= MAX_SIDES:
            raise RulesError(f"A die has 2 to {MAX_SIDES} sides: '{shown}' has {self.sides}.")
        faces = self.faces
        if self.reroll and not self.reroll_once and all(self.reroll.holds(f) for f in faces):
            raise RulesError(f"'{self}' would re-roll forever: every face matches '{self.reroll}'.")
        if self.explode and self.sides == FATE:
            raise RulesError(f"'{self}': Fate dice do not explode.")
        if self.explode and all(self.explode.holds(f) for f in faces):
            raise RulesError(f"'{self}' explodes on every face: give a point some faces miss, e.g. d6!>5.")
        if self.keep:
            verb = "keep" if self.keep[0] == "k" else "drop"
            if not 1 <= self.keep_count <= self.count - (verb == "drop"):
                most = self.count if verb == "keep" else self.count - 1
                raise RulesError(f"'{self}': {self.count} dice can {verb} 1 to {most} of them, not {self.keep_count}.")
        if self.success and self.sign < 0:
            raise RulesError(f"'{self}' counts successes: it cannot be subtracted.")
        if self.success and self.explode and self.keep:
            raise RulesError(
                f"'{self}': counting successes of exploding dice that are kept or dropped is not supported."
            )

    @property
    def faces(self) -> tuple[int, ...]:
        return (-1, 0, 1) if self.sides == FATE else tuple(range(1, self.sides + 1))

    @property
    def plain(self) -> bool:
        return self.sides != FATE and not (self.reroll or self.explode or self.keep or self.success)

    @property
    def kept_highest(self) -> int | None:
        """How many of the highest dice count (keep lowest: None, see kept_lowest)."""
        return {"kh": self.keep_count, "dl": self.count - self.keep_count}.get(self.keep or "")

    @property
    def kept_lowest(self) -> int | None:
        return {"kl": self.keep_count, "dh": self.count - self.keep_count}.get(self.keep or "")

    def dice_text(self) -> str:
        return f"{self.count}d{'F' if self.sides == FATE else self.sides}"

    def __str__(self) -> str:
        text = self.dice_text()
        if self.reroll:
            foundry = _strict(self.reroll) and not self.reroll_once  # `rr` keeps `>` and `<` strict
            text += ("rr" if foundry else "ro" if self.reroll_once else "r") + _bare(self.reroll, foundry)
        if self.explode:
            # A bare `!` before a success point would take that point as its own: spell it out.
            default = self.explode == Compare("=", self.sides) and not self.success
            text += "!" + ("" if default else _bare(self.explode))
        if self.keep:
            text += f"{self.keep}{self.keep_count}"
        if self.success:
            text += ("cs" if _strict(self.success) else "") + str(self.success)
        return text


def _strict(compare: Compare) -> bool:
    return compare.op in (">", "<")


def _bare(compare: Compare, foundry: bool = False) -> str:
    """A compare point as written after `r`, `ro` or `!`: equal as a bare number; a strict one, which
    these Roll20 spellings would read as "or more"/"or less", as its inclusive twin (unless `foundry`)."""
    if compare.op == "=":
        return str(compare.value)
    if _strict(compare) and not foundry:
        return str(Compare(compare.op + "=", compare.value + (1 if compare.op == ">" else -1)))
    return str(compare)


@dataclass(frozen=True, slots=True)
class Expression:
    """A whole roll: pools and a fixed modifier, e.g. 4d6kh3+2 or 6d10>=7."""

    pools: tuple[Pool, ...]
    modifier: int = 0

    def __post_init__(self) -> None:
        if not self.pools:
            raise RulesError("A roll needs at least one die, e.g. 1d20 or 4d6kh3.")
        if sum(p.count for p in self.pools) > MAX_DICE:
            raise RulesError(f"At most {MAX_DICE} dice in one roll.")
        if abs(self.modifier) > MAX_MODIFIER:
            raise RulesError(f"The fixed part of a roll must stay within ±{MAX_MODIFIER}.")
        if any(p.success for p in self.pools) and len(self.pools) > 1:
            raise RulesError("A roll that counts successes has one pool of dice; roll other dice separately.")

    @property
    def counts_successes(self) -> bool:
        return self.pools[0].success is not None

    @property
    def plain(self) -> Notation | None:
        """The same roll in rules.dice's plain notation, when it has no operator."""
        if not all(p.plain for p in self.pools):
            return None
        return Notation(tuple(DiceTerm(p.count, p.sides, p.sign) for p in self.pools), self.modifier)

    def __str__(self) -> str:
        text = "".join(("+" if p.sign > 0 else "-") + str(p) for p in self.pools)
        if self.modifier:
            text += f"{self.modifier:+d}"
        return text.removeprefix("+")


_DICE = re.compile(r"(?P<count>[0-9]*)d(?P<sides>[0-9]+|%|f)")
_CMP = r"(?:>=|<=|>|<|=)"
_OPERATOR = re.compile(
    rf"(?P<reroll>r[or]?)(?P<rcmp>{_CMP}?)(?P<rn>[0-9]+)"
    rf"|cs(?P<cscmp>{_CMP}?)(?P<csn>[0-9]+)"
    rf"|!(?P<ecmp>{_CMP}?)(?P<en>[0-9]+)?"
    r"|(?P<keep>[kd][hl]?)(?P<kn>[0-9]+)"
    rf"|(?P<scmp>{_CMP})(?P<sn>[0-9]+)"
)


def parse(text: str) -> Expression:
    """Parse extended dice notation (see the module docstring), e.g. `4d6kh3`,
    `2d20kl1+5`, `d6!`, `d10r1`, `4dF+1`, `6d10>=7`, `6d10cs>7`. Spaces and case do not matter."""
    pools: list[Pool] = []
    modifier = 0
    for sign, term in signed_terms(text, "3d6+2, 4d6kh3 or d100"):
        if re.fullmatch("[0-9]+", term):
            modifier += sign * _bounded_int(term, MAX_MODIFIER, "The fixed part of a roll")
        else:
            pools.append(_pool(term, sign))
    return Expression(tuple(pools), modifier)


def _pool(term: str, sign: int) -> Pool:
    dice = _DICE.match(term)
    if dice is None:
        if re.fullmatch(r"[0-9]*d", term):
            raise RulesError(f"'{term}' needs the number of sides after the d, e.g. {term}6.")
        raise RulesError(
            f"'{term}' is not dice notation. Write dice as NdS (3d6, d100, 4dF) and add numbers with + or -."
        )
    if "!!" in term or "!p" in term:
        raise RulesError(_explain(term, term[term.index("!") :]))
    count = _bounded_int(dice["count"] or "1", MAX_DICE, "The number of dice")
    named = {"%": 100, "f": FATE}
    sides = named[dice["sides"]] if dice["sides"] in named else _bounded_int(dice["sides"], MAX_SIDES, "A die's sides")
    if sides == FATE and dice["sides"] != "f":  # a typed d0 is no die, not Fate dice (FATE is 0 inside a Pool)
        shown = f"{count}d{dice['sides']}"
        raise RulesError(f"A die has 2 to {MAX_SIDES} sides: '{shown}' has 0.")
    found: dict = {"count": count, "sides": sides, "sign": sign}
    at = dice.end()
    while at < len(term):
        match = _OPERATOR.match(term, at)
        if match is None:
            raise RulesError(_explain(term, term[at:]))
        name, value = _operator(match, sides)
        if name in found:
            raise RulesError(f"'{term}' has two {_NAMES[name]} operators; use one.")
        found |= value
        at = match.end()
    return Pool(**found)


_NAMES = {"reroll": "re-roll", "explode": "explode (!)", "keep": "keep/drop", "success": "success-counting"}


def _operator(match: re.Match, sides: int) -> tuple[str, dict]:
    if match["reroll"]:
        compare = _compare(match["rcmp"], match["rn"], foundry=match["reroll"] == "rr")
        return "reroll", {"reroll": compare, "reroll_once": match["reroll"] == "ro"}
    if match["csn"]:
        return "success", {"success": _compare(match["cscmp"], match["csn"], foundry=True)}
    if match["keep"]:
        keep = {"k": "kh", "d": "dl"}.get(match["keep"], match["keep"])
        return "keep", {"keep": keep, "keep_count": _bounded_int(match["kn"], MAX_DICE, "The dice kept or dropped")}
    if match["scmp"]:
        return "success", {"success": _compare(match["scmp"], match["sn"])}
    if match["en"] is None:
        if match["ecmp"]:
            raise RulesError(f"'!{match['ecmp']}' needs a number after it, e.g. d6!>=5.")
        return "explode", {"explode": Compare("=", 1 if sides == FATE else sides)}
    return "explode", {"explode": _compare(match["ecmp"], match["en"])}


def _compare(op: str | None, digits: str, *, foundry: bool = False) -> Compare:
    """A compare point as its spelling reads it (/rules/#notation-compare): Roll20's `>N` and `<N`
    are "N or more" and "N or less"; Foundry's (`cs`, `rr`) are strict."""
    op = op or "="
    if op in (">", "<") and not foundry:
        op += "="
    return Compare(op, _number(digits))


def _number(digits: str) -> int:
    return _bounded_int(digits, MAX_SIDES * (CAP_EXPLOSIONS + 1), "A compare point")


def _explain(term: str, rest: str) -> str:
    if rest[0] in "kd":
        return f"'{term}': keep or drop needs how many dice, e.g. 4d6kh3, 2d20kl1, 4d6dl1."
    if rest[0] == "r":
        return f"'{term}': a re-roll needs the faces to re-roll, e.g. d10r1, d10ro1, d6r<2."
    if rest[0] in "<>=":
        return f"'{term}': counting successes needs a number after the sign, e.g. 6d10>=7."
    if rest.startswith("cs"):
        return f"'{term}': counting successes needs a number after cs, e.g. 6d10cs>7 (8 or more)."
    if rest.startswith("!"):
        return f"'{term}': '{rest}' is not supported; exploding dice are written d6! or d6!>=5 (no !! or !p)."
    return (
        f"'{term}': '{rest}' is not an operator we know. Use kh, kl, dh, dl (keep, drop), ! (explode), "
        "r, ro, rr (re-roll) or >=N, cs>N (count successes)."
    )
