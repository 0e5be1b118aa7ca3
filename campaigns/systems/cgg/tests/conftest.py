from campaigns.systems.cgg.tests.fixtures import (  # noqa: F401 (fixtures)
    cgg_campaign,
    explorer,
    jon,
    mara,
    seat_other_player,
)
