"""The Campaign MacGuffins on the Zener panel: the totals and improvements everyone sees, and the
GM's forms for investments, improvements, delays and used-up equipment."""

from __future__ import annotations

from campaigns.systems.zener.gear import macguffins
from campaigns.systems.zener.gear_forms import ConsumeForm, DelayForm, ImproveForm, InvestForm
from campaigns.systems.zener.gear_kind import improvement_line

GEAR_FORMS = ("invest_form", "improve_form", "delay_form", "consume_form")


def gear_context(
    campaign, *, gm: bool, invest_form=None, improve_form=None, delay_form=None, consume_form=None
) -> dict:
    state = macguffins(campaign)
    context = {
        "macguffins": state,
        "improvement_lines": [improvement_line(row.request) for row in state["improvements"]],
    }
    if gm:
        context |= {
            "invest_form": invest_form or InvestForm(campaign=campaign),
            "improve_form": improve_form or ImproveForm(),
            "delay_form": delay_form or DelayForm(campaign=campaign),
            "consume_form": consume_form or ConsumeForm(campaign=campaign),
        }
    return context
