"""Fivefold's dice rules: pure Python, no Django, no I/O, no global random state.

One package per system (`rules.cgg`, `rules.tribute`…), each with its `SYSTEM` entry
(rules/system.py). The package keeps no list of them: the web side's registry
(campaigns/plugins/registry.py) knows which systems are installed.
"""

from rules.errors import RulesError
from rules.system import ChoiceSetting, System

__all__ = ["ChoiceSetting", "RulesError", "System"]
