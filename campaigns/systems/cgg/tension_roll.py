"""Tension mode's part in an explorer's roll: the Edge bonuses on the rolled attribute, the
Spotlight due this round and -1d for a helper (rules.cgg.tension_roll), read under the scene's
row lock so that the Spotlight is spent by exactly one roll; the roll is the explorer's action
this round (campaigns/systems/cgg/rounds.py)."""

from __future__ import annotations

from django.db import transaction

from campaigns.common import reads
from campaigns.systems.cgg.models import TensionScene
from campaigns.systems.cgg.rounds import mark_acted
from campaigns.table import live
from rules.cgg.tension import TensionState
from rules.cgg.tension_roll import TensionModifiers, modifiers_for


def modifiers_now(character, attribute: str) -> TensionModifiers:
    """What tension mode would add to this roll now, for the card before the roll (no lock, nothing spent)."""
    scene = active_scene(character.campaign_id)
    if scene is None:
        return TensionModifiers()
    return modifiers_for(TensionState.from_dict(scene.state), character.name, attribute, seat=character.pk)


def active_scene(campaign_id: int) -> TensionScene | None:
    """The campaign's tension scene going on, if any, with its Edge holder; read once per page
    (campaigns.common.reads)."""
    read = TensionScene.objects.filter(campaign_id=campaign_id, active=True).select_related("edge_holder").first
    return reads.remembered(("tension_scene", campaign_id), read)


def take_modifiers(character, attribute: str) -> TensionModifiers:
    """Inside the roll's transaction: what tension mode adds to this roll, spending a due Spotlight
    and marking the explorer acted this round. No tension mode on (never started, or ended), no
    modifiers: the bonuses end with it."""
    scene = TensionScene.objects.select_for_update().filter(campaign_id=character.campaign_id, active=True).first()
    if scene is None:
        return TensionModifiers()
    state = TensionState.from_dict(scene.state)
    modifiers = modifiers_for(state, character.name, attribute, seat=character.pk)
    changed = mark_acted(scene, character)
    if modifiers.spotlight:
        scene.state = TensionState.from_dict(scene.state).take_spotlight().as_dict()
    if changed or modifiers.spotlight:
        scene.save(update_fields=["state", "updated_at"])
        campaign = character.campaign
        transaction.on_commit(lambda: live.send_panel(campaign))
    return modifiers


def open_pitfalls(character) -> dict | None:
    """The pitfalls a successful action may lower, as the roll's card keeps them ([index, name]),
    and whether the explorer went first this round (they lower 2, or 3); None outside tension mode."""
    scene = active_scene(character.campaign_id)
    if scene is None:
        return None
    state = TensionState.from_dict(scene.state)
    pitfalls = [[index, pitfall.name] for index, pitfall in enumerate(state.pitfalls) if not pitfall.resolved]
    return {"pitfalls": pitfalls, "went_first": state.turns.first == character.pk}
