"""Everything a reader needs is in the repository: the README's links lead to files that
are here, and none leads outside it."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _local_links(text: str) -> list[str]:
    """Markdown links and images, and paths in backticks that point at files."""
    links = re.findall(r"\]\(([^)#\s]+)", text) + re.findall(r'src="([^"]+)"', text)
    return [link for link in links if "://" not in link]


def test_the_readme_points_only_inside_the_repository():
    readme = (ROOT / "README.md").read_text()
    assert "../" not in readme
    for link in _local_links(readme):
        assert (ROOT / link).resolve().is_relative_to(ROOT), link
        assert (ROOT / link).exists(), link


def test_the_design_notes_are_in_the_repository():
    for name in ("docs/architecture.md", "docs/style.md"):
        text = (ROOT / name).read_text()
        assert "../" not in text, name
        for link in _local_links(text):
            assert (ROOT / name).parent.joinpath(link).exists(), (name, link)
    readme = (ROOT / "README.md").read_text()
    assert "(docs/architecture.md)" in readme
    assert "(docs/style.md)" in readme
