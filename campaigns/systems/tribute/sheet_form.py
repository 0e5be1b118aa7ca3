"""Tribute Alpha's character-sheet form: gathers the sheet; the rules validate it."""

from campaigns.common.inputs import TextField
from campaigns.systems.tribute.forms import ranged_rank
from characters.forms import CharacterForm, notes_field
from characters.rows import RowForm, RowList, count_field, name_field
from rules.errors import RulesError
from rules.tribute.effects import MAX_EFFECT_RANK, parse_effect_line
from rules.tribute.sheet import effect_from


class EffectRow(RowForm):
    """An effect (seed: "Effect Ranks"): its name and rank, its features with their ranks and its named bonuses,
    each part read by the rules' own reader of an effect (rules.tribute.effects.parse_effect_line)."""

    name = name_field(help_text="The effect's name, e.g. Punch.")
    rank = count_field(1, MAX_EFFECT_RANK, "Rank", help_text=f"1 to {MAX_EFFECT_RANK}.")
    features = TextField(
        required=False,
        max_length=200,
        label="Features",
        help_text="Each feature with its rank, by commas, e.g. 'damage 2, range 1'.",
    )
    bonuses = TextField(
        required=False, max_length=200, label="Bonuses", help_text="Named bonus effects by commas, e.g. 'knockback'."
    )

    @classmethod
    def initial_for(cls, item) -> dict:
        return {
            "name": item["name"],
            "rank": item["rank"],
            "features": ", ".join(f"{f['name']} {f['rank']}" for f in item.get("features", [])),
            "bonuses": ", ".join(item.get("bonuses", [])),
        }

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        name, rank = data["name"].strip(), data["rank"]
        for part in ("name", "features", "bonuses"):  # '|' would split the rules' line into other parts
            if "|" in data[part]:
                self.add_error(part, f"'{data[part].strip()}' has '|': separate entries with commas.")
                return data
        for part, line in (
            ("name", f"{name} {rank}"),
            ("features", f"{name} {rank} | {data['features'].strip()}"),
            ("bonuses", f"{name} {rank} | | {data['bonuses'].strip()}"),
        ):
            try:
                parse_effect_line(line)
            except RulesError as error:
                self.add_error(part, str(error))
                return data
        effect = parse_effect_line(f"{name} {rank} | {data['features'].strip()} | {data['bonuses'].strip()}")
        try:  # the rules' own checks of an effect (a feature's rank, names twice), beside its features
            effect_from(effect)
        except RulesError as error:
            self.add_error("features", str(error))
        self.effect = effect
        return data

    def item(self):
        return self.effect


class TributeSheetForm(CharacterForm):
    """Tribute Alpha: a rank for each of the campaign's attributes, effects, notes."""

    row_lists = {
        "effects": RowList(
            EffectRow,
            "Effects",
            "Each effect with its rank (1 to 5), its features and bonuses; "
            "names are letters, digits, spaces and ' - . ( ) & /.",
            row_label="Effect",
        )
    }
    notes = notes_field()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        sheet = self.instance.sheet or {}
        ranks = sheet.get("attributes", {})
        settings = self.instance.campaign.settings
        for name in settings.get("attributes", []):
            self.fields[f"attribute__{name}"] = ranged_rank(  # the campaign's effective range
                settings,
                label=name,
                initial=ranks.get(name, 0),
                required=False,
                help_text="0 is human average.",
            )
        self.order_fields(["name", *(f for f in self.fields if f.startswith("attribute__")), "notes"])

    def sheet(self) -> dict:
        data = self.cleaned_data
        return {
            **(self.instance.sheet or {}),
            "attributes": {
                f.removeprefix("attribute__"): v or 0 for f, v in data.items() if f.startswith("attribute__")
            },
            "effects": self.rows("effects"),
            "notes": data["notes"],
        }
