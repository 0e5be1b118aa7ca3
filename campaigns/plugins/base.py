"""What a dice system gives the generic web side: one adapter object, registered by its app.

A system subclasses `SystemAdapter`, fills in what it has (most hooks have a default that
does nothing), and its app config (a `campaigns.plugins.registry.SystemConfig`) names the one
instance to register:

    class CoinConfig(systems.SystemConfig):
        name = "tests.coin"
        label = "coin"
        adapter = "tests.coin.adapter.ADAPTER"

`docs/architecture.md` ("How to add a system") walks through each attribute.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from django import forms

from campaigns.plugins.roll_kind import RollKind

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


@dataclass(frozen=True, slots=True)
class EverydayPost:
    """A system's everyday roll as the player's browser posts it (its `bench` module's
    `EVERYDAY_POST`): the benchmark's load (bench/run.py) and the roll-post query test."""

    name: str  # the row's name in the benchmark's printout
    url_name: str  # its step's url name, whose only argument is the campaign's id
    data: Mapping[str, Any]  # what the form posts, the character aside
    queries: int  # the most SQL queries the post may cost
    worst_faces: tuple[int, ...] = ()  # the dice of the post that costs most, where the count depends on them


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

    css: ClassVar[str | None] = None
    """Its own stylesheet, a static path (by convention `systems/<key>/<key>.css` in its app's
    `static/` folder), linked after the app's on its campaigns' pages; None: no styles of its own."""

    fairness_note: ClassVar[str] = ""
    """What the fairness page says of how its dice are counted, where that is not plain
    (d100: a skill test's tens and units count as d10s); empty: the page's own words."""

    bench: ClassVar[str | None] = None
    """Dotted path of its module for the benchmark, each name optional: `EVERYDAY_POST` (an
    `EverydayPost`), `odds_table()` (prints timed odds, bench/odds.py), `largest_odds()` (a label and a
    call: its largest legal odds question), `CONTENTION` (name, url name, body of a post many players
    race on) and `check_contention(campaign)` (a sentence: the state after that race adds up)."""

    table_queries: ClassVar[Mapping[str, int]] = {}
    """The most SQL queries its table page may cost, as `"gm"` and as `"player"`, with a log longer
    than a page and a secret in play (tests/perf/test_page_queries.py holds every system to it)."""

    @property
    def key(self) -> str:
        return self.rules.key

    @property
    def name(self) -> str:
        return self.rules.name

    def panel(self, campaign, audience, *, user=None, **forms) -> Panel | None:
        """Its part of the table page for an audience; `user`: that player's own forms. After one
        of its steps (`campaigns.toolkit.steps`), `forms` holds that step's form as it should show
        (as posted, with its messages; or kept for the next roll), by its keyword."""
        return None

    def live_panel(self, campaign, audience) -> Panel | None:
        """What a change of the shared state (a pool, a clock) sends every open table of `audience`
        (`campaigns.table.live.send_panel`): by default the whole panel; a system whose panel is mostly forms
        sends its shared state alone (d100: the pools), never building forms nobody sees. The players'
        panel is drawn for no one in particular: it must not replace a part of the page that holds a player's
        own forms (tests/campaigns/test_live_panel.py; Tribute sends its shared lines, ORE nothing)."""
        return self.panel(campaign, audience)

    def card(self, character, *, data=None):
        """The character's card on its owner's table (`campaigns.calls.cards.Card`): the sheet at a glance and
        a button per rollable thing; `data`: the options as posted, to show them again. None: no card."""
        return None

    def gm_sheets(self, campaign, characters) -> list:
        """The GM's Characters tab: each character with its card. A system whose quick edits
        show what the sheet does not hold (Centaurus Gate's Crisis Clock) reads it here for all of
        them at once: never a query per character (the table's query bound)."""
        return [(character, self.card(character)) for character in characters]

    def card_roll(self, character, key: str, options: dict, *, actor, label: str = ""):
        """Roll the card's button `key` for `character`, with the sheet's values, the campaign's
        defaults and the card's cleaned `options`, through the system's own actions; `label`: the
        name a saved button gives the roll in the log (none: the system's own). Returns the
        roll, or None when the roll waits on the GM (a difficulty to set), or a sentence for the
        player when it waits on them (Tribute: Profit and Waste to assign); raises
        `ActionError` or `RulesError` to refuse, with a sentence the player can read."""
        raise NotImplementedError

    def card_call_number(self, campaign):
        """The number a GM's call from the card carries (`campaigns.calls.cards.CallNumber`): the difficulty or
        opposition the rules give the roll, open or secret. None: the call asks for the roll alone."""
        return None

    def card_call_options(self, number: str, secret: bool) -> dict:
        """The options `card_roll` rolls a called button with: the call's number, and whether it stays the
        GM's (the table's row then hides it, as the system's own secret difficulty does)."""
        return {}

    def card_call(self, campaign, gm, *, character, key: str, number: str, secret: bool, label: str):
        """A system whose own call carries the number (Centaurus Gate: the Exec's call, with its secret
        difficulty) makes that call here and returns it; None: the generic card call is made."""
        return None

    def needs(self, campaign, viewer, calls) -> list:
        """What waits on `viewer` (`campaigns.table.needs.Viewer`: the GM, or one player) that only this system
        knows, as `campaigns.table.needs.Need` items for the table's "Needs you" strip: a secret test waiting for
        the GM's difficulty, a one-click decision. `calls`: the open calls the viewer may know of, already
        read (their characters too); an item with a generic item's key (`call-<id>`) takes its place. It
        must read nothing per item (the table's query bound). Never a GM's item for a player."""
        return []

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

    def play_step(self, call, player) -> None:
        """Answer a step the dice left to the player (`call`, waiting on them) as a player taking its
        defaults would: the demo's scene finishes each roll before the next, as a table does."""

    def play_secrets(self, campaign, gm, player, hero) -> tuple[str, ...]:
        """Put a GM's secret behind every secret it keeps from players, through its real actions,
        and say the texts that show them (a difficulty, a pool): the trust tests look for each on
        every page, fragment and socket message a player can reach (tests/test_trust.py)."""
        return ()
