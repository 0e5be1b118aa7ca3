"""How the Zener sheet form writes weapons and armour with what they were bought as, and shows what
each costs in skill points (seed: "Weapons", "Armor"; rules.zener.equipment prices them)."""

from __future__ import annotations

from characters.forms import RANKS, refuse

FIRE_WORDS = {"single": "single", "burst": "burst", "auto": "full_auto", "full auto": "full_auto"}
FLAGS = ("melee", "skill", "found")
STEPS = {"reach": "reach", "effective": "restricted"}
WEAPON_HELP = (
    "One per line: 'Name damage; options', e.g. 'Rifle 3d6; burst, skill' or 'Spear 1d6; melee, reach 3'. Options: "
    "burst or auto (rate of fire), melee, reach N (steps), effective N (an effective range N steps shorter), "
    "skill (you have its skill: half cost), found (found in the adventure: free). Damage in d6: 1d2 = 1/3 d6, "
    "1d3 = 1/2 d6."
)


def weapon_from_line(line: str) -> dict:
    """'Rifle 3d6+1; burst, skill' as the sheet's weapon; the rules price it."""
    head, _, options = line.partition(";")
    name, _, damage = head.strip().rpartition(" ")
    weapon = {"name": name.strip() or head.strip(), "damage": damage if name else ""}
    for option in (o.strip().lower() for o in options.split(",") if o.strip()):
        word, _, amount = option.rpartition(" ") if option.split(" ")[0] in STEPS else (option, "", "")
        if option in FIRE_WORDS:
            weapon["fire"] = FIRE_WORDS[option]
        elif option in FLAGS:
            weapon[option] = True
        elif word in STEPS and RANKS.fullmatch(amount):
            weapon[STEPS[word]] = int(amount)
        else:
            refuse("weapons", f"{weapon['name']}: '{option}' is not an option; use burst, auto, melee, reach N, "
                              f"effective N, skill or found.")  # fmt: skip
    return weapon


def weapon_line(weapon: dict) -> str:
    options = [word for word, fire in FIRE_WORDS.items() if word != "full auto" and weapon.get("fire") == fire]
    options = [o for o in options if o != "single"]
    options += [flag for flag in FLAGS if weapon.get(flag)]
    options += [f"{word} {weapon[key]}" for word, key in STEPS.items() if weapon.get(key)]
    return f"{weapon['name']} {weapon['damage']}" + (f"; {', '.join(options)}" if options else "")


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
