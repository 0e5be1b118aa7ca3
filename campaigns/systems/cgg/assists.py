"""What combines into an explorer's code when they roll for a call (rules.cgg.assists; seed:
"Risk Roll Modifiers", "Leverage Die Codes").

The Exec's call may name an assisting explorer (and the attribute they help with) and bonus
pips from a special rule; rolling, the player may add the sheet's notable Gear that carries a
code ("Armour jacket 3d"), an assisting explorer, bonus pips, and a leverage. Every code
combines at once: the highest, plus the others' dice as pips, then the bonus pips. The card
and the log show each part after the code ("Strength 2d +Gear Armour jacket 3d +2 BP = risk 4d+1").

Readings (published on /rules/#cgg):
- The combined code stands for the explorer's code, as leverage's does: the dice it adds are
  success dice too. Assists come after tension mode's Edge and the conditions that change the code, and
  before what the risk roll alone loses or gains (the Spotlight, a helper's -1d, Confused's -1D, Improved's
  +1D: rules page, #cgg-risk-penalties) and a stunt.
- The Exec's bonus pips and the player's add up; an explorer named by both assists once.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction

from campaigns.common.inputs import whole_number
from campaigns.systems.cgg.leverage import LeverageChoice, leverage_choice, use_leverage
from campaigns.table import live
from characters.models import Character
from rules.cgg.assists import MAX_ASSISTS, MAX_BONUS_PIPS, Assist, BuiltCode, gear_item
from rules.cgg.codes import DieCode, parse_code
from rules.cgg.settings import gear_on_success
from rules.cgg.sheet import ATTRIBUTES
from rules.errors import RulesError

GEAR_CHOICE = "Choose gear with a die code from the explorer's sheet."
HELPER_CHOICE = "Choose another explorer of this campaign to assist."


@dataclass(frozen=True, slots=True)
class AssistChoice:
    """The player's part, from the roll form."""

    gear: tuple[int, ...] = ()
    bonus_pips: int = 0
    helper: int | None = None
    helper_attribute: str = ""
    leverage: LeverageChoice | None = None


def _index(text: str, message: str) -> int:
    index = whole_number(text, 0, 999_999)  # the shared reading: "²" is a digit to str.isdigit, not to int
    if index is None:
        raise RulesError(message)
    return index


def bonus_pips_from(text: str) -> int:
    if not (text or "").strip():
        return 0
    pips = whole_number(text, 0, MAX_BONUS_PIPS)
    if pips is None:
        raise RulesError(f"Bonus pips are 0 to {MAX_BONUS_PIPS}.")
    return pips


def gear_indexes(values) -> tuple[int, ...]:
    """The ticked gear's lines on the sheet, each once; a clear refusal for anything else."""
    return tuple(dict.fromkeys(_index(value, GEAR_CHOICE) for value in values))


def assist_choice(post) -> AssistChoice:
    """The roll form's gear, bonus pips, assisting explorer and leverage; a clear refusal otherwise."""
    gear = gear_indexes(post.getlist("gear"))
    helper_text = (post.get("helper") or "").strip()
    helper = _index(helper_text, HELPER_CHOICE) if helper_text else None
    attribute = (post.get("helper_attribute") or "").strip()
    if helper is not None and attribute not in ATTRIBUTES:
        raise RulesError("Say which attribute the assisting explorer helps with.")
    return AssistChoice(gear, bonus_pips_from(post.get("bonus_pips")), helper, attribute, leverage_choice(post))


def gear_options(sheet) -> list[tuple[int, str]]:
    """The sheet's gear that carries a code, as the roll form offers it: (index, "Armour jacket 3d")."""
    options = []
    for index, line in enumerate(sheet.get("gear", [])):
        try:
            item = gear_item(line)
        except RulesError:  # a sheet saved before gear codes were read: not offered
            continue
        if item is not None:
            options.append((index, f"{item.label} {item.code}"))
    return options


def gear_assists(sheet, indexes) -> list[Assist]:
    """The sheet's gear at these indexes as the roll combines it; a clear refusal for any other."""
    lines = sheet.get("gear", [])
    found = []
    for index in indexes:
        item = gear_item(lines[index]) if index < len(lines) else None
        if item is None:
            raise RulesError(GEAR_CHOICE)
        found.append(Assist(f"Gear {item.label}", item.code))
    return found


def _helpers(call, choice: AssistChoice) -> list[Assist]:
    """The assisting explorers: the Exec's (on the call) and the player's, each once."""
    named = {}
    if call.request.get("assist"):
        named[call.request["assist"]["character"]] = call.request["assist"]["attribute"]
    if choice.helper is not None:
        named.setdefault(choice.helper, choice.helper_attribute)
    if not named:
        return []
    helpers = {c.pk: c for c in Character.objects.seated().filter(campaign_id=call.campaign_id, pk__in=named)}
    found = []
    for pk, attribute in named.items():
        helper = helpers.get(pk)
        if helper is None or pk == call.character_id:
            raise RulesError(HELPER_CHOICE)
        code = parse_code(helper.sheet["attributes"][attribute])
        found.append(Assist(f"{helper.name}'s {attribute.title()}", code))
    return found


def exec_assisted(code: DieCode, assist, bonus_pips: int, gear: tuple[Assist, ...] = ()) -> DieCode:
    """The code with the Exec's own assist and bonus pips, for the Exec's odds before the call
    (the player's gear and leverage are not known yet), and with `gear`, the gear a player asks the
    Exec to confirm, for the odds on that waiting card. Past the biggest code: the code as it is."""
    assists = tuple(gear)
    if assist is not None:
        helper, attribute = assist
        assists += (Assist(helper.name, parse_code(helper.sheet["attributes"][attribute])),)
    try:
        return BuiltCode(code, assists, bonus_pips).code
    except RulesError:
        return code


def apply_assists(call, choice: AssistChoice, code: DieCode, success_dice: int, *, actor):
    """Inside the roll's transaction: the code with every assist and bonus pip combined in, its
    success dice, the card's labels, and what was combined (for the call's state). Leverage is
    paid here; a refusal rolls the whole transaction back, so nothing changes."""
    sheet = call.character.sheet
    assists = gear_assists(sheet, choice.gear) + _helpers(call, choice)
    labels = [f"+{assist.label} {assist.code}" for assist in assists]
    if choice.leverage is not None:
        leverage_code, label = use_leverage(call.character, choice.leverage, actor=actor, call=call)
        assists.append(Assist(label.removeprefix("+"), leverage_code))
        transaction.on_commit(lambda: live.send_panel(call.campaign))  # the sheet's leverage changed
        labels.append(label)
    if len(assists) > MAX_ASSISTS:
        raise RulesError(f"At most {MAX_ASSISTS} codes assist one action.")
    bonus_pips = call.request.get("bonus_pips", 0) + choice.bonus_pips
    built = BuiltCode(code, tuple(assists), bonus_pips)
    if assists and bonus_pips:
        labels.append(f"→ {built.combined}")
    if bonus_pips:
        labels.append(f"+{bonus_pips} BP")
    # The campaign's gear reading (rules.cgg.settings, /rules/#cgg-gear-reading): by default gear
    # combines into the risk roll only, so the success dice are the code built without it.
    succeeding = built.code
    if choice.gear and not gear_on_success(call.campaign.settings):
        succeeding = BuiltCode(code, tuple(assists[len(choice.gear) :]), bonus_pips).code
    return built.code, success_dice + succeeding.dice - code.dice, labels


@dataclass(frozen=True, slots=True)
class _Uncalled:
    """A diligence roll has no call, so no Exec's assist on one: what `_helpers` reads of a call."""

    campaign_id: int
    character_id: int
    request: dict = field(default_factory=dict)


def diligence_assists(character, choice: AssistChoice, *, actor) -> tuple[tuple[Assist, ...], list[str]]:
    """Inside a diligence roll's transaction (campaigns/systems/cgg/diligence.py): the same gear,
    assisting explorer and leverage as a risk roll's, as assists and the card's labels; leverage is
    paid here (off the rolling explorer's clock, or 1D of it), and a refusal changes nothing."""
    assists = gear_assists(character.sheet, choice.gear) + _helpers(
        _Uncalled(character.campaign_id, character.pk), choice
    )
    labels = [f"+{assist.label} {assist.code}" for assist in assists]
    if choice.leverage is not None:
        leverage_code, label = use_leverage(character, choice.leverage, actor=actor, call=None)
        assists.append(Assist(label.removeprefix("+"), leverage_code))
        labels.append(label)
    if len(assists) > MAX_ASSISTS:
        raise RulesError(f"At most {MAX_ASSISTS} codes assist one action.")
    return tuple(assists), labels
