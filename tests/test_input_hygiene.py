"""Each fault a new player met with numbers, text and files they typed.
Every one of these was a 500 (or a silent change) before; now it is a message and no change."""

import html
import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from campaigns.models import Campaign, LedgerEntry, Roll, RollCall
from campaigns.plugins import registry
from campaigns.systems.cgg import actions as cgg
from campaigns.systems.cgg.models import TensionScene
from characters.models import Character
from rules.cgg.difficulty import Difficulty
from tests.factories import admin_setting_fields
from tests.sheet_rows import rows
from tests.test_hostile_input import snapshot
from tests.world import client_for

pytestmark = pytest.mark.django_db

UNICODE_DIGITS = ["²", "٣", "--1", "1\x00", "+-2"]


def hx_post(user, url, data):
    return client_for(user).post(url, data, HTTP_HX_REQUEST="true")


@pytest.mark.parametrize("value", UNICODE_DIGITS)
@pytest.mark.parametrize("param", ["after", "before"])
def test_odd_digits_in_the_logs_query_are_ignored(world, player, param, value):
    campaign = world["campaigns"]["cgg"][0]
    url = reverse("table", args=[campaign.pk])
    response = client_for(player).get(url, {param: value}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert client_for(player).get(url, {param: value}).status_code == 200


@pytest.fixture
def scene(world, gm):
    campaign = world["campaigns"]["cgg"][0]
    hx_post(gm, reverse("cgg_tension", args=[campaign.pk]), {"op": "start", "bleakness": "bad"})
    hx_post(gm, reverse("cgg_tension", args=[campaign.pk]), {"op": "pitfall", "name": "Reactor", "tension": "7"})
    return campaign


@pytest.mark.parametrize("value", UNICODE_DIGITS)
@pytest.mark.parametrize(
    ("op", "field", "others"),
    [
        ("pitfall", "tension", {"name": "Fall"}),
        ("move", "pitfall", {"delta": "1"}),
        ("move", "delta", {"pitfall": "0"}),
        ("edge", "explorer", {}),
        ("bonus", "explorer", {"attribute": "dexterity"}),
        ("worse", "pitfall", {}),
        ("spend", "slide", {"pitfall": "0"}),
    ],
)
def test_odd_numbers_on_the_tension_form_get_a_message(world, gm, scene, op, field, others, value):
    before = snapshot()
    response = hx_post(gm, reverse("cgg_tension", args=[scene.pk]), {"op": op, field: value, **others})
    assert response.status_code == 422
    assert "whole number" in response.content.decode() or "explorer" in response.content.decode()
    assert snapshot() == before


def test_an_explorer_of_another_campaign_is_refused(world, gm, scene):
    stranger = world["characters"]["d100"]
    before = snapshot()
    response = hx_post(gm, reverse("cgg_tension", args=[scene.pk]), {"op": "edge", "explorer": stranger.pk})
    assert response.status_code == 422
    assert snapshot() == before


@pytest.mark.parametrize("text", ["Fall\x00", "Fall\x07", "\x1b[31mFall"])
def test_control_characters_in_a_pitfalls_name_are_refused(world, gm, scene, text):
    before = snapshot()
    response = hx_post(gm, reverse("cgg_tension", args=[scene.pk]), {"op": "pitfall", "name": text, "tension": "5"})
    assert response.status_code == 422
    assert "control character" in response.content.decode()
    assert snapshot() == before
    assert [p["name"] for p in TensionScene.objects.get(campaign=scene).state["pitfalls"]] == ["Reactor"]


@pytest.mark.parametrize(
    "data", [{"points": "²"}, {"points": "٣"}, {"points": "--1"}, {"points": "1", "reason": "orc\x00"}]
)
def test_misfortune_spends_refuse_odd_points_and_text(world, gm, data):
    campaign = world["campaigns"]["d100"][0]
    from campaigns.systems.d100 import actions as d100

    d100.change_pools(campaign, actor=gm, reason="marker", misfortune=5)
    entries = LedgerEntry.objects.count()
    response = hx_post(gm, reverse("d100_spend", args=[campaign.pk]), data)
    assert response.status_code == 422
    assert LedgerEntry.objects.count() == entries


def test_a_misfortune_spend_still_works(world, gm):
    campaign = world["campaigns"]["d100"][0]
    from campaigns.systems.d100 import actions as d100

    d100.change_pools(campaign, actor=gm, reason="marker", misfortune=5)
    response = hx_post(gm, reverse("d100_spend", args=[campaign.pk]), {"points": "2", "reason": "the orc"})
    assert response.status_code == 200
    assert LedgerEntry.objects.order_by("-pk").first().reason.endswith("the orc")


def upload(content: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile("hero.json", content, content_type="application/json")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'{"name": "Deep", "sheet": {"notes": ' + b"[" * 60_000 + b"]" * 60_000 + b"}}", "nested"),
        (b'{"name": "\\ud800", "sheet": {}}', "surrogate"),
        (b'{"name": "Vera", "sheet": {"notes": "a\\u0000b"}}', "control character"),
        (b'{"name": "Vera", "sheet": {"notes": "ok", "x\\u0000": 1}}', "control character"),
        (b'{"name": "Vera\\u0007", "sheet": {}}', "control character"),
    ],
)
def test_a_hostile_character_file_is_refused_with_a_message(world, player, content, message):
    campaign = world["campaigns"]["d100"][0]
    characters = Character.objects.count()
    response = client_for(player).post(reverse("character_import", args=[campaign.pk]), {"file": upload(content)})
    assert response.status_code == 422
    assert message in response.content.decode()
    assert Character.objects.count() == characters


@pytest.fixture
def cgg_call(world, player):
    campaign, hero = world["campaigns"]["cgg"][0], world["characters"]["cgg"]
    hero.sheet = hero.sheet | {"abilities": [{"name": "Blaster", "mastery": 1}]}
    hero.save()
    return cgg.call_for_action(
        campaign, character=hero, attribute="dexterity", difficulty=Difficulty(base_dice=5, success_dice=0)
    )


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"mastery": "1", "moved": "3"}, "at most 1"),  # above the mastery: was a 500
        ({"mastery": "1", "extra": "2"}, "at most 1"),
        ({"mastery": "0", "moved": "2"}, "stunt"),  # no stunt, but dice moved: was silently dropped
        ({"mastery": "", "extra": "1"}, "stunt"),
        ({"mastery": "2"}, "stunt"),  # a mastery the explorer does not have
    ],
)
def test_a_stunt_that_cannot_apply_is_refused(world, player, cgg_call, data, message):
    campaign = world["campaigns"]["cgg"][0]
    response = hx_post(player, reverse("cgg_roll", args=[campaign.pk, cgg_call.pk]), data)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert RollCall.objects.get(pk=cgg_call.pk).state == cgg_call.state
    assert not Roll.objects.filter(kind="cgg").exists()


def test_a_stunt_within_the_mastery_rolls(world, player, cgg_call, seeded_dice):
    campaign = world["campaigns"]["cgg"][0]
    response = hx_post(player, reverse("cgg_roll", args=[campaign.pk, cgg_call.pk]), {"mastery": "1", "moved": "1"})
    assert response.status_code == 200
    assert RollCall.objects.get(pk=cgg_call.pk).state != cgg_call.state


def test_the_most_hopeless_zener_attack_is_rolled_as_a_miracle(world, gm):
    # Raw range once took the target below -94 (refused); the Range Adjustment table caps range's penalty at
    # -10, so the form's worst attack stays in the dice's reach and is rolled, not refused.
    campaign = world["campaigns"]["zener"][0]
    hero = world["characters"]["zener"]
    tough = hero.sheet | {"stats": hero.sheet["stats"] | {"RES": 40}}  # Defense 40 - 15 + 10 armour = 35
    foe = Character.objects.create(campaign=campaign, owner=gm, name="Foe", sheet=tough)
    data = {
        "attacker": hero.pk,
        "target": foe.pk,
        "stat": "ACC",
        "ranks": "0",
        "weapon": "2d6",
        "size": "-8",
        "armour": "10",
        "range_": "60",
        "aiming": "-5",
        "circumstance": "-20",
        "attacker_armour": "10",
    }
    response = hx_post(gm, reverse("zener_attack", args=[campaign.pk]), data)
    assert response.status_code == 200
    attack = Roll.objects.get(campaign=campaign, kind="zener_attack")
    assert attack.request["dice"] > 30  # an impossible chance: many dice


@pytest.mark.parametrize("code", ["0d", "0d+2", "12d", "11d"])
def test_cgg_attributes_stay_within_the_rules(world, player, code):
    campaign, hero = world["campaigns"]["cgg"][0], world["characters"]["cgg"]
    page = client_for(player).get(reverse("character_edit", args=[campaign.pk, hero.pk])).content.decode()
    assert "1d to 10d" in page  # the bound is on the form as help text
    data = {
        "name": hero.name,
        "dexterity": code,
        "strength": "2d",
        "perception": "2d",
        "knowledge": "2d",
        "technical": "2d",
        "mechanical": "2d",
        "harm_dots": "8",
        "persuasion_dots": "8",
        "alteration_dots": "8",
        "harm_marked": "0",
        "persuasion_marked": "0",
        "alteration_marked": "0",
        **rows("roles", [{"text": "Pilot"}]),
    }
    for name in ("abilities", "aspects", "gear", "endeavors", "leverage"):
        data |= rows(name, [])
    response = client_for(player).post(reverse("character_edit", args=[campaign.pk, hero.pk]), data)
    assert response.status_code == 422
    assert set(response.context["form"].errors) == {"dexterity"}  # the code, not a list left out
    assert Character.objects.get(pk=hero.pk).sheet == hero.sheet


@pytest.mark.parametrize(
    ("effect", "field", "part"),
    [
        ({"features": "damage 2 | knockback"}, "features", "damage 2 | knockback"),
        ({"features": "damage two"}, "features", "damage two"),
        ({"features": "damage 2,, range 1"}, "features", "damage 2,, range 1"),
        ({"bonuses": "knock;back"}, "bonuses", "knock;back"),
        ({"name": "Punch; kick"}, "name", "Punch; kick 2"),
    ],
)
def test_tribute_effect_rows_name_what_is_not_understood(world, player, effect, field, part):
    """An effect is a row (name, rank, features, bonuses); the part not understood is named beside
    its field."""
    campaign, hero = world["campaigns"]["tribute"][0], world["characters"]["tribute"]
    row = {"name": "Punch", "rank": "2", "features": "damage 2", "bonuses": ""} | effect
    data = {"name": hero.name, "notes": "", **rows("effects", [row])}
    response = client_for(player).post(reverse("character_edit", args=[campaign.pk, hero.pk]), data)
    assert response.status_code == 422
    found = re.search(f'id="id_effects-0-{field}-live">([^<]*)<', response.content.decode())
    assert found, field
    assert f"'{part}'" in html.unescape(found[1])  # the part not understood
    assert Character.objects.get(pk=hero.pk).sheet == hero.sheet


def _admin_campaign_form(campaign, **settings) -> dict:
    """The admin's change form of the campaign with these settings fields, its people and characters as they are."""
    return {
        "name": campaign.name,
        **settings,
        "gm": campaign.gm_id,
        "invite_expires_at_0": "",
        "invite_expires_at_1": "",
        "memberships-TOTAL_FORMS": "0",
        "memberships-INITIAL_FORMS": "0",
        "characters-TOTAL_FORMS": "0",
        "characters-INITIAL_FORMS": "0",
    }


@pytest.mark.parametrize(
    "value", ["[]", "{}", "null", '{"die_size": 8}', '{"die_size": 8, "extra": 1}', '"d8"', '{"die_size": 7}']
)
def test_admin_refuses_campaign_settings_it_cannot_read(world, make_user, value):
    campaign = world["campaigns"]["tribute"][0]
    Campaign.objects.filter(pk=campaign.pk).update(settings=campaign.settings | {"die_size": 8})
    admin = make_user("ada_admin", is_staff=True, is_superuser=True)
    data = _admin_campaign_form(campaign, settings=value)
    response = client_for(admin).post(reverse("admin:campaigns_campaign_change", args=[campaign.pk]), data)
    assert response.status_code == 200  # the form again, with the message
    assert "errorlist" in response.content.decode()
    assert Campaign.objects.get(pk=campaign.pk).settings["die_size"] == 8


def test_admin_still_saves_good_settings(world, make_user):
    campaign = world["campaigns"]["tribute"][0]
    admin = make_user("ada_admin", is_staff=True, is_superuser=True)
    data = _admin_campaign_form(campaign, **admin_setting_fields(campaign.settings | {"die_size": 10}))
    response = client_for(admin).post(reverse("admin:campaigns_campaign_change", args=[campaign.pk]), data)
    assert response.status_code == 302
    assert Campaign.objects.get(pk=campaign.pk).settings["die_size"] == 10


def _all_form_classes():
    """Every form class of the app's own modules (imported by the URL conf)."""
    from django import forms
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018 (imports every view, and so every form)
    seen, stack = [], [forms.Form, forms.ModelForm]
    while stack:
        for cls in stack.pop().__subclasses__():
            stack.append(cls)
            if cls.__module__.split(".")[0] in ("campaigns", "characters", "accounts"):
                seen.append(cls)
    return seen


def test_every_text_and_number_field_of_every_form_is_the_shared_one():
    """One definition of what a form accepts: text without control characters, bounded whole numbers."""
    from django import forms

    from campaigns.common.inputs import PlainTextValidator, WholeNumberField

    classes = _all_form_classes()
    assert len(classes) > 20
    for cls in classes:
        for name, field in cls.base_fields.items():
            if isinstance(field, forms.IntegerField):
                assert isinstance(field, WholeNumberField), (cls, name)
                assert field.min_value is not None and field.max_value is not None, (cls, name)  # noqa: PT018
            elif isinstance(field, forms.CharField) and not cls.__module__.startswith("accounts"):
                # (accounts: Django's own sign-up fields, a username of letters and digits, passwords hashed)
                assert any(isinstance(v, PlainTextValidator) for v in field.validators), (cls, name)


@pytest.mark.parametrize("system", [adapter.key for adapter in registry.installed()])
def test_every_sheet_field_has_its_bounds_and_a_line_of_help(world, player, system):
    from django import forms

    from characters.forms import sheet_form_for

    campaign = world["campaigns"][system][0]
    form = sheet_form_for(campaign)(instance=world["characters"][system])
    # The form's own fields, and each list's row fields, as an added row has them.
    rows = [formset.empty_form for formset in form.lists.values()]
    for owner in (form, *rows):
        for name, field in owner.fields.items():
            if name == "DELETE":  # Django's own "Remove" box
                continue
            assert field.help_text, (system, name)
            if isinstance(field, forms.CharField):
                assert field.max_length, (system, name)
            if isinstance(field, forms.IntegerField):
                html = str(owner[name])
                assert f'min="{field.min_value}"' in html, (system, name)
                assert f'max="{field.max_value}"' in html, (system, name)


@pytest.mark.parametrize("value", ["inf", "1e309", "-inf", "nan", "²", "٣x", "--1", "٣", "1_0", "٣.5"])
@pytest.mark.parametrize("way", ["value", "index"])
def test_the_zener_table_lookup_answers_any_number_with_a_message(world, player, value, way):
    campaign = world["campaigns"]["zener"][0]
    query = {"table": "weight", "way": way, "value": value}
    response = client_for(player).get(reverse("zener_tables", args=[campaign.pk]), query)
    assert response.status_code == 200
    page = response.content.decode()
    assert re.search(r"off the table|give a (positive )?(number|value)", page, re.IGNORECASE)
    # No answer read from a digit that is not ASCII.
    assert "= index" not in page
    assert ": index " not in page


def test_the_zener_table_lookup_answers_plain_numbers(world, player):
    campaign = world["campaigns"]["zener"][0]
    url = reverse("zener_tables", args=[campaign.pk])
    by_index = client_for(player).get(url, {"table": "weight", "way": "index", "value": "3"}).content.decode()
    by_value = client_for(player).get(url, {"table": "weight", "way": "value", "value": "2.5"}).content.decode()
    assert "index 3 = 15 kg" in by_index
    assert "= index " in by_value


def test_admin_refuses_a_nul_byte_in_settings_and_sheets(world, make_user):
    """A "\\u0000" in a setting (once typed in the admin's JSON, now in its fields) reached PostgreSQL
    (jsonb refuses it)."""
    campaign, hero = world["campaigns"]["tribute"][0], world["characters"]["tribute"]
    admin = client_for(make_user("ada_admin", is_staff=True, is_superuser=True))
    data = _admin_campaign_form(
        campaign, **admin_setting_fields(campaign.settings | {"attributes": ["Might", "Grace\u0000"]})
    )
    response = admin.post(reverse("admin:campaigns_campaign_change", args=[campaign.pk]), data)
    assert "control character" in response.content.decode()
    sheet = json.dumps(hero.sheet | {"notes": "a\u0000b"})
    response = admin.post(
        reverse("admin:characters_character_change", args=[hero.pk]), {"name": hero.name, "sheet": sheet}
    )
    assert "control character" in response.content.decode()
    assert Campaign.objects.get(pk=campaign.pk).settings == campaign.settings
    assert Character.objects.get(pk=hero.pk).sheet == hero.sheet


def test_every_number_input_on_every_page_shows_its_bounds(world, gm, player):
    """Hand-written inputs too (the panels' own forms): a browser keeps the number within them."""
    from tests.world import play_a_secret_in_every_system

    play_a_secret_in_every_system(world, gm, player)
    for system, (campaign, _seat) in world["campaigns"].items():
        hero = world["characters"][system]
        table, edit = reverse("table", args=[campaign.pk]), reverse("character_edit", args=[campaign.pk, hero.pk])
        for user, url in ((gm, table), (player, table), (player, edit)):
            for tag in re.findall(r"<input[^>]*>", client_for(user).get(url).content.decode()):
                if 'type="number"' in tag:
                    assert re.search(r'\bmin="-?[0-9]+"', tag), (system, tag)
                    assert re.search(r'\bmax="-?[0-9]+"', tag), (system, tag)


def test_an_odd_one_time_token_is_no_token(world, player, seeded_dice):
    """The token's value goes to the database (campaigns.table.once): one we did not make, a NUL byte
    say, counts as none instead of reaching PostgreSQL."""
    campaign = world["campaigns"]["cgg"][0]
    data = {"notation": "1d6", "form_token": "tok\x00en"}
    for _ in range(2):
        response = client_for(player).post(reverse("roll", args=[campaign.pk]), data, HTTP_HX_REQUEST="true")
        assert response.status_code == 200
    assert Roll.objects.filter(campaign=campaign, kind="notation").count() == 2


# Where the web code turns text into a number itself instead of through campaigns/common/inputs.py
# (WholeNumberField, whole_number, row_id): `int()`, `float()`, `Decimal()`, `Fraction()` of
# anything but a literal, and str.isdigit/isdecimal/isnumeric, which say yes to "²" and "٣".
# Each place found is (file, function, call); a new one fails the test below until it reads its
# number through the shared field, or is listed here with the reason it reads no browser's text.
NUMBER_READS = {"int", "float", "Decimal", "Fraction", "complex"}
DIGIT_TESTS = {"isdigit", "isdecimal", "isnumeric"}
COMPUTED_NUMBERS = {
    ("campaigns/common/inputs.py", "WholeNumberField.to_python", "int"): "the shared field itself",
    ("campaigns/common/inputs.py", "whole_number", "int"): "the shared field itself",
    ("campaigns/common/inputs.py", "decimal_number", "float"): "the shared decimal reading itself",
    ("campaigns/common/charts.py", "Chart.drawn", "float"): "a bar's height from an exact chance",
    ("campaigns/life/export.py", "_cell", "isdigit"): "a spreadsheet's formula guard: reads no number",
    ("campaigns/templatetags/dice.py", "fixed2", "Decimal"): "a computed chance, written out",
    ("campaigns/templatetags/dice.py", "odds_fraction", "Fraction"): "a chance the rules computed",
    ("campaigns/templatetags/dice.py", "percent", "float"): "a computed chance, written out",
    ("campaigns/systems/zener/card.py", "_odds", "float"): "a computed chance, written out",
    ("campaigns/systems/zener/templatetags/zener.py", "written_out", "float"): "a computed number, written out",
    ("campaigns/systems/zener/templatetags/zener.py", "written_out", "int"): "a computed number, written out",
    (
        "campaigns/systems/zener/templatetags/zener.py",
        "chance_words",
        "float",
    ): "a computed chance, written out",
    (
        "campaigns/systems/zener/templatetags/zener.py",
        "chance_words",
        "int",
    ): "a computed chance, written out",
    # A card call's number is one of the system's own `CallNumber` choices (campaigns/calls/card_calls.py refuses
    # any other before the adapter reads it), each written by the system in plain digits.
    ("campaigns/systems/zener/adapter.py", "ZenerGate.card_call_options", "int"): "a choice the system wrote",
    ("campaigns/systems/tribute/adapter.py", "TributeAlpha.card_call_options", "int"): "a choice the system wrote",
    ("campaigns/systems/ore/adapter.py", "OneRollEngine.card_call_options", "int"): "a choice the system wrote",
    ("campaigns/systems/cgg/adapter.py", "CentaurusGate.card_call", "int"): "a choice the system wrote",
}


def _hand_read_numbers() -> set[tuple[str, str, str]]:
    """Every place in the web code (accounts, campaigns, characters; not tests or migrations) that
    reads a number from text by itself: (file, enclosing function, call)."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    found = set()

    def walk(node, where, path):
        for child in ast.iter_child_nodes(node):
            inner = where
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                inner = f"{where}.{child.name}" if where else child.name
            if isinstance(child, ast.Call):
                func = child.func
                if isinstance(func, ast.Name) and func.id in NUMBER_READS:
                    if child.args and not isinstance(child.args[0], ast.Constant):
                        found.add((path, where, func.id))
                elif isinstance(func, ast.Attribute) and func.attr in DIGIT_TESTS:
                    found.add((path, where, func.attr))
            walk(child, inner, path)

    for package in ("accounts", "campaigns", "characters"):
        for file in sorted((root / package).rglob("*.py")):
            if {"migrations", "tests"} & set(file.relative_to(root).parts):
                continue
            walk(ast.parse(file.read_text(encoding="utf-8")), "", file.relative_to(root).as_posix())
    return found


def test_every_number_a_browser_sends_is_read_by_the_shared_field():
    """A number read from a post or a query by hand (`text.isdigit()` then `int(text)`: "²" passes the
    first and breaks the second) is found wherever it is, in every system; the shared whole-number
    field (campaigns/common/inputs.py) reads them all."""
    found = _hand_read_numbers()
    assert found - set(COMPUTED_NUMBERS) == set()
    assert set(COMPUTED_NUMBERS) <= found  # and the reasons stay true


@pytest.mark.parametrize("value", UNICODE_DIGITS)
@pytest.mark.parametrize("field", ["helper", "bonus_pips", "gear", "leverage"])
def test_odd_digits_on_the_cgg_roll_form_get_a_message(world, player, cgg_call, field, value):
    campaign = world["campaigns"]["cgg"][0]
    data = {field: value} | ({"helper_attribute": "strength"} if field == "helper" else {})
    data |= {"leverage_cost": "hour"} if field == "leverage" else {}
    before = snapshot()
    response = hx_post(player, reverse("cgg_roll", args=[campaign.pk, cgg_call.pk]), data)
    assert response.status_code == 422
    assert RollCall.objects.get(pk=cgg_call.pk).state == cgg_call.state
    assert snapshot() == before


@pytest.mark.parametrize("value", UNICODE_DIGITS)
def test_odd_digits_in_a_conditions_index_get_a_message(world, gm, value):
    campaign, hero = world["campaigns"]["cgg"][0], world["characters"]["cgg"]
    hero.sheet = hero.sheet | {"conditions": ["Bruised (HI1)"]}
    hero.save()
    for name in ("cgg_condition", "cgg_quick_condition"):
        response = hx_post(gm, reverse(name, args=[campaign.pk, hero.pk]), {"op": "remove", "index": value})
        assert response.status_code == 422, (name, response.status_code)
        assert "Choose the condition to remove" in response.content.decode()
    assert Character.objects.get(pk=hero.pk).sheet["conditions"] == ["Bruised (HI1)"]


# What a browser may send where a number belongs, and none of it is one: digits that are not ASCII,
# Python's own spellings (int() takes "1_0", float() "1e309", "nan" and "inf"), a number too big for
# the database, nothing at all.
ODD_NUMBERS = ["²", "٣", "1_0", "1e309", "nan", "inf", "9" * 40, ""]


@pytest.mark.parametrize("value", ODD_NUMBERS)
def test_odd_numbers_for_a_d100_peril_step_get_a_message(world, gm, value):
    campaign, hero = world["campaigns"]["d100"][0], world["characters"]["d100"]
    before = snapshot()
    response = hx_post(gm, reverse("d100_peril", args=[campaign.pk, hero.pk]), {"peril": value})
    assert response.status_code == 422
    assert "Peril is one of: 0 (" in html.unescape(response.content.decode())
    assert snapshot() == before


def test_a_d100_peril_step_is_still_set(world, gm):
    campaign, hero = world["campaigns"]["d100"][0], world["characters"]["d100"]
    response = hx_post(gm, reverse("d100_peril", args=[campaign.pk, hero.pk]), {"peril": " 2 "})
    assert response.status_code == 200
    assert Character.objects.get(pk=hero.pk).sheet["peril"] == 2


# (An empty load is the page as it opens: no load asked about, so no answer and no message.)
@pytest.mark.parametrize("value", [v for v in ODD_NUMBERS if v] + ["-5", "0", "1.2.3", ".", "1e3"])
def test_odd_numbers_for_a_zener_load_get_a_message(world, player, value):
    campaign = world["campaigns"]["zener"][0]
    query = {"load": value, "load_kind": "balanced", "carriers": "1"}
    response = client_for(player).get(reverse("zener_tables", args=[campaign.pk]), query)
    assert response.status_code == 200
    page = html.unescape(response.content.decode())
    assert re.search(r"Give the load's weight in kg|A load weighs more than 0 kg", page)
    assert " kg each" not in page


@pytest.mark.parametrize(("load", "answer"), [("60", "Weight/Load: index 10 = 30 kg"), ("2.5", "2.5 kg, balanced")])
def test_a_zener_load_in_plain_digits_is_still_reckoned(world, player, load, answer):
    campaign = world["campaigns"]["zener"][0]
    query = {"load": load, "load_kind": "balanced", "carriers": "1"}
    page = client_for(player).get(reverse("zener_tables", args=[campaign.pk]), query).content.decode()
    assert answer in page


@pytest.mark.parametrize("value", ["1e3", "1E-5", "1_0.5", "9" * 40, "0x10"])
def test_a_zener_table_value_is_plain_digits_and_one_point(world, player, value):
    campaign = world["campaigns"]["zener"][0]
    query = {"table": "distance", "way": "value", "value": value}
    page = client_for(player).get(reverse("zener_tables", args=[campaign.pk]), query).content.decode()
    assert "Give a number in plain digits" in page
    assert "= index" not in page


@pytest.fixture
def zener_check(world, player):
    campaign, hero = world["campaigns"]["zener"][0], world["characters"]["zener"]
    data = {"character": hero.pk, "skill": "", "stat": "PRAC", "modifier": "0", "extra": "0", "indirect": "0"}
    assert hx_post(player, reverse("zener_check", args=[campaign.pk]), data).status_code == 200
    return Roll.objects.filter(campaign=campaign).latest("pk")


@pytest.mark.parametrize("value", [v for v in ODD_NUMBERS if v] + ["-1", "+1"])
def test_odd_numbers_for_a_zener_karma_payer_get_a_message(world, player, zener_check, value):
    before = snapshot()
    url = reverse("zener_karma_on_roll", args=[zener_check.campaign_id, zener_check.pk])
    response = hx_post(player, url, {"use": "boost", "payer": value})
    assert response.status_code == 422
    assert "Choose which of your characters gives the +5." in response.content.decode()
    assert snapshot() == before


@pytest.mark.parametrize("value", [v for v in ODD_NUMBERS if v] + ["-1"])
@pytest.mark.parametrize("step", ["zener_transition", "zener_therapy"])
def test_odd_numbers_for_a_zener_character_get_a_message(world, gm, step, value):
    campaign = world["campaigns"]["zener"][0]
    data = {"category": "1A", "characters": [value]} if step == "zener_transition" else {"character": value}
    before = snapshot()
    response = hx_post(gm, reverse(step, args=[campaign.pk]), data)
    assert response.status_code == 422
    assert re.search(r"Choose (a )?characters? at this table", response.content.decode())
    assert snapshot() == before


@pytest.mark.parametrize("value", [*ODD_NUMBERS, "0.3", "-0.25"])
@pytest.mark.parametrize("step", ["zener_language", "zener_language_odds"])
def test_odd_numbers_for_a_zener_era_loss_get_a_message(world, player, step, value):
    campaign, hero = world["campaigns"]["zener"][0], world["characters"]["zener"]
    data = {
        "character": hero.pk,
        "language": "English",
        "aspect": "heard",
        "eras": "1",
        "era_loss": value or " ",
        "related": "0",
        "label": "",
    }
    before = snapshot()
    url = reverse(step, args=[campaign.pk])
    client = client_for(player)
    response = client.post(url, data, HTTP_HX_REQUEST="true") if step == "zener_language" else client.get(url, data)
    assert "Select a valid choice" in response.content.decode()
    assert snapshot() == before


@pytest.mark.parametrize("field", ["stat_damage", "rolled"])
@pytest.mark.parametrize("value", [*ODD_NUMBERS, "1.5"])
def test_odd_numbers_in_a_zener_sheets_stat_list_get_a_message(world, player, field, value):
    from characters.forms import sheet_form_for
    from tests.sheet_rows import form_post

    campaign, hero = world["campaigns"]["zener"][0], world["characters"]["zener"]
    data = form_post(sheet_form_for(campaign)(instance=hero)) | {field: f"DEX {value}"}
    before = snapshot()
    response = client_for(player).post(reverse("character_edit", args=[campaign.pk, hero.pk]), data)
    assert response.status_code == 422
    page = html.unescape(response.content.decode())
    assert ("Stat damage: " if field == "stat_damage" else "Stats as rolled: write each as 'STR 12'") in page
    assert snapshot() == before
