"""Who "the whole party" and "everyone" are at a Zener Gate table, for the GM's steps that name no one."""

from __future__ import annotations

from rules.zener.death import state_of


def party(campaign, characters) -> list:
    """ "The whole party", "everyone": the players' characters but the dead. The GM's own characters
    (NPCs) are chosen by name (play-test: a Zener transition hurt the GM's Raider; published)."""
    return [c for c in characters if c.owner_id != campaign.gm_id and state_of(c.sheet) != "dead"]
