"""What waits on the Exec and the players at a Centaurus Gate table (the "Needs you" strip,
`campaigns.table.needs`): an action whose player has chosen their Wrench uses, with Venture left for the
Exec's Hammer (actions.choose_wrench puts it in GM_TURN), decided in place: one click publishes it
with no Hammer, and the link goes to the card's Hammer choices. A player's Wrench step is named."""

from campaigns.models import RollCall
from campaigns.systems.cgg.actions import KIND
from campaigns.table.needs import Need, call_href, owns, what

HAMMER = "the player has rolled; Venture is left for your Hammer"
GEAR = "the player asks for gear; confirm what applies, then the dice are rolled"


def needs(campaign, viewer, calls) -> list[Need]:
    items = []
    for call in calls:
        if call.kind != KIND:
            continue
        key, href = f"call-{call.pk}", call_href(call)
        if viewer.is_gm and call.status == RollCall.Status.PENDING and call.request.get("held"):
            items.append(Need(key, f"{what(call)}: {GEAR}.", href))
        elif viewer.is_gm and call.status == RollCall.Status.GM_TURN:
            context = {"call": call}
            items.append(Need(key, f"{what(call)}: {HAMMER}.", href, "systems/cgg/needs_hammer.html", context))
        elif not viewer.is_gm and call.status == RollCall.Status.PLAYER_TURN and owns(viewer, call):
            items.append(Need(key, f"{what(call)}: choose your Wrench uses.", href))
    return items
