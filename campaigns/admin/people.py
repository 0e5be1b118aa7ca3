"""People in the admin by name, not as links. The admin links a read-only foreign key
to its row's change page, without asking whether the viewer may open it: a GM (a staff user
without the user admin's permissions) followed "gwen_gm" or "paul_player" to a 403. A GM reads
who it is; only a superuser manages accounts."""

from django.contrib import admin

SHOWN = "_shown"


def _shown(name: str):
    @admin.display(description=name.replace("_", " "))
    def shown(self, obj):
        return str(getattr(obj, name)) if obj is not None else "-"

    return shown


class PeopleByName:
    """`people`: the model's user foreign keys; each, where read-only, is shown as a name."""

    people: tuple[str, ...] = ()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for name in cls.people:
            setattr(cls, name + SHOWN, _shown(name))

    def _by_name(self, names) -> list:
        return [name + SHOWN if name in self.people else name for name in names]

    def get_fields(self, request, obj=None):
        fields = super().get_fields(request, obj)
        if self.has_change_permission(request, obj):
            readonly = set(super().get_readonly_fields(request, obj))
            return [name + SHOWN if name in self.people and name in readonly else name for name in fields]
        return self._by_name(fields)  # every field is read-only on a view-only page

    def get_readonly_fields(self, request, obj=None):
        return self._by_name(super().get_readonly_fields(request, obj))
