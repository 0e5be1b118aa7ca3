"""The Zener sheet's lists for a test post (rows), written as the sheet's old one-line forms for
brevity: 'Pilot (narrow, PRAC) 3', 'Spanish, 1920s (spoken) 3', 'Poor at Mathematics (2) 1' (with what it
bears on: 'Poor at Mathematics (2) 2; Mathematics, THEO'), 'Rifle 2d6; burst'."""

import re

from rules.zener.languages import ASPECTS
from tests.sheet_rows import rows

SKILL = re.compile(r"(?P<name>.+?)\s*\((?P<breadth>\w+),\s*(?P<stat>\w+)\)\s*(?P<ranks>.*)")
LANGUAGE = re.compile(r"(?P<name>[^,]+),\s*(?P<era>[^(]+?)\s*\((?P<aspect>\w+)\)\s*(?P<ranks>.*)")
DISADVANTAGE = re.compile(r"(?P<name>.+?)\s*\((?P<points>\d+)\)\s*(?P<ranks>.*)")
LISTS = ("skills", "disadvantages", "languages", "weapons")


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def _skill(line: str) -> dict:
    m = SKILL.fullmatch(line)
    return {"name": m["name"], "breadth": m["breadth"], "stat": m["stat"], "ranks": m["ranks"].strip() or "1"}


def _language(line: str) -> dict:
    m = LANGUAGE.fullmatch(line)
    row = {"name": m["name"].strip(), "era": m["era"].strip(), "aspect": m["aspect"].lower()}
    if row["aspect"] != "native":
        return row | {"ranks": m["ranks"].strip() or "0"}
    for item in filter(None, (part.strip() for part in m["ranks"].split(","))):
        aspect, _, kept = item.partition(" ")
        assert aspect in ASPECTS, item
        row[aspect] = kept.strip()
    return row


def _disadvantage(line: str) -> dict:
    """'Poor at Mathematics (2) 1', or with what it bears on: 'Poor at Mathematics (2) 2; Mathematics, THEO'."""
    line, _, bears_on = line.partition(";")
    m = DISADVANTAGE.fullmatch(line.strip())
    row = {"name": m["name"].strip(), "points": m["points"], "ranks": m["ranks"].strip() or "1"}
    return row | ({"bears_on": bears_on.strip()} if bears_on.strip() else {})


def _weapon(line: str) -> dict:
    """'Rifle 3d6; burst, skill' or 'Spear 1d6; melee, reach 3' (options: burst, auto, melee, reach N,
    effective N, skill, found)."""
    head, _, options = line.partition(";")
    name, _, damage = head.strip().rpartition(" ")
    row = {"name": name, "damage": damage, "fire": ""}
    for option in (o.strip().lower() for o in options.split(",") if o.strip()):
        word, _, amount = option.partition(" ")
        if option in ("burst", "auto"):
            row["fire"] = {"burst": "burst", "auto": "full_auto"}[option]
        elif word in ("reach", "effective"):
            row[{"reach": "reach", "effective": "restricted"}[word]] = amount
        else:
            row[option] = True
    return row


READERS = {"skills": _skill, "languages": _language, "disadvantages": _disadvantage, "weapons": _weapon}


def zener_post(data: dict) -> dict:
    """The post with each list (a text of lines, or absent: empty) as rows."""
    data = dict(data)
    for name in LISTS:
        data |= rows(name, [READERS[name](line) for line in _lines(data.pop(name, "") or "")])
    return data
