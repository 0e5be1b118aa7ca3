"""The explorer sheet (seed: "Aspects, Attributes and Abilities", "Roles and
Explorer Creation", "Fallout and Conditions"). The Crisis Clock is not on the
sheet: it is a balance with its own ledger."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.cgg.advancement_budget import Advancement
from rules.cgg.assists import gear_code
from rules.cgg.codes import DieCode, parse_code
from rules.cgg.conditions import TRACK_START_DOTS, Track, check_track_dots
from rules.cgg.leverage import Leverage
from rules.errors import RulesError
from rules.system import notes_only_sheet

ATTRIBUTES = ("dexterity", "strength", "perception", "knowledge", "technical", "mechanical")
# An explorer has every attribute, so at least 1d; the seed's pips table (the die codes it
# prices) ends at 10d. Interpretation, published on /rules/cgg/.
LOWEST_ATTRIBUTE, HIGHEST_ATTRIBUTE = DieCode(1), DieCode(10)
MAX_LIST = 30
MAX_TEXT = 200


def default_sheet() -> dict[str, Any]:
    return {
        "attributes": dict.fromkeys(ATTRIBUTES, "2d"),
        "roles": ["Explorer"],
        "abilities": [],
        "aspects": [],
        "gear": [],
        "tracks": {track.value: TRACK_START_DOTS + 5 for track in Track},
        "marked": {track.value: 0 for track in Track},
        "conditions": [],
        "leverage": [],
        "notes": "",
    }


def _texts(raw: Any, what: str, minimum: int = 0, maximum: int = MAX_LIST) -> list[str]:
    if not isinstance(raw, list) or not all(isinstance(item, str) for item in raw):
        raise RulesError(f"{what} must be a list of names.")
    items = [item.strip() for item in raw if item.strip()]
    if not minimum <= len(items) <= maximum:
        raise RulesError(f"{what}: {minimum} to {maximum} entries.")
    if any(len(item) > MAX_TEXT for item in items):
        raise RulesError(f"{what}: each entry is at most {MAX_TEXT} characters.")
    return items


def _per_track(raw: Any, what: str) -> dict[Track, int]:
    names = {track.value for track in Track}
    if not isinstance(raw, Mapping) or set(raw) != names or not all(isinstance(v, int) for v in raw.values()):
        raise RulesError(f"{what}: a whole number for each of Harm, Persuasion and Alteration.")
    return {Track(key): value for key, value in raw.items()}


def check_marked(track: Track, size: int, marked: int) -> None:
    """A track's marked dots: 0 to its size."""
    if not 0 <= marked <= size:
        raise RulesError(f"The {track.value} track has {size} dots to mark.")


def validate_sheet(raw: Mapping[str, Any], settings: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A clean explorer sheet, or RulesError saying what is wrong."""
    sheet = {**default_sheet(), **raw}
    attributes = sheet["attributes"]
    if not isinstance(attributes, Mapping) or set(attributes) != set(ATTRIBUTES):
        raise RulesError("An explorer has six attributes: " + ", ".join(ATTRIBUTES) + ".")
    codes = {}
    for name in ATTRIBUTES:
        try:
            code = parse_code(str(attributes[name]))
        except RulesError as error:
            raise RulesError(f"{name.title()}: {error}") from None
        if not LOWEST_ATTRIBUTE.total_pips <= code.total_pips <= HIGHEST_ATTRIBUTE.total_pips:
            raise RulesError(f"{name.title()}: an attribute is {LOWEST_ATTRIBUTE} to {HIGHEST_ATTRIBUTE}, not {code}.")
        codes[name] = str(code)
    abilities = []
    for ability in sheet["abilities"] if isinstance(sheet["abilities"], list) else [None]:
        if not isinstance(ability, Mapping) or not str(ability.get("name", "")).strip():
            raise RulesError("Each ability has a name.")
        mastery = ability.get("mastery", 1)
        if mastery not in (1, 2, 3):
            raise RulesError(f"{ability['name']}: mastery is x1, x2 or x3.")
        abilities.append({"name": str(ability["name"]).strip()[:MAX_TEXT], "mastery": mastery})
    tracks = _per_track(sheet["tracks"], "Track sizes")
    sizes = check_track_dots({track: size - TRACK_START_DOTS for track, size in tracks.items()})
    marked = _per_track(sheet["marked"], "Marked dots")
    for track, size in sizes.items():
        check_marked(track, size, marked[track])
    leverage = []
    for item in sheet["leverage"] if isinstance(sheet["leverage"], list) else [None]:
        if not isinstance(item, Mapping):
            raise RulesError("Each leverage has a purpose and a die code.")
        try:
            code = parse_code(str(item.get("code", "")))
        except RulesError as error:  # which line: a sheet has several
            raise RulesError(f"Leverage {str(item.get('purpose', '')).strip()}: {error}") from None
        leverage.append(
            {"purpose": Leverage(str(item.get("purpose", "")), code).purpose.strip()[:MAX_TEXT], "code": str(code)}
        )
    gear = _texts(sheet["gear"], "Gear")
    for line in gear:
        gear_code(line)  # "Armour jacket 3d" carries a code; "Armour 3d+3" is refused
    advancement = {}
    if sheet.get("advancement"):  # the pip budget, from the first advancement on (rules.cgg.advancement_budget)
        record = Advancement.from_dict(sheet["advancement"])
        record.check(codes)
        advancement = {"advancement": record.as_dict()}
    endeavors = _texts(sheet.get("endeavors", []), "Endeavors")
    Advancement.from_dict(sheet.get("advancement") or {}).check_endeavors(endeavors)
    if endeavors:
        advancement["endeavors"] = endeavors
    return advancement | {
        "attributes": codes,
        "roles": _texts(sheet["roles"], "Roles", 1, 2),
        "abilities": abilities,
        "aspects": _texts(sheet["aspects"], "Aspects"),
        "gear": gear,
        "tracks": {track.value: sizes[track] for track in Track},
        "marked": {track.value: marked.get(track, 0) for track in Track},
        "conditions": _texts(sheet["conditions"], "Conditions"),
        "leverage": leverage,
        "notes": notes_only_sheet(sheet)["notes"],
    }
