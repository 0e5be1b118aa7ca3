"""How the Zener sheet form shows what the weapons and armour (as bought)
cost in skill points (seed: "Weapons", "Armor"; rules.zener.equipment prices them)."""

from __future__ import annotations


def costs_text(sheet: dict) -> tuple[str, str]:
    """What the weapons and the armour cost, for their fields' help: "Rifle: 4 skill points, ..."."""
    weapons = ", ".join(f"{w['name']}: {_points(w.get('cost', 0))}" for w in sheet.get("weapons", []))
    armour = sheet.get("armour_design", {})
    kept = sheet.get("consumed_points", 0)
    weapons_text = (f" Cost now: {weapons}." if weapons else "") + (
        f" {kept} point{' stays' if kept == 1 else 's stay'} spent on equipment used up." if kept else ""
    )
    return weapons_text, f" Armour: {_points(armour['cost'])}." if armour else ""


def _points(n: int) -> str:
    return f"{n} skill point{'s' if n != 1 else ''}"
