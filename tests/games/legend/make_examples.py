"""Writes the command files of the original's two worked examples (tests/games/legend/scripts/):
``python -m tests.games.legend.make_examples``. Each is a real game from a seed found here, in
which every player follows a script-writer's plan so that the example happens as the rules tell it.

* ``medusa.mud``: four players. ann starts Medusa and undertakes it with an A; bob (not Perseus)
  disturbs it with an I and an E; cat passes; dan plays the last E: aborted, all to the discards.
* ``minus-two.mud``: two players, a whole game. ann completes Tartarus and the Sphinx, leaves
  Medusa unfinished, and bob completes the Golden Fleece after ann started hers: 5+1-4-4 = -2.
* ``against-bots.mud``: ann against three bots, a whole game; ann's lines are what a normal bot in
  her seat would have typed (so the file is a person's game the bots answer, move by move).
"""

from __future__ import annotations

from pathlib import Path

from games.engine import RuleError
from games.legend import GAME
from games.legend.data import MISSIONS, TYPE_ORDER
from games.legend.moments import dead

HERE = Path(__file__).resolve().parent / "scripts"


class Writer:
    """Plays a match by plans, writing each line as ``player> command``."""

    def __init__(self, players, seed):
        self.state = GAME.new_match(list(players), seed, {})
        GAME.opening(self.state)
        self.lines: list[str] = []

    def do(self, line: str, note: str = "") -> list:
        verb, *words = line.split()
        p = self.state.turn
        events = GAME.apply(self.state, p, __import__("games.engine", fromlist=["Action"]).Action(verb, tuple(words)))
        if note:
            self.lines.append(f"# {note}")
        self.lines.append(f"{p}> {line}")
        return events

    def finish_turn(self, keep) -> None:
        """Draw, then discard by ``keep`` (a card's worth: the lowest goes), dead twins first."""
        s = self.state
        p = s.turn
        self.do("draw")
        while not s.over and s.turn == p and s.phase == "discard":
            hand = s.seats[p].hand
            deadcards = [c for c in hand if dead(s, c)]
            if deadcards:
                self.do(f"discard {deadcards[0]}")
            elif len(hand) > 5:
                self.do(f"discard {min(sorted(hand), key=lambda c: keep(p, c))}")
            else:
                self.do("pass")


def medusa(seed: int) -> list[str] | None:
    w = Writer(["ann", "bob", "cat", "dan"], seed)
    s = w.state
    if s.seats["bob"].hero == "perseus":
        return None
    wants = {"ann": {"medusa": 9, "A": 5}, "bob": {"I": 5, "E": 5}, "dan": {"E": 5}, "cat": {}}

    def keep(p, c):
        return wants[p].get(c, 0) + (0 if c in MISSIONS else 1)

    step = 0
    for _ in range(12):
        p = s.turn
        hand = s.seats[p].hand
        if p == "ann" and step == 0 and "medusa" in hand:
            w.do("start medusa", "ann starts the Slaying of Medusa (I/1 A/1 E/2, 4 Legend Points)")
            step = 1
        elif p == "ann" and step == 1 and "A" in hand:
            w.do("undertake medusa with A", "ann undertakes it with a divine favour: I E E still missing")
            step = 2
        elif p == "bob" and step == 2:
            if hand.count("I") < 1 or hand.count("E") < 1:
                return None
            w.do("disturb medusa with I E", "bob fears ann's four points: he disturbs with a ship and an equipment")
            step = 3
        elif p == "cat" and step == 3:
            w.lines.append("# cat does nothing under the missions")
            step = 4
        elif p == "dan" and step == 4:
            if "E" not in hand:
                return None
            ev = w.do("disturb medusa with E", "dan plays the last equipment: the mission is aborted")
            assert [e.kind for e in ev][-1] == "aborted"
            return w.lines
        elif step in (2, 3, 4) and p == "ann":
            return None
        w.finish_turn(keep)
    return None


def minus_two(seed: int) -> list[str] | None:
    w = Writer(["ann", "bob"], seed)
    s = w.state
    goals = ["tartarus", "sphinx", "medusa", "fleece"]
    started: set[str] = set()

    def keep(p, c):
        if p == "ann":
            if c in MISSIONS:
                return 9 if c in goals and c not in started else -1
            need = sum(e.missing().get(c, 0) for e in s.table if e.owner == "ann" and e.mission in ("tartarus", "sphinx"))
            need += sum(MISSIONS[m].need.get(c, 0) for m in ("tartarus", "sphinx") if m in s.seats[p].hand)
            return need
        if c in MISSIONS:
            return 9 if c == "fleece" else -1
        return MISSIONS["fleece"].need.get(c, 0)

    notes = {"tartarus": "ann completes the Descent into Tartarus: 5 points",
             "sphinx": "ann completes the Riddle of the Sphinx: 1 point"}
    while not s.over:
        p = s.turn
        hand = s.seats[p].hand
        if s.phase == "last":
            w.do("pass")
            continue
        if p == "ann":
            for e in [e for e in s.table if e.owner == "ann" and e.mission in ("tartarus", "sphinx")]:
                cards = [t for t in TYPE_ORDER for _ in range(min(e.missing().get(t, 0), hand.count(t)))]
                if cards:
                    done = sum(e.missing().values()) == len(cards)
                    if done and state_hero(s, "ann") == e.mission:
                        return None
                    w.do(f"undertake {e.mission} with {' '.join(cards)}", notes[e.mission] if done else "")
            for m in goals:
                if m in hand and m not in started and not dead(s, m):
                    note = {"medusa": "ann starts Medusa: she will never finish it",
                            "fleece": "ann starts the Golden Fleece; bob will complete its twin first"}.get(m, "")
                    w.do(f"start {m}", note)
                    started.add(m)
        else:
            mine = [e for e in s.table if e.owner == "bob"]
            for e in mine:
                cards = [t for t in TYPE_ORDER for _ in range(min(e.missing().get(t, 0), hand.count(t)))]
                if cards:
                    try:
                        ev = w.do(f"undertake fleece with {' '.join(cards)}")
                    except RuleError:
                        return None
                    if "superseded" in [x.kind for x in ev]:
                        w.lines.insert(-1, "# bob completes the Golden Fleece: ann's twin is superseded")
            if not mine and "fleece" in hand and any(e.mission == "fleece" for e in s.table) and "fleece" not in s.done:
                w.do("start fleece")
        w.finish_turn(keep)
    ann = s.seats["ann"]
    if (sorted(e.mission for e in ann.completed) == ["sphinx", "tartarus"]
            and [e.mission for e in ann.superseded] == ["fleece"]
            and [e.mission for e in s.table if e.owner == "ann"] == ["medusa"]):
        return w.lines
    return None


def against_bots(seed: int) -> list[str]:
    from mud.shell.table import Table
    from games.engine import bot_rng, command_line
    table = Table(GAME, ["ann"], ["bot1", "bot2", "bot3"], seed)
    table.start()
    rng, lines = bot_rng(seed, "ann-plan"), []
    while not table.over:
        action = GAME.bot_action(table.state, "ann", rng, "normal", {})
        lines.append(command_line(action))
        table.submit("ann", action)
    return lines


def state_hero(s, p):
    return s.hero(p).favoured


def write(name: str, header: str, lines: list[str]) -> None:
    (HERE / name).write_text(header + "\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    HERE.mkdir(exist_ok=True)
    seed = next(s for s in range(100000) if medusa(s))
    write("medusa.mud", f"# The original's example: Medusa aborted by dan after bob's disturbance.\n"
                        f"@game legend\n@players ann,bob,cat,dan\n@seed {seed}\n@strict\n\n", medusa(seed))
    seed = next(s for s in range(100000) if minus_two(s))
    write("against-bots.mud", "# ann plays a whole game against three bots (her lines need no prefix: the\n"
                              "# game waits for her alone whenever a line is read).\n"
                              "@game legend\n@players ann\n@bots 3\n@seed 21\n@strict\n\n", against_bots(21))
    write("minus-two.mud", f"# The original's example of a final score: ann ends the game with -2 (5+1-4-4).\n"
                           f"@game legend\n@players ann,bob\n@seed {seed}\n@strict\n\n", minus_two(seed))


if __name__ == "__main__":
    main()
