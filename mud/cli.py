"""The ``mud`` command: play (TUI or --plain), run command files; serve arrives with the network."""

from __future__ import annotations

import argparse
import getpass
import re
import sys

NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{1,15}$")


def default_name() -> str:
    try:
        name = getpass.getuser()
    except Exception:
        name = ""
    return name if NAME.match(name or "") and not name.lower().startswith("bot") else "hero"


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="mud", description="questmud: a multi-user text MUD of five tabletop games")
    sub = ap.add_subparsers(dest="command")

    play = sub.add_parser("play", help="play in this terminal against bots (the default)")
    play.add_argument("game", nargs="?", default="quest")
    play.add_argument("--players", type=int, default=4, help="seats at the table, you included (default 4)")
    play.add_argument("--seed", type=int, default=None, help="seed of the match (default: random)")
    play.add_argument("--rules", choices=["basic", "full"], default=None)
    play.add_argument("--name", default=None, help="your name at the table")
    play.add_argument("--level", choices=["easy", "normal"], default="normal", help="bots' level")
    play.add_argument("--plain", action="store_true", help="line interface: no full-screen drawing")

    run = sub.add_parser("run", help="run a command file")
    run.add_argument("file")
    run.add_argument("--game", default=None)
    run.add_argument("--players", default=None, help="comma-separated names, e.g. alice,bob")
    run.add_argument("--bots", type=int, default=None)
    run.add_argument("--seed", type=int, default=None)
    run.add_argument("--rules", choices=["basic", "full"], default=None)
    run.add_argument("--level", choices=["easy", "normal"], default=None)
    who = run.add_mutually_exclusive_group()
    who.add_argument("--as", dest="as_player", default=None, metavar="NAME", help="one player's view only")
    who.add_argument("--omniscient", action="store_true", help="everything, hidden map included (audits)")
    run.add_argument("--json", action="store_true", help="JSON lines of events")
    run.add_argument("--strict", action="store_true", help="a refused command ends the run with status 1")
    return ap


def cmd_run(args) -> int:
    from mud.script import ScriptError, run_script
    try:
        text = sys.stdin.read() if args.file == "-" else open(args.file, encoding="utf-8").read()
    except OSError as err:
        print(f"mud run: cannot read {args.file}: {err.strerror}", file=sys.stderr)
        return 2
    cli = {"game": args.game, "players": args.players, "bots": args.bots, "seed": args.seed,
           "rules": args.rules, "level": args.level, "as": args.as_player, "omniscient": args.omniscient,
           "json": args.json, "strict": args.strict}
    try:
        runner = run_script(text, cli)
    except ScriptError as err:
        print(f"mud run: {err}", file=sys.stderr)
        return 2
    sys.stdout.write(runner.output())
    if runner.stopped:
        print(f"mud run: --strict: stopped at {runner.stopped}", file=sys.stderr)
    return runner.status


def make_table(args):
    """The local table: you plus bots, seeded."""
    import random

    import games
    from mud.table import Table
    game = games.get(args.game)
    name = args.name or default_name()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    n = max(game.min_players, min(args.players, game.max_players))
    bots = [f"bot{i}" for i in range(1, n)]
    options = {"rules": args.rules} if args.rules else {}
    return Table(game, [name], bots, seed, options, args.level), name


def cmd_play(args) -> int:
    if not NAME.match(args.name or "hero"):
        print("mud play: a name is 2-16 letters, digits, - or _, starting with a letter", file=sys.stderr)
        return 2
    try:
        table, name = make_table(args)
    except KeyError as err:
        print(f"mud play: {err.args[0]}", file=sys.stderr)
        return 2
    if args.plain or not sys.stdout.isatty():
        from mud.plain import run_plain
        return run_plain(table, name)
    from mud.tui.app import run_tui
    return run_tui(table, name)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0].startswith("-") and argv[0] not in ("-h", "--help"):
        argv = ["play", *argv]
    args = build_parser().parse_args(argv)
    if args.command == "run":
        return cmd_run(args)
    return cmd_play(args)


if __name__ == "__main__":
    sys.exit(main())
