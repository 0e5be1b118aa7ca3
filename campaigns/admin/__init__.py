"""The admin as GMs use it: a GM (a staff user) sees and edits only the
campaigns they run, with those campaigns' players, characters and calls.
Rolls are events and stay read-only. Superusers see everything."""

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.utils import flatten_fieldsets
from django.db import transaction

from campaigns.admin.people import PeopleByName
from campaigns.common.inputs import TextField
from campaigns.life import lifecycle
from campaigns.life.campaign_settings import ATTRIBUTES, give_new_attributes, sheet_changes
from campaigns.models import Balance, Campaign, LedgerEntry, Membership, Roll, RollCall
from campaigns.plugins import registry
from campaigns.table import actions as campaign_actions
from campaigns.table import live
from campaigns.table.forms import setting_fields, settings_from


def _runs(request, obj, gm_path: str) -> bool:
    """Whether the request's user is the GM of the object's campaign."""
    user = request.user
    if not (user.is_active and user.is_staff):
        return False
    if user.is_superuser or obj is None:
        return True
    for attribute in gm_path.split("__"):
        obj = getattr(obj, attribute)
    return obj == user


class GMScopedMixin:
    """Admin permissions by campaign ownership instead of global model permissions."""

    gm_path = "campaign__gm"

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        if request.user.is_superuser:
            return queryset
        return queryset.filter(**{self.gm_path: request.user})

    def has_module_permission(self, request):
        return request.user.is_active and request.user.is_staff

    def has_view_permission(self, request, obj=None):
        return _runs(request, obj, self.gm_path)

    def has_change_permission(self, request, obj=None):
        return _runs(request, obj, self.gm_path)

    def has_delete_permission(self, request, obj=None):
        return _runs(request, obj, self.gm_path)

    def has_add_permission(self, request, obj=None):
        return request.user.is_active and request.user.is_staff

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "campaign" and not request.user.is_superuser:
            kwargs["queryset"] = Campaign.objects.filter(gm=request.user)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


# "By campaign": only the campaigns of the rows the GM may see (their own), not every campaign
# on the site, which the plain related filter would list with names and ids.
BY_CAMPAIGN = ("campaign", admin.RelatedOnlyFieldListFilter)


class ReadOnlyMixin:
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class CampaignInlineMixin:
    """Inlines are checked against their parent campaign, which the parent admin has scoped."""

    def has_view_permission(self, request, obj=None):
        return _runs(request, obj, "gm")

    def has_change_permission(self, request, obj=None):
        return _runs(request, obj, "gm")

    def has_delete_permission(self, request, obj=None):
        return _runs(request, obj, "gm")


class MembershipInline(PeopleByName, CampaignInlineMixin, admin.TabularInline):
    people = ("user",)
    model = Membership
    fields = ["user", "joined_at"]
    readonly_fields = ["user", "joined_at"]
    extra = 0

    def has_add_permission(self, request, obj=None):
        return False  # players join through the invite link


class SystemFilter(admin.SimpleListFilter):
    """By system, named as the installed systems name themselves (Campaign.system has no choices)."""

    title = "system"
    parameter_name = "system"

    def lookups(self, request, model_admin):
        return registry.choices()

    def queryset(self, request, queryset):
        return queryset.filter(system=self.value()) if self.value() else queryset


SETTING = "setting__"  # the admin form's prefix for a setting's field
# What changing the attribute list does to the sheets already written: what
# campaigns.life.campaign_settings.give_new_attributes does and the published readings say; once
# saved, the admin names the sheets that changed (CampaignAdmin.save_model).
ATTRIBUTES_AND_SHEETS = (
    "Existing sheets: a name added here — every sheet gets it at the value a new sheet starts with. "
    "A name taken away — the sheets that have it keep it, but it is no longer offered or tested, and it "
    "goes from a sheet when that sheet is next saved (put it back before then and it returns)."
)


class CampaignAdminForm(forms.ModelForm):
    """A campaign's settings as its system's labelled fields (campaigns.table.forms.setting_fields, as
    on the GM's settings page), checked by the system, instead of the raw JSON. A new campaign
    starts with its system's defaults; its settings are changed once it exists."""

    name = TextField(max_length=100)  # the shared text field: no control characters

    class Meta:
        model = Campaign
        # The settings: the system's own fields. The system: chosen once, on a new campaign
        # (CampaignAdmin.formfield_for_dbfield), then fixed.
        fields = ["name", "gm", "invite_expires_at", "whispers_between_players", "gm_reads_whispers"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.system = (
            self.instance.rules_system if self.instance.pk and registry.is_installed(self.instance.system) else None
        )
        self.old_settings = dict(self.instance.settings)
        self.sheet_changes = []
        if self.system is not None:
            self.fields.update(setting_fields(self.system, self.instance.settings, prefix=SETTING))
        if SETTING + ATTRIBUTES in self.fields:  # what the list does to the sheets, before saving
            field = self.fields[SETTING + ATTRIBUTES]
            field.help_text = f"{field.help_text} {ATTRIBUTES_AND_SHEETS}".strip()

    def clean(self):
        cleaned = super().clean()
        if self.system is not None:
            settings = settings_from(self, self.system, prefix=SETTING, complete=True)
            if settings is not None:
                self.sheet_changes = sheet_changes(self.instance, settings)  # told once saved
                self.instance.settings = settings  # Campaign.clean checks them again
        return cleaned


@admin.register(Campaign)
class CampaignAdmin(PeopleByName, GMScopedMixin, admin.ModelAdmin):
    people = ("gm",)
    form = CampaignAdminForm
    gm_path = "gm"
    list_display = ["name", "system_shown", "gm", "created_at"]
    list_filter = [SystemFilter]
    search_fields = ["name"]
    fields = [
        "name",
        "system",
        "gm",
        "invite_token",
        "invite_expires_at",
        "whispers_between_players",
        "gm_reads_whispers",
        "created_at",
    ]
    readonly_fields = ["invite_token", "created_at"]
    inlines = [MembershipInline]  # characters/admin.py adds the characters'
    actions = ["renew_invite"]

    @admin.action(description="Renew the invite link (the old link stops working)")
    def renew_invite(self, request, queryset):
        for campaign in queryset:
            campaign_actions.regenerate_invite(campaign)
        self.message_user(
            request, f"New invite link made for {len(queryset)} campaign(s); the old links no longer work."
        )

    def get_deleted_objects(self, objs, request):
        """A GM deletes their campaign with its whole record. The record's rows are read-only
        in the admin, and a roll protects the call it answered, so the admin's own check refused it;
        every row listed is the campaign's own, which campaigns.life.lifecycle.delete_campaign deletes."""
        to_delete, model_count, _perms_needed, _protected = super().get_deleted_objects(objs, request)
        return to_delete, model_count, set(), []

    def delete_model(self, request, obj):
        lifecycle.delete_campaign(obj)

    def delete_queryset(self, request, queryset):
        for campaign in queryset:
            lifecycle.delete_campaign(campaign)

    @admin.display(description="system", ordering="system")
    def system_shown(self, campaign):
        return campaign.system_name

    def get_fields(self, request, obj=None):
        # A campaign's system is fixed once it exists (its characters' sheets are the system's):
        # shown by its name, not as the stored key.
        fields = super().get_fields(request, obj)
        fields = ["system_shown" if name == "system" and obj is not None else name for name in fields]
        # A GM's own name, not a link to the user admin they may not open (campaigns.admin.people).
        return fields if request.user.is_superuser else ["gm_shown" if name == "gm" else name for name in fields]

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if not request.user.is_superuser:
            fields.append("gm_shown")
        if obj is not None:
            fields.append("system_shown")
        return fields

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        if db_field.name == "system":  # a new campaign's: one of the installed systems
            return forms.ChoiceField(choices=registry.choices, label="System", help_text=db_field.help_text)
        return super().formfield_for_dbfield(db_field, request, **kwargs)

    def get_fieldsets(self, request, obj=None):
        fieldsets = super().get_fieldsets(request, obj)
        if obj is None or not registry.is_installed(obj.system) or not obj.rules_system.settings:
            return fieldsets
        names = [SETTING + setting.name for setting in obj.rules_system.settings]
        return [*fieldsets, (f"Settings of {obj.rules_system.name}", {"fields": names})]

    def save_model(self, request, obj, form, change):
        if not change and not request.user.is_superuser:
            obj.gm = request.user
        super().save_model(request, obj, form, change)
        if change and any(name.startswith(SETTING) for name in form.changed_data):
            give_new_attributes(obj, form.old_settings.get(ATTRIBUTES, []))
            for sentence in form.sheet_changes:
                self.message_user(request, f"Sheets: {sentence}", messages.WARNING)
            transaction.on_commit(lambda: live.send_settings(obj))  # as the settings page: every table

    def get_form(self, request, obj=None, change=False, **kwargs):
        # The settings' fields are the form's own (CampaignAdminForm), not the model's.
        fields = kwargs.get("fields") or flatten_fieldsets(self.get_fieldsets(request, obj))
        kwargs["fields"] = [name for name in fields if not name.startswith(SETTING)]
        form = super().get_form(request, obj, change=change, **kwargs)
        if "gm" in form.base_fields:
            form.base_fields["gm"].queryset = form.base_fields["gm"].queryset.filter(is_staff=True)
        return form


@admin.register(Membership)
class MembershipAdmin(PeopleByName, GMScopedMixin, admin.ModelAdmin):
    people = ("user",)
    list_display = ["user", "campaign", "joined_at"]
    list_filter = [BY_CAMPAIGN]
    readonly_fields = ["user", "campaign", "joined_at"]

    def has_add_permission(self, request, obj=None):
        return False  # players join through the invite link


@admin.register(RollCall)
class RollCallAdmin(ReadOnlyMixin, GMScopedMixin, admin.ModelAdmin):
    list_display = ["__str__", "campaign", "status", "created_at"]
    list_filter = [BY_CAMPAIGN, "status"]


@admin.register(Roll)
class RollAdmin(PeopleByName, ReadOnlyMixin, GMScopedMixin, admin.ModelAdmin):
    people = ("author",)
    list_display = ["id", "campaign", "author", "character", "visibility", "created_at"]
    list_filter = [BY_CAMPAIGN, "visibility"]
    list_select_related = ["campaign", "author", "character"]


@admin.register(Balance)
class BalanceAdmin(ReadOnlyMixin, GMScopedMixin, admin.ModelAdmin):
    """Meta-currency balances: changed only by their ledgers' service functions, so read-only here."""

    list_display = ["kind", "character", "campaign", "value", "maximum"]
    list_filter = [BY_CAMPAIGN, "kind"]


@admin.register(LedgerEntry)
class LedgerEntryAdmin(PeopleByName, ReadOnlyMixin, GMScopedMixin, admin.ModelAdmin):
    people = ("actor",)
    gm_path = "balance__campaign__gm"
    list_display = ["created_at", "balance", "delta", "value_after", "reason", "actor"]
    list_filter = [("balance__campaign", admin.RelatedOnlyFieldListFilter), "balance__kind"]
    list_select_related = ["balance__character", "balance__campaign", "actor"]
