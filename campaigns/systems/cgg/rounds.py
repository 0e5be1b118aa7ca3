"""Turn order at the table in tension mode (rules.cgg.rounds; seed: "Tension Mode", steps 1-4).

The Edge holder's player (or the Exec) chooses who goes first; the explorer with the focus
acts (a risk roll on an Exec's call, Idle! or Ready!), then their player (or the Exec) passes
the focus to one who has not acted; when all seated explorers have acted the panel says the
Exec spins the world. Each change happens under the tension scene's row lock and the panel
goes to the table over the websocket.

Readings (published on /rules/#cgg):
- The Exec runs the table: the Exec may call any explorer at any time, and that action counts
  as the explorer's action this round; the panel marks it "out of turn". A player chooses the
  first explorer only as the Edge holder's player, passes the focus and takes Idle! only for
  their own explorer holding the focus.
- Idle! marks the turn taken, and the Idle! player chooses who gains the hour ("Gain one or
  allow the First player to gain one"): their own explorer's clock or the first explorer's.
  It is gained at once (capped at the clock's maximum; nothing while in crisis), in the ledger.
- The Edge bonus is the Edge holder's player's choice, from their turn forms (the Exec keeps
  the panel's form): the player gives one a round; the Exec's hand is not counted.
- Help is recorded when the Exec calls the helped explorer's action ("helped by" on the call
  form); codes are not combined there.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django import forms
from django.db import transaction

from campaigns.systems.cgg.clock import ClockChange, change_clock
from campaigns.systems.cgg.models import TensionScene
from campaigns.table import live
from campaigns.table.actions import ActionError
from campaigns.table.forms import TableForm
from rules.cgg.rounds import Round
from rules.cgg.sheet import ATTRIBUTES
from rules.cgg.tension import TensionState

TURN_STEPS = ("first", "pass", "idle")
IDLE_GAINS = {"own": "gains one hour", "first": "lets the first explorer gain one hour"}


class TurnForm(TableForm):
    """A turn step from the panel: which step, and the explorer it names. The explorers come
    from the seated list (one query); the action checks who may take the step."""

    op = forms.ChoiceField(
        choices=[(op, op) for op in TURN_STEPS],
        error_messages={"required": "Unknown turn step.", "invalid_choice": "Unknown turn step."},
    )
    explorer = forms.TypedChoiceField(
        choices=[],
        coerce=int,
        error_messages={"required": "Choose an explorer.", "invalid_choice": "Choose a seated explorer."},
    )
    gain = forms.ChoiceField(  # Idle!: who gains the hour (none posted: the explorer's own)
        choices=[(gain, gain) for gain in IDLE_GAINS],
        required=False,
        error_messages={"invalid_choice": "Idle!: gain the hour yourself or let the first explorer gain it."},
    )

    def __init__(self, *args, explorers=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["explorer"].choices = [(explorer.pk, explorer.name) for explorer in explorers]

    def message(self) -> str:
        return " ".join(str(error) for errors in self.errors.values() for error in errors)


class EdgeBonusForm(TableForm):
    """The Edge holder's player's +1d: which seated explorer (theirs or another's), which attribute."""

    explorer = forms.TypedChoiceField(
        choices=[],
        coerce=int,
        error_messages={"required": "Choose an explorer.", "invalid_choice": "Choose a seated explorer."},
    )
    attribute = forms.ChoiceField(
        choices=[(attribute, attribute) for attribute in ATTRIBUTES],
        error_messages={"required": "Choose an attribute.", "invalid_choice": "Choose an attribute."},
    )

    def __init__(self, *args, explorers=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["explorer"].choices = [(explorer.pk, explorer.name) for explorer in explorers]

    def message(self) -> str:
        return " ".join(str(error) for errors in self.errors.values() for error in errors)


def edge_bonus(campaign, user, explorer, attribute: str) -> TensionScene:
    """Step 1.1: the Edge holder's player gives an explorer (or their own) +1d to an attribute."""
    with transaction.atomic():
        scene = _locked_scene(campaign)
        edge = scene.edge_holder
        if edge is None or edge.owner_id != user.pk:
            raise ActionError("The player whose explorer has the Edge gives the Edge bonus.")
        state = TensionState.from_dict(scene.state)
        scene.state = state.edge_player_bonus(explorer.name, attribute).as_dict()
        scene.save(update_fields=["state", "updated_at"])
        transaction.on_commit(lambda: live.send_panel(campaign))
    return scene


def _locked_scene(campaign) -> TensionScene:
    scene = TensionScene.objects.select_for_update().filter(campaign=campaign, active=True).first()
    if scene is None:
        raise ActionError("Tension mode is not on.")
    return scene


def _change_round(campaign, change) -> TensionScene:
    """`change(state, scene)` gives the next Round; saved under the lock, the panel sent on commit."""
    with transaction.atomic():
        scene = _locked_scene(campaign)
        state = TensionState.from_dict(scene.state)
        scene.state = replace(state, turns=change(state.turns, scene)).as_dict()
        scene.save(update_fields=["state", "updated_at"])
        transaction.on_commit(lambda: live.send_panel(campaign))
    return scene


def _seated(campaign) -> list[int]:
    return list(campaign.characters.seated().values_list("pk", flat=True))


def choose_first(campaign, user, explorer) -> TensionScene:
    """Step 1.2: the Edge holder's player (or the Exec) selects the explorer who goes first."""
    seated = _seated(campaign)

    def change(turns: Round, scene) -> Round:
        edge = scene.edge_holder
        if not (campaign.is_gm(user) or (edge is not None and edge.owner_id == user.pk)):
            raise ActionError("The player whose explorer has the Edge chooses who goes first.")
        return turns.choose_first(explorer.pk, seated)

    return _change_round(campaign, change)


def pass_focus(campaign, user, to) -> TensionScene:
    """Step 2.2: the actor's player (or the Exec) passes the focus to one who has not acted."""
    seated = _seated(campaign)

    def change(turns: Round, scene) -> Round:
        if not (campaign.is_gm(user) or _owns(campaign, user, turns.focus)):
            raise ActionError("The player of the explorer with the focus passes it.")
        return turns.pass_focus(to.pk, seated)

    return _change_round(campaign, change)


def idle(campaign, user, explorer, gain: str = "own") -> TensionScene:
    """Step 2.1.2, Idle!: the explorer's action this round, taken without a roll; "Gain one or allow
    the First player to gain one": the hour goes to the explorer's clock or the first explorer's."""

    def change(turns: Round, scene) -> Round:
        if not (campaign.is_gm(user) or explorer.owner_id == user.pk):
            raise ActionError("You may take Idle! only for your own explorer.")
        if explorer.pk in turns.acted:
            raise ActionError(f"{explorer.name} has already acted this round.")
        if not (campaign.is_gm(user) or turns.in_turn(explorer.pk)):
            raise ActionError(f"It is not {explorer.name}'s turn: wait for the focus.")
        gainer = explorer
        if gain == "first":
            gainer = next((c for c in campaign.characters.seated() if c.pk == turns.first), None)
            if gainer is None:
                raise ActionError("No explorer goes first this round yet: gain the hour yourself.")
        change_clock(gainer, ClockChange(gain=1), actor=user, reason=f"Idle!: {explorer.name} {IDLE_GAINS[gain]}")
        return turns.act(explorer.pk)

    return _change_round(campaign, change)


def _owns(campaign, user, seat: int | None) -> bool:
    return seat is not None and campaign.characters.filter(pk=seat, owner=user).exists()


def mark_acted(scene: TensionScene, explorer) -> bool:
    """Inside a caller's transaction, on a scene it locked: `explorer` took their action
    (a risk roll, Ready!). True if the round changed; the caller saves the scene."""
    state = TensionState.from_dict(scene.state)
    turns = state.turns.act(explorer.pk)
    if turns == state.turns:
        return False
    scene.state = replace(state, turns=turns).as_dict()
    return True


def record_help(scene: TensionScene, helper, helped) -> None:
    """Inside a caller's transaction, on a scene it locked (select_for_update): `helper` helps
    `helped`'s action this round (rules.cgg.rounds.Round.help; raises RulesError if they may
    not). The helper's own risk roll this round then counts -1d. The caller saves the scene."""
    state = TensionState.from_dict(scene.state)
    scene.state = replace(state, turns=state.turns.help(helper.pk, helped.pk)).as_dict()


def record_helps(campaign, helped, helpers) -> list[str]:
    """Inside a caller's transaction: in tension mode, each assisting explorer in `helpers` helps
    `helped`'s action this round (refused by the round's rules with a RulesError), and the panel
    shows it; their names, for the card. Outside tension mode an assist is only its code: []."""
    scene = locked_scene_or_none(campaign)
    if scene is None:
        return []
    for helper in helpers:
        record_help(scene, helper, helped)
    scene.save(update_fields=["state", "updated_at"])
    transaction.on_commit(lambda: live.send_panel(campaign))
    return [helper.name for helper in helpers]


def locked_scene_or_none(campaign) -> TensionScene | None:
    return TensionScene.objects.select_for_update().filter(campaign=campaign, active=True).first()


@dataclass(frozen=True, slots=True)
class RoundView:
    """The round as the panel shows it, by explorer names (from the panel's own list: no query)."""

    first: object
    focus: object
    focus_acted: bool
    acted: list
    out_of_turn: list
    waiting: list
    helps: list
    done: bool


def round_view(state: TensionState, characters) -> RoundView:
    by_pk = {character.pk: character for character in characters}
    turns = state.turns
    seated = list(by_pk)
    return RoundView(
        first=by_pk.get(turns.first),
        focus=by_pk.get(turns.focus),
        focus_acted=turns.focus in turns.acted,
        acted=[by_pk[pk] for pk in turns.acted if pk in by_pk],
        out_of_turn=[by_pk[pk] for pk in turns.out_of_turn if pk in by_pk],
        waiting=[by_pk[pk] for pk in turns.waiting(seated)],
        helps=[(by_pk[h.helper], by_pk[h.helped]) for h in turns.helps if h.helper in by_pk and h.helped in by_pk],
        done=turns.done(seated),
    )
