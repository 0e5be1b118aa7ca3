"""Centaurus Gate's dice as chips for the log: each die's face, its chip kind and the word
said after it (campaigns/templatetags/dice.py `die`)."""

from __future__ import annotations

from rules.cgg.difficulty import KEPT_FACES
from rules.cgg.risk import VENTURE_FACE


def risk_chips(faces, venture_uses=(), discarded: int = 0) -> list[tuple[int, str, str]]:
    """The player's risk dice: a six is Venture and adds nothing; the first `discarded` sixes were
    thrown away (Painful Harm); the next went to the uses in `venture_uses` ("wrench" or "hammer",
    in order: Wrench first, Hammer after); the rest are Venture left."""
    chips, sixes, uses = [], 0, list(venture_uses)
    for face in faces:
        if face != VENTURE_FACE:
            chips.append((face, "kept", ""))
            continue
        sixes += 1
        if sixes <= discarded:
            chips.append((face, "dropped", "Venture discarded"))
        elif uses:
            use = uses.pop(0)
            chips.append((face, use, f"Venture: {'Wrench' if use == 'wrench' else 'Hammer'}"))
        else:
            chips.append((face, "wrench", "Venture"))
    return chips


def added_chips(faces) -> list[tuple[int, str, str]]:
    """Dice added after the roll ("Alright, time to get serious"): a six adds nothing."""
    return [
        (face, "dropped", "added die, a six: not counted") if face == VENTURE_FACE else (face, "exploded", "added die")
        for face in faces
    ]


def exec_chips(faces) -> list[tuple[int, str, str]]:
    """The Exec's difficulty dice (the GM's only): 1-3 is a Failure, the rest nothing."""
    return [(face, "secret", "Failure") if face in KEPT_FACES else (face, "dropped", "no Failure") for face in faces]
