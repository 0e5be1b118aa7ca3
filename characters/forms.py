from django import forms

from characters.models import Character


class CharacterForm(forms.ModelForm):
    """Name plus the sheet. Until a system brings its own sheet, the sheet is notes."""

    notes = forms.CharField(widget=forms.Textarea(attrs={"rows": 8}), required=False)

    class Meta:
        model = Character
        fields = ["name"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["notes"].initial = (self.instance.sheet or {}).get("notes", "")

    def clean(self):
        cleaned = super().clean()
        # Model.full_clean (run by the ModelForm) validates the sheet through the campaign's system.
        self.instance.sheet = {**(self.instance.sheet or {}), "notes": cleaned.get("notes", "")}
        return cleaned
