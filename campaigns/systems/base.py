"""What a dice system gives the generic web side: one adapter object, registered by its app.

A system subclasses `SystemAdapter`, fills in what it has (most hooks have a default that
does nothing), and its app config (a `campaigns.systems.SystemConfig`) names the one
instance to register:

    class CoinConfig(systems.SystemConfig):
        name = "tests.coin"
        label = "coin"
        adapter = "tests.coin.adapter.ADAPTER"

`docs/architecture.md` ("How to add a system") walks through each attribute.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from django import forms

if TYPE_CHECKING:
    from rules.system import System


# Who may use a system's step, as its urls module's ACCESS says: any member of the campaign, or its GM.
MEMBER, GM = "member", "gm"


class SystemNotInstalled(LookupError):
    """A campaign (or a row) of a system whose app is not in INSTALLED_APPS."""

    def __init__(self, key: str):
        super().__init__(f"The {key!r} rules system is not installed on this server.")
        self.key = key


@dataclass(frozen=True, slots=True)
class Panel:
    """A system's own part of the table page (its forms, its pools), as one audience sees it."""

    template: str
    context: dict[str, Any]


class RollKind(ABC):
    """A kind of roll (and of call) a system stores, as `Roll.kind` names it: what each audience
    may see of it (`campaigns.visibility`), the log's sentence, its templates.

    A kind says its `key`, `name` and `roll_template`, `roll_data()` and `sentence()`; what it does
    not say is a roll no one calls for (no call cards, nothing of a call to show). A kind that draws
    where a roll landed on its odds chart adds `chart(data)`; without it the log offers no chart."""

    key: ClassVar[str]
    name: ClassVar[str]
    roll_template: ClassVar[str]
    player_call_template: ClassVar[str] = ""
    gm_call_template: ClassVar[str] = ""

    @abstractmethod
    def roll_data(self, roll, audience) -> dict[str, Any]:
        """What `audience` (the GM, or the table) may see of a roll of this kind: nothing more."""

    @abstractmethod
    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        """The log's line for a roll, from what its audience sees of it (`data`)."""

    def call_data(self, call, audience) -> dict[str, Any]:
        """What `audience` (the GM, or the called player) may see of an open call of this kind."""
        return {}


class SystemAdapter:
    """One dice system's web side, as the generic code asks for it."""

    rules: ClassVar[System]
    """The pure rules entry (`rules.<key>.SYSTEM`): key, name, summary, settings, sheet validation."""

    kinds: ClassVar[tuple[RollKind, ...]] = ()
    """The kinds of roll and call it stores (`kind.py`): what each audience sees of them."""

    urls: ClassVar[str | None] = None
    """Dotted path of its urls module, mounted at `campaigns/<id>/<key>/`: its url names start
    with `<key>_`, and its `ACCESS` says who may use each (`MEMBER` or `GM`)."""

    sheet_form: ClassVar[type[forms.Form] | None] = None
    """Its character-sheet form; None: the name-and-notes form (`characters.forms.CharacterForm`)."""

    demo_sheet: ClassVar[Mapping[str, Any]] = {}
    """A sheet with something to roll: the demo's characters, the test world's, the bench's."""

    @property
    def key(self) -> str:
        return self.rules.key

    @property
    def name(self) -> str:
        return self.rules.name

    def panel(self, campaign, audience, *, user=None, **forms) -> Panel | None:
        """Its part of the table page for an audience; `user`: that player's own forms. After one
        of its steps (`campaigns.systems.steps`), `forms` holds that step's form as it should show
        (as posted, with its messages; or kept for the next roll), by its keyword."""
        return None

    def card(self, character, *, data=None):
        """The character's card on its owner's table (`campaigns.cards.Card`): the sheet at a glance and
        a button per rollable thing; `data`: the options as posted, to show them again. None: no card."""
        return None

    def card_roll(self, character, key: str, options: dict, *, actor, label: str = ""):
        """Roll the card's button `key` for `character`, with the sheet's values, the campaign's
        defaults and the card's cleaned `options`, through the system's own actions; `label`: the
        name a saved button gives the roll in the log (none: the system's own). Returns the
        roll, or None when the roll waits on the GM (a difficulty to set), or a sentence for the
        player when it waits on them (Tribute: Profit and Waste to assign); raises
        `ActionError` or `RulesError` to refuse, with a sentence the player can read."""
        raise NotImplementedError

    def session_form(self, campaign, data=None) -> forms.Form:
        """What it asks the GM for when a session starts (d100: how much Fortune); most ask nothing."""
        return forms.Form(data)

    def session_started(self, campaign, gm, **inputs) -> None:
        """What it refills or resets when the GM starts a session, from `session_form`'s inputs."""

    def sheet_saved(self, character, *, actor) -> None:
        """Follow a sheet change (Centaurus Gate: the Crisis Clock follows the roles)."""

    def play_everyday(self, campaign, gm, player, hero) -> None:
        """Its everyday roll, made through its real actions, left where the player or the GM acts
        next: the demo's campaigns and the benchmark's history show one of each."""

    def play_secrets(self, campaign, gm, player, hero) -> tuple[str, ...]:
        """Put a GM's secret behind every secret it keeps from players, through its real actions,
        and say the texts that show them (a difficulty, a pool): the trust tests look for each on
        every page, fragment and socket message a player can reach (tests/test_trust.py)."""
        return ()
