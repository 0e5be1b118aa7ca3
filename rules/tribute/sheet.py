"""The Tribute Alpha character sheet: attribute ranks, effects, notes
(seed: "Attribute Ranks", "Effect Ranks"). The attribute list is the campaign's.

Reading (published on /rules/#tribute-range): "The effective range possible in a campaign
will vary" makes the range of attribute ranks the campaign's: its GM chooses how far from
human average (0) a rank may go, the same both ways (the scale is centred on 0). The widest
choice, -99 to 99, is the app's bound on the "infinite" scale and the default, so a campaign
made before the setting keeps the ranks it had. The sheet and an NPC's rank keep to it; a
sheet saved before the GM narrowed it still rolls as written."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.errors import RulesError
from rules.system import notes_only_sheet
from rules.tribute.effects import Effect, Feature
from rules.tribute.roll import MAX_RANK

# The campaign's effective range (seed: "Attribute Ranks"): the widest rank either side of 0.
ATTRIBUTE_RANGES = (
    (3, "−3 to 3"),
    (5, "−5 to 5"),
    (10, "−10 to 10"),
    (20, "−20 to 20"),
    (MAX_RANK, f"−{MAX_RANK} to {MAX_RANK} (the widest)"),
)
DEFAULT_ATTRIBUTES = ("Might", "Agility", "Vitality", "Intellect", "Perception", "Willpower", "Presence")
MAX_EFFECTS = 30


def effect_from(raw: Mapping[str, Any]) -> Effect:
    if not isinstance(raw, Mapping):
        raise RulesError("Each effect has a name, a rank and optional features.")
    features = raw.get("features", [])
    if not isinstance(features, list) or not all(isinstance(f, Mapping) for f in features):
        raise RulesError("Features are a list of names with ranks.")
    bonuses = raw.get("bonuses", [])
    if not isinstance(bonuses, list) or not all(isinstance(b, str) and b.strip() for b in bonuses):
        raise RulesError("Bonus effects are a list of names.")
    return Effect(
        name=str(raw.get("name", "")).strip()[:100],
        rank=_int(raw.get("rank"), "An effect's rank"),
        features=tuple(
            Feature(str(f.get("name", "")).strip()[:100], _int(f.get("rank"), "A feature's rank")) for f in features
        ),
        bonuses=tuple(b.strip()[:100] for b in bonuses),
    )


def effect_as_dict(effect: Effect) -> dict[str, Any]:
    return {
        "name": effect.name,
        "rank": effect.rank,
        "features": [{"name": f.name, "rank": f.rank} for f in effect.features],
        "bonuses": list(effect.bonuses),
    }


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{what} is a whole number.")
    return value


def attribute_range(settings: Mapping[str, Any] | None) -> int:
    """The campaign's widest attribute rank either side of 0 (Reading: /rules/#tribute-range)."""
    widest = (settings or {}).get("attribute_range", MAX_RANK)
    return widest if widest in dict(ATTRIBUTE_RANGES) else MAX_RANK


def validate_sheet(raw: Mapping[str, Any], settings: Mapping[str, Any] | None = None) -> dict[str, Any]:
    names = tuple((settings or {}).get("attributes") or DEFAULT_ATTRIBUTES)
    given = raw.get("attributes", {})
    if not isinstance(given, Mapping):
        raise RulesError("Attributes are names with ranks.")
    unknown = set(given) - set(names)
    if unknown:
        raise RulesError(f"This campaign has no attribute called {', '.join(sorted(unknown))}.")
    widest = attribute_range(settings)
    attributes = {}
    for name in names:
        rank = _int(given.get(name, 0), f"{name}'s rank")
        if not -widest <= rank <= widest:
            raise RulesError(f"{name}'s rank is between -{widest} and {widest} in this campaign.")
        attributes[name] = rank
    effects_raw = raw.get("effects", [])
    if not isinstance(effects_raw, list) or len(effects_raw) > MAX_EFFECTS:
        raise RulesError(f"Effects are a list of at most {MAX_EFFECTS}.")
    effects = [effect_from(item) for item in effects_raw]
    if len({e.name for e in effects}) != len(effects):
        raise RulesError("Effect names must differ.")
    return {
        "attributes": attributes,
        "effects": [effect_as_dict(effect) for effect in effects],
        "notes": notes_only_sheet(raw)["notes"],
    }
