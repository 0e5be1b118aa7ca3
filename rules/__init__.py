"""Fivefold's dice rules: pure Python, no Django, no I/O, no global random state.

`SYSTEMS` maps a system key to its registry entry; the web side reads it
instead of branching on system names.
"""

# Imported after the base classes they are built from.
from rules import cgg, d100, ore, tribute, zener
from rules.errors import RulesError
from rules.system import ChoiceSetting, System

SYSTEMS: dict[str, System] = {module.SYSTEM.key: module.SYSTEM for module in (cgg, tribute, zener, ore, d100)}

__all__ = ["SYSTEMS", "ChoiceSetting", "RulesError", "System"]
