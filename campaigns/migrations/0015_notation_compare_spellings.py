"""Stored dice notation keeps its meaning under the reading published on /rules/#notation-compare.

Before it, every `>N` and `<N` was strict; now a bare one (Roll20's spelling) means "N or more" or
"N or less". Every stored notation is the parser's own canonical text (a roll's, a call's, a saved
roll's or call's), so each strict point is rewritten where it stands, to a spelling that still reads
strict: a success count and `r` in Foundry's spelling (`6d10>7` becomes `6d10cs>7`, `r<3` `rr<3`),
`ro` and `!`, which have no strict spelling, as their inclusive twin (`!>5` becomes `!>=6`).
A Fate die's `ro<0` alone has no twin (no negative points are written): it is left as it is."""

import re

from django.db import migrations

STRICT = re.compile(r"(ro|r|!|)([<>])([0-9]+)")


def spelled(notation: str) -> str:
    def one(match: re.Match) -> str:
        where, op, value = match[1], match[2], int(match[3])
        if where in ("", "r"):
            return ("cs" if where == "" else "rr") + op + str(value)
        twin = value + 1 if op == ">" else value - 1
        return match[0] if twin < 0 else f"{where}{op}={twin}"

    return STRICT.sub(one, notation)


def rewrite(apps, schema_editor):
    for model, field, kinds in (("Roll", "request", "kind"), ("RollCall", "request", "kind"),
                                ("SavedCall", "request", None), ("SavedRoll", "options", "key")):
        # A roll is never changed by the app: this keeps what it meant, through the table, not save().
        rows = apps.get_model("campaigns", model).objects.all()
        if kinds:
            rows = rows.filter(**{kinds: "notation"})
        for row in rows.iterator():
            data = getattr(row, field)
            notation = data.get("notation") if isinstance(data, dict) else None
            if isinstance(notation, str) and spelled(notation) != notation:
                rows.filter(pk=row.pk).update(**{field: {**data, "notation": spelled(notation)}})


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0014_commitments")]

    operations = [migrations.RunPython(rewrite, migrations.RunPython.noop)]
