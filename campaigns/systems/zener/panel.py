"""The Zener Gate panel: every character's Karma (the table sees it), a player's
check form, and for the GM secret checks and Karma awards."""

from __future__ import annotations

from django.template.loader import render_to_string

from campaigns.common import reads
from campaigns.common.audience import Audience
from campaigns.models import Roll
from campaigns.plugins.registry import Panel
from campaigns.systems.zener.actions import KIND as CHECK_KIND
from campaigns.systems.zener.endurance import TimeForm
from campaigns.systems.zener.forms import AttackForm, CheckForm, KarmaForm, LanguageForm, SkipActionForm
from campaigns.systems.zener.gear_panel import GEAR_FORMS, gear_context
from campaigns.systems.zener.growth import GrowthForm, karmic
from campaigns.systems.zener.immersion import ImmersionForm
from campaigns.systems.zener.karma_read import karma_of
from campaigns.systems.zener.party import party
from campaigns.table.forms import CharacterChoiceField
from campaigns.toolkit.skills import skill_options
from rules.zener import SYSTEM
from rules.zener.death import state_of
from rules.zener.endurance import end_left
from rules.zener.radiation import MOVABLE
from rules.zener.stats import in_play

TRANSITION_BUTTONS = (
    ("1", "a tranquil jump"),
    ("2", "a normal transition"),
    ("3A", "more long-term damage"),
    ("3B", "more shock and trauma"),
)


def panel(
    campaign,
    audience: Audience,
    *,
    user=None,
    check_form=None,
    karma_form=None,
    attack_form=None,
    language_form=None,
    skip_form=None,
    time_form=None,
    immersion_form=None,
    growth_form=None,
    **gear_forms,
) -> Panel:
    characters = reads.seated(campaign)
    gm = audience is Audience.GM
    karmas = karma_of(campaign, characters)  # one query for all (the GM's page draws every card too)
    context = {
        "is_gm": gm,
        # Each value in play beside the sheet's, for "RES 12 (14)" (templatetags/zener.py, stat_in_play); the
        # GM's own characters show a player their name and state alone (play-test: a Raider's
        # Karma, HP and trauma were the table's to read).
        "karma": [
            _row(c, karmas[c.pk]) if gm or c.owner_id != campaign.gm_id else (c, None, None, None, state_of(c.sheet))
            for c in characters
        ],
    }
    context["living"] = [c for c, *_, state in context["karma"] if state != "dead"]
    # Who is dying, at a glance, with the round's death save beside them (seed: "Death").
    context["dying"] = [c for c, *_, state in context["karma"] if state == "dying"]
    # Karmic Debt and setbacks unpaid (growth.py), of the characters whose Karma this audience sees
    context["karmic"] = karmic([row for row in context["karma"] if row[1] is not None])
    context["movable_stats"] = MOVABLE  # where the GM may move long-term CON loss (radiation.html)
    # A panel answering another step (Karma, an attack) leaves the check form on the page as the player
    # left it (htmx's hx-preserve): it was re-rendered empty, losing the skill and label.
    context["keep_check_form"] = check_form is None
    context |= gear_context(campaign, gm=audience is Audience.GM, **gear_forms)  # the Campaign MacGuffins
    if audience is Audience.GM:
        context["check_form"] = check_form or CheckForm(campaign=campaign)
        context["language_form"] = language_form or LanguageForm(campaign=campaign)
        context["karma_form"] = karma_form or KarmaForm(campaign=campaign)
        context["attack_form"] = attack_form or AttackForm(campaign=campaign)
        context["skip_form"] = skip_form or SkipActionForm(campaign=campaign)
        context["time_form"] = time_form or TimeForm(campaign=campaign)
        context["immersion_form"] = immersion_form or ImmersionForm(campaign=campaign)
        context["growth_form"] = growth_form or GrowthForm(campaign=campaign)
        forms = ("check_form", "language_form", "karma_form", "immersion_form", "growth_form", *GEAR_FORMS)
        _offer([context[name] for name in forms], characters)
        # The fight's forms offer the living (play-test: a dead Raider was still an attacker, a target
        # and an initiative row; the steps refuse the dead, and now the forms do not offer them).
        _offer([context[name] for name in ("attack_form", "skip_form", "time_form")], context["living"])
        # Who a Zener transition with no one ticked takes, named on its confirmation (radiation.html).
        context["party"] = ", ".join(c.name for c in party(campaign, characters))
        context["transition_categories"] = TRANSITION_BUTTONS
        # The campaign's readings the GM's steps play by, said beside them (rules page, #zener-plus-fifteen and
        # #zener-initiative-mel; the campaign's settings page changes them).
        context["transition_reading"] = reading(campaign, "transition_roll")
        context["initiative_reading"] = reading(campaign, "initiative_mel")
        context["secret_checks"] = secret_checks(campaign)
    elif user is not None:
        context["check_form"] = check_form or CheckForm(campaign=campaign, user=user)
        context["language_form"] = language_form or LanguageForm(campaign=campaign, user=user)
    mine = [c for c in characters if audience is Audience.GM or c.owner_id == getattr(user, "pk", None)]
    # A language roll needs a character of one's own; `mine` says so without another query.
    context["language_form"] = context.get("language_form") if mine else None
    if mine and audience is not Audience.GM and user is not None:
        # The player's own characters, from the panel's one query (the table's query budget).
        context["immersion_form"] = immersion_form or ImmersionForm(campaign=campaign, user=user)
        _offer([context["immersion_form"]], mine)
    context["immersion_form"] = context.get("immersion_form") if mine else None
    context["skills"] = skill_options(mine, "stat")
    context["shown_forms"] = _shown_forms(context, mine)
    return Panel("systems/zener/panel.html", context)


RECENT_SECRETS = 5  # the GM's latest secret rolls in the Secret rolls block; the log keeps them all


def secret_checks(campaign) -> list:
    """The GM's latest secret checks and language rolls (actions.make_check, secret), newest first: one query."""
    rolls = Roll.objects.filter(campaign=campaign, kind=CHECK_KIND, visibility=Roll.Visibility.GM)
    return list(rolls.select_related("character").order_by("-pk")[:RECENT_SECRETS])


def secret_checks_oob(campaign) -> str:
    """The GM's recent secret rolls again, out of band: what a secret check changes on the GM's panel."""
    context = {"secret_checks": secret_checks(campaign), "oob": True}
    return render_to_string("systems/zener/secret_checks.html", context)


def _row(character, karma: int) -> tuple:
    """(character, Karma, values in play, the sheet's values, state). END in play is the END left, so the
    panel reads "END 0 (10)" as it reads "RES 9 (10)" (play-test: it read "END 10 (−10)")."""
    values = in_play(character.sheet)
    values["END"] = end_left(character.sheet)[0]
    whole = in_play({**character.sheet, "damage": {}})
    return character, karma, values, whole, state_of(character.sheet)


# The GM's steps shown once a character sits at the table (panel.html, gear.html, endurance.html, radiation.html).
TABLE_STEPS = (
    "attack_form",
    "skip_form",
    "fight_over",
    "initiative",
    "rest",
    "time_form",
    "transition",
    "therapy",
    "move",
    *GEAR_FORMS,
)


def _shown_forms(context: dict, mine: list) -> list[str]:
    """The forms on this panel, by the names steps.panel_step gives a refusal (`error_form`): a refusal is shown
    beside its form (templates/systems/_form_error.html), and at the panel's top only when its form is not there
    (the message was thousands of pixels above the form just posted)."""
    shown = [name for name in ("language_form", "immersion_form", "karma_form", "growth_form") if context.get(name)]
    shown += ["check_form"] if context.get("check_form") and mine else []
    shown += list(TABLE_STEPS) if context["is_gm"] and context["karma"] else []
    return shown + (["death_save"] if context["is_gm"] and context["dying"] else [])


def _offer(forms, characters) -> None:
    """The GM's forms offer every seated character: their selects share the one query the panel
    made for them, instead of one query each (the table page's query budget,
    tests/campaigns/test_table_queries.py). A posted form still checks its choice against the
    database (the field's queryset)."""
    choices = [(character.pk, character.name) for character in characters]
    for form in forms:
        for field in form.fields.values():
            if isinstance(field, CharacterChoiceField):
                # A field that may be left empty ("Everyone at the table") keeps its empty choice first.
                field.choices = ([("", field.empty_label)] if field.empty_label is not None else []) + choices


def reading(campaign, name: str) -> str:
    """The campaign's choice of one of Zener's readings, in the settings page's words."""
    setting = next(s for s in SYSTEM.settings if s.name == name)
    return dict(setting.choices)[campaign.settings.get(name, setting.default)]
