"""Only the table and session implementations and the bus know a world has several nodes (issue 41):
everywhere else in mud/world and mud/server the code calls a table's ``run``, the world's ``host`` and
``others``, which are null objects in a world of one, and never asks where a table runs.

The check reads the code's tokens (docstrings and comments may say what they like): no attribute
``.node`` (which node runs a table), no name ``remote``, ``shared`` or ``bus``, outside the modules
allowed below, each with why."""

import io
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAMES = {"remote", "shared", "bus"}

ALLOWED = {
    "mud/world/messages.py": "the bus's messages, typed, declared once",
    "mud/world/nodes.py": "the other nodes' people and talk (Remote, or Alone in a world of one)",
    "mud/world/shared.py": "the tables shared by the nodes: what a follower hears, what an owner tells",
    "mud/world/runs.py": "a table's two implementations: run here (RunHere), run by another node (RunThere)",
    "mud/world/far.py": "the session of another node's player, as the node running their table serves them",
    "mud/server/nodes/bus.py": "the bus itself (Redis)",
    "mud/server/nodes/node.py": "joins the bus to the world's links",
}
# core.py starts this server as a node: its --node name and --bus URL (Config), the bus it joins and stops
ALLOWED_WORDS = {"mud/server/core.py": {"bus", ".node"}}


def node_words(path: Path) -> list[tuple[int, str]]:
    """(line, word) of each token naming nodes, remotes or the bus in ``path``'s code."""
    found = []
    tokens = list(tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline))
    for before, token in zip([None, *tokens], tokens):
        if token.type != tokenize.NAME:
            continue
        if token.string in NAMES:
            found.append((token.start[0], token.string))
        elif token.string == "node" and before is not None and before.string == ".":
            found.append((token.start[0], ".node"))
    return found


def test_no_module_outside_the_node_implementations_names_nodes_remotes_or_the_bus():
    bad = []
    for folder in ("mud/world", "mud/server"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel in ALLOWED:
                continue
            allowed = ALLOWED_WORDS.get(rel, set())
            bad += [f"{rel}:{line}: {word}" for line, word in node_words(path) if word not in allowed]
    assert not bad, "\n".join(bad)


def test_the_check_finds_what_it_looks_for(tmp_path):
    """The check is not blind: a guard of the old kind is found, a docstring's word is not."""
    sample = tmp_path / "sample.py"
    sample.write_text('"""the shared tables, remote nodes, the bus"""\n'
                      "def f(world, gt):\n"
                      "    if gt.node:\n"
                      "        return world.shared.ask(gt)\n"
                      "    world.remote and world.remote.here(gt)\n", encoding="utf-8")
    assert node_words(sample) == [(3, ".node"), (4, "shared"), (5, "remote"), (5, "remote")]


def test_every_allowed_module_exists():
    for rel in [*ALLOWED, *ALLOWED_WORDS]:
        assert (ROOT / rel).is_file(), rel
