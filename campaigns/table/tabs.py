"""The table page's tabs. The GM's screen and the player's table are each a tablist;
the chosen tab (`?tab=`) is the only one the page draws, the others are fetched when opened
(templates/campaigns/table.html's `tab_panels`, static/fivefold/table.js), so a page costs what is in view.

A player's table is the moment of play: the Play tab holds their character; what waits on them now (the
GM's calls, their own rolls' steps) and the log stand beside every tab; the system's other forms, the
dice-notation roll and the people at the table are one tab away."""

from campaigns.common.audience import Audience
from campaigns.plugins.base import SystemAdapter

# The player's tabs.
PLAY, MORE, PEOPLE = "play", "more", "people"
# The GM's screen's.
TABLE, SYSTEM, CHARACTERS, SESSION = "table", "system", "characters", "session"
# Both roles': the GM writes and shares handouts there, a player reads those shared with them.
HANDOUTS = "handouts"

# The tabs whose part is kept drawn until the campaign changes (campaigns.table.parts). The people's and the
# session's show who is here now, which changes without a write; they are opened now and then, and drawn each time.
KEPT = {PLAY, MORE, TABLE, SYSTEM, CHARACTERS}

# The ids (their beginnings) a tab draws: a link to one (the "Needs you" strip's "#call-…", a
# bookmark's "#people-title") opens its tab first, though the page has not drawn it yet.
HOLDS = {
    PLAY: "character-region card- no-card",
    MORE: "roll-form roll-title",
    PEOPLE: "people",
    TABLE: "call- gm-calls call-section call-form saved-calls log",
    CHARACTERS: "sheet-",
    SESSION: "session- invite people",
    HANDOUTS: "handout",
}


def tabs_for(campaign, audience: Audience) -> list[tuple[str, str]]:
    """The tabs of the viewer's table, the one it opens on first."""
    if audience is not Audience.GM:
        return [(PLAY, "Play"), (MORE, "More rolls"), (PEOPLE, "At the table"), (HANDOUTS, "Handouts")]
    system = [(SYSTEM, campaign.rules_system.name)] if has_panel(campaign) else []
    return [
        (TABLE, "Table"),
        *system,
        (CHARACTERS, "Characters"),
        (SESSION, "Session & players"),
        (HANDOUTS, "Handouts"),
    ]


def has_panel(campaign) -> bool:
    """Whether the system draws a panel, asked without drawing it (its forms are the page's dearest part)."""
    return type(campaign.adapter).panel is not SystemAdapter.panel


PANEL = "panel"  # in an address: the tab that holds the system's panel, for the GM and a player alike


def chosen(request, tabs, audience: Audience) -> str:
    """The tab the address asks for (`?tab=`; `panel`: the one with the system's panel), else the first."""
    asked = request.GET.get("tab", "")
    asked = panel_tab(audience) if asked == PANEL else asked
    return asked if asked in dict(tabs) else tabs[0][0]


def panel_tab(audience: Audience) -> str:
    """The tab that holds the system's panel, where a plain post of one of its forms goes back to."""
    return SYSTEM if audience is Audience.GM else MORE
