from campaigns.systems.cgg.tests.fixtures import cgg_campaign, seat_other_player  # noqa: F401 (fixtures)
