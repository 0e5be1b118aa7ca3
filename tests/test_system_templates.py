"""A system is a plug-in: its code and templates name its own templates and the
shared ones (templates/systems/_*.html), never another system's, which may not be installed."""

import re
from pathlib import Path

import pytest

SYSTEMS = Path(__file__).resolve().parent.parent / "campaigns" / "systems"
NAMED = re.compile(r"systems/(\w+)/")


@pytest.mark.parametrize("system", sorted(p.parent.name for p in SYSTEMS.glob("*/apps.py")))
def test_a_system_names_no_other_systems_template(system):
    others = {
        (path.relative_to(SYSTEMS).as_posix(), named)
        for path in (SYSTEMS / system).rglob("*")
        if path.suffix in (".py", ".html") and "tests" not in path.parts
        for named in NAMED.findall(path.read_text())
        if named != system
    }
    assert not others
