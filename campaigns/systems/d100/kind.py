"""d100 tests at the table: what each audience sees. A secret test shows the
player and the table the dice and the base chance; the difficulty and the outcome
stay with the GM unless the result is critical."""

from __future__ import annotations

from typing import Any

from campaigns.common.audience import Audience
from campaigns.common.fair_dice import PERCENTILE_DIGIT, Die
from campaigns.plugins.roll_kind import CalledKind, RollKind
from campaigns.systems.d100 import actions, opposed
from campaigns.systems.d100.chart import d100_chart
from campaigns.systems.d100.chips import die_faces, reading_chips, tone
from rules.d100.test import Flip, chances, value_of

D6 = Die(6)


def _percentile(outcome: dict[str, Any]) -> list[tuple[Die, int]]:
    """A test's tens, units and assist dice (campaigns/secrets/fairness.py): each a d10 read 0-9."""
    digits = [outcome["tens"], outcome["ones"], *([outcome["assist"]] if outcome.get("assist") is not None else [])]
    return [(PERCENTILE_DIGIT, digit) for digit in digits]


# The Fortune (or Misfortune) spends on a roll, the row's offer and the card's (campaigns.table.last_roll) alike.
FORTUNE_OFFER = "systems/d100/fortune_options.html#options"


class FortuneOffer:
    """A test's re-roll, a die's "treat as a 6", an opposed test's sides: the row's offer, on the card at once."""

    def follow_ups(self, roll, user):
        options = opposed.fortune_options if roll.kind == opposed.KIND else actions.fortune_options
        return FORTUNE_OFFER, options(roll, user)


# How the card names the time taken (normal says nothing).
TIME_WORDS = {"hasty": "hasty (a step harder)", "triple": "triple time (a step easier)"}


class D100Kind(FortuneOffer, CalledKind):
    key = "d100"
    name = "Skill test"

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        request, outcome = roll.request, roll.outcome
        data = {
            **outcome,
            "what": request["side"]["what"],
            "base": request["side"]["base"],
            "difficulty": request["difficulty"],
            "flip": request["flip"],
            "assisted_by": request["assisted_by"],
            "secret": request["secret"],
            "reroll_of": request.get("reroll_of"),
            "hidden": False,
        }
        data["of"] = request.get("of", "")
        data["time"] = TIME_WORDS.get(request.get("time") or "normal", "")
        data["synergy"] = bool(request["side"].get("synergy"))
        data["rated"] = outcome.get("rated")
        data["revealed"] = bool(request.get("revealed"))
        # The dice as chips, the reading that stands marked: nothing the row did not show.
        data["chips"] = reading_chips(outcome, rerolled=bool(request.get("reroll_of")))
        # A flip not taken (play-test: "57 (flip to succeed)" and nothing swapped): the swap read no better
        # for the flip's side (seed: "swap the tens and ones ... for a more favorable outcome"), so says so.
        if request["flip"] and data["chips"]["replaced"] is None:
            data["swapped"] = value_of(outcome["ones"], outcome["tens"])
        data["tone"] = tone(outcome)
        # Whether this viewer may spend Fortune here is per player and changes with the pool: the row loads it.
        # A player's test is Fortune's, on the table's card; an NPC's (the GM's) is Misfortune's, on the GM's.
        data["npc"] = npc = bool(request.get("npc"))
        data["fortune_open"] = (
            (audience is Audience.GM) == npc
            and not outcome["success"]
            and not request.get("reroll_of")
            and (npc or not request["secret"] or outcome["critical"] or request.get("revealed"))
        )
        # A secret test the GM started is the GM's until revealed (campaigns/systems/d100/gm.py).
        data["reveal_open"] = audience is Audience.GM and roll.visibility == "gm" and bool(request.get("gm_secret"))
        if audience is not Audience.GM and request["secret"]:
            data |= {"difficulty": None, "rated": None, "chance": None}  # the secret itself, even on a critical
            if not outcome["critical"] and not request.get("revealed"):
                data |= {"success": None, "degrees": None, "result": "", "hidden": True}
        return data

    def fair_dice(self, roll, audience: Audience) -> list[tuple[Die, int]]:
        """The percentile dice; none on a revealed test's row, which shows the secret test's dice again."""
        return [] if roll.request.get("revealed_of") else _percentile(roll.outcome)

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        if data["hidden"]:
            return f"{who} made a secret {data['what']} test; the GM knows how it went."
        return f"{who} tested {data['what']}: {data['value']}, {data['result']}."

    def charted(self, data: dict[str, Any]) -> bool:
        """None for the table while the chance is the GM's secret."""
        return data["chance"] is not None and data["success"] is not None

    def chart(self, data: dict[str, Any]):
        """The four results at the test's chance."""
        if not self.charted(data):
            return None
        odds = chances(data["chance"], Flip(data["flip"] or Flip.NONE), assist=bool(data["assisted_by"]))
        landed = ("Critical " if data["critical"] else "") + ("success" if data["success"] else "failure")
        return d100_chart(odds, landed=landed.capitalize())

    def call_data(self, call, audience: Audience) -> dict[str, Any]:
        request = call.request
        return {
            "what": request["side"]["what"],
            "base": request["side"]["base"],
            "time": TIME_WORDS.get(request.get("time") or "normal", ""),
        }


class D100DieKind(FortuneOffer, RollKind):
    key = "d100_die"
    name = "Fury or Chaos die"

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        data = {**roll.request, **roll.outcome}
        data["chips"] = die_faces(roll.request, roll.outcome)
        # A character's die is its player's (Fortune); the GM's own or an NPC's is the GM's (Misfortune).
        data["npc"] = npc = bool(roll.request.get("npc")) or roll.character_id is None
        data["six_open"] = (
            (audience is Audience.GM) == npc and not roll.request.get("six_of") and roll.outcome["faces"][0] != 6
        )
        return data

    def fair_dice(self, roll, audience: Audience) -> list[tuple[Die, int]]:
        """Each d6 thrown (a Fury die's again on a 6); a die turned to a 6 with Fortune was set, not thrown."""
        faces = roll.outcome["faces"][1:] if roll.request.get("six_of") else roll.outcome["faces"]
        return [(D6, face) for face in faces]

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        return f"{who} rolled a {data['die']} die: {data['total']}."


class D100OpposedKind(FortuneOffer, RollKind):
    key = "d100_opposed"
    name = "Opposed test"

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        sides = zip(roll.request["sides"], roll.outcome["outcomes"], strict=True)
        sides = [
            {
                **side,
                **outcome,
                "time": TIME_WORDS.get(side.get("time") or "normal", ""),
                "chips": reading_chips(outcome),
                "tone": tone(outcome),
            }
            for side, outcome in sides
        ]
        data = {
            "sides": sides,
            "winner": roll.outcome["winner"],
            "reroll_of": roll.request.get("reroll_of"),
            "of": roll.request.get("of", ""),
        }
        # A failed side may be re-rolled by its owner: the players' on the table's card, the NPCs' on the GM's.
        failed = [side for side in sides if "character_id" in side and not side["success"]]
        data["npc_open"] = audience is Audience.GM
        data["fortune_open"] = any(bool(side.get("npc")) == (audience is Audience.GM) for side in failed)
        return data

    def fair_dice(self, roll, audience: Audience) -> list[tuple[Die, int]]:
        """Both sides' dice; a re-roll's row threw only the side it re-rolled (the other is the earlier row's)."""
        outcomes = roll.outcome["outcomes"]
        if roll.request.get("reroll_of"):
            outcomes = [outcomes[roll.request["rerolled_sides"][-1]]]
        return [die for outcome in outcomes for die in _percentile(outcome)]

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        return f"Opposed test: {data['winner'] or 'nobody'} wins."


D100, D100_DIE, D100_OPPOSED = D100Kind(), D100DieKind(), D100OpposedKind()
