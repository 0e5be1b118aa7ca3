"""The explorer's card on the table: the sheet at a glance, a button per attribute, and
the few options that matter ("⋯": gear combined into the code, a special rule's bonus pips).

Reading (published on /rules/#cgg, "One click on the card"): a button is a plain risk roll of the
attribute's code, rolled now (campaigns/systems/cgg/plain_roll.py); when the Exec's call for that
attribute is open for the explorer, the button answers it instead (actions.roll_for_call, no stunt),
and with no Venture to spend the action goes to the log at once. Abilities have no die code
(seed: "Abilities have no die code") and gear assists a code rather than being rolled alone
("Risk Roll Modifiers"), so neither is a button of its own: gear is the options' to combine.
"""

from __future__ import annotations

from django import forms

from campaigns.calls.cards import Card, CardRoll
from campaigns.common.inputs import WholeNumberField
from campaigns.models import Roll, RollCall
from campaigns.systems.cgg import actions
from campaigns.systems.cgg.assists import AssistChoice, gear_options
from campaigns.systems.cgg.clock import crisis_clocks
from campaigns.systems.cgg.conditions import CORE_CHOICES
from campaigns.systems.cgg.kind import ATTRIBUTE_LABELS, action_from
from campaigns.systems.cgg.plain_roll import roll_plain
from campaigns.table.forms import TableForm
from rules.cgg.assists import MAX_BONUS_PIPS, gear_item
from rules.cgg.condition_effects import sheet_conditions
from rules.cgg.conditions import Track

GLANCE = "systems/cgg/card_glance.html"
GM_TOOLS = "systems/cgg/gm_tools.html"  # the Exec's quick edits on the Characters tab (quick_edits.py)
ATTRIBUTE_KEY = "attribute:"


class CardOptionsForm(TableForm):
    """The card's "⋯": each optional; without them the button rolls the attribute's code as the sheet has it."""

    gear = forms.TypedChoiceField(
        choices=[],
        coerce=int,
        required=False,
        empty_value=None,
        label="Gear combined into the code",
        help_text="Notable gear with a die code assists the roll (seed: Risk Roll Modifiers).",
        error_messages={"invalid_choice": "Choose gear from the explorer's sheet: one with a die code."},
    )
    bonus_pips = WholeNumberField(
        min_value=0,
        max_value=MAX_BONUS_PIPS,
        required=False,
        label="Bonus pips",
        help_text="From a special rule (+3 BP = +1D).",
    )

    def __init__(self, *args, sheet, **kwargs):
        super().__init__(*args, **kwargs)
        said = f"Bonus pips: a whole number from 0 to {MAX_BONUS_PIPS}."  # the card's one line names the field
        self.fields["bonus_pips"].error_messages |= dict.fromkeys(("invalid", "min_value", "max_value"), said)
        coded = gear_options(sheet)
        if coded:
            self.fields["gear"].choices = [("", "(none)"), *coded]
        else:
            del self.fields["gear"]


def card(character, *, data=None) -> Card:
    sheet = character.sheet
    rolls = tuple(
        CardRoll(f"{ATTRIBUTE_KEY}{key}", label, detail=sheet["attributes"][key], group="Risk rolls")
        for key, label in ATTRIBUTE_LABELS.items()
    )
    options = CardOptionsForm(data, sheet=sheet, auto_id=f"card{character.pk}-%s")
    return Card(rolls, glance=GLANCE, context=glance(character), options=options, gm_tools=GM_TOOLS)


def gm_sheets(campaign, characters) -> list:
    """The Exec's Characters tab: each explorer's card, and their Crisis Clock beside the tab's quick
    edit of it (play-test: the Exec paid hours blind). The clocks the panel has just read
    for the same page (panel.py keeps them on the campaign), else one query for all."""
    characters = list(characters)
    clocks = getattr(campaign, "cgg_clocks", {})
    if any(character.pk not in clocks for character in characters):
        clocks = crisis_clocks(characters)
    for character in characters:
        character.cgg_clock = clocks[character.pk]
    return [(character, card(character)) for character in characters]


def glance(character) -> dict:
    """From the sheet alone, no query (a player may have several cards): the Crisis Clocks panel has the hours."""
    sheet = character.sheet
    marked = sheet.get("marked", {})
    return {
        "attributes": [(label, sheet["attributes"][key]) for key, label in ATTRIBUTE_LABELS.items()],
        "tracks": [
            (track.value.title(), marked.get(track.value, 0), sheet.get("tracks", {}).get(track.value, 0))
            for track in Track
        ],
        # For the Exec's quick edits (gm_tools.html): the conditions held, and the choices to give one.
        "held": sheet_conditions(sheet.get("conditions", [])),
        "core_choices": CORE_CHOICES,
    }


def card_roll(character, key: str, options: dict, *, actor, label: str = ""):
    """One click: the Exec's open call for the attribute answered, or else the attribute's code, with
    the chosen gear and bonus pips, rolled now."""
    attribute = key.removeprefix(ATTRIBUTE_KEY)
    call = (
        RollCall.objects.filter(
            character=character, kind=actions.KIND, status=RollCall.Status.PENDING, request__attribute=attribute
        )
        .order_by("pk")
        .first()
    )
    if call is not None:
        return answer_call(call, options, actor=actor)
    assists = ()
    if options.get("gear") is not None:
        item = gear_item(character.sheet["gear"][options["gear"]])  # offered only when it carries a code
        assists = ((item.label, item.code),)
    return roll_plain(
        character, actor, attribute=attribute, assists=assists, bonus_pips=options.get("bonus_pips") or 0, label=label
    )


def answer_call(call, options: dict, *, actor):
    """The Exec's call answered from the card: the risk roll with the card's gear and bonus pips (no
    stunt, no helper); with no Venture there is no Wrench to choose, so it is published at once.
    With Venture the call waits for the player's Wrench on its card: a sentence says so."""
    gear = () if options.get("gear") is None else (options["gear"],)
    if gear:  # the Exec confirms gear before the roll (actions.hold_for_gear, /rules/#cgg-gear-confirmed)
        actions.hold_for_gear(call.pk, actor, gear, {"bonus_pips": [str(options.get("bonus_pips") or 0)]})
        what = f"{call.label}: " if call.label else ""
        return f"{what}your gear waits for the Exec's word; the dice are rolled once the Exec confirms it."
    assists = AssistChoice(gear=gear, bonus_pips=options.get("bonus_pips") or 0)
    call = actions.roll_for_call(call.pk, actor, assists=assists)
    venture = action_from(call.request, call.state).venture_left
    if venture:
        what = f"{call.label}: " if call.label else ""
        return f"{what}rolled for the Exec's call, {venture} Venture: choose your Wrench uses on the call below."
    actions.choose_wrench(call.pk, actor, ())
    return Roll.objects.get(call=call)
