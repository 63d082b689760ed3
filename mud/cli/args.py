"""The ``mud`` command's line: its subcommands and flags (``build_parser``), each flag's check, and
``parse_args``, which builds only the named game's option flags when it can (loading every game to
know every flag is most of what a parser costs). Kept apart from mud/cli/main.py, which runs what
the line asks."""

from __future__ import annotations

import argparse
import getpass
import ipaddress
import os
import re

import games
from games.engine import LEVELS, PLAY_LEVEL
from mud.cli import admin as admin_cli
from mud.cli import backup as backup_cli
from mud.shell import language

NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{1,15}")  # always fullmatch: "$" lets a newline through


def default_name() -> str:
    try:
        name = getpass.getuser()
    except Exception:
        name = ""
    return name if NAME.fullmatch(name or "") and not name.lower().startswith("bot") else "hero"


def game_options(names: list[str] | None = None) -> dict[str, str]:
    """Every option some game of the catalogue takes (of the games ``names`` only, when given) ->
    its help (its game's title, then its choices)."""
    return {name: "; ".join(f"{title}: {opt.summary or ', '.join(opt.choices)}" for title, opt in found)
            for name, found in games.options(names).items()}


def add_game_options(sub, names: list[str] | None = None) -> None:
    """A flag per option of the games (--rules, --variant ...): the games declare them, not the CLI.
    The flags' names are kept as ``args.game_options``, for the subcommand to collect."""
    found = game_options(names)
    for name, text in found.items():
        sub.add_argument(f"--{name}", default=None, help=text)
    sub.set_defaults(game_options=tuple(found))


def lang_arg(text: str) -> str:
    """--lang: one of the languages (a code, a locale or a name: it, it_IT.UTF-8, italiano)."""
    lang = language.parse(text)
    if lang is None:
        raise argparse.ArgumentTypeError(f"a language is {', '.join(language.LANGS)}")
    return lang


def level_arg(text: str) -> str:
    """--level: one level for every bot, or one per bot with commas (easy,strong)."""
    words = [w.strip().lower() for w in text.split(",")]
    if not all(w in LEVELS for w in words):
        raise argparse.ArgumentTypeError(f"a level is {', '.join(LEVELS)} (or one per bot, with commas)")
    return ",".join(words)


def network_arg(text: str) -> str:
    """--trusted-proxy: an address (127.0.0.1) or a network (10.0.0.0/8)."""
    try:
        ipaddress.ip_network(text, strict=False)
    except ValueError:
        raise argparse.ArgumentTypeError(f"an address or a network, such as 127.0.0.1 or 10.0.0.0/8, not {text!r}")
    return text


def port_arg(text: str) -> int:
    """--metrics-port: a TCP port, 0 (any free one) to 65535."""
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 0 to 65535, not {text!r}")
    return port


def build_parser(option_games: list[str] | None = None, parser_class=argparse.ArgumentParser) -> argparse.ArgumentParser:
    """The whole command line; with ``option_games``, the game option flags of those games only (see
    :func:`parse_args`: loading every game to know every flag is most of what a parser costs)."""
    ap = parser_class(prog="mud", description="questmud: a multi-user text MUD of five tabletop games")
    sub = ap.add_subparsers(dest="command")

    play = sub.add_parser("play", help="play in this terminal against bots (the default)")
    play.add_argument("game", nargs="?", default=None,  # None: not named (games.first() is played)
                      help=f"{', '.join(games.names())} (the first is the default); or tutorial: learn "
                           f"{games.tutorial_title()} step by step")
    play.add_argument("--players", type=int, default=None, help="seats at the table, you included (default 4)")
    play.add_argument("--seed", type=int, default=None, help="seed of the match (default: random)")
    add_game_options(play, option_games)
    play.add_argument("--name", default=None, help="your name at the table")
    play.add_argument("--level", type=level_arg, default=PLAY_LEVEL,
                      help="bots' level: easy (the default: a first game you can win), normal or strong "
                           "(a search that thinks up to a second); or one per bot: easy,normal,strong")
    play.add_argument("--lang", type=lang_arg, default=None, metavar="LANG",
                      help=f"the language you read: {', '.join(language.LANGS)} (default: your locale, "
                           "LC_ALL, LC_MESSAGES or LANG; else en)")
    play.add_argument("--plain", action="store_true", help="line interface: no full-screen drawing")
    play.add_argument("--web", action="store_true",
                      help="play in your browser: serves the game on 127.0.0.1 and prints its address")
    play.add_argument("--web-port", type=int, default=0, metavar="N", help="with --web: the port (default: any free one)")
    again = play.add_mutually_exclusive_group()
    again.add_argument("--resume", action="store_true", default=None,
                       help="go on with your unfinished game (without asking)")
    again.add_argument("--new", dest="resume", action="store_false", help="start anew; an unfinished game is set aside")
    play.add_argument("--data", default=None, metavar="DIR", help="where local games are saved (default: your data folder)")

    run = sub.add_parser("run", help="run a command file")
    run.add_argument("file", nargs="?", default=None,
                     help="the command file ('-': standard input); none: a game of bots alone (--bots N)")
    run.add_argument("--game", default=None)
    run.add_argument("--players", default=None, help="comma-separated names, e.g. alice,bob")
    run.add_argument("--bots", type=int, default=None)
    run.add_argument("--seed", type=int, default=None)
    add_game_options(run, option_games)
    run.add_argument("--level", type=level_arg, default=None, help="bots' level: easy, normal, strong, or one per bot")
    who = run.add_mutually_exclusive_group()
    who.add_argument("--as", dest="as_player", default=None, metavar="NAME", help="one player's view only")
    who.add_argument("--omniscient", action="store_true", help="everything, hidden map included (audits)")
    run.add_argument("--json", action="store_true", help="JSON lines of events")
    run.add_argument("--strict", action="store_true", help="a refused command ends the run with status 1")
    run.add_argument("--lang", type=lang_arg, default=None, metavar="LANG",
                     help=f"the language of the text: {', '.join(language.LANGS)} (default en, whatever the "
                          "locale: a transcript reads the same on every machine)")
    replay = sub.add_parser("replay", help="watch a stored match again, as a spectator saw it")
    replay.add_argument("match", type=int, help="the match's number (see 'matches' in the game)")
    replay.add_argument("--data", default=None, metavar="DIR",
                        help="the folder of local.db or a server's questmud.db (default: your data folder)")
    serve = sub.add_parser("serve", help="run the multi-user server (SSH and telnet)")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: every interface)")
    serve.add_argument("--ssh-port", type=int, default=2222, help="SSH port (default 2222; -1: no SSH)")
    serve.add_argument("--telnet-port", type=int, default=4000, help="telnet port (default 4000; -1: no telnet)")
    serve.add_argument("--web-port", type=int, default=None, metavar="N",
                       help="the browser's port: the full-screen game over HTTP(S) and WebSockets (default: off)")
    serve.add_argument("--web-cert", default=None, metavar="FILE", help="HTTPS: the certificate (PEM), with --web-key")
    serve.add_argument("--web-key", default=None, metavar="FILE", help="HTTPS: the certificate's private key (PEM)")
    serve.add_argument("--data", default=None, metavar="DIR", help="where accounts and matches are kept")
    serve.add_argument("--turn-time", type=float, default=120.0, metavar="SECONDS",
                       help="time to play a turn before a bot plays it (0: no limit; default 120)")
    serve.add_argument("--seat-grace", type=float, default=300.0, metavar="SECONDS",
                       help="how long a disconnected player's seat waits before a bot takes it (default 300)")
    serve.add_argument("--max-sessions", type=int, default=1000, help="most sessions at once (default 1000)")
    serve.add_argument("--rate", type=float, default=5.0, help="commands per second per session (default 5)")
    serve.add_argument("--per-address", type=int, default=10,
                       help="connections at once from one address (default 10; 0: no cap; loopback is not capped)")
    serve.add_argument("--accounts-per-hour", type=int, default=5,
                       help="new accounts one address may create in an hour (default 5; 0: no cap)")
    serve.add_argument("--tui-workers", type=int, default=None, metavar="N",
                       help="processes drawing SSH TUI sessions beside the world's (0: the world's own "
                            "process draws them; default: 0 on 1-2 cores, else one per core but one)")
    serve.add_argument("--metrics-port", type=port_arg, default=None, metavar="N",
                       help="serve Prometheus metrics at http://HOST:N/metrics (default: off)")
    serve.add_argument("--metrics-host", default="127.0.0.1", metavar="H",
                       help="address of the metrics port (default 127.0.0.1, whatever --host says)")
    serve.add_argument("--store", default=os.environ.get("QUESTMUD_STORE", ""), metavar="URL",
                       help="keep accounts and matches in PostgreSQL (postgresql://user@host/db; default: "
                            "$QUESTMUD_STORE, else questmud.db in the data folder); needs questmud[scale]")
    serve.add_argument("--node", default=os.environ.get("QUESTMUD_NODE", ""), metavar="NAME",
                       help="this server's name in a world of several nodes sharing --store and --bus")
    serve.add_argument("--bus", default=os.environ.get("QUESTMUD_BUS", ""), metavar="URL",
                       help="the Redis between the nodes (redis://host:6379/0; default $QUESTMUD_BUS); "
                            "needs questmud[scale] and --node")
    serve.add_argument("--cap-loopback", action="store_true",
                       help="count 127.0.0.1 and ::1 like any address for the per-address caps and the login "
                            "throttle (by default they are not capped: everyone on this machine shares them)")
    serve.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDR", type=network_arg,
                       help="a proxy in front of the web port (an address or a network; may be repeated): "
                            "its Forwarded/X-Forwarded-For header names the client, for the login throttle "
                            "and the per-address caps; nobody else's is believed")
    serve.add_argument("--log-format", choices=("text", "json"), default="text",
                       help="server.log as text lines (default) or one JSON object a line, for log shippers")
    serve.add_argument("--idle-timeout", type=float, default=None, metavar="SECONDS",
                       help="close a logged-in session after this long without input (0: never; default 3600, "
                            "never when --host is a loopback address)")
    serve.add_argument("--lang", type=lang_arg, default="en", metavar="LANG",
                       help="the language of the login's words before a player's own is known (telnet's "
                            f"banner and questions, a refusal): {', '.join(language.LANGS)} (default en)")
    backup_cli.add_parsers(sub)  # mud backup, mud restore (mud/cli/backup.py)
    arena = sub.add_parser("arena", help="many bots-only games in parallel: wins and a rating per level")
    arena.add_argument("--game", default=games.first(), help=f"the game (default {games.first()})")
    arena.add_argument("--bots", default="easy,normal", help="one level per seat, e.g. easy,normal,strong,strong")
    arena.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    arena.add_argument("--seed", type=int, default=1, help="the first game's seed (game i plays seed+i)")
    arena.add_argument("--workers", type=int, default=0, help="worker processes (default: the cores, at most 4)")
    arena.add_argument("--iterations", type=int, default=0, help="the strong bots' search iterations per move "
                       "(default: each game's own budget)")
    arena.add_argument("--json", action="store_true", help="the results as JSON")
    admin_cli.add_parser(sub)  # mud admin: roles (issue 28)
    usage = {"play": play.format_usage, "run": run.format_usage, "serve": serve.format_usage,
             "replay": replay.format_usage}
    if option_games is not None:  # usage lines name every flag: the whole parser's
        usage = {k: (lambda k=k: build_parser().get_default("usage")[k]()) for k in usage}
    ap.set_defaults(usage=usage)
    return ap


class _Unsure(Exception):
    """A parser of some games' flags could not read the line: the whole parser reads it (and says why)."""


class _TryingParser(argparse.ArgumentParser):
    """A parser (and its subcommands' parsers) that takes no abbreviation -- the whole parser may know
    a longer flag it abbreviates -- and raises instead of printing an error and exiting."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **{**kwargs, "allow_abbrev": False})

    def error(self, message):
        raise _Unsure(message)


def parse_args(argv: list[str]) -> argparse.Namespace:
    """What ``build_parser().parse_args(argv)`` gives, without building every game when the line
    names one: first the flags with no game's options (to learn the subcommand and its game), then
    with that game's options only, abbreviations off, errors raising. Anything that parser cannot
    read -- help, another game's option, an abbreviation, a mistake -- goes to the whole parser, so
    the answer and every message are the whole parser's (issue 29: `mud play` starts sooner)."""
    if "-h" in argv or "--help" in argv:
        return build_parser().parse_args(argv)
    try:
        first, _ = build_parser([], _TryingParser).parse_known_args(argv)
        named = getattr(first, "game", None)
        name = games.resolve(named) if isinstance(named, str) and named != "tutorial" else games.first()
        if name not in games.CATALOGUE:
            name = games.first()
        return build_parser([name], _TryingParser).parse_args(argv)
    except _Unsure:
        return build_parser().parse_args(argv)
