"""The d100 panel: the Fortune pool (everyone), the Misfortune pool (the GM, and the
players if the GM allows), a player's test form and dice, the GM's
recovery, Misfortune and opposed-test controls."""

from __future__ import annotations

from campaigns.common.audience import Audience
from campaigns.models import Roll
from campaigns.plugins.registry import Panel
from campaigns.systems.d100.actions import FORTUNE, KIND, MISFORTUNE, RECOVERY, pools, test_name
from campaigns.systems.d100.forms import D100TestForm, OpposedForm
from campaigns.systems.d100.gm_forms import GMDieForm, SecretTestForm
from campaigns.table.forms import CharacterChoiceField
from campaigns.toolkit.skills import skill_options, skill_select


def pools_panel(campaign, audience: Audience, *, error: str = "") -> Panel:
    """The pools alone, each part swapped out of band: what every table gets when a pool changes, and the
    answer to a player's Fortune spend (`error`: why it was refused, beside its button). Both once
    rendered the whole panel, forms and all, and 32 players spending at once waited 1.1 s at p99."""
    is_gm = audience is Audience.GM
    values = {kind: row.value for kind, row in pools(campaign).items()}
    shown = is_gm or campaign.settings.get("show_misfortune")
    context = {
        "is_gm": is_gm,
        "fortune": values[FORTUNE],
        "misfortune": values[MISFORTUNE] if shown else None,
        "oob": True,
        "spend_error": error,
    }
    return Panel("systems/d100/pools.html", context)


def panel(
    campaign, audience: Audience, *, user=None, test_form=None, opposed_form=None, secret_form=None, gm_die_form=None
) -> Panel:
    is_gm = audience is Audience.GM
    values = {kind: row.value for kind, row in pools(campaign).items()}
    context = {
        "is_gm": is_gm,
        "fortune": values[FORTUNE],
        "misfortune": values[MISFORTUNE] if is_gm or campaign.settings.get("show_misfortune") else None,
    }
    if is_gm:
        seated = list(campaign.characters.seated())
        context |= {
            "recovery": [(key, reason) for key, (reason, _) in RECOVERY.items()],
            "opposed_form": opposed_form or OpposedForm(campaign=campaign),
            "secret_form": secret_form or SecretTestForm(campaign=campaign),
            "gm_die_form": gm_die_form or GMDieForm(campaign=campaign),
            "has_characters": bool(seated),
            "secret_tests": secret_tests(campaign),
        }
        _offer([context["opposed_form"], context["secret_form"], context["gm_die_form"]], seated)
        for form, names in (
            (context["opposed_form"], ("first_skill", "second_skill")),
            (context["secret_form"], ("skill",)),
        ):
            for name in names:
                form.fields[name].widget = skill_select(seated, alone="(the attribute alone)")
        if not context["opposed_form"].is_bound and len(seated) > 1:
            # The second side starts on another character: both on the first was a refusal waiting.
            context["opposed_form"].fields["second"].initial = seated[1].pk
        context["opposed_sides"] = _sides(context["opposed_form"])
    elif user is not None:
        # A panel answering another step (Fortune, a Fury die) leaves the test form on the page as the player
        # left it (htmx's hx-preserve): it was re-rendered empty, losing the skill and label.
        context["keep_test_form"] = test_form is None
        context["test_form"] = test_form or D100TestForm(campaign=campaign, user=user)
        context["can_test"] = context["test_form"].fields["character"].queryset.exists()
        context["skills"] = skill_options(campaign.characters.filter(owner=user), "attribute")
    context["shown_forms"] = _shown_forms(context)
    return Panel("systems/d100/panel.html", context)


RECENT_SECRETS = 5  # the GM's latest secret tests on the GM's screen; the log keeps them all


def secret_tests(campaign) -> list[dict]:
    """The GM's latest secret tests (campaigns/systems/d100/gm.py), newest first, each with whether it
    is revealed: two queries whatever the log's length (the table page's query budget)."""
    rolls = list(
        Roll.objects.filter(campaign=campaign, kind=KIND, visibility=Roll.Visibility.GM, request__gm_secret=True)
        .select_related("character")
        .order_by("-pk")[:RECENT_SECRETS]
    )
    if not rolls:
        return []
    shown = Roll.objects.filter(campaign=campaign, kind=KIND, request__revealed_of__in=[roll.pk for roll in rolls])
    revealed = set(shown.values_list("request__revealed_of", flat=True))
    return [{"roll": roll, "name": test_name(roll), "revealed": roll.pk in revealed} for roll in rolls]


def _sides(form) -> list[tuple[str, list]]:
    """The opposed test's fields, side by side: each side's character, skill, attribute, difficulty,
    time and synergy under its own legend (the label is the test's)."""
    return [
        (title, [form[name] for name in form.fields if name.startswith(prefix)])
        for title, prefix in (("First side", "first"), ("Second side", "second"))
    ]


def _shown_forms(context: dict) -> list[str]:
    """The forms on this panel, by the names steps.panel_step gives a refusal (`error_form`): a refusal is
    shown beside its form (templates/systems/_form_error.html), at the panel's top only when its form is not
    there (as the Zener panel's `_shown_forms`)."""
    if context["is_gm"]:
        return ["recover", "gm_die_form", *(["opposed_form", "secret_form"] if context["has_characters"] else [])]
    return ["test_form", "dice"] if context.get("can_test") else []


def _offer(forms, characters) -> None:
    """The GM's forms offer the seated characters from the panel's one query, not one query per select
    (the table page's query budget, tests/campaigns/test_table_queries.py; as the Zener panel's `_offer`).
    A posted form still checks its choice against the database (the field's queryset)."""
    choices = [(character.pk, character.name) for character in characters]
    for form in forms:
        for field in form.fields.values():
            if isinstance(field, CharacterChoiceField):
                field.choices = ([("", field.empty_label)] if field.empty_label is not None else []) + choices
