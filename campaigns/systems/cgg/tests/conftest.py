from campaigns.systems.cgg.tests.fixtures import (  # noqa: F401 (fixtures)
    cgg_campaign,
    explorer,
    helper,
    jon,
    kit,
    mara,
    seat_other_player,
)
