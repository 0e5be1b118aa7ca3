"""The GM's radiation steps on the Zener panel: a Zener transition, an anti-radiation therapy (seed:
"Radiation Damage"), the move of long-term CON loss to another stat. Bad input is refused with its message
and changes nothing (steps.panel_step)."""

from campaigns.common.inputs import row_id, whole_number
from campaigns.pages.step_views import gm_panel_step
from campaigns.systems.zener import radiation
from campaigns.systems.zener.views import seated_character
from rules.errors import RulesError
from rules.zener.radiation import MAX_CON_HEALED, MOVABLE, THERAPY_ASPECTS, Therapy, radiation_of


@gm_panel_step("transition")
def transition(request, campaign):
    """The GM rules a Zener transition's category; the chosen characters (none: the party) make it."""
    chosen = [row_id(pk) for pk in request.POST.getlist("characters")]
    if None in chosen:
        raise RulesError("Choose characters at this table.")
    characters = list(campaign.characters.seated().filter(pk__in=chosen)) if chosen else []
    if len(characters) != len(set(chosen)):
        raise RulesError("Choose characters at this table.")
    radiation.zener_transition(campaign, request.user, category=request.POST.get("category", ""), characters=characters)


@gm_panel_step("therapy")
def therapy(request, campaign):
    """The GM gives a character an anti-radiation therapy: its aspects as dice or numbers."""
    character = seated_character(campaign, request.POST.get("character", ""))
    con_healed = whole_number(request.POST.get("con_healed", "") or "0", 0, MAX_CON_HEALED)
    if con_healed is None:
        raise RulesError(f"A therapy heals 0 to {MAX_CON_HEALED} points of long-term CON damage.")
    as_end = whole_number(request.POST.get("as_end", "") or "0", 0, 99)
    if as_end is None:
        raise RulesError("The shock and trauma taken as END is a whole number of points.")
    aspects = {name: request.POST.get(name, "")[:20] for name in THERAPY_ASPECTS}
    radiation.give_therapy(
        campaign, request.user, character=character, therapy=Therapy(con_healed, **aspects), as_end=as_end
    )


@gm_panel_step("move")
def move(request, campaign):
    """The GM moves some (a number) or all ("all") of a character's long-term CON loss to another rolled stat."""
    character = seated_character(campaign, request.POST.get("character", ""))
    stat = request.POST.get("stat", "")
    if stat not in MOVABLE:
        raise RulesError("Move the long-term CON loss to another rolled stat: " + ", ".join(MOVABLE) + ".")
    text = request.POST.get("points", "").strip().lower()
    points = None if text == "all" else whole_number(text, 1, 999)
    if points is None and text != "all":
        most = radiation_of(character.sheet)["con"]
        raise RulesError(f"Move 1 to {most} points of long-term CON loss (a whole number), or all of it.")
    radiation.move_radiation(campaign, request.user, character=character, stat=stat, points=points)
