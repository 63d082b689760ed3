"""The layers of design.md hold: games/ is a pure core, imports point down, files stay small."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN_IN_GAMES = {"mud", "textual", "prompt_toolkit", "asyncio", "asyncssh", "telnetlib3", "rich"}


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


def test_games_import_nothing_of_the_shell():
    for path in (ROOT / "games").rglob("*.py"):
        bad = imports(path) & FORBIDDEN_IN_GAMES
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


def test_the_core_shell_does_not_import_its_surfaces():
    for name in ("parser.py", "table.py", "session.py", "script.py", "help.py"):
        tree = ast.parse((ROOT / "mud" / name).read_text(encoding="utf-8"))
        modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        assert not {m for m in modules if m.startswith(("mud.tui", "mud.local.plain", "mud.cli.main", "textual"))}, name


def test_no_python_file_much_over_500_lines():
    for path in list((ROOT / "games").rglob("*.py")) + list((ROOT / "mud").rglob("*.py")):
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 520, path.name


def test_the_world_is_plain_python_driven_by_the_server():
    """mud/world and the store know nothing of sockets, asyncio, SSH, telnet or the TUI."""
    paths = list((ROOT / "mud" / "world").rglob("*.py")) + list((ROOT / "mud" / "store").rglob("*.py"))
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        names |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        bad = {m for m in names if m.split(".")[0] in ("asyncio", "asyncssh", "telnetlib3", "textual")
               or m.startswith(("mud.server", "mud.tui", "mud.cli.main"))}
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


def full_imports(path: Path) -> set[str]:
    """Every module a file imports, by its dotted name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    names |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module and n.level == 0}
    names |= {f"{n.module}.{a.name}" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module == "games"
              for a in n.names}
    return names


GAME_PACKAGES = sorted(p.name for p in (ROOT / "games").iterdir() if (p / "__init__.py").exists())
# the modules of games/ every game may use: the contract and the search bot's core
SHARED = ("engine", "search", "botgame")


def test_the_shell_reaches_games_only_through_the_engine_and_the_catalogue():
    for path in (ROOT / "mud").rglob("*.py"):
        bad = {m for m in full_imports(path) if m.startswith("games.") and m not in ("games.engine", "games.botgame")
               and not m.startswith("games.engine.")}
        assert not bad, f"{path.relative_to(ROOT)} imports a game's own modules: {bad}"


def test_no_game_imports_another():
    for game in GAME_PACKAGES:
        for path in (ROOT / "games" / game).rglob("*.py"):
            others = {m.split(".")[1] for m in full_imports(path) if m.startswith("games.") and m.count(".") >= 1}
            bad = others - {game, *SHARED}
            assert not bad, f"{path.relative_to(ROOT)} imports another game: {bad}"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports_inside_functions(tree: ast.AST) -> list[ast.AST]:
    """The import statements under a def or a class (module-level ones, ``if TYPE_CHECKING:`` included, are not)."""
    found = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found |= {id(n): n for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))}
    return sorted(found.values(), key=lambda n: n.lineno)


# Imports that stay inside a function, each with its reason (aim: none). The ``mud`` command loads a
# surface only when its subcommand runs: ``mud run`` and ``mud replay`` (command files, benches, the
# tests' many subprocesses) start without Textual, asyncssh, telnetlib3, rich's progress or prompt_toolkit.
_SURFACE = "mud/cli/main.py loads this surface only for its own subcommand (start-up time of mud run)"
LATE_IMPORTS: dict[str, str] = {
    "mud/cli/main.py:from mud.server.upkeep import collector": _SURFACE,
    "mud/cli/main.py:from mud.server.core import Config, Server, default_data_dir": _SURFACE,
    "mud/cli/main.py:from mud.server.upkeep.files import prepare_data_dir, setup_logging": _SURFACE,
    "mud/cli/main.py:from mud.server.clients.lines import Limits": _SURFACE,
    "mud/cli/main.py:from mud.server.tui.workers import default_count": _SURFACE,
    "mud/cli/main.py:from mud.server.nodes.node import NodeError": _SURFACE,
    "mud/cli/main.py:from mud.local.plain import run_plain": _SURFACE,
    "mud/cli/main.py:from mud.tui.app import GameApp": _SURFACE,
    "mud/cli/main.py:from mud.server.web.local import serve_local": _SURFACE,
    "mud/cli/main.py:from mud.arena.terminal import cmd_arena": _SURFACE,
    "mud/cli/admin.py:from mud.server.upkeep.files import append_to_log":
        "mud/cli/main.py imports admin_cli for its parser; the server's log writer loads only when mud admin runs",
    "mud/store/opening.py:from mud.store import postgres":
        "psycopg (some 80 ms) loads only when a PostgreSQL store is opened, not with `import mud.store`",
    "mud/store/revision.py:from mud.store import migrate":
        "the migrations (Alembic, SQLAlchemy: some 250 ms) load only for a database not at the newest revision",
}


def test_no_import_hides_inside_a_function():
    """An import inside a function hides a cycle or a dependency: imports go at the top of a module."""
    bad = []
    for path in sorted(list((ROOT / "games").rglob("*.py")) + list((ROOT / "mud").rglob("*.py"))):
        for node in _imports_inside_functions(ast.parse(path.read_text(encoding="utf-8"))):
            where = f"{path.relative_to(ROOT)}:{ast.unparse(node)}"
            if where not in LATE_IMPORTS:
                bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}")
    assert not bad, "imports inside functions:\n" + "\n".join(bad)


def module_graph(package: str) -> dict[str, set[str]]:
    """Module -> the modules of ``package`` it imports at module level (``from a import b`` counts as
    ``a.b`` when ``a/b.py`` is a module of its own)."""
    paths = {_module_name(p): p for p in (ROOT / package).rglob("*.py")}
    graph = {}
    for name, path in paths.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        inner = set(map(id, _imports_inside_functions(tree)))
        edges = set()
        for node in ast.walk(tree):
            if id(node) in inner:
                continue
            if isinstance(node, ast.Import):
                edges |= {a.name for a in node.names if a.name in paths}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                subs = {f"{node.module}.{a.name}" for a in node.names} & paths.keys()
                edges |= subs or ({node.module} & paths.keys())
        graph[name] = edges - {name}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle of ``graph`` (a depth-first walk), or [] when there is none."""
    state: dict[str, str] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = "open"
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == "open":
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        state[node] = "done"
        stack.pop()
        return []

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)):
            return cycle
    return []


def test_the_cycle_finder_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_no_import_cycle_among_the_modules_of_games():
    graph = module_graph("games")
    assert "games.quantum.owed" in graph["games.quantum.turns"]  # the graph reads `from a import b` too
    assert find_cycle(graph) == [], " -> ".join(find_cycle(graph))


TEXTUAL_ADAPTER = ROOT / "mud" / "tui" / "textual_internals.py"


def private_textual_imports(path: Path) -> list[str]:
    """What ``path`` imports of Textual's private parts: a module ``textual._x`` (however imported)
    or a name ``_x`` from a Textual module."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names
                      if a.name.split(".")[0] == "textual" and any(p.startswith("_") for p in a.name.split("."))]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0 \
                and node.module.split(".")[0] == "textual":
            parts = node.module.split(".")
            found += [f"{node.module}.{a.name}" for a in node.names
                      if any(p.startswith("_") for p in parts) or a.name.startswith("_")]
    return found


def test_only_the_adapter_imports_textuals_private_parts():
    """Textual's internals are reached through mud/tui/textual_internals.py alone (issue 41): an
    upgrade of Textual has one module to look at, and its test beside it."""
    paths = [p for folder in ("mud", "tests", "bench", "games") for p in (ROOT / folder).rglob("*.py")]
    bad = {str(p.relative_to(ROOT)): private_textual_imports(p) for p in paths if p != TEXTUAL_ADAPTER}
    assert not {k: v for k, v in bad.items() if v}
    assert private_textual_imports(TEXTUAL_ADAPTER)  # (the check sees what the adapter imports)
