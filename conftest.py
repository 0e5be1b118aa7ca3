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


def pytest_collection_modifyitems(items):
    def rank(item) -> int:
        return next((i for i, where in enumerate(LONGEST_FIRST) if item.nodeid.startswith(where)), len(LONGEST_FIRST))

    items.sort(key=rank)  # stable: each group, and the rest, in the order collected
