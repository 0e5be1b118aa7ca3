"""Dice notation as other virtual tables spell it: plain dice (rules.dice) plus
keep/drop, exploding dice, re-rolls, Fate dice and success counting, each with
exact odds.

Why our own parser and not avrae's d20 (PyPI `d20`): d20 parses and rolls well,
but (1) it gives no odds, and exact odds are what this table shows before every
roll; its AST would only be a second tree to walk beside our own counting;
(2) its spelling is not the one our players type: it explodes with `e`, drops
with `p`, has no `!`, no Fate dice (`dF`) and no bare success counting
(`6d10>=7`), so we would translate Roll20 spelling into d20's and still own a
parser; (3) the project adds no dependencies for what about a hundred lines of
grammar do. rules.dice keeps plain notation (the systems parse weapon damage
with it); this package extends it and hands plain rolls back to its fast
counting.

Parse, roll and count are separate modules: `grammar`, `rolling`, `odds`.
"""

from rules.notation.grammar import CAP_EXPLOSIONS, Compare, Expression, Pool, parse
from rules.notation.odds import chance, distribution
from rules.notation.rolling import DieRoll, ExpressionRoll, roll

__all__ = [
    "CAP_EXPLOSIONS",
    "Compare",
    "DieRoll",
    "Expression",
    "ExpressionRoll",
    "Pool",
    "chance",
    "distribution",
    "parse",
    "roll",
]
