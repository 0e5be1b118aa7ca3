"""Tribute Alpha's character card: the sheet at a glance, a button per attribute and per
effect, and the few options of a test ("⋯"): FOCUS and BURDEN dice, the opposition, the attribute an
effect is tested with. A button rolls through the system's own action (`actions.start_test`).

Reading (published on /rules/#tribute-card): one click rolls the seed's "Test with no modifiers" (one
FOCUS die, one BURDEN die, plus the attribute's rank) against an opposition of 0, human average on
the seed's scale ("0 being considered average for a human"); an effect is tested with the character's
highest-ranked attribute (the campaign's first on a tie). The options change each of these, or leave
the opposition to the GM (secret), in which case the test waits for the GM's number as it does from
the panel. An effect's test with Profit or Waste waits for the player's assignment, as it does today.
With the GM's opposed test of an attribute open for the character, that attribute's button answers
it (published on /rules/#tribute-card-call), as CGG's card answers the Exec's call.
"""

from __future__ import annotations

from django import forms
from django.db.models import Max

from campaigns.calls.cards import Card, CardRoll
from campaigns.common import reads
from campaigns.common.inputs import WholeNumberField
from campaigns.models import RollCall
from campaigns.systems.tribute import actions
from campaigns.systems.tribute.forms import OPPOSITION_LIMIT
from campaigns.table.forms import TableForm
from rules.errors import RulesError
from rules.tribute.roll import MAX_DICE

GLANCE = "systems/tribute/card_glance.html"
GM_TOOLS = "systems/_gm_notes.html"  # the GM's quick edit (campaigns/toolkit/gm_notes.py)
DEFAULT_OPPOSITION = 0  # human average (seed: "Attribute Ranks"); Reading: /rules/#tribute-card
BEST = ""  # the options' attribute for an effect: the character's highest-ranked


def _dice_field(label: str, added_for: str) -> WholeNumberField:
    """FOCUS and BURDEN alike: one die, and one more for each of up to 5 advantages (or handicaps)."""
    return WholeNumberField(
        min_value=1,
        max_value=MAX_DICE,
        required=False,
        label=label,
        help_text=f"1 + up to 5 for {added_for}. Empty: 1.",
    )


class CardOptionsForm(TableForm):
    """The "⋯": each option empty means the one-click default (published on /rules/#tribute-card)."""

    focus = _dice_field("FOCUS dice (white)", "advantages")
    burden = _dice_field("BURDEN dice (black)", "handicaps")
    opposition = WholeNumberField(
        min_value=-OPPOSITION_LIMIT,
        max_value=OPPOSITION_LIMIT,
        required=False,
        label="Opposition's result",
        help_text=f"Empty: {DEFAULT_OPPOSITION}, human average.",
    )
    gm_sets = forms.BooleanField(required=False, label="The GM sets the opposition (secret: the test waits for them)")
    attribute = forms.ChoiceField(required=False, label="Attribute for an effect")

    def __init__(self, *args, character, **kwargs):
        kwargs.setdefault("auto_id", f"card{character.pk}-%s")  # one per card: ids stay unique on the page
        super().__init__(*args, **kwargs)
        names = attributes_of(character)
        self.fields["attribute"].choices = [
            (BEST, f"The highest ({best_attribute(character) or 'none'})"),
            *((name, name) for name in names),
        ]

    def clean(self):
        data = super().clean()
        if data.get("gm_sets") and data.get("opposition") is not None:
            self.add_error("opposition", "Give the opposition's result, or let the GM set it: not both.")
        return data


def attributes_of(character) -> list[str]:
    """The campaign's attributes, in its order: the ones a test may use (actions._check_attribute)."""
    return list(character.campaign.settings.get("attributes", []))


def _rank(character, name: str) -> int:
    return character.sheet.get("attributes", {}).get(name, 0)


def best_attribute(character) -> str:
    """The character's highest-ranked attribute, the campaign's first on a tie ("" with none)."""
    names = attributes_of(character)
    return max(names, key=lambda name: (_rank(character, name), -names.index(name)), default="")


def _signed(rank: int) -> str:
    return f"{rank:+d}"


def card(character, *, data=None) -> Card:
    die = character.campaign.settings.get("die_size", 6)
    sheet = character.sheet
    rolls = [
        CardRoll(f"attribute:{name}", name, f"d{die} {_signed(_rank(character, name))}", "Attributes")
        for name in attributes_of(character)
    ]
    best = best_attribute(character)
    for effect in sheet.get("effects", []):
        detail = f"rank {effect['rank']}" + (f" · {best} {_signed(_rank(character, best))}" if best else "")
        rolls.append(CardRoll(f"effect:{effect['name']}", effect["name"], detail, "Effects"))
    kept = last_chosen(character)
    context = {
        "die_size": die,
        "attributes": [(name, _rank(character, name)) for name in attributes_of(character)],
        "effects": sheet.get("effects", []),
        "opposition": DEFAULT_OPPOSITION,
        # What the next click rolls: the dice kept from the last test (a play-test found the glance saying
        # "1 FOCUS" while the click rolled the 2 kept from the last test).
        "focus": kept.get("focus", 1),
        "burden": kept.get("burden", 1),
    }
    options = CardOptionsForm(data, character=character, initial=kept if data is None else None)
    return Card(tuple(rolls), GLANCE, context, options, gm_tools=GM_TOOLS)


def last_chosen(character) -> dict:
    """The dice the player chose for the character's last test (from the card or the panel), which the card's
    options show again: FOCUS dice stand for the character's advantages and BURDEN dice for its handicaps, which
    last from test to test, so the next one-click roll keeps them (play-test: the options went back to
    1 FOCUS die after every roll, and a one-click roll could never earn Profit). With no test yet, the seed's
    "Test with no modifiers": one of each. The opposition is each test's own, and is not kept. Reading
    (published on /rules/#tribute-card)."""
    last = _last_tests(character.campaign_id).get(character.pk)
    if not last:
        return {}
    side = last.get("test", {})
    kept = {name: side[name] for name in ("focus", "burden") if side.get(name, 1) != 1}
    if last.get("effect") and last.get("attribute") in attributes_of(character):
        kept["attribute"] = last["attribute"]
    return kept


def card_roll(character, key: str, options: dict, *, actor, label: str = ""):
    """One test through `actions.start_test`: the Roll, or a sentence when it waits on someone."""
    what, _, name = key.partition(":")
    effect = ""
    if what == "attribute":
        attribute = name
    elif what == "effect":
        effect = name
        attribute = options.get("attribute") or best_attribute(character)
    else:
        raise RulesError("That is not a roll on this card.")
    if what == "attribute" and (called := _opposed_call_for(character, attribute)) is not None:
        # The GM's opposed test of this attribute is answered, with the card's dice (/rules/#tribute-card-call).
        called = actions.roll_opposed(
            called.pk, actor, focus=options.get("focus") or 1, burden=options.get("burden") or 1
        )
        return called.roll
    secret = bool(options.get("gm_sets"))
    opposition = options.get("opposition")
    call = actions.start_test(
        character.campaign,
        actor,
        character=character,
        attribute=attribute,
        effect=effect,
        focus=options.get("focus") or 1,
        burden=options.get("burden") or 1,
        opposition=None if secret else (DEFAULT_OPPOSITION if opposition is None else opposition),
        label=label or (f"{effect} ({attribute})" if effect else attribute),
        secret=bool(options.get("called_secret")),  # the GM's call, its opposition committed (card_calls.py)
    )
    if call.status == RollCall.Status.ANSWERED:
        return call.roll
    if secret:
        return None
    state = call.state
    return (
        f"Rolled {effect}: {state['outcome'].capitalize()} with {state['profit']} Profit and {state['waste']} "
        "Waste to assign, below."
    )


def _last_tests(campaign_id: int) -> dict[int, dict]:
    """Each character's last own test in the campaign (its request), read once for every card on a page."""

    def read() -> dict[int, dict]:
        tests = RollCall.objects.filter(campaign_id=campaign_id, kind=actions.KIND, request__self_test=True)
        latest = tests.values("character").annotate(last=Max("pk")).values("last")
        return dict(RollCall.objects.filter(pk__in=latest).values_list("character_id", "request"))

    return reads.remembered(("tribute-last-tests", campaign_id), read)


def _opposed_call_for(character, attribute: str):
    """The GM's open opposed test of `attribute` for the character (the oldest), if any."""
    return (
        RollCall.objects.filter(
            character=character,
            kind=actions.KIND,
            status=RollCall.Status.PENDING,
            request__attribute=attribute,
            request__has_key="opponent",
        )
        .order_by("pk")
        .first()
    )
