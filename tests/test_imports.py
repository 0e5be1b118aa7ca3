"""The project's imports, walked without running them: no cycles, and dependencies one way.

Every `import` counts, at module level and inside functions alike: an import inside a
function still needs its module, only later, and hiding a cycle there is what this test
is here to stop. Only `if TYPE_CHECKING:` blocks are left out: they never run.
"""

import ast
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ["accounts", "campaigns", "characters", "config", "rules", "tests/coin"]
WEB = {"django", "channels", "daphne", "django_htmx", "environ", "whitenoise"}


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _sources(packages: list[str] = PACKAGES, root: Path = ROOT) -> dict[str, Path]:
    """Every project module by its dotted name; migrations are Django's to import, and import no app code."""
    found = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            if "migrations" not in path.relative_to(root).parts:
                found[_module_name(path, root)] = path
    return found


def _is_type_checking(node: ast.AST) -> bool:
    test = node.test if isinstance(node, ast.If) else None
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _import_nodes(nodes: Iterable[ast.AST]) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement among `nodes`, however deep, except in the body of `if TYPE_CHECKING:`."""
    for node in nodes:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif _is_type_checking(node):
            yield from _import_nodes(node.orelse)
        else:
            yield from _import_nodes(ast.iter_child_nodes(node))


def _imported_names(name: str, path: Path, modules: set[str]) -> set[str]:
    """The dotted names a module imports: `from a.b import c` is `a.b.c` when that is a module, else `a.b`."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    names = set()
    for node in _import_nodes([ast.parse(path.read_text(), filename=str(path))]):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
            continue
        base = node.module or ""
        if node.level:
            anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
            base = ".".join([*anchor, base] if base else anchor)
        for alias in node.names:
            names.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base)
    return names


def _ancestors(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:end]) for end in range(1, len(parts))]


def import_graph(sources: dict[str, Path]) -> dict[str, set[str]]:
    """Which project module needs which, counting the packages' `__init__` on the way.

    Importing `a.b.c` runs `a/__init__.py` and `a/b/__init__.py` first, so those are
    edges too, except the packages the importer itself sits in: they are already being
    imported when it runs, and a package that imports its own submodules is fine while
    they do not import it back by name (`from app import helpers` in `app/sub/__init__.py` does, and counts).
    """
    modules = set(sources)
    graph = {}
    for name, path in sources.items():
        needed = set()
        for target in _imported_names(name, path, modules):
            needed.update(module for module in [target, *_ancestors(target)] if module in modules)
        graph[name] = needed - {name} - set(_ancestors(name))
    return graph


def _reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        for nxt in graph[todo.pop()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    return seen


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module: each is at least one cycle."""
    reach = {name: _reachable(graph, name) for name in graph}
    components = {frozenset(other for other in reach[name] if name in reach[other]) for name in graph}
    return sorted(sorted(component) for component in components if len(component) > 1)


def _describe(components: list[list[str]], graph: dict[str, set[str]]) -> str:
    lines = []
    for component in components:
        lines.append("cycle among: " + ", ".join(component))
        lines += [f"    {name} -> {', '.join(sorted(graph[name] & set(component)))}" for name in component]
    return "\n".join(lines)


def test_no_module_imports_itself_round_a_cycle():
    graph = import_graph(_sources())
    found = cycles(graph)
    assert not found, "\n" + _describe(found, graph)


def test_a_cycle_added_on_purpose_is_caught(tmp_path):
    """The walk sees a cycle hidden in a function, through a package's `__init__` and a relative import."""
    (tmp_path / "app" / "sub").mkdir(parents=True)
    (tmp_path / "app" / "__init__.py").write_text("")
    (tmp_path / "app" / "sub" / "__init__.py").write_text("from app import helpers\n")
    (tmp_path / "app" / "sub" / "leaf.py").write_text("X = 1\n")
    (tmp_path / "app" / "helpers.py").write_text("def late():\n    from .sub.leaf import X\n    return X\n")
    (tmp_path / "app" / "typed.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from app import helpers\n"
    )
    graph = import_graph(_sources(["app"], root=tmp_path))
    assert cycles(graph) == [["app.helpers", "app.sub"]]
    assert graph["app.helpers"] == {"app.sub", "app.sub.leaf"}
    assert graph["app.typed"] == set()


def _top_levels(name: str, path: Path) -> set[str]:
    return {imported.split(".")[0] for imported in _imported_names(name, path, set())}


def test_rules_imports_no_django_and_no_web_app():
    """rules/ could be published on its own (docs/architecture.md)."""
    leaks = {
        name: sorted(_top_levels(name, path) & (WEB | {"accounts", "campaigns", "characters", "config"}))
        for name, path in _sources(["rules"]).items()
    }
    assert {name: found for name, found in leaks.items() if found} == {}


def test_campaigns_generic_code_imports_nothing_from_characters():
    """One way only: a Character belongs to a Campaign, so characters imports campaigns and not back.

    The systems' apps (campaigns/systems/<key>/) sit above both and may use each: their
    sheet forms are character forms. What the systems share (campaigns/plugins/,
    campaigns/toolkit/) is generic code like the rest of campaigns/.
    """
    systems = ROOT / "campaigns" / "systems"
    generic = {
        name: path
        for name, path in _sources(["campaigns"]).items()
        if systems not in path.parents or path.parent == systems
    }
    leaks = sorted(name for name, path in generic.items() if "characters" in _top_levels(name, path))
    assert leaks == []


def _imports_in_functions(path: Path) -> Iterator[tuple[str, int]]:
    """(function name, line) of each import written inside a function, `if TYPE_CHECKING:` aside."""
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for statement in _import_nodes(node.body):
                yield node.name, statement.lineno


def test_imports_inside_functions_are_only_djangos_ready():
    """Imports inside functions only where they break no cycle — with no cycle
    left, the only ones are an AppConfig's ready(), which runs once the models are loaded."""
    production = [package for package in PACKAGES if not package.startswith("tests")]
    found = [
        f"{path.relative_to(ROOT)}:{line} in {function}()"
        for path in _sources(production).values()
        if "tests" not in path.relative_to(ROOT).parts
        for function, line in _imports_in_functions(path)
        if function != "ready"
    ]
    assert found == []


# campaigns/ in layers, lowest first: a module imports only from its own layer and those below
# (docs/architecture.md draws the same map; each sub-package's docstring says the same).
LAYERS = [
    "campaigns.common",
    "campaigns.plugins",
    "campaigns.models",
    "campaigns.secrets",
    "campaigns.table",
    "campaigns.calls",
    "campaigns.life",
    "campaigns.toolkit",
    "campaigns.pages",
    "campaigns.systems",
    "campaigns.top",
]
# Django's fixed places, each in the layer of what it imports: a template filter the odds charts
# use sits with them, the "once" tag with the table; the admin, the URLs, the socket routing and
# the app config sit above everything, the systems included.
FIXED = {
    "campaigns": "campaigns.common",
    "campaigns.checks": "campaigns.common",
    "campaigns.templatetags": "campaigns.common",
    "campaigns.templatetags.dice": "campaigns.common",
    "campaigns.templatetags.panel_forms": "campaigns.common",
    "campaigns.templatetags.system_css": "campaigns.plugins",
    "campaigns.templatetags.once": "campaigns.table",
    "campaigns.admin": "campaigns.top",
    "campaigns.admin.people": "campaigns.top",
    "campaigns.urls": "campaigns.top",
    "campaigns.routing": "campaigns.top",
    "campaigns.apps": "campaigns.top",
}


def layer_of(module: str) -> int | None:
    """The rank of a campaigns module's layer; None for a module outside campaigns/ or without a place."""
    if not module.startswith("campaigns"):
        return None
    if module in FIXED:
        return LAYERS.index(FIXED[module])
    for rank, layer in enumerate(LAYERS):
        if module == layer or module.startswith(layer + "."):
            return rank
    return None


def layering_violations(graph: dict[str, set[str]]) -> list[str]:
    return sorted(
        f"{name} ({LAYERS[layer_of(name)]}) imports {needed} ({LAYERS[layer_of(needed)]})"
        for name, needs in graph.items()
        if layer_of(name) is not None
        for needed in needs
        if layer_of(needed) is not None and layer_of(needed) > layer_of(name)
    )


def test_every_campaigns_module_has_a_layer():
    """A new module goes into the sub-package that owns what it holds, not beside them."""
    homeless = sorted(name for name in _sources(["campaigns"]) if layer_of(name) is None)
    assert homeless == []


def test_a_lower_layer_never_imports_a_higher_one():
    assert layering_violations(import_graph(_sources())) == []


def test_an_upward_import_is_caught():
    graph = {"campaigns.plugins.registry": {"campaigns.systems.cgg.adapter"}, "campaigns.table.live": set()}
    graph["campaigns.secrets.visibility"] = {"campaigns.table.live", "campaigns.common.audience"}
    assert layering_violations(graph) == [
        "campaigns.plugins.registry (campaigns.plugins) imports campaigns.systems.cgg.adapter (campaigns.systems)",
        "campaigns.secrets.visibility (campaigns.secrets) imports campaigns.table.live (campaigns.table)",
    ]


def test_only_the_systems_import_a_system():
    """The generic code (and accounts, characters, config, rules) finds a system through the
    registry (campaigns.plugins.registry), never by importing it; a system's own tests may."""
    systems = "campaigns.systems."
    leaks = sorted(
        f"{name} -> {needed}"
        for name, needs in import_graph(_sources()).items()
        if not name.startswith(systems) and not name.startswith("tests.")
        for needed in needs
        if needed.startswith(systems)
    )
    assert leaks == []
