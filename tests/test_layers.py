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
        assert not {m for m in modules if m.startswith(("mud.tui", "mud.plain", "mud.cli", "textual"))}, name


def test_no_python_file_much_over_500_lines():
    for path in list((ROOT / "games").rglob("*.py")) + list((ROOT / "mud").rglob("*.py")):
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 520, path.name


def test_the_world_is_plain_python_driven_by_the_server():
    """mud/world and the store know nothing of sockets, asyncio, SSH, telnet or the TUI."""
    paths = list((ROOT / "mud" / "world").rglob("*.py")) + [ROOT / "mud" / "store.py"]
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        names |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        bad = {m for m in names if m.split(".")[0] in ("asyncio", "asyncssh", "telnetlib3", "textual")
               or m.startswith(("mud.server", "mud.tui", "mud.cli"))}
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
