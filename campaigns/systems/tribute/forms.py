from django import forms

from campaigns.common.inputs import TextField, WholeNumberField, whole_number
from campaigns.plugins.forms import known_or_secret, optional_number
from campaigns.table.forms import CharacterChoiceField, TableForm
from rules.errors import RulesError
from rules.tribute.effects import Assignment
from rules.tribute.roll import MAX_DICE, MAX_RANK
from rules.tribute.sheet import attribute_range

OPPOSITION_LIMIT = 200


def _count(label: str) -> WholeNumberField:
    return WholeNumberField(min_value=1, max_value=MAX_DICE, initial=1, label=label)


def ranged_rank(settings, **kwargs) -> WholeNumberField:
    """An attribute rank within the campaign's effective range (Reading (published on
    /rules/#tribute-range): rules/tribute/sheet.py), saying the range when refused."""
    widest = attribute_range(settings)
    field = WholeNumberField(min_value=-widest, max_value=widest, **kwargs)
    refused = f"A rank is a whole number from -{widest} to {widest}, this campaign's effective range."
    field.error_messages |= {"min_value": refused, "max_value": refused}
    return field


class TestForm(TableForm):
    """A player's test: attribute, FOCUS and BURDEN counts, the effect, and the opposition."""

    __test__ = False

    character = CharacterChoiceField(queryset=None, empty_label=None)
    attribute = forms.ChoiceField()
    focus = _count("FOCUS dice (white)")
    burden = _count("BURDEN dice (black)")
    effect = TextField(required=False, max_length=100, help_text="The effect you are testing, if any.")
    known = known_or_secret("I know the opposition's result", label="Opposition")
    opposition = optional_number(-OPPOSITION_LIMIT, OPPOSITION_LIMIT, label="Opposition's result")
    label = TextField(max_length=100, required=False, help_text="What the test is for.")

    # The usual test (an attribute, its FOCUS and BURDEN dice, the opposition) in one row; the effect and the label
    # fold under "More modifiers (N set)" (templates/systems/_form_fields.html).
    common = ("character", "attribute", "focus", "burden", "known", "opposition")

    def __init__(self, *args, campaign, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["character"].queryset = campaign.characters.filter(owner=user)
        self.fields["attribute"].choices = [(name, name) for name in campaign.settings.get("attributes", [])]

    def clean(self):
        data = super().clean()
        if data.get("known") and data.get("opposition") is None and "opposition" not in self.errors:
            self.add_error("opposition", "Give the opposition's result, or let the GM set it.")
        return data


class OpposedForm(TableForm):
    """The GM's opposed test: the player's character against another character or an NPC."""

    character = CharacterChoiceField(queryset=None, empty_label=None, label="Player's character")
    attribute = forms.ChoiceField()
    opponent_character = CharacterChoiceField(queryset=None, required=False, empty_label="(an NPC)", label="Opponent")
    opponent_name = TextField(max_length=100, required=False, label="NPC name")
    opponent_rank = optional_number(-MAX_RANK, MAX_RANK, initial=0, label="NPC rank")
    opponent_attribute = forms.ChoiceField(label="Opponent's attribute")
    opponent_focus = _count("Opponent's FOCUS dice")
    opponent_burden = _count("Opponent's BURDEN dice")
    label = TextField(max_length=100, required=False)

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["character"].queryset = campaign.characters.seated()
        self.fields["opponent_character"].queryset = campaign.characters.seated()
        attributes = [(name, name) for name in campaign.settings.get("attributes", [])]
        self.fields["attribute"].choices = self.fields["opponent_attribute"].choices = attributes
        # The campaign's effective range (Reading (published on /rules/#tribute-range): rules/tribute/sheet.py).
        self.fields["opponent_rank"] = ranged_rank(campaign.settings, initial=0, required=False, label="NPC rank")

    def opponent(self) -> dict:
        data = self.cleaned_data
        return {
            "character": data["opponent_character"],
            "name": data["opponent_name"].strip(),
            "rank": data["opponent_rank"],
            "attribute": data["opponent_attribute"],
            "focus": data["opponent_focus"],
            "burden": data["opponent_burden"],
        }

    def clean(self):
        data = super().clean()
        # An NPC needs its rank: an empty one was read as 0, silently.
        npc = data.get("opponent_character") is None
        if npc and data.get("opponent_rank") is None and "opponent_rank" not in self.errors:
            field = self.fields["opponent_rank"]
            self.add_error("opponent_rank", f"Give the NPC's rank, {field.min_value} to {field.max_value}.")
        return data


class OppositionForm(TableForm):
    opposition = WholeNumberField(min_value=-OPPOSITION_LIMIT, max_value=OPPOSITION_LIMIT)


class OpposedRollForm(TableForm):
    focus = _count("FOCUS dice (white)")
    burden = _count("BURDEN dice (black)")
    effect = TextField(required=False, max_length=100)


def assignment_from(post, targets: list[str], bonuses: list[str]) -> Assignment:
    """Read the assignment form: profit__<feature>, waste__<feature>, bonus, cancelled, complications."""

    def count(name: str, words: str) -> int:
        value = whole_number(post.get(name, "") or "0", 0, 20)
        if value is None:  # named as the form's field is, so that the message says which of the row's boxes
            raise RulesError(f"{words}: give a whole number from 0 to 20.")
        return value

    chosen = post.getlist("bonus")
    if set(chosen) - set(bonuses):
        raise RulesError("Choose bonus effects from the list.")
    profit = {t: count(f"profit__{t}", f"Profit on {t}") for t in targets}
    waste = {t: count(f"waste__{t}", f"Waste on {t}") for t in targets}
    return Assignment(
        profit={t: n for t, n in profit.items() if n},
        waste={t: n for t, n in waste.items() if n},
        bonuses=tuple(chosen),
        cancelled=count("cancelled", "Profit cancelling Waste"),
        complications=count("complications", "Waste as complications"),
    )
