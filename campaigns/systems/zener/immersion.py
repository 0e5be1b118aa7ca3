"""Learning a language by immersion at the table (seed: "In-game language acquisition & improvement"):
the step "N hours immersed in <language> among <era>'s speakers", its form, its action and its log row.

A player steps for their own character, the GM for anyone. The hours go on the sheet's clock for the
language (rules.zener.immersion); each interval completed rolls its LAN check, and a made check adds
the rank to the sheet (learned in play: outside the starting budget). One public log row says it all.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.views.decorators.http import require_POST

from campaigns import live, sources
from campaigns.audience import Audience
from campaigns.forms import CharacterChoiceField, TableForm
from campaigns.inputs import TextField, WholeNumberField
from campaigns.models import Roll
from campaigns.systems.base import RollKind
from campaigns.systems.steps import panel_step
from campaigns.systems.zener.actions import ActionError, _stat_in_play
from campaigns.views import campaign_for_member
from campaigns.visibility import audience_for
from characters.models import Character
from rules.errors import RulesError
from rules.zener.immersion import MAX_EAR, MAX_HOURS, Clock, immerse, start_clock
from rules.zener.languages import ASPECTS, RANK_MODIFIER

KIND = "zener_immersion"


class ImmersionForm(TableForm):
    """N hours immersed in a language as one era speaks it."""

    character = CharacterChoiceField(queryset=None, empty_label=None)
    language = TextField(max_length=60, help_text="The language's name, e.g. 'French'.")
    among = TextField(max_length=30, label="Era of its speakers", help_text="The era at hand, e.g. '18th century'.")
    hours = WholeNumberField(min_value=1, max_value=MAX_HOURS, initial=3, label="Hours immersed")
    era_ranks = WholeNumberField(min_value=0, max_value=MAX_EAR, initial=1, required=False,
                                 label="Era shift to pay off first (ranks, the GM's estimate)",
                                 help_text="When the sheet's language is of another era: 6 hours and a LAN check "
                                           "at +15 for each rank, before the rank's own clock.")  # fmt: skip
    new = forms.BooleanField(required=False, label="Learn this era's language as a new one",
                             help_text="The clock starts at zero; the same language of other eras on the sheet "
                                       "counts as related (+2 each) and no era shift is paid.")  # fmt: skip
    aspect = forms.ChoiceField(choices=[(a, a) for a in ASPECTS], initial="spoken", required=False,
                               label="Aspect of a first rank",
                               help_text="The aspect a language at 0 ranks gains; later ranks raise the aspect it "
                                         "has.")  # fmt: skip
    related = WholeNumberField(min_value=0, max_value=5, initial=0, required=False,
                               label="Other related languages the GM accepts (+2 each)")  # fmt: skip
    label = TextField(max_length=100, required=False)

    def __init__(self, *args, campaign, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        characters = campaign.characters.seated()
        self.fields["character"].queryset = characters if user is None else characters.filter(owner=user)


def _same(a: str, b: str) -> bool:
    return a.strip().casefold() == b.strip().casefold()


def _target(languages: list[dict], name: str, among: str, new: bool) -> tuple[dict | None, int]:
    """(the sheet's language the hours improve, or None for a language not on it yet; how many of the
    sheet's languages count as related). Seed: improving the older era's language pays off the era shift;
    "Alternatively, the character can choose to begin acquiring 18th Century French in addition to his
    16th Century French ... his expertise in 16th Century French counts as a related skill"."""
    named = [x for x in languages if _same(x["name"], name)]
    exact = next((x for x in named if _same(x["era"], among)), None)
    if exact is not None:
        found, others = exact, [x for x in named if x is not exact]
    elif new or not named:
        found, others = None, named
    elif len(named) > 1:
        eras = ", ".join(x["era"] for x in named)
        raise RulesError(f"The sheet has {named[0]['name']} of several eras ({eras}): immerse in one of those eras, "
                         f"or learn {among} {named[0]['name']} as a new language.")  # fmt: skip
    else:
        found, others = named[0], []
    if found is not None and found["aspect"] == "native":
        raise RulesError(f"{found['name']} ({found['era']}) is the native language: immersion adds nothing to it.")
    return found, len(others)


def immerse_character(campaign, author, *, character, language: str, among: str, hours: int, era_ranks: int = 1,
                      new: bool = False, aspect: str = "", related: int = 0, label: str = "") -> Roll:  # fmt: skip
    """N hours of immersion: the clock advances, each completed interval's LAN check is rolled, a made one
    adds its rank to the sheet (with "learned": points' worth gained in play), and the log says it all."""
    if not campaign.is_gm(author) and character.owner_id != author.pk:
        raise ActionError("Immerse your own character.")
    if aspect and aspect not in ASPECTS:
        raise RulesError("A language's aspect is spoken, heard, written or read.")
    with transaction.atomic():
        character = Character.objects.select_for_update().get(pk=character.pk)
        sheet = dict(character.sheet)
        languages = [dict(x) for x in sheet.get("languages", [])]
        found, auto = _target(languages, language, among, new)
        name, era = (found["name"], found["era"]) if found else (language.strip(), among.strip())
        clocks = [Clock(**c) for c in sheet.get("immersion", [])]
        old = next((c for c in clocks if (c.name, c.era) == (name, era)), None)
        clock = start_clock(old, name=name, era=era, among=among.strip(), era_ranks=era_ranks)
        held = found["ranks"] if found else None
        lan, lost = _stat_in_play(sheet, "LAN")
        result = immerse(clock, held, hours, lan=lan, related=related + auto, dice=sources.dice())
        if result.held != held:
            gained = result.held - (-1 if held is None else held)  # the language at 0 ranks is worth 1 point too
            first_rank = (held or 0) == 0 and result.held >= 1
            changed = {"name": name, "era": era, "aspect": "spoken", **(found or {}), "ranks": result.held,
                       "learned": (found or {}).get("learned", 0) + gained}  # fmt: skip
            if first_rank or found is None:
                changed["aspect"] = aspect or changed["aspect"]
            languages = [changed if x is found else x for x in languages] if found else [*languages, changed]
        kept = [c.as_dict() for c in clocks if c is not old]
        done = result.next_hours is None
        sheet |= {"languages": languages, "immersion": kept if done else [*kept, result.clock.as_dict()]}
        character.sheet = sheet
        character.save(update_fields=["sheet", "updated_at"])
        clock = result.clock.ear_hours if result.clock.ear else result.clock.hours  # toward the next step
        roll = Roll.objects.create(
            campaign=campaign, author=author, character=character, kind=KIND,
            request={"label": label, "language": f"{name} ({era})", "among": among.strip(), "hours": hours,
                     "lan": lan, "lost": lost, "related": related + auto, "new": found is None},
            outcome={"steps": [_step(step) for step in result.steps], "held_before": held, "held": result.held,
                     "ear": result.clock.ear, "clock": clock,
                     "next_hours": result.next_hours, "unused": result.unused,
                     "aspect": next((x["aspect"] for x in languages if (x["name"], x["era"]) == (name, era)), "")},
        )  # fmt: skip
        transaction.on_commit(lambda: (live.send_roll(roll), live.send_panel(campaign)))
    return roll


def _step(step) -> dict[str, Any]:
    rolled = step.roll
    return {"kind": step.kind, "hours": step.hours, "modifier": RANK_MODIFIER[step.ranks], "to": step.to,
            "dice": rolled.check.rolled[0], "faces": list(rolled.faces), "total": rolled.total,
            "target": rolled.target, "success": rolled.success}  # fmt: skip


@login_required
@require_POST
def immersion(request, campaign_id: int):
    """A player's hours of immersion for their own character, or the GM's for anyone's; public."""
    campaign = campaign_for_member(request, campaign_id)
    audience = audience_for(campaign, request.user)
    user = None if audience is Audience.GM else request.user
    form = ImmersionForm(request.POST, campaign=campaign, user=user)

    def act():
        data = form.cleaned_data
        era_ranks = 0 if data["era_ranks"] is None else data["era_ranks"]
        immerse_character(campaign, request.user, character=data["character"], language=data["language"],
                          among=data["among"], hours=data["hours"], era_ranks=era_ranks, new=data["new"],
                          aspect=data["aspect"], related=data["related"] or 0, label=data["label"])  # fmt: skip

    return panel_step(
        request, campaign, audience, form=form, form_name="immersion_form", act=act,
        again=lambda: ImmersionForm(initial=request.POST.dict(), campaign=campaign, user=user),
    )  # fmt: skip


STEP_NAMES = {"acquire": "acquiring it at 0 ranks", "rank": "rank {to}", "ear": "adjusting the ear to the era"}


def step_text(step: dict) -> str:
    """ "Adjusting the ear to the era (6 h): LAN check at +15, 5 against 23, success." """
    what = STEP_NAMES[step["kind"]].format(to=step["to"])
    verdict = "success" if step["success"] else "failure, the interval restarts"
    return (f"{what[0].upper()}{what[1:]} ({step['hours']} h): LAN check at +{step['modifier']}, "
            f"{step['total']} against {step['target']}, {verdict}.")  # fmt: skip


class ZenerImmersionKind(RollKind):
    """Hours of immersion in a language and the LAN checks they came to: public, like the sheet they change."""

    key = KIND
    name = "Immersion"
    roll_template = "systems/zener/immersion.html"

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        data = {**roll.request, **roll.outcome}
        data["steps"] = [{**step, "line": step_text(step)} for step in data["steps"]]
        data["now"] = _now(data)
        return data

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        spent = f"{who} spends {data['hours']} hour{'s' if data['hours'] != 1 else ''} immersed in {data['language']}"
        among = f" among {data['among']} speakers" if not data["language"].endswith(f"({data['among']})") else ""
        return " ".join([f"{spent}{among}.", *(step["line"] for step in data["steps"]), data["now"]])


def _now(data: dict[str, Any]) -> str:
    """Where the clock stands: "Now 1 rank (spoken); 0 of 12 hours toward rank 2." """
    held = data["held"]
    has = "Not acquired yet" if held is None else f"Now {held} rank{'s' if held != 1 else ''} ({data['aspect']})"
    if data["next_hours"] is None:
        unused = f"; {data['unused']} hours unused" if data["unused"] else ""
        return f"{has}: colloquial, the most immersion gives{unused}."
    toward = "the ear" if data["ear"] else ("0 ranks" if held is None else f"rank {held + 1}")
    return f"{has}; {data['clock']} of {data['next_hours']} hours toward {toward}."


ZENER_IMMERSION = ZenerImmersionKind()
