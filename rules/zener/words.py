"""Counts in the sentences Zener Gate shows people: "1 point", "2 points" (a play-test read "1 points")."""


def counted(n: int | float, noun: str) -> str:
    """ "1 hour", "3 hours", "0 points": the noun takes an s unless the count is one."""
    return f"{n:g} {noun}{'s' * (n != 1)}"
