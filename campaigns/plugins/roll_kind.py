"""A kind of roll (and of call) as the generic web side asks for it: each system's kinds, the plain
notation's (`campaigns.plugins.notation_kind`) and the card call's (`campaigns.plugins.card_kind`) subclass it.
Outside `campaigns.plugins.registry`, which imports those two: no import cycle."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from campaigns.common.fair_dice import Die


def row_template(key: str) -> str:
    """Where a system keeps a kind's log row: its own test's ("zener") is systems/zener/roll.html, any other
    kind's ("zener_attack") is named after the rest of its key, systems/zener/attack.html."""
    system, _, row = key.partition("_")
    return f"systems/{system}/{row or 'roll'}.html"


class RollKind(ABC):
    """A kind of roll (and of call) a system stores, as `Roll.kind` names it: what each audience
    may see of it (`campaigns.secrets.visibility`), the log's sentence, its templates.

    A kind says its `key`, `name` (and its `roll_template` where `row_template` does not find its
    row), `roll_data()` and `sentence()`; what it does
    not say is a roll no one calls for (no call cards, nothing of a call to show). A kind that draws
    where a roll landed on its odds chart adds `chart(data)`; without it the log offers no chart. A
    kind whose stored dice the fairness page should count adds `fair_dice(roll, audience)`: each die
    thrown, as (`campaigns.common.fair_dice.Die`, face), that `audience` may see, and never one a row only shows
    again (a re-roll's copy, a reveal); without it the page lists the kind's rolls as not counted."""

    key: ClassVar[str]
    name: ClassVar[str]
    roll_template: ClassVar[str]
    player_call_template: ClassVar[str] = ""
    gm_call_template: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs):
        """A kind that names no `roll_template` has the one its key names (`row_template`)."""
        super().__init_subclass__(**kwargs)
        if "key" in vars(cls) and "roll_template" not in vars(cls):
            cls.roll_template = row_template(cls.key)

    @abstractmethod
    def roll_data(self, roll, audience) -> dict[str, Any]:
        """What `audience` (the GM, or the table) may see of a roll of this kind: nothing more."""

    @abstractmethod
    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        """The log's line for a roll, from what its audience sees of it (`data`)."""

    def call_data(self, call, audience) -> dict[str, Any]:
        """What `audience` (the GM, or the called player) may see of an open call of this kind."""
        return {}

    def call_title(self, call) -> str:
        """What an open call without a label asks for, in a few words ("Agility against Dax Orrin"): its card
        says so rather than "a roll". "" when the kind has nothing better."""
        return ""

    def charted(self, data: dict[str, Any]) -> bool:
        """Whether the log offers "On the odds" for a row (`data`: what its audience sees of it): a kind
        whose `chart(data)` is None for some rows (an opposed test, a difficulty the viewer may not know)
        says so here, without drawing it; the log offered a chart there that said "does not make a chart"."""
        return hasattr(self, "chart")

    def follow_ups(self, roll, user) -> tuple[str, dict[str, Any]] | None:
        """What `user` may still do with `roll` now (a re-roll, a spend), drawn at once on their card's
        "Last roll" (campaigns.table.last_roll): the template of the row's own offer and its context, the very
        partial and spends the log row loads, so that each spend has one implementation. None: nothing.
        The template is rendered with `campaign`, `roll` (the stored roll) and `card` (the character's
        pk): its forms then post `card` and answer the card's area (`last_roll.answer`)."""
        return None


class CalledKind(RollKind):
    """A system's own test, the one its GM calls for and its players roll unasked: its two call cards sit
    beside its row (`row_template`) under the names every system gives them (systems/<key>/call_player.html
    and call_gm.html), so a kind says only its `key`."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.player_call_template = f"systems/{cls.key}/call_player.html"
        cls.gm_call_template = f"systems/{cls.key}/call_gm.html"


class DicelessKind(RollKind):
    """A row that records a change rather than a throw (a condition given, points spent, time let pass): the
    fairness page counts its rows, and finds no dice in them."""

    def fair_dice(self, roll, audience) -> list[tuple[Die, int]]:
        return []


class FacesKind(RollKind):
    """A row whose dice are its outcome's `faces`, every one thrown and all of one size (`die`): the fairness
    page counts each of them."""

    die: ClassVar[Die]

    def fair_dice(self, roll, audience) -> list[tuple[Die, int]]:
        return [(self.die, face) for face in roll.outcome["faces"]]
