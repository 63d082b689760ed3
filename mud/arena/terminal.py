"""`mud arena` on a terminal: a rich progress bar while the games are played (games done, games per
second, time left), then the results as tables -- or, with ``--json``, the same figures as data."""

from __future__ import annotations

import json
import sys

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from mud.arena import play as arena


def cmd_arena(args) -> int:
    bots = [b.strip().lower() for b in args.bots.split(",") if b.strip()]
    try:
        arena.check_bots(args.game, bots)
    except (KeyError, ValueError) as err:
        print(f"mud arena: {err.args[0]}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("mud arena: --games takes a number of games, 1 or more", file=sys.stderr)
        return 2
    err = Console(stderr=True)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("{task.fields[rate]} games/s"), TextColumn("left"), TimeRemainingColumn())
    with Progress(*columns, console=err, transient=True, disable=args.json or not err.is_terminal) as bar:
        task = bar.add_task(f"{args.game} {','.join(bots)}", total=args.games, rate="-")
        started = bar.get_time()

        def step(done: int) -> None:
            spent = max(1e-9, bar.get_time() - started)
            bar.update(task, completed=done, rate=f"{done / spent:.2f}")

        report = arena.run(args.game, bots, args.games, args.seed, args.workers or arena.default_workers(),
                           progress=step, iterations=args.iterations)
    data = arena.summary(report)
    if args.json:
        print(json.dumps(data, indent=1))
    else:
        show(Console(), data)
    return 130 if report.interrupted else 0


def show(console, data: dict) -> None:
    head = f"{data['game']}: {data['games']} games"
    if data["interrupted"]:
        head += f" (interrupted: {data['games']} of {data['asked']})"
    console.print(f"[bold]{head}[/], bots {', '.join(data['bots'])} (seats rotated game by game), seed "
                  f"{data['seed']}; {data['length']} actions a game on average; {data['seconds']} s.")
    levels = Table(title="Levels", title_justify="left")
    for col in ("level", "seats played", "wins", "win share", "fair share", "rating (mu)", "sigma", "ordinal"):
        levels.add_column(col, justify="left" if col == "level" else "right")
    for lv, row in data["levels"].items():
        r = data["ratings"][lv]
        levels.add_row(lv, str(row["seats"]), f"{row['wins']:g}", f"{100 * row['share']:.1f}%",
                       f"{100 * row['fair']:.1f}%", f"{r['mu']:.2f}", f"± {r['sigma']:.2f}", f"{r['ordinal']:.2f}")
    console.print(levels)
    seats = Table(title="Seats", title_justify="left")
    seats.add_column("seat")
    seats.add_column("wins", justify="right")
    for row in data["seats"]:
        seats.add_row(str(row["seat"]), f"{row['wins']:g}")
    console.print(seats)
