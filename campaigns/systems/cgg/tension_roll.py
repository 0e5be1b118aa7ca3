"""Tension mode's part in an explorer's roll: the Edge bonuses on the rolled attribute and
the Spotlight due this round (rules.cgg.tension_roll), read under the scene's row lock so
that the Spotlight is spent by exactly one roll."""

from __future__ import annotations

from django.db import transaction

from campaigns import live
from campaigns.systems.cgg.models import TensionScene
from rules.cgg.tension import TensionState
from rules.cgg.tension_roll import TensionModifiers, modifiers_for


def modifiers_now(character, attribute: str) -> TensionModifiers:
    """What tension mode would add to this roll now, for the card before the roll (no lock, nothing spent)."""
    scene = TensionScene.objects.filter(campaign_id=character.campaign_id, active=True).only("state").first()
    if scene is None:
        return TensionModifiers()
    return modifiers_for(TensionState.from_dict(scene.state), character.name, attribute)


def take_modifiers(character, attribute: str) -> TensionModifiers:
    """Inside the roll's transaction: what tension mode adds to this roll, spending a due Spotlight.
    No tension mode on (never started, or ended), no modifiers: the bonuses end with it."""
    scene = TensionScene.objects.select_for_update().filter(campaign_id=character.campaign_id, active=True).first()
    if scene is None:
        return TensionModifiers()
    state = TensionState.from_dict(scene.state)
    modifiers = modifiers_for(state, character.name, attribute)
    if modifiers.spotlight:
        scene.state = state.take_spotlight().as_dict()
        scene.save(update_fields=["state", "updated_at"])
        campaign = character.campaign
        transaction.on_commit(lambda: live.send_panel(campaign))
    return modifiers
