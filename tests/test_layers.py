"""The layers of docs/architecture.md hold, read from its layer table: each part imports only the parts
its row allows, every allowed part sits below it (no arrow runs back up, so no cycle between parts),
every module is in a part and named in the module list; games/ is a pure core; files stay small;
imports sit at the top of their modules."""

import ast
import re
from pathlib import Path

import games

ROOT = Path(__file__).resolve().parent.parent
ARCHITECTURE = ROOT / "docs" / "architecture.md"
# the packages whose use the layer table rules (a row lists those its part may import); the standard
# library's others (os, json ...) and the small helpers (platformdirs is here: where data goes) are free
RULED = {"asyncio", "textual", "textual_serve", "rich", "prompt_toolkit", "asyncssh", "telnetlib3", "aiohttp",
         "prometheus_client", "openskill", "psycopg", "psycopg_pool", "redis", "platformdirs", "sqlalchemy",
         "alembic"}

def layer_rows() -> list[dict]:
    """The layer table of docs/architecture.md, top row first: each row's folders (or files) and what
    it may import (parts, by their folder or file, and packages by name)."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    section = text[text.index("## Layers"):]
    table = section[section.index("\n| part |") + 1:].split("\n\n")[0]
    rows = []
    for line in table.splitlines()[2:]:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        assert len(cells) == 4, f"a layer row has four cells (part, folders, what, may import): {line}"
        rows.append({"part": cells[0], "paths": re.findall(r"`([^`]+)`", cells[1]),
                     "may": re.findall(r"`([^`]+)`", cells[3])})
    return rows


def _expand(path: str) -> list[str]:
    """``games/<game>/`` is one part per game; any other path is itself."""
    if "<game>" not in path:
        return [path]
    return [path.replace("<game>", name) for name in GAME_PACKAGES]


def _covers(entry: str, path: str) -> bool:
    return path.startswith(entry) if entry.endswith("/") else path == entry


def part_of(path: str, parts: list[tuple[int, str]]) -> tuple[int, str] | None:
    """The part (row index, folder or file) holding ``path``: the longest entry that covers it."""
    found = [(len(entry), (row, entry)) for row, entry in parts if _covers(entry, path)]
    return max(found)[1] if found else None


def unit(rows: list[dict], part: tuple[int, str]) -> str:
    """A part as the layers see it: its row, except that each game is a part of its own."""
    row, entry = part
    return entry if any("<game>" in path for path in rows[row]["paths"]) else rows[row]["part"]


def _file_of(module: str) -> str | None:
    base = ROOT / module.replace(".", "/")
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.exists():
            return str(candidate.relative_to(ROOT))
    return None


def imported_files(path: Path) -> tuple[set[str], set[str]]:
    """The project files ``path`` imports (at the top or inside a function: every import counts) and
    the ruled packages it imports."""
    files, packages = set(), set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [f"{node.module}.{a.name}" if _file_of(f"{node.module}.{a.name}") else node.module
                     for a in node.names]
        else:
            continue
        for name in names:
            if name.split(".")[0] in ("mud", "games"):
                target = _file_of(name) or _file_of(name.rsplit(".", 1)[0])
                if target:
                    files.add(target)
            elif name.split(".")[0] in RULED:
                packages.add(name.split(".")[0])
    return files, packages


def _all_parts(rows: list[dict]) -> list[tuple[int, str]]:
    return [(i, entry) for i, row in enumerate(rows) for path in row["paths"] for entry in _expand(path)]


def project_files() -> list[Path]:
    """Every module of mud/ and games/ but ``mud/__init__.py``, which is in no part (and stays empty)."""
    assert not (ROOT / "mud" / "__init__.py").read_text(encoding="utf-8").strip()
    return sorted(p for p in list((ROOT / "mud").rglob("*.py")) + list((ROOT / "games").rglob("*.py"))
                  if p != ROOT / "mud" / "__init__.py")


def test_the_layer_table_reads_as_rows_of_parts():
    rows = layer_rows()
    assert len(rows) >= 10 and all(row["paths"] for row in rows)
    assert any("mud/cli/" in row["paths"] for row in rows) and any("games/<game>/" in row["paths"] for row in rows)
    for _row, entry in _all_parts(rows):
        assert (ROOT / entry).exists(), f"the layer table names {entry}, which the project does not have"


def test_every_module_is_in_one_part_of_the_table():
    parts = _all_parts(layer_rows())
    homeless = [str(p.relative_to(ROOT)) for p in project_files() if part_of(str(p.relative_to(ROOT)), parts) is None]
    assert not homeless, f"modules in no row of the layer table: {homeless}"


def test_each_part_may_import_only_parts_below_it():
    """No arrow runs back up: what a row allows lies in the rows below it (and so the parts have no cycle)."""
    rows = layer_rows()
    parts = _all_parts(rows)
    for i, row in enumerate(rows):
        for entry in row["may"]:
            if entry in RULED:
                continue
            below = [part_of(target, parts) for target in _expand(entry)]
            assert all(b is not None for b in below), f"row {row['part']!r} allows {entry}, which is in no part"
            assert all(b[0] > i for b in below), f"row {row['part']!r} allows {entry}, which is not below it"
        unknown = [e for e in row["may"] if e not in RULED and not (e.startswith(("mud/", "games/")))]
        assert not unknown, f"row {row['part']!r} allows {unknown}: neither a part nor a package the table rules"


def test_every_import_is_one_the_layer_table_allows():
    rows = layer_rows()
    parts = _all_parts(rows)
    bad = []
    for path in project_files():
        rel = str(path.relative_to(ROOT))
        row, own = part_of(rel, parts)
        allowed = [e for entry in rows[row]["may"] for e in _expand(entry)]
        files, packages = imported_files(path)
        for target in sorted(files):
            home = part_of(target, parts)
            same = home is not None and unit(rows, home) == unit(rows, (row, own))
            if not same and not any(_covers(entry, target) for entry in allowed):
                bad.append(f"{rel} imports {target} ({rows[row]['part']} may not)")
        for package in sorted(packages - set(allowed)):
            bad.append(f"{rel} imports {package} ({rows[row]['part']} may not)")
    assert not bad, "imports the layer table does not allow:\n" + "\n".join(bad)


def test_the_parts_import_one_another_without_a_cycle():
    """The graph of the parts as the code has it (not as the table allows it): no cycle."""
    rows = layer_rows()
    parts = _all_parts(rows)
    graph: dict[str, set[str]] = {}
    for path in project_files():
        own = unit(rows, part_of(str(path.relative_to(ROOT)), parts))
        files, _packages = imported_files(path)
        graph.setdefault(own, set()).update(unit(rows, part_of(t, parts)) for t in files if part_of(t, parts))
    graph = {k: v - {k} for k, v in graph.items()}
    assert "the shell" in graph["the world"]
    assert find_cycle(graph) == [], " -> ".join(find_cycle(graph))


def test_the_module_list_names_every_module_of_mud_once():
    """docs/architecture.md says what each module under mud/ is for, in one line each."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    listed = re.findall(r"^- `(mud/[\w/]+\.py)`", text[text.index("## Modules"):], re.M)
    actual = {str(p.relative_to(ROOT)) for p in (ROOT / "mud").rglob("*.py") if p.name != "__init__.py"
              or p.parent.name == "boards"}  # (boards/__init__.py finds the boards; a board is one module)
    assert sorted(set(listed)) == sorted(listed), "a module is listed twice"
    assert not actual - set(listed), f"modules the list does not name: {sorted(actual - set(listed))}"
    assert not set(listed) - actual, f"the list names modules that are gone: {sorted(set(listed) - actual)}"


def game_names() -> dict[str, re.Pattern]:
    """Each built-in game (the catalogue's, a package of games/) and the words that name it: its
    package's name, its ``GameSpec.name`` (the verb a player types: 'play chess') and its title."""
    names = {}
    for name, module in games.CATALOGUE.items():
        if module.startswith("games."):
            spec = games.get(name)
            words = sorted({module.rsplit(".", 1)[-1], spec.name, spec.title})
            names[name] = re.compile(r"\b(" + "|".join(map(re.escape, words)) + r")\b", re.I)
    return names


def lines_naming_a_game(names: dict[str, re.Pattern], rel: str, text: str) -> list[str]:
    """The lines of the file ``rel`` (under mud/) that name a game, each with the game: any line
    (code, string, comment), except in that game's own board, mud/tui/boards/<game>.py."""
    return [f"{rel}:{n}: names {game}: {line.strip()[:80]}" for n, line in enumerate(text.splitlines(), 1)
            for game, pattern in names.items() if rel != f"mud/tui/boards/{game}.py" and pattern.search(line)]


def test_no_line_under_mud_names_a_game_except_that_games_board_module():
    """mud/ knows games only through the catalogue: a game's package, name or title is written under
    mud/ only in its board, one file mud/tui/boards/<game>.py (a game's board package is no more)."""
    names = game_names()
    assert set(names) >= {"quest", "tenx", "chess", "legend", "quantum"}
    found = [hit for path in sorted((ROOT / "mud").rglob("*.py"))
             for hit in lines_naming_a_game(names, path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8"))]
    # the house's catalogues too: a board's words in the house's domain name its game in a msgid
    for path in sorted((ROOT / "mud").rglob("*.po")):
        msgids = "\n".join(line if line.startswith("msgid") else "" for line in path.read_text(encoding="utf-8").splitlines())
        found += lines_naming_a_game(names, path.relative_to(ROOT).as_posix(), msgids)
    assert not found, "lines under mud/ that name a game outside its board:\n" + "\n".join(found)


def test_the_naming_check_sees_a_game_named_anywhere_on_a_line_but_in_its_own_board():
    names = game_names()
    said = "x = 1  # as on Dungeon Chess's board\nLEGEND = 2\nquestmud = 'request'\n"
    assert lines_naming_a_game(names, "mud/tui/app.py", said) == [
        "mud/tui/app.py:1: names chess: x = 1  # as on Dungeon Chess's board",
        "mud/tui/app.py:2: names legend: LEGEND = 2"]
    assert [hit.split(": names ")[1][:6] for hit in lines_naming_a_game(names, "mud/tui/boards/chess.py", said)] \
        == ["legend"]  # a board names its own game, and no other
    assert not lines_naming_a_game(names, "mud/tui/boards/quest.py", "quest_map = 'quest'  # Quest's")


def test_no_python_file_much_over_500_lines():
    for path in project_files():
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 520, path.name


GAME_PACKAGES = sorted(p.name for p in (ROOT / "games").iterdir() if (p / "__init__.py").exists())


def test_the_table_check_sees_the_imports_that_matter():
    """The checks above read every form of import: a game's own module and another part's module."""
    files, packages = imported_files(ROOT / "mud" / "world" / "session.py")
    assert "mud/shell/parser.py" in files and not packages
    files, _ = imported_files(ROOT / "games" / "quantum" / "turns.py")
    assert "games/quantum/owed.py" in files


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
        "mud/cli/main.py imports mud/cli/admin.py for its parser; the server's log writer loads only when mud admin runs",
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
