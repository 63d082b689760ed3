"""The ``mud`` command: play (TUI or --plain), run command files, serve the world over SSH and telnet."""

from __future__ import annotations

import asyncio
import functools
import gc
import ipaddress
import logging
import os
import shutil
import sys
import textwrap

import games
from games.engine import RuleError, said
from mud.cli import admin as admin_cli
from mud.cli import backup as backup_cli
from mud.cli.args import NAME, default_name, parse_args
from mud.local.hangup import TerminalWatch, hangup_safe
from mud.local.play import DB, data_dir, open_local, open_tutorial
from mud.world.replay import public_lines
from mud.local.script import ScriptError, run_script
from mud.shell import language
from mud.shell.words import _, render
from mud.store import Store, StoreError
from mud.world.world import Settings

def idle_default(host: str) -> float:
    """An hour, except on loopback: there only people of this machine play, and a session left
    open costs nothing (a seat waits anyway)."""
    try:
        return 0.0 if ipaddress.ip_address(host).is_loopback else 3600.0
    except ValueError:
        return 0.0 if host == "localhost" else 3600.0


def cmd_serve(args) -> int:

    from mud.server.upkeep import collector
    from mud.server.core import Config, Server, default_data_dir
    from mud.server.nodes.node import NodeError
    from mud.server.upkeep.files import prepare_data_dir, setup_logging
    from mud.server.clients.lines import Limits
    from mud.server.tui.workers import default_count
    data = os.path.abspath(os.path.expanduser(args.data or default_data_dir()))
    try:
        prepare_data_dir(data)
        setup_logging(data, form=args.log_format)
    except OSError as err:
        print(f"mud serve: cannot use the data directory {data}: {err.strerror or err}", file=sys.stderr)
        return 1
    config = Config(host=args.host, ssh_port=None if args.ssh_port < 0 else args.ssh_port,
                    telnet_port=None if args.telnet_port < 0 else args.telnet_port, data_dir=data,
                    web_port=args.web_port, web_cert=args.web_cert, web_key=args.web_key,
                    tui_workers=default_count() if args.tui_workers is None else max(0, args.tui_workers),
                    metrics_port=args.metrics_port, metrics_host=args.metrics_host, store=args.store,
                    node=args.node, bus=args.bus, trusted_proxies=tuple(args.trusted_proxy), lang=args.lang,
                    settings=Settings(turn_timeout=args.turn_time, seat_grace=args.seat_grace),
                    limits=Limits(max_sessions=args.max_sessions, rate=args.rate, per_address=args.per_address,
                                  accounts_per_hour=args.accounts_per_hour, trust_loopback=not args.cap_loopback,
                                  idle_timeout=idle_default(args.host) if args.idle_timeout is None
                                  else args.idle_timeout))
    server = Server(config)

    async def main() -> None:
        task = asyncio.create_task(server.run_until_signal())
        while not server.ready and not task.done():
            await asyncio.sleep(0.01)
        if server.ready:
            loop = asyncio.get_running_loop()
            collector.tune(loop.call_soon_threadsafe, loop.call_later)
            where = ", ".join(f"{k} on {args.host}:{v}" for k, v in server.ports.items())
            sys.stderr.write(f"mud serve: listening ({where}); data in {data}. Ctrl+C stops.\n")
            for warning in server.warnings:  # (said here as well as in server.log: the operator is here)
                sys.stderr.write(f"mud serve: warning: {warning}.\n")
            if server.metrics.address:
                sys.stderr.write("mud serve: metrics on http://%s:%d/metrics\n" % server.metrics.address)
            sys.stderr.flush()
        await task
    try:
        asyncio.run(main())
    except (StoreError, NodeError) as err:
        logging.getLogger("questmud.server").error("not started: %s", err)
        print(f"mud serve: {err}", file=sys.stderr)
        return 1
    except OSError as err:
        print(f"mud serve: {err.strerror or err}" + (f": {err.filename}" if err.filename else ""), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    why = f" ({server.stopped_by})" if server.stopped_by else ""
    sys.stderr.write(f"mud serve: stopped{why}; {server.ended} session(s) ended; every match is saved.\n")
    return 0


def cmd_run(args, usage: str = "") -> int:
    if args.file is None and args.bots is None:
        sys.stderr.write(usage + "mud run: give a command file (or - for standard input), or --bots N for a game "
                         "of bots alone.\n")
        return 2
    try:
        if args.file is None:
            text = ""  # no commands: with --bots and no --players, the bots play a whole game
        else:
            text = sys.stdin.read() if args.file == "-" else open(args.file, encoding="utf-8").read()
    except OSError as err:
        lang = args.lang or language.from_locale(os.environ) or language.DEFAULT
        print("mud run: " + render(_("cannot read {file}: {why}", file=args.file, why=err.strerror), lang), file=sys.stderr)
        return 2
    cli = {"game": args.game, "players": args.players, "bots": args.bots, "seed": args.seed,
           **{k: getattr(args, k) for k in args.game_options}, "level": args.level, "as": args.as_player, "omniscient": args.omniscient,
           "json": args.json, "strict": args.strict, "lang": args.lang}
    try:
        runner = run_script(text, cli)
    except ScriptError as err:  # in the run's language; before it is read, --lang's or the locale's
        lang = err.lang or args.lang or language.from_locale(os.environ) or language.DEFAULT
        print("mud run: " + render(said(err), lang), file=sys.stderr)
        return 2
    sys.stdout.write(runner.output())
    if runner.stopped:
        print("mud run: " + render(_("--strict: stopped at {where}", where=runner.stopped), runner.o.lang), file=sys.stderr)
    if runner.capped:
        print(f"mud run: {runner.capped}", file=sys.stderr)
    return runner.status


def cmd_replay(args) -> int:
    """Every public line of a stored match, from a local or a server's data folder."""

    folder = data_dir(args.data)
    path = next((os.path.join(folder, name) for name in (DB, "questmud.db")
                 if os.path.exists(os.path.join(folder, name))), None)
    if path is None:
        print(f"mud replay: no stored matches in {folder}", file=sys.stderr)
        return 2
    store = Store(path)
    try:
        # local play's matches in the player's local time, as 'matches' says them; a server's in UTC
        print("\n".join(render(line, "en") for line in public_lines(store, args.match, local=os.path.basename(path) == DB)))
    except RuleError as err:
        print(f"mud replay: {err}", file=sys.stderr)
        return 2
    finally:
        store.close()
    return 0


class LeftAtQuestion(Exception):
    """The player quit at the resume question (`quit`, ctrl+c, end of input): nothing is changed."""


YES = ("", "y", "yes", "s", "si", "sì")  # Enter, or yes in either language (a third adds its words here)
NO = ("n", "no")
QUIT = ("q", "quit", "exit", "esci")


def _ask(question: str, lang: str = "en") -> bool:
    """Yes (Enter, y, yes) or no (n, no); only asked on a terminal, wrapped at its width between words
    (a question of 84 columns cut "[Y" from "/n]" at 80). `quit`, ctrl+c or the end of input leave
    with nothing changed (they used to count as a no, which set the game aside, or as a yes);
    anything else asks again."""
    width = shutil.get_terminal_size().columns - 1
    text = textwrap.fill(question.rstrip(), max(20, width), break_long_words=False) + " "
    while True:
        try:
            answer = input(text).strip().lower()
        except (EOFError, KeyboardInterrupt):
            raise LeftAtQuestion from None
        if answer in YES:
            return True
        if answer in NO:
            return False
        if answer in QUIT:
            raise LeftAtQuestion
        text = render(_("Answer y (resume it), n (set it aside and start anew) or quit: "), lang)


def cmd_play(args) -> int:
    """Local play: the world in this process, the player alone in it, saved as it goes (mud/local/play.py)."""
    if not NAME.fullmatch(args.name or "hero"):
        print("mud play: a name is 2-16 letters, digits, - or _, starting with a letter", file=sys.stderr)
        return 2
    options = {k: getattr(args, k) for k in args.game_options if getattr(args, k, None)}
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    if args.game == "tutorial":
        world, ws = open_tutorial(args.name or default_name(), args.lang, language.from_locale(os.environ))
        return _surface(args, world, ws)
    try:
        game = games.get(args.game or games.first())
        lacking = [k for k in options if game.option(k) is None]
        if lacking:
            raise KeyError(f"{game.title} has no --{lacking[0]}.")
        if args.players is not None and not game.min_players <= args.players <= game.max_players:
            raise KeyError(f"{game.title} seats {game.min_players} to {game.max_players} players, you included "
                           f"(--players {args.players}).")
        # A game named (or --players given) is offered only an unfinished game of its kind
        world, ws = open_local(args.name or default_name(), game.name, args.players, args.seed, options,
                               args.level, data=args.data, resume=args.resume,
                               ask=functools.partial(_ask, lang=args.lang or language.from_locale(os.environ) or "en")
                               if interactive else None, any_game=args.game is None,
                               lang=args.lang, hint=language.from_locale(os.environ))
    except (KeyError, RuleError, OSError, StoreError) as err:
        reason = said(err) if err.args else err  # (a game's or the catalogue's message: in the player's language)
        print("mud play: " + render(reason, args.lang or language.from_locale(os.environ) or "en"), file=sys.stderr)
        return 2
    except LeftAtQuestion:
        print("\n" + render(_("Nothing changed: your unfinished games wait for the next 'mud play'."),
                             args.lang or language.from_locale(os.environ) or "en"))
        return 0
    return _surface(args, world, ws)


def _surface(args, world, ws) -> int:
    """Play the session in line mode or the TUI; the world's store is saved and closed after."""
    try:
        if getattr(args, "web", False):
            from mud.server.web.local import serve_local
            try:
                return asyncio.run(serve_local(ws, args.web_port))
            except KeyboardInterrupt:
                return 0
        if args.plain or not sys.stdout.isatty():
            from mud.local.plain import run_plain
            code = run_plain(ws)
            say_kept(world)
            return code
        # Until the first frame, no garbage collection: starting Textual makes many objects and
        # little garbage, and collecting it was a tenth of the CPU before the first frame (issue 29)
        gc.disable()
        try:
            from mud.tui.app import GameApp
            app = GameApp(ws, after_first_frame=gc.enable)
            app.driver_class = hangup_safe(app.driver_class)
            # a closed terminal (SIGHUP, or an endless end of input): exit, and the finally saves
            tty = next((f.fileno() for f in (sys.stdin, sys.stdout) if f.isatty()), sys.stdout.fileno())
            watch = TerminalWatch(tty, lambda: app.call_from_thread(app.exit)).start()
            try:
                app.run()
            finally:
                watch.stop()
        finally:
            gc.enable()
        if watch.fired:  # nobody to read it
            return 1
        # The full screen took its last words away with it (the terminal was left blank): said again
        for line in app.farewell:
            print(line.text)
        say_kept(world)
        return app.return_code or 0
    finally:
        world.save_all()
        if world.store is not None:
            world.store.close()


def say_kept(world) -> None:
    """The last line of local play, once its screen is gone: where its games are kept (the folder
    --data names). The tutorial keeps nothing, and says nothing."""
    if world.store is not None:
        print(f"Your games are kept in {os.path.dirname(os.path.abspath(world.store.path))}.")


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0].startswith("-") and argv[0] not in ("-h", "--help"):
        argv = ["play", *argv]
    args = parse_args(argv)
    if isinstance(getattr(args, "game", None), str) and args.game != "tutorial":  # a title, as well as a name
        args.game = games.resolve(args.game)
    if args.command == "run":
        return cmd_run(args, usage=args.usage["run"]())
    if args.command == "serve":
        return cmd_serve(args)
    if args.command == "replay":
        return cmd_replay(args)
    if args.command in ("backup", "restore"):
        return backup_cli.cmd_backup(args) if args.command == "backup" else backup_cli.cmd_restore(args)
    if args.command == "admin":
        return admin_cli.cmd_admin(args)
    if args.command == "arena":
        from mud.arena.terminal import cmd_arena
        return cmd_arena(args)
    return cmd_play(args)


if __name__ == "__main__":
    sys.exit(main())
