"""What `mud play` loads before its first frame (issue 29): the game played and nothing else of the
catalogue, no server, and the same command line as the whole parser reads. Structure, not time:
bench/tui_start.py measures the time."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import games
from mud.cli import args as cli_args
from mud.cli import main as cli

ROOT = Path(__file__).resolve().parents[3]

# A fresh interpreter: `mud play quest`'s command line read, its local game opened and the app run
# headless to its first refresh, then every module loaded so far.
FIRST_FRAME = textwrap.dedent("""
    import asyncio, json, sys
    from mud.cli import main as cli
    from mud.local.play import open_local
    from mud.tui.app import GameApp

    args = cli.parse_args(["play", "quest", "--seed", "3", "--new", "--data", sys.argv[1]])
    world, ws = open_local("hero", args.game, args.players, args.seed, {}, args.level, data=args.data,
                           resume=args.resume)

    class FirstFrame(GameApp):
        def on_mount(self):
            super().on_mount()
            self.call_after_refresh(lambda: self.exit(0))

    asyncio.run(FirstFrame(ws).run_async(headless=True, size=(80, 24)))
    world.store.close()
    print(json.dumps(sorted(sys.modules)))
""")

# What the first frame of one game does not need: the other games' rules, bots and screens, the
# server and its network libraries; and, its store being at the newest revision, the store's
# migrations and the SQLAlchemy its statements are generated from (issue 41), nor PostgreSQL's driver.
NOT_BEFORE_THE_FIRST_FRAME = ("games.tenx.game", "games.legend.game", "games.dungeon_chess.game",
                              "games.quantum.game", "mud.server", "asyncssh", "aiohttp", "telnetlib3",
                              "prometheus_client", "sqlalchemy", "alembic", "psycopg", "mud.store.migrate",
                              "mud.store.statements", "mud.store.postgres")


def first_frame(data) -> set[str]:
    out = subprocess.run([sys.executable, "-c", FIRST_FRAME, str(data)], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return set(json.loads(out.stdout.splitlines()[-1]))


def test_the_first_frame_of_quest_loads_no_other_game_and_no_server(tmp_path):
    first_frame(tmp_path)  # a player's usual case: the data folder and its store made by an earlier game
    loaded = first_frame(tmp_path)
    assert "games.quest.game" in loaded and "mud.tui.app" in loaded  # the check sees what it should
    bad = sorted(m for m in loaded if m.startswith(NOT_BEFORE_THE_FIRST_FRAME))
    assert not bad, f"loaded before the first frame: {bad}"


@pytest.mark.parametrize("name", list(games.CATALOGUE))
def test_a_games_package_tells_its_room_as_its_game_does(name):
    """The world lists the rooms from the packages' ROOM and PLACE (games.place_of), without
    building the games: they must be what the games themselves say."""
    game = games.get(name)
    assert games.place_of(name) == (game.room, game.place)


def test_a_game_registered_without_room_and_place_is_asked_its_game(monkeypatch):
    monkeypatch.setitem(games.CATALOGUE, "toy", "tests.toygame")
    toy = games.get("toy")
    assert games.place_of("toy") == (toy.room, toy.place)
    assert toy in games.in_room(toy.room)


LINES = [
    [], ["play"], ["play", "quest", "--seed", "3"], ["play", "tenx", "--variant", "hardcore"],
    ["play", "--variant", "hardcore", "tenx"], ["play", "quest", "--variant", "hardcore"],
    ["play", "10x", "--players", "3"], ["play", "Quest for Legend", "--teams", "on"], ["play", "tutorial"],
    ["play", "chess", "--limit", "off", "--level", "easy,strong"], ["play", "--plain", "--new"],
    ["play", "quantum", "--map", "two", "--see", "4"], ["play", "tenx", "--var", "hardcore"],
    ["run", "x.mud", "--game", "legend", "--tournament", "3"], ["run", "--bots", "3", "--variant", "hardcore"],
    ["serve", "--telnet-port", "4001"], ["replay", "3"], ["arena", "--games", "4"],
]


@pytest.mark.parametrize("argv", LINES, ids=[" ".join(a) or "(none)" for a in LINES])
def test_the_command_line_reads_as_the_whole_parser_reads_it(argv):
    """cli.parse_args builds the option flags of the named game only, yet every line means what it
    means to the parser of every game's flags."""
    whole = vars(cli_args.build_parser().parse_args(argv))
    fast = vars(cli.parse_args(argv))
    for key in ("usage", "game_options"):
        whole.pop(key, None), fast.pop(key, None)
    assert {k: v for k, v in fast.items()} == {k: v for k, v in whole.items() if k in fast}
    assert all(v is None for k, v in whole.items() if k not in fast)  # an option not given, not read


@pytest.mark.parametrize("argv", [["play", "--players", "x"], ["play", "--bogus"], ["play", "--level", "hard"],
                                  ["nothing"], ["play", "--help"], ["play", "quest", "-h"]])
def test_a_line_the_parser_refuses_is_refused_with_the_whole_parsers_words(argv, capsys):
    with pytest.raises(SystemExit) as whole:
        cli_args.build_parser().parse_args(argv)
    said = capsys.readouterr()
    with pytest.raises(SystemExit) as fast:
        cli.parse_args(argv)
    assert fast.value.code == whole.value.code
    assert capsys.readouterr() == said


def test_usage_names_every_games_flags():
    args = cli.parse_args(["run", "--game", "quest"])
    assert args.usage["run"]() == cli_args.build_parser().get_default("usage")["run"]()
    assert "--variant" in args.usage["run"]()


def test_importing_the_world_builds_no_games_rules():
    """The world's verbs name the tutorial's game in their help, yet importing the world builds no game:
    the account's verbs are made when first asked for (mud/world/verbs.py)."""
    out = subprocess.run([sys.executable, "-c", "import json, sys, mud.world.world; print(json.dumps(sorted(sys.modules)))"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    loaded = set(json.loads(out.stdout.splitlines()[-1]))
    assert "mud.world.verbs" in loaded  # the check sees what it should
    assert not sorted(m for m in loaded if m.startswith("games.") and m.endswith(".game"))
