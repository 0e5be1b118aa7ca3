"""A d100 roll drawn as dice: each d10 a chip, and the reading that stands marked.

A test's dice are the tens and ones d10s (and an assist die's); what is read from them is the
result. When a flip swapped the digits, or the assist die stood for the tens, the dice as rolled
are the replaced reading and the result stands; a Fortune re-roll's result stands too (seed: "you
must accept the outcome"). These hold nothing the row does not already show (`kind.D100Kind`)."""

from __future__ import annotations

from rules.d100.test import value_of


def reading_chips(outcome: dict, *, rerolled: bool = False) -> dict:
    """The chips of a test's (or an opposed side's) outcome: `dice` (face, kind, title), the
    reading as rolled when another stands (`replaced`), and the `result` chip."""
    tens, ones, assist, value = outcome["tens"], outcome["ones"], outcome.get("assist"), outcome["value"]
    rolled = value_of(tens, ones)
    changed = value != rolled  # a flip, or the assist die's tens read instead
    assisted = changed and assist is not None
    dice = [("dropped", "tens, the assist die read instead") if assisted else ("kept", "tens"), ("kept", "ones")]
    faces = [tens, ones]
    if assist is not None:
        dice.append(("kept", "assist die") if assisted else ("dropped", "assist die, not used"))
        faces.append(assist)
    if outcome["critical"]:
        result = ("critical", "critical, the result that stands" if changed or rerolled else "critical")
    elif changed or rerolled:
        result = ("stands", "")
    else:
        result = ("kept", "result")
    return {
        "dice": [{"face": face, "kind": kind, "title": title} for face, (kind, title) in zip(faces, dice, strict=True)],
        "replaced": rolled if changed else None,
        "result": {"face": value, "kind": result[0], "title": result[1]},
    }


def tone(outcome: dict) -> str:
    """The outcome badge's tone: a critical success shines, any failure is a failure."""
    if not outcome.get("success"):
        return "fail"
    return "crit" if outcome["critical"] else "ok"


def die_faces(request: dict, outcome: dict) -> list[dict]:
    """A Fury or Chaos die's faces: a Fury 6 rolls again (exploded); a Chaos 6 is something terrible;
    the 6 bought with Fortune (or Misfortune) stands."""
    faces = []
    for index, face in enumerate(outcome["faces"]):
        bought = index == 0 and bool(request.get("six_of"))
        if bought:
            kind, title = "stands", "a 6 bought, the result that stands"
        elif face == 6 and request["die"] == "fury":
            kind, title = "exploded", "exploded: rolled again"
        elif face == 6:
            kind, title = "critical", "something terrible"
        else:
            kind, title = "kept", ""
        faces.append({"face": face, "kind": kind, "title": title})
    return faces
