"""The character card: a player's own character on the table, where every rollable thing is a
button. The generic side is here and in `card_views`; what a card shows and what each
button rolls is the system's (`SystemAdapter.card`, `SystemAdapter.card_roll`).

A button is a key the system chose ("skill:Stealth") that the card's one form posts as `roll`;
the system turns the key, the sheet and the campaign's defaults into a roll through its own
actions. The card's options (the "⋯": a difficulty, a flip, hard dice…) post with every button.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import groupby
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from django import forms

# A roll key names one button: letters, digits and a few separators, short enough to store.
MAX_KEY = 200


@dataclass(frozen=True, slots=True)
class CardRoll:
    """One button: `what` names it ("Stealth": the button reads "Roll Stealth"), `detail` says what it
    rolls at a glance ("55%", "3d+1"), `group` files it under a heading ("Skills")."""

    key: str
    what: str
    detail: str = ""
    group: str = ""


@dataclass(frozen=True, slots=True)
class Card:
    """A character as its card shows it: its roll buttons, the template of its sheet at a glance
    (rendered with `character`, `sheet`, `campaign` and `card`: its `context` is `card.context`, as
    Django's include cannot pass a variable named `context`), and the options form ("⋯")."""

    rolls: tuple[CardRoll, ...]
    glance: str = ""
    context: dict[str, Any] = field(default_factory=dict)
    options: forms.Form | None = None
    # The GM's quick edits for this character on the Characters tab: a template rendered
    # with the same variables as `glance`; none: the sheet's edit page is the only way.
    gm_tools: str = ""

    def groups(self) -> list[tuple[str, list[CardRoll]]]:
        return [(group, list(rolls)) for group, rolls in groupby(self.rolls, key=lambda roll: roll.group)]

    def roll(self, key: str) -> CardRoll | None:
        return next((roll for roll in self.rolls if roll.key == key), None)


@dataclass(frozen=True, slots=True)
class CallNumber:
    """The number a GM's call from the card carries in a system (ORE's difficulty, Tribute's opposition…):
    its name ("Difficulty"), the values it may take as (value, words) in the rules' order, the one the form
    starts on, and, for a secret one, the commitment's kind word and when it is revealed
    (`Commitment.Reveal`). `open` / `secret`: whether the rules let the GM give it openly or keep it."""

    label: str
    choices: tuple[tuple[str, str], ...]
    initial: str
    kind: str = "difficulty"
    reveal: str = "session_end"
    open: bool = True
    secret: bool = True

    def words(self, value: str) -> str:
        return next((words for key, words in self.choices if key == value), value)


def own_characters(campaign, user):
    """The characters whose cards this user sees at the table: their own, seated."""
    return campaign.characters.seated().filter(owner_id=user.pk).order_by("name", "pk").prefetch_related("saved_rolls")
