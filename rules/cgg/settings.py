"""Centaurus Gate's campaign settings, where the seed allows two readings that both play
(published on /rules/#cgg-settings, with their odds).

- Gear (seed: "Risk Roll Modifiers"; "Elements of situations, special explorer rules, and Gear
  may all affect risk rolls. For example, if the risk is harm in combat and your explorer is
  wearing armor, that affects the risk roll"): by default gear combines into the risk roll only;
  the other reading lets it stand for the explorer's code, success dice too, as leverage does.
- Tension dice (seed: "Exec Spins The World", "one die for every two players of the game"): by
  default everyone at the table counts, the Exec too ("Players and Executives": the Exec is
  "one player"); the other reading counts only the players who have explorers.
"""

from rules.system import ChoiceSetting

GEAR_RISK_ONLY = 0
GEAR_RISK_AND_SUCCESS = 1
GEAR = ChoiceSetting(
    name="gear_reading",
    label="Gear with a die code combines into",
    choices=(
        (GEAR_RISK_ONLY, "The risk roll only (the seed's armour example)"),
        (GEAR_RISK_AND_SUCCESS, "The explorer's code: risk roll and success dice"),
    ),
    default=GEAR_RISK_ONLY,
    help_text="Either way the Exec confirms which gear the player ticked applies before the dice are rolled.",
)

COUNT_THE_EXEC = 1
EXPLORERS_ONLY = 0
TENSION_PLAYERS = ChoiceSetting(
    name="tension_players",
    label="\u201cOne tension die for every two players\u201d counts",
    choices=(
        (COUNT_THE_EXEC, "Everyone at the table, the Exec too"),
        (EXPLORERS_ONLY, "Only the players with explorers"),
    ),
    default=COUNT_THE_EXEC,
    help_text="One player and the Exec: +1 die counting the Exec, none without.",
)

SETTINGS = (GEAR, TENSION_PLAYERS)


def gear_on_success(settings) -> bool:
    """Whether a campaign's gear adds success dice too (its settings; a campaign from before the
    setting reads the default)."""
    return (settings or {}).get(GEAR.name, GEAR.default) == GEAR_RISK_AND_SUCCESS


def tension_players(settings, *, seats: int, with_explorers: int) -> int:
    """The players "one die for every two players" counts: by default everyone at the table, its seats
    and the Exec; the other reading, the players who have an explorer in play (a seat without one is
    not playing yet)."""
    if (settings or {}).get(TENSION_PLAYERS.name, TENSION_PLAYERS.default) == COUNT_THE_EXEC:
        return seats + 1
    return with_explorers
