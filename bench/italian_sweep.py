"""What is still English (issue 43): seeded games of each of the five played through the real world,
one seat read in the pseudo-language ``xx`` (every message marked ⟦ ⟧) typing the Italian form of a
legal action each turn, another seat an English reader, bots in the rest; every line, screen,
question (its text and labels), status and place the ``xx`` reader gets is collected, and each piece
of text not wholly inside ⟦ ⟧ -- names, numbers, typed text and board glyphs aside -- is printed,
grouped and counted by game and by kind. A list to work from, not a test.

    python bench/italian_sweep.py                 every game, seeds 0 and 1
    python bench/italian_sweep.py quest --seeds 3 --examples 5
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from games.engine import bot_rng, command_line  # noqa: E402
from mud.shell.session import Line  # noqa: E402
from mud.store import Store  # noqa: E402
from mud.world.world import Settings, World  # noqa: E402

READER, ENGLISH = "xena", "ewan"  # the xx reader (typing Italian) and the English reader
MARKED = re.compile(r"⟦[^⟦⟧]*⟧")
WORD = re.compile(r"[A-Za-zÀ-ÿ]{2,}")
GLYPH = re.compile(r"^[A-Z][A-Za-z]{0,2}$")  # a board's piece or cell ('NGk', 'C4'), on a screen
DIGEST = re.compile(r"\b[0-9a-f]{16,}\b")  # a hash (Quest's map commitment): a number
MAX_TURNS = 3000  # the reader's and the English player's actions together, at most


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def leftover(text: str, names: set[str], glyphs: bool = False) -> str:
    """``text`` with every marked piece (nested ones from the inside out), the names and what is
    not a word taken away: what remains is text of ours that reached the reader unmarked."""
    before = None
    while before != text:
        before, text = text, MARKED.sub(" ", text)
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    words = WORD.findall(DIGEST.sub(" ", text))
    return " ".join(w for w in words if not (glyphs and GLYPH.match(w)))


class Sweep:
    """What the ``xx`` reader got, by (game, kind): each unmarked text with how often it came."""

    def __init__(self):
        self.found: dict[tuple[str, str], Counter] = defaultdict(Counter)
        self.seen: Counter = Counter()  # pieces of text looked at, by game

    def look(self, game: str, kind: str, text, names: set[str]) -> None:
        if not isinstance(text, str) or not text.strip():
            return
        self.seen[game] += 1
        if leftover(text, names, glyphs=kind.startswith("screen")):
            self.found[(game, kind)][text.strip()] += 1


def seated(game_name: str, seed: int):
    """A world with the reader (``xx``) and the English player seated at the game's first table,
    the match started with bots in the other seats."""
    world = World(Store(":memory:"), Settings(turn_timeout=0, seat_grace=0), clock=Clock(),
                  seeds=random.Random(seed))
    _room, place = games.place_of(game_name)
    sessions = []
    for name, lang in ((READER, "xx"), (ENGLISH, "en")):
        world.store.create_account(name, "pw12")
        ws = world.connect(name)
        ws.lang = lang
        ws.fold = True  # others' turns in a line or two, as the TUI and the line surfaces read them
        ws.greeting()
        ws.handle(place.road)
        ws.handle("sit" if not sessions else "sit 1")
        sessions.append(ws)
    return world, sessions


def typed(ws, line: str, lang: str):
    """``line`` typed by ``ws``: read as a reader of ``lang`` reads it, answered in ``ws``'s language."""
    own, ws.lang = ws.lang, lang
    try:
        read = ws.read(line)
    finally:
        ws.lang = own
    return ws.flush() + ws.answer(read)


def sweep_game(sweep: Sweep, game_name: str, seed: int) -> tuple[bool, int, int]:
    """One game to its end; returns (over, the reader's actions, those refused)."""
    world, (reader, english) = seated(game_name, seed)
    spec = games.get(game_name)
    lines = reader.flush() + reader.handle(f"start seed={seed}") + reader.flush()
    english.flush()
    match = world.tables[1].match
    names = set(match.seats) | {READER, ENGLISH, spec.title} | {t for t in spec.title.split()}
    commands = {v.name for v in spec.verbs} | {v.name_in("it") for v in spec.verbs}
    rngs = {p: bot_rng(seed, p) for p in (READER, ENGLISH)}
    memory = {p: {} for p in (READER, ENGLISH)}
    acted = refused = 0
    table = world.tables[1].match
    look = sweep.look

    def collect(got):
        for line in got:
            look(game_name, f"line:{line.kind}", line.text, names)

    collect(lines)
    while not table.over and acted < MAX_TURNS:
        waiting = [ws for ws in (reader, english) if ws.name in table.awaiting()]
        if not waiting:
            break
        for ws in waiting:
            if ws is reader:  # what the reader sees as the turn comes: the question, status, place, screens
                asked = reader.asked()
                if asked:
                    look(game_name, "question", asked.get("text"), names)
                    for label, _command in asked.get("choices") or ():
                        look(game_name, "question:label", label, names)
                look(game_name, "prompt", reader.prompt(), names | commands)
                status = reader.status()
                look(game_name, "status", status.get("status"), names)
                place = reader.place()
                look(game_name, "place", place.get("name"), names)
                for exit_name in place.get("exits", {}).values():
                    look(game_name, "place", exit_name, names)
                if acted % 5 == 0:
                    view = table.game.view(table.state, READER)
                    for screen, show in spec.screens.items():
                        for text in show(view):
                            look(game_name, f"screen:{screen}", reader.worded([Line("screen", text)])[0].text, names)
            action = spec.bot_action(table.state, ws.name, rngs[ws.name], "normal", memory[ws.name])
            lang = "it" if ws is reader else "en"
            before = len(table.log)
            got = typed(ws, command_line(action, lang, spec.verbs), lang)
            acted += 1
            if ws is reader:
                collect(got)
            if len(table.log) == before:
                refused += ws is reader
                spec.bot_refused(table.state, ws.name, action, memory[ws.name])
        collect(reader.flush())
        english.flush()
    collect(reader.flush())
    return table.over, acted, refused


def report(sweep: Sweep, examples: int, out=sys.stdout) -> None:
    by_game: dict[str, list[tuple[str, Counter]]] = defaultdict(list)
    for (game, kind), texts in sorted(sweep.found.items()):
        by_game[game].append((kind, texts))
    for game in sorted(sweep.seen):
        kinds = by_game.get(game, [])
        total = sum(sum(t.values()) for _k, t in kinds)
        print(f"== {game}: {total} unmarked of {sweep.seen[game]} texts read", file=out)
        for kind, texts in kinds:
            print(f"  {kind}: {sum(texts.values())} ({len(texts)} distinct)", file=out)
            for text, n in texts.most_common(examples):
                print(f"    {n:>5} x {text[:110]}", file=out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", default=None)
    ap.add_argument("--seeds", type=int, default=2)
    ap.add_argument("--examples", type=int, default=3)
    args = ap.parse_args(argv)
    sweep = Sweep()
    for name in args.games or games.names():
        for seed in range(args.seeds):
            over, acted, refused = sweep_game(sweep, name, seed)
            print(f"-- {name} seed {seed}: {'over' if over else 'NOT OVER'}, {acted} actions typed, "
                  f"{refused} of the reader's refused", file=sys.stderr)
    report(sweep, args.examples)
    return 0


if __name__ == "__main__":
    sys.exit(main())
