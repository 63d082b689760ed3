"""Every game's board is a Board (mud/tui/boards/base.py): the boards found by name, the default
board, and those registered from outside; each board reads its game's words from the game, and
nothing else under mud/ names a game."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from types import SimpleNamespace

from rich.text import Text

import games
from mud.shell.table import Table
from mud.tui import boards
from mud.tui.boards import chess as chess_board
from mud.tui.boards import quest as quest_board
from mud.tui.boards.base import Board, as_board
from mud.tui.boards.default import DEFAULT
from tests.tui_local import local_app

ROOT = Path(__file__).resolve().parents[3]
BUILT_IN = ("quest", "tenx", "legend", "chess", "quantum")


def test_every_game_is_drawn_by_a_board_and_a_game_without_one_by_the_default_board():
    for name in BUILT_IN:
        assert isinstance(boards.board_for(name), Board), name
    assert boards.board_for("tenx") is DEFAULT and DEFAULT.screens
    assert not boards.board_for("quest").screens and boards.board_for("quest").PANELS == ("map", "ledger")
    assert boards.board_for(None) is None  # a room of the world: no board


def test_a_module_of_hooks_is_a_board_with_the_defaults_for_what_it_lacks():
    board = as_board(SimpleNamespace(PANELS=("grid",), side_title=lambda view: "Here"))
    view = {"you": "ann", "awaiting": ["ann"], "over": False, "winners": []}
    assert board.PANELS == ("grid",) and board.side_title(view) == "Here"
    assert board.status_kind(view) == "mine" and board.fit(200, 60) is None and not board.selects
    assert board.main_panel(view, "grid") == ("", "", Text(""))
    assert board.over_hint({**view, "over": True, "winners": ["bob"]}, True) == \
        "Type 'leave' to get up, or 'sit' for a new table."  # who won: the log's last line, the status bar
    assert as_board(SimpleNamespace(click=lambda *a: (None, None))).selects


def test_chess_geometry_is_the_games_own():
    geometry = games.get("chess").board
    assert (chess_board.FILES, chess_board.SIZE) == (geometry.files, geometry.size) == ("abcdefghij", 10)
    assert chess_board.SIDE_NAMES["N"] == "North" and chess_board.NAMES["Gk"] == "Kor Warrior"
    assert chess_board.square_at(3, 0) == "a10" and chess_board.typed({"moves": {"e2": ["e3"]}}, "move e2", None) == "e2"


def test_quests_goal_on_the_help_page_is_the_games_own_prose():
    spec = games.get("quest").board
    page = quest_board.help_page({"rules": "basic"}).plain
    assert page.startswith(str(spec.win["basic"])) and str(spec.goal) in page
    assert "How to be knighted" not in (ROOT / "mud/tui/boards/quest.py").read_text(encoding="utf-8")


def test_quests_players_star_the_headers_winners():
    app = local_app("quest", "ann", 2, 3)
    view = {**app.link.game_view(), "over": True, "winners": ["bot1"]}
    lines = quest_board.render_players(view).plain.splitlines()
    assert [line for line in lines if "★" in line] == [next(line for line in lines if "bot1" in line)]
    assert quest_board.hint(view).startswith("Game over: bot1 wins.")


async def test_legends_piles_have_a_panel():
    app = local_app("legend", "ann", 2, 3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        top = str(app.main_box.render()) + str(app.side_box.render())
        assert "Discard pile: empty" in top
        assert top.count("Draw 54 (1st pile)") == 1  # the count once, at the end of the hand


def _named(text: str, pattern: re.Pattern) -> bool:
    return bool(pattern.search(text.replace("_", " ")))


def test_nothing_under_mud_names_a_game_outside_its_board():
    """In code and strings (not comments or docstrings), no game's name or title appears under mud/
    except in the game's board, one module mud/tui/boards/<game>.py (what more a board needs is the game's,
    through GameSpec.board; the tutorial's lessons are the game's own data too)."""
    words = {w for name in BUILT_IN for w in (name, games.get(name).title)}
    pattern = re.compile(r"\b(" + "|".join(re.escape(w) for w in sorted(words)) + r")\b", re.I)
    allowed = {f"mud/tui/boards/{name}.py" for name in BUILT_IN}
    found = []
    for path in sorted((ROOT / "mud").rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        if where in allowed:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                      and node.body and isinstance(node.body[0], ast.Expr)}
        for node in ast.walk(tree):
            text = (node.value if isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and id(node) not in docstrings else node.id if isinstance(node, ast.Name)
                    else node.attr if isinstance(node, ast.Attribute) else None)
            if text and _named(text, pattern):
                found.append(f"{where}:{node.lineno} {text[:60]!r}")
    assert not found, found


def test_a_quest_watchers_map_is_not_called_theirs():
    """Found replaying the first hour: the watcher's panel read "Your map"."""
    table = Table(games.get("quest"), [], ["bot1", "bot2"], seed=3)
    table.start(settle=False)
    assert quest_board.main_panel(table.view(""), "map")[0] == "Map"
    assert quest_board.main_panel(table.view("bot1"), "map")[0] == "Your map"


def test_each_board_is_one_module_and_its_games_words_are_the_games_own():
    """No board is a package: Quest's words for doors, keys and the map's key, and Quantum's map
    geometry and key, come from the game (GameSpec.board), worded from the game's catalogue."""
    assert not [p for p in (ROOT / "mud/tui/boards").iterdir() if p.is_dir() and p.name != "__pycache__"]
    quest, quantum = games.get("quest").board, games.get("quantum").board
    assert quest.face_words["unknown"].domain == quest.map_key.domain == "quest"
    assert quest_board.FACE_WORD is quest.face_words and quest_board.PALETTE is quest.palette
    assert quantum.chart.MAP_KEY.domain == "quantum" and quantum.chart.square(2, 3) == "c4"
    view = {"map": {"height": 12}, "ships": [{"where": "play", "owner": "ann", "square": "c12", "value": 3}],
            "you": "ann"}
    assert quantum.chart.window(view, None, 11) == (2, 10, False) and quantum.chart.ship_named(view, "3") == "c12"
