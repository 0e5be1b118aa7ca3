from django import template

from rules.cgg.difficulty import DIFFICULTY_TABLE
from rules.cgg.risk import VENTURE_FACE

register = template.Library()


@register.simple_tag
def cgg_difficulty_table():
    """The seed's difficulty table, for the rules page."""
    return DIFFICULTY_TABLE


@register.filter
def venture_faces(data) -> list[int]:
    """The risk roll's sixes (a call's or a roll's data): each is Venture, not a point of the total (seed: "it
    does not generate total for risk rolls"), so the sum says so beside "[3, 6] = 3"."""
    faces = [*data.get("risk_faces", ()), *(data.get("extra_faces") or ())]
    return [face for face in faces if face == VENTURE_FACE]
