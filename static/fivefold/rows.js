// A sheet's lists as rows (characters/rows.py): "Add a row" copies the list's empty row from its
// <template>, numbered by the formset's TOTAL_FORMS, which it then counts up. No reload, nothing sent.
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-add-row]");
  if (!button) return;
  const name = button.dataset.addRow;
  const total = document.getElementById(`id_${name}-TOTAL_FORMS`);
  const most = document.getElementById(`id_${name}-MAX_NUM_FORMS`);
  const template = document.querySelector(`template[data-row-template="${name}"]`);
  const list = document.querySelector(`[data-rows="${name}"]`);
  const index = Number(total.value);
  if (index >= Number(most.value)) {
    button.textContent = `At most ${most.value} rows`;
    button.disabled = true;
    return;
  }
  const row = template.content.firstElementChild.cloneNode(true);
  for (const element of [row, ...row.querySelectorAll("*")]) {
    for (const attribute of element.attributes) {
      if (attribute.value.includes("__prefix__")) attribute.value = attribute.value.replaceAll("__prefix__", index);
    }
  }
  row.setAttribute("aria-label", row.getAttribute("aria-label").replace("new", index + 1));
  list.append(row);
  total.value = index + 1;
  row.querySelector("input, select")?.focus();
});
