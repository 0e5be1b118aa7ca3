"""Handouts: what the GM writes for the players (a title, some text, perhaps an image) and shares with the
whole table or with chosen players, at once or later.

Who may see a handout is decided here and nowhere else (`visible_handouts`, `may_see`): the GM sees every
one; a player, one shared with everyone or with them; anyone else, none. Every page, fragment, socket frame,
permalink, image and export reads handouts through these. Sharing writes the log's line, "The GM shared …",
as a message (campaigns.table.chat.announce): to the table when shared with everyone, else whispered to the
new readers alone, so the log's own rules keep it from everyone else.

A handout's words are plain text, escaped wherever drawn; its image was checked and re-encoded
(campaigns.common.images) and is stored under a random name, served only by the handout's image view.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.template.loader import render_to_string

from campaigns.common.images import ImageRefused, clean_image
from campaigns.models import Campaign, Handout, HandoutReader, Membership
from campaigns.table import chat, live, state

TEMPLATE = "campaigns/_handout.html"


class HandoutError(Exception):
    """What the GM is told when a handout cannot be written or shared; nothing changed. `field`: the form's
    field the message stands beside."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field


def write(campaign: Campaign, gm, title: str, text: str, image=None) -> Handout:
    """A new handout, shared with no one yet. `image`: an uploaded file, checked and re-encoded."""
    if not campaign.is_gm(gm):
        raise HandoutError("Only the GM writes handouts.")
    title, text = title.strip(), text.strip()
    if not title:
        raise HandoutError("A handout needs a title.", "title")
    if len(title) > Handout.TITLE_MAX:
        raise HandoutError(f"A title is at most {Handout.TITLE_MAX} characters.", "title")
    if len(text) > Handout.TEXT_MAX:
        raise HandoutError(f"A handout's text is at most {Handout.TEXT_MAX:,} characters.", "text")
    clean = None
    if image:
        try:
            clean = clean_image(image)
        except ImageRefused as error:
            raise HandoutError(str(error), "image") from error
    handout = Handout(campaign=campaign, title=title, text=text)
    if clean is not None:
        # Stored before the row: a storage is no part of the transaction. A file whose row then fails to be
        # written is left behind, harmless (a random name nothing links to).
        handout.image.save(clean.name, clean, save=False)
    handout.save()
    return handout


def seated_players(campaign: Campaign) -> list:
    return [m.user for m in campaign.memberships.select_related("user").order_by("user__username")]


def share(handout: Handout, gm, *, everyone: bool = False, users=()) -> list:
    """Share the handout with the whole table (now and whoever joins later) or with these seated players.
    A player who has it already gets nothing twice. The players it newly reaches, after the commit: their
    tables get its card and the log's line; the GM's, who has it now."""
    campaign = handout.campaign
    if not campaign.is_gm(gm):
        raise HandoutError("Only the GM shares handouts.")
    seated = {user.pk: user for user in seated_players(campaign)}
    users = list(users)
    if any(user.pk not in seated for user in users):
        raise HandoutError("A handout is shared with players seated at this table.", "readers")
    if not everyone and not users:
        raise HandoutError("Choose who gets it: the players, or everyone.", "readers")
    if handout.everyone:
        raise HandoutError("Everyone at the table has this handout already.", "readers")
    had = set(handout.shares.values_list("user_id", flat=True))
    if everyone:
        reached = [user for pk, user in seated.items() if pk not in had]
        Handout.objects.filter(pk=handout.pk).update(everyone=True)
        handout.everyone = True
    else:
        reached = [user for user in users if user.pk not in had]
        if not reached:
            raise HandoutError("Everyone you chose has this handout already.", "readers")
    HandoutReader.objects.bulk_create(
        [HandoutReader(handout=handout, user=user) for user in (reached if not everyone else [])]
    )
    state.changed(campaign.pk)
    text = f"The GM shared “{handout.title}”"
    if everyone:
        chat.announce(campaign, gm, text, handout=handout)
    elif reached:
        chat.announce(campaign, gm, text, recipients=reached, handout=handout)
    transaction.on_commit(lambda: _send(handout, reached))
    return reached


def _send(handout: Handout, reached: list) -> None:
    """The handout's card into each newly reached player's Handouts list, and the GM's card anew."""
    handout.refresh_from_db()
    campaign = handout.campaign
    card = render_to_string(f"{TEMPLATE}#handout_new", {"h": handout, "campaign": campaign})
    live.send_to([live.player_group(campaign.pk, user.pk) for user in reached], card)
    live.send_gm(campaign.pk, gm_card_html(handout, oob=True))


def gm_card_html(handout: Handout, *, oob: bool = False, request=None, **extra) -> str:
    """The GM's card of a handout: its words, who has it, and the form to share it further."""
    for_gm(handout.campaign, [handout])
    context = {"h": handout, "campaign": handout.campaign, "is_gm": True, "oob": oob, **extra}
    return render_to_string(f"{TEMPLATE}#gm_handout", context, request=request)


def for_gm(campaign: Campaign, handouts: list[Handout]) -> list[Handout]:
    """Each handout with who has it (`readers_list`, the GM's "Shared with") and the seated players it could
    still be shared with (`unshared_list`): two queries, whatever their number."""
    seated = seated_players(campaign)
    readers: dict[int, list] = {handout.pk: [] for handout in handouts}
    for share in HandoutReader.objects.filter(handout__in=handouts).select_related("user"):
        readers[share.handout_id].append(share.user)
    for handout in handouts:
        handout.readers_list = sorted(readers[handout.pk], key=lambda user: user.get_username())
        had = {user.pk for user in handout.readers_list}
        handout.unshared_list = [] if handout.everyone else [user for user in seated if user.pk not in had]
    return handouts


def visible_handouts(campaign: Campaign, user):
    """The campaign's handouts `user` may see, newest first: every one for the GM; for a seated player, those
    shared with everyone or with them; none for anyone else."""
    handouts = campaign.handouts.all()
    if campaign.is_gm(user):
        return handouts
    if not user.is_authenticated or not Membership.objects.filter(campaign=campaign, user=user).exists():
        return handouts.none()
    mine = HandoutReader.objects.filter(user=user).values("handout_id")
    return handouts.filter(Q(everyone=True) | Q(pk__in=mine))


def may_see(handout: Handout, user) -> bool:
    return visible_handouts(handout.campaign, user).filter(pk=handout.pk).exists()
