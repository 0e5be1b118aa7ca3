"""Coin's forms: the GM's call for a flip, and the character sheet."""

from campaigns.common.inputs import TextField, WholeNumberField
from campaigns.table.forms import CharacterChoiceField, TableForm
from characters.forms import CharacterForm, notes_field
from tests.coin.rules import MAX_COINS


class FlipCallForm(TableForm):
    character = CharacterChoiceField(queryset=None, empty_label=None)
    coins = WholeNumberField(
        min_value=1, max_value=MAX_COINS, required=False, help_text="Empty: as many as the character's sheet says."
    )
    target = WholeNumberField(min_value=0, max_value=MAX_COINS, help_text="Secret: more heads than this succeeds.")
    label = TextField(max_length=100, required=False, help_text="What the flip is for; the player sees it.")

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["character"].queryset = campaign.characters.seated()


class CoinSheetForm(CharacterForm):
    """How many coins the character flips, and notes."""

    coins = WholeNumberField(min_value=1, max_value=MAX_COINS, help_text="How many coins this character flips.")
    notes = notes_field()

    def initial_from(self, sheet: dict, name: str):
        return sheet.get("coins", 1) if name == "coins" else super().initial_from(sheet, name)

    def sheet(self) -> dict:
        return {**super().sheet(), "coins": self.cleaned_data["coins"]}
