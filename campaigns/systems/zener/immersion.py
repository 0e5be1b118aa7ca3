"""Learning a language by immersion at the table (seed: "In-game language acquisition & improvement"):
the step "N hours immersed in <language> among <era>'s speakers", its form, its action and its log row.

A player steps for their own character, the GM for anyone. The hours go on the sheet's clock for the
language (rules.zener.immersion); each interval completed rolls its LAN check, and a made check adds
the rank to the sheet (learned in play: outside the starting budget). One public log row says it all.

The seed's "normal mechanics surrounding die rolls are also in force": an immersion may delay its checks
(x1.5 to x10 time, the time chart's +1 to +4; rules.zener.immersion.delayed_hours), and the last check of the
latest immersion in a language, if it failed, takes Karma through the log card's Karma menu as an ordinary
check does (views.karma_options / karma_on_roll): a re-roll by the character's owner for 1 of its Karma, +5
from another player's character when +5 makes it; each once an immersion. Made after all, the check gives what
it would have given (rules.zener.immersion.made_after_all), written as a new row, "first_roll" naming the row
the Karma was bought on.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.views.decorators.http import require_POST

from campaigns.common import reads, sources
from campaigns.common.audience import Audience
from campaigns.common.inputs import TextField, WholeNumberField
from campaigns.life.access import campaign_for_member
from campaigns.models import Roll
from campaigns.plugins.roll_kind import RollKind
from campaigns.secrets.visibility import audience_for
from campaigns.systems.zener.actions import (
    KARMA_BOOST,
    ActionError,
    _booster,
    _check_funds,
    _stat_in_play,
    change_karma,
    karma_balance,
)
from campaigns.table import live
from campaigns.table.forms import CharacterChoiceField, TableForm
from campaigns.toolkit.steps import panel_step
from characters.models import Character
from rules.errors import RulesError
from rules.zener.checks import Check, CheckRoll, judge, roll_check
from rules.zener.immersion import (
    DELAYS,
    MAX_EAR,
    MAX_HOURS,
    Clock,
    Immersion,
    Step,
    immerse,
    made_after_all,
    start_clock,
)
from rules.zener.languages import ASPECTS, RANK_MODIFIER
from rules.zener.tables import TIME_MULTIPLIERS

KIND = "zener_immersion"


class ImmersionForm(TableForm):
    """N hours immersed in a language as one era speaks it."""

    character = CharacterChoiceField(queryset=None, empty_label=None)
    language = TextField(max_length=60, help_text="The language's name, e.g. 'French'.")
    among = TextField(max_length=30, label="Era of its speakers", help_text="The era at hand, e.g. '18th century'.")
    hours = WholeNumberField(min_value=1, max_value=MAX_HOURS, initial=3, label="Hours immersed")
    era_ranks = WholeNumberField(
        min_value=0,
        max_value=MAX_EAR,
        initial=1,
        required=False,
        label="Era shift to pay off first (ranks, the GM's estimate)",
        help_text="When the sheet's language is of another era: 6 hours and a LAN check "
        "at +15 for each rank, before the rank's own clock.",
    )
    new = forms.BooleanField(
        required=False,
        label="Learn this era's language as a new one",
        help_text="The clock starts at zero; the same language of other eras on the sheet "
        "counts as related (+2 each) and no era shift is paid.",
    )
    aspect = forms.ChoiceField(
        choices=[(a, a) for a in ASPECTS],
        initial="spoken",
        required=False,
        label="Aspect of a first rank",
        help_text="The aspect a language at 0 ranks gains; later ranks raise the aspect it has.",
    )
    related = WholeNumberField(
        min_value=0, max_value=5, initial=0, required=False, label="Other related languages the GM accepts (+2 each)"
    )
    delay = forms.TypedChoiceField(
        choices=[(0, "No delay (x1 time)")] + [(i, f"×{TIME_MULTIPLIERS[i]:g} time (+{i})") for i in DELAYS if i],
        coerce=int,
        empty_value=0,
        required=False,
        label="Delay each check",
        help_text="Extra time (the time chart): each interval takes its hours times this, rounded up, and its "
        "check gets the bonus.",
    )
    label = TextField(max_length=100, required=False)

    def __init__(self, *args, campaign, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        characters = reads.seated_query(campaign)
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
        raise RulesError(
            f"The sheet has {named[0]['name']} of several eras ({eras}): immerse in one of those eras, "
            f"or learn {among} {named[0]['name']} as a new language."
        )
    else:
        found, others = named[0], []
    if found is not None and found["aspect"] == "native":
        raise RulesError(f"{found['name']} ({found['era']}) is the native language: immersion adds nothing to it.")
    return found, len(others)


def immerse_character(
    campaign,
    author,
    *,
    character,
    language: str,
    among: str,
    hours: int,
    era_ranks: int = 1,
    new: bool = False,
    aspect: str = "",
    related: int = 0,
    label: str = "",
    delay: int = 0,
) -> Roll:
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
        result = immerse(clock, held, hours, lan=lan, related=related + auto, dice=sources.dice(), delay=delay)
        languages = _learn(languages, found, name, era, held, result.held, aspect)
        _keep(character, sheet, languages, clocks, old, result)
        roll = Roll.objects.create(
            campaign=campaign,
            author=author,
            character=character,
            kind=KIND,
            request={
                "label": label,
                "language": f"{name} ({era})",
                "name": name,
                "era": era,
                "among": among.strip(),
                "hours": hours,
                "lan": lan,
                "lost": lost,
                "related": related + auto,
                "new": found is None,
                "first_aspect": aspect,
                **({"delay": delay} if delay else {}),
            },
            outcome=_outcome(result, held, languages, name, era, [_step(step) for step in result.steps]),
        )
        transaction.on_commit(lambda: (live.send_roll(roll), live.send_panel(campaign)))
    return roll


def _learn(languages: list[dict], found: dict | None, name: str, era: str, held, now, aspect: str) -> list[dict]:
    """The sheet's languages with the ranks `now` learned in play (`held` before; None: not acquired)."""
    if now == held:
        return languages
    gained = now - (-1 if held is None else held)  # the language at 0 ranks is worth 1 point too
    first_rank = (held or 0) == 0 and now >= 1
    changed = {
        "name": name,
        "era": era,
        "aspect": "spoken",
        **(found or {}),
        "ranks": now,
        "learned": (found or {}).get("learned", 0) + gained,
    }
    if first_rank or found is None:
        changed["aspect"] = aspect or changed["aspect"]
    return [changed if x is found else x for x in languages] if found else [*languages, changed]


def _keep(character, sheet: dict, languages: list[dict], clocks: list[Clock], old: Clock | None, result) -> None:
    """Save the sheet's languages and its clocks, the language's clock as `result` left it (gone at 3 ranks)."""
    kept = [c.as_dict() for c in clocks if c is not old]
    done = result.next_hours is None
    sheet |= {"languages": languages, "immersion": kept if done else [*kept, result.clock.as_dict()]}
    character.sheet = sheet
    character.save(update_fields=["sheet", "updated_at"])


def _outcome(result: Immersion, held, languages: list[dict], name: str, era: str, steps: list[dict]) -> dict:
    clock = result.clock.ear_hours if result.clock.ear else result.clock.hours  # toward the next step
    return {
        "steps": steps,
        "held_before": held,
        "held": result.held,
        "ear": result.clock.ear,
        "clock": clock,
        "next_hours": result.next_hours,
        "unused": result.unused,
        "aspect": next((x["aspect"] for x in languages if (x["name"], x["era"]) == (name, era)), ""),
    }


def _step(step: Step) -> dict[str, Any]:
    rolled = step.roll
    return {
        "kind": step.kind,
        "hours": step.hours,
        "modifier": RANK_MODIFIER[step.ranks],
        "to": step.to,
        "dice": rolled.check.rolled[0],
        "faces": list(rolled.faces),
        "total": rolled.total,
        "target": rolled.target,
        "success": rolled.success,
        "base_target": rolled.check.target,
        **({"delay": step.delay} if step.delay else {}),
    }


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
        immerse_character(
            campaign,
            request.user,
            character=data["character"],
            language=data["language"],
            among=data["among"],
            hours=data["hours"],
            era_ranks=era_ranks,
            new=data["new"],
            aspect=data["aspect"],
            related=data["related"] or 0,
            label=data["label"],
            delay=data["delay"] or 0,
        )

    return panel_step(
        request,
        campaign,
        audience,
        form=form,
        form_name="immersion_form",
        act=act,
        again=lambda: ImmersionForm(initial=request.POST.dict(), campaign=campaign, user=user),
    )


def _standing(roll) -> Roll:
    """The character's latest immersion in the row's language: only its last check may take Karma."""
    rows = Roll.objects.filter(campaign_id=roll.campaign_id, kind=KIND, character_id=roll.character_id)
    return rows.filter(request__language=roll.request["language"]).latest("pk")


def _used(roll) -> set[str]:
    """The Karma spends already made on the immersion `roll` belongs to ("reroll_of", "boost_of")."""
    first = roll.request.get("first_roll") or roll.pk
    changes = Roll.objects.filter(campaign_id=roll.campaign_id, kind=KIND, request__first_roll=first)
    return {key for change in changes for key in ("reroll_of", "boost_of") if change.request.get(key)}


def _last_failed(roll) -> dict | None:
    steps = roll.outcome["steps"]
    return steps[-1] if steps and not steps[-1]["success"] else None


def _boost_helps(failed: dict) -> bool:
    """+5 is bought only when it makes the failed check (as actions.boost_helps on an ordinary check)."""
    return failed["total"] <= failed["target"] + KARMA_BOOST


def karma_options(roll, user) -> dict:
    """The Karma spends `user` can make now on an immersion row's failed last check, in the shape of
    actions.karma_options (the log card's Karma menu): the re-roll for the character's owner, +5 from the
    user's other characters; each once an immersion, and only on the latest immersion in that language."""
    standing = _standing(roll)
    options = {"first": roll, "standing": standing, "reroll": None, "boosters": []}
    failed = _last_failed(roll)
    if standing.pk != roll.pk or failed is None:
        return options
    used, character = _used(roll), roll.character
    if "reroll_of" not in used and character.owner_id == user.pk and karma_balance(character).value:
        options["reroll"] = character
    if "boost_of" not in used and _boost_helps(failed):
        mine = roll.campaign.characters.filter(owner=user).exclude(pk=character.pk).order_by("name")
        options["boosters"] = [c for c in mine if karma_balance(c).value]
    return options


def karma_on_immersion(roll_id: int, player, *, use: str, payer_id: int | None = None) -> Roll:
    """Karma on the failed last check of an immersion (seed: "characters can use experience/karma to improve their
    chances or re-roll a failed roll"): "reroll" (the owner, 1 Karma: new dice) or "boost" (+5, 1 Karma from
    `payer_id`, another of the player's characters). Made after all, the check gives its rank and the clock runs
    on as if it had been made (rules.zener.immersion.made_after_all); a new row says so."""
    with transaction.atomic():
        roll = Roll.objects.select_related("character", "campaign").get(pk=roll_id, kind=KIND)
        character = Character.objects.select_for_update().get(pk=roll.character_id)  # every immersion waits on it
        request, language = roll.request, roll.request["language"]
        standing = _standing(roll)
        if standing.pk != roll.pk:
            if (standing.request.get("first_roll") or standing.pk) == (request.get("first_roll") or roll.pk):
                raise ActionError(f"Karma already changed this check on {language}: its newest entry is its result.")
            raise ActionError(f"A later immersion in {language} stands since: Karma changes the latest one's check.")
        failed = _last_failed(roll)
        if failed is None:
            raise ActionError(f"{character.name}'s immersion in {language} has no failed check: it was already made.")
        key = "reroll_of" if use == "reroll" else "boost_of"
        if key in _used(roll):
            raise ActionError("Karma was already spent that way on this immersion.")
        delay = request.get("delay", 0)
        base = failed.get("base_target", request["lan"] + 2 * request["related"] + failed["modifier"] + delay)
        check = Check(4, base)
        if use == "reroll":
            if character.owner_id != player.pk:
                raise ActionError("Only the roller can re-roll their own failed roll.")
            payer = character
            _check_funds(payer)  # before any die is rolled
            rolled = roll_check(check, sources.dice())
            redone = {
                **failed,
                "dice": rolled.check.rolled[0],
                "faces": list(rolled.faces),
                "total": rolled.total,
                "target": rolled.target,
                "success": rolled.success,
            }
        else:
            if not _boost_helps(failed):
                failed_by = failed["total"] - failed["target"]
                raise ActionError(f"+5 cannot make {character.name}'s check on {language}: it failed by {failed_by}.")
            payer = _booster(roll, player, payer_id)
            success, _ = judge(failed["total"], failed["target"] + KARMA_BOOST)
            redone = {**failed, "target": failed["target"] + KARMA_BOOST, "success": success, "bonus": KARMA_BOOST}
        outcome = {**roll.outcome, "steps": [redone], "held_before": roll.outcome["held"]}
        if redone["success"]:
            was = Step(failed["kind"], failed["hours"], 0, failed["to"], CheckRoll(check, tuple(failed["faces"])))
            outcome = _made(character, roll, was, redone, dice=sources.dice())
        new = Roll.objects.create(
            campaign=roll.campaign,
            author=player,
            character=character,
            kind=KIND,
            outcome=outcome,
            request={
                **request,
                "first_roll": request.get("first_roll") or roll.pk,
                key: roll.pk,
                "boosted_by": payer.name if use == "boost" else request.get("boosted_by", ""),
            },
        )
        why = "Re-roll a failed immersion check" if use == "reroll" else f"+5 to {character.name}'s check on {language}"
        change_karma(payer, -1, actor=player, reason=why, roll=new)
        transaction.on_commit(lambda: (live.send_roll(new), live.send_panel(roll.campaign)))
    return new


def _made(character, roll, was: Step, redone: dict, *, dice) -> dict:
    """The sheet with the failed check `was` made after all: the rank learned, the clock run on; the outcome."""
    request = roll.request
    name, era = request.get("name"), request.get("era")
    if name is None:  # a row from before the request named them: "French (16th century)"
        name, era = request["language"][:-1].rsplit(" (", 1)
    sheet = dict(character.sheet)
    languages = [dict(x) for x in sheet.get("languages", [])]
    found = next((x for x in languages if (x["name"], x["era"]) == (name, era)), None)
    clocks = [Clock(**c) for c in sheet.get("immersion", [])]
    old = next((c for c in clocks if (c.name, c.era) == (name, era)), None)
    held = found["ranks"] if found else None
    if old is None or held != roll.outcome["held"]:
        raise ActionError(f"{character.name}'s sheet changed for {name} ({era}) since this check: ask the GM.")
    result = made_after_all(
        old, held, was, lan=request["lan"], related=request["related"], dice=dice, delay=request.get("delay", 0)
    )
    languages = _learn(languages, found, name, era, held, result.held, request.get("first_aspect", ""))
    _keep(character, sheet, languages, clocks, old, result)
    return _outcome(result, held, languages, name, era, [redone, *(_step(step) for step in result.steps)])


STEP_NAMES = {"acquire": "acquiring it at 0 ranks", "rank": "rank {to}", "ear": "adjusting the ear to the era"}


def step_text(step: dict) -> str:
    """ "Adjusting the ear to the era (6 h): LAN check at +15, 5 against 23, success."; a delay and a +5 say so:
    "LAN check at +10 +2 (×2 time) +5 (Karma)"."""
    what = STEP_NAMES[step["kind"]].format(to=step["to"])
    verdict = "success" if step["success"] else "failure, the interval restarts"
    delay = f" +{step['delay']} ({_times(step['delay'])} time)" if step.get("delay") else ""
    boost = f" +{step['bonus']} (Karma)" if step.get("bonus") else ""
    return (
        f"{what[0].upper()}{what[1:]} ({step['hours']} h): LAN check at +{step['modifier']}{delay}{boost}, "
        f"{step['total']} against {step['target']}, {verdict}."
    )


def _times(delay: int) -> str:
    return f"×{TIME_MULTIPLIERS[delay]:g}"


class ZenerImmersionKind(RollKind):
    """Hours of immersion in a language and the LAN checks they came to: public, like the sheet they change."""

    key = KIND
    name = "Immersion"

    def follow_ups(self, roll, user):
        """The failed last check's Karma menu, as on the row (karma_options)."""
        return "systems/zener/karma_options.html#options", karma_options(roll, user)

    def roll_data(self, roll, audience: Audience) -> dict[str, Any]:
        data = {**roll.request, **roll.outcome}
        data["steps"] = [{**step, "line": step_text(step)} for step in data["steps"]]
        data["now"] = _now(data)
        data["times"] = _times(data["delay"]) if data.get("delay") else ""
        table = audience is not Audience.GM and roll.visibility == Roll.Visibility.TABLE
        # As on an ordinary check (kind.ZenerCheckKind): the spends are per player, so the row loads them;
        # a Karma row reloads the menu of the row it was bought on.
        data["karma_open"] = table and bool(data["steps"]) and not data["steps"][-1]["success"]
        data["changed_row"] = (data.get("reroll_of") or data.get("boost_of")) if table else None
        return data

    def sentence(self, who: str, label: str, data: dict[str, Any]) -> str:
        if data.get("reroll_of"):
            opening = f"{who} re-rolls the failed LAN check on {data['language']} with 1 Karma."
        elif data.get("boost_of"):
            opening = f"{who}'s LAN check on {data['language']} with +5 from {data['boosted_by']}."
        else:
            hours = f"{data['hours']} hour{'s' if data['hours'] != 1 else ''}"
            among = f" among {data['among']} speakers" if not data["language"].endswith(f"({data['among']})") else ""
            delay = f", delaying each check {data['times']} time (+{data['delay']})" if data.get("delay") else ""
            opening = f"{who} spends {hours} immersed in {data['language']}{among}{delay}."
        return " ".join([opening, *(step["line"] for step in data["steps"]), data["now"]])


def _now(data: dict[str, Any]) -> str:
    """Where the clock stands: "Now 1 rank (spoken); 0 of 12 hours toward rank 2." """
    held = data["held"]
    has = "Not acquired yet" if held is None else f"Now {held} rank{'s' if held != 1 else ''} ({data['aspect']})"
    if data["next_hours"] is None:
        unused = f"; {data['unused']} hour{'s' if data['unused'] != 1 else ''} unused" if data["unused"] else ""
        return f"{has}: colloquial, the most immersion gives{unused}."
    toward = "the ear" if data["ear"] else ("0 ranks" if held is None else f"rank {held + 1}")
    delay = f" at {_times(data['delay'])} time" if data.get("delay") else ""
    return f"{has}; {data['clock']} of {data['next_hours']} hours toward {toward}{delay}."


ZENER_IMMERSION = ZenerImmersionKind()
