"""Characters in the admin, scoped like the rest of it (campaigns/admin/__init__.py): a GM sees only
their own campaigns' characters. They live here, not in campaigns/admin/__init__.py, because
characters depend on campaigns and never the other way; the campaign's page gets
its characters from here too."""

from django.contrib import admin

from campaigns import admin as campaigns_admin
from campaigns.admin.people import PeopleByName
from campaigns.models import Campaign
from characters.models import Character


class CharacterInline(PeopleByName, campaigns_admin.CampaignInlineMixin, admin.TabularInline):
    people = ("owner",)
    model = Character
    fields = ["name", "owner"]
    readonly_fields = ["owner"]
    extra = 0
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False  # characters are made by their players at the table


# The campaign's page as campaigns/admin/__init__.py has it, with its characters below the seats.
admin.site.unregister(Campaign)


@admin.register(Campaign)
class CampaignAdmin(campaigns_admin.CampaignAdmin):
    inlines = [*campaigns_admin.CampaignAdmin.inlines, CharacterInline]


@admin.register(Character)
class CharacterAdmin(PeopleByName, campaigns_admin.GMScopedMixin, admin.ModelAdmin):
    people = ("owner",)
    list_display = ["name", "owner", "campaign", "updated_at"]
    list_filter = [campaigns_admin.BY_CAMPAIGN]
    search_fields = ["name"]
    fields = ["name", "campaign", "owner", "sheet"]
    readonly_fields = ["campaign", "owner"]

    def has_add_permission(self, request, obj=None):
        return False  # characters are made by their players at the table
