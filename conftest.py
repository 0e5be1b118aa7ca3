"""The shared fixtures (tests/fixtures.py) for every test: the project's own in tests/, and
each system's beside its code in campaigns/systems/<key>/tests/."""

pytest_plugins = ["tests.fixtures"]


# The longest tests, by where they are (a minute or more each: the sweeps over every endpoint, a test run of its
# own, a wait of three Redis timeouts), first: two workers share them from the start, and the end of a run is the
# short tests', not one worker alone in a long sweep while the other waits. Longest first, as measured.
LONGEST_FIRST = (
    "tests/test_hostile_input.py::test_malformed_input_to_every_post_endpoint_changes_nothing",
    "tests/test_trust.py::",
    "tests/test_throwaway_system.py::",
    "tests/test_hostile_input.py::",
    "tests/campaigns/test_idle_table_stays_connected.py::",
    # The browser tests' longest files (their own run, a file to a worker): two minutes and more each.
    "tests/e2e/test_accessibility.py::",
    "tests/e2e/test_gm_screen.py::",
    "tests/e2e/test_calls_with_number.py::",
    "tests/e2e/test_live_table.py::",
    "tests/e2e/test_pages.py::",
)


# Tests that hold whatever the database, the cache and the channel layer: the rules alone, their odds against
# brute force, the dice's fairness. CI runs the suite on PostgreSQL and Redis, then again on the embedded
# default (.ci/run): the second pass leaves these out (`--setup-dependent-only`), as they ran in the first.
SETUP_INDEPENDENT = ("tests/rules/", "tests/coin/test_rules.py", "tests/campaigns/test_chi_square.py")
DATABASE_FIXTURES = {"db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback"}


def pytest_addoption(parser):
    parser.addoption(
        "--setup-dependent-only",
        action="store_true",
        help="leave out the tests that hold whatever the database, cache and channel layer (a second pass)",
    )


def pytest_collection_modifyitems(config, items):
    def rank(item) -> int:
        return next((i for i, where in enumerate(LONGEST_FIRST) if item.nodeid.startswith(where)), len(LONGEST_FIRST))

    items.sort(key=rank)  # stable: each group, and the rest, in the order collected
    if config.getoption("setup_dependent_only"):
        independent = [item for item in items if _setup_independent(item)]
        config.hook.pytest_deselected(items=independent)
        items[:] = [item for item in items if not _setup_independent(item)]


def _setup_independent(item) -> bool:
    uses_database = item.get_closest_marker("django_db") or DATABASE_FIXTURES & set(item.fixturenames)
    return item.nodeid.startswith(SETUP_INDEPENDENT) and not uses_database
