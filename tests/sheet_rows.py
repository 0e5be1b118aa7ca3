"""Posting a sheet's lists as rows (characters/rows.py), as the sheet form's page does."""

from characters.rows import MAX_ROWS


def rows(name: str, items: list[dict], initial: int = 0) -> dict:
    """The post of one list: its management form, then each row's fields (a True box as "on")."""
    data = {
        f"{name}-TOTAL_FORMS": str(len(items)),
        f"{name}-INITIAL_FORMS": str(initial),
        f"{name}-MIN_NUM_FORMS": "0",
        f"{name}-MAX_NUM_FORMS": str(MAX_ROWS),
    }
    for index, item in enumerate(items):
        for key, value in item.items():
            if value is True:
                data[f"{name}-{index}-{key}"] = "on"
            elif value is not False and value is not None:
                data[f"{name}-{index}-{key}"] = str(value)
    return data


def form_post(form) -> dict:
    """What the rendered (unbound) sheet form posts as it stands: its fields and every list's rows."""
    data = {}
    for bound in form:
        if bound.field.disabled:
            continue
        value = bound.value()
        if value is True:
            data[bound.html_name] = "on"
        elif value is not False and value is not None:
            data[bound.html_name] = str(value)
    for name, formset in form.lists.items():
        if form.row_lists[name].disabled:
            continue
        data |= rows(
            name,
            [{b.name: b.value() for b in row if b.name != "DELETE"} for row in formset.initial_forms],
            initial=len(formset.initial_forms),
        )
    return data
