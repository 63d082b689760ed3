"""A connected player's command loop in the world -- the one object every network surface drives.

The surface's side of the contract:

* ``handle(line)`` runs one typed line and returns what the player should see now, in order
  (anything pending first, then the answer);
* ``flush()`` returns lines that arrived meanwhile (others talking, the match moving); the world
  calls ``wake()`` -- on the server's thread -- whenever there is something to flush;
* ``prompt()``, ``complete(text)``, ``place()``, ``game_view()`` and ``status()`` feed prompts,
  completion, GMCP and the TUI's panels -- all from this player's own view;
* ``closed`` becomes True after ``quit`` or when the same account connects elsewhere.

At a started table the game's verbs join the world's (like a command set): the table's own
:class:`mud.session.Session` answers them, so every surface speaks the same game.
"""

from __future__ import annotations

import logging
import re
import time
from itertools import islice
from types import SimpleNamespace
from typing import Callable

import games
from games.engine import RuleError
from mud import parser
from mud.help import command_list, help_lines
from mud.replay import describe, page, public_lines
from mud.session import Line, Session
from mud.store import StoreFailed
from mud.world import tablecmds, talk, tutorial, verbs as wv
from mud.world.asking import Asking, prompt_words
from mud.world.crowd import OnlineNames, WHO_ALL, here_line, hub_commands, who_by_room
from mud.world.rooms import DIRECTION_NAMES, ROOMS, find, game_of, has_tables, title_of
from mud.world.tablecmds import key_command

log = logging.getLogger("questmud.session")

NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{1,15}")  # always fullmatch: "$" lets a newline through
RESERVED = ("bot", "admin", "root", "guest", "new", "all", "everyone", "nobody", "you", "me", "server")
STALE = ("Your turn began after you typed that, so it was not run: read what happened, then type it "
         "again if you still mean it.")
WATCHERS_KEEP = frozenset({"say", "emote", "move", "up", "down", "exits"})  # someone watching may walk away
MAX_PENDING = 2000  # lines kept for a session that is not reading; older ones are dropped


def valid_name(name: str) -> str | None:
    """None if ``name`` may be an account name, else the reason it may not."""
    if not NAME.fullmatch(name or ""):
        return "A name is 2-16 letters, digits, - or _, starting with a letter."
    low = name.lower()
    if low.startswith("bot") or low in RESERVED:
        return f"The name '{name}' is reserved; choose another."
    return None


class WorldSession:
    def __init__(self, world, name: str, room: str, wake: Callable[[], None] | None = None, surface: str = ""):
        self.world = world
        self.name = name
        self._room = room
        self.wake = wake
        self.surface = surface
        self.table = None  # the GameTable sat at or watched
        self.inner: Session | None = None  # the session at its started match
        self.closed = False
        self.quitting = False  # closed by 'quit' (not a dropped connection)
        self.last_teller: str | None = None  # who 'reply' answers
        self.follows_match = True  # match lines join the pending ones (a command file reads the stream itself)
        self.fold = False  # others' turns as summary lines: set by the interactive surfaces (mud/fold.py)
        self.asking = Asking()  # the question a line surface last showed, numbered (see mud/world/asking.py)
        # Turns: each time the match starts waiting on this player again, ``turn`` counts one and
        # ``turn_began`` notes when (time.monotonic), so a line typed before then is not run on it.
        self.turn = 0
        self.turn_began = 0.0
        self.turn_seen = 0  # the turn the player had been shown at the last flush
        self._awaited = False
        self._pending: list = []  # Lines, and (Session, Event) of a match, folded when flushed
        self.tutor = None  # the tutorial's guide, while the player follows it (mud/world/tutorial.py)

    @property
    def room(self) -> str:
        return self._room

    @room.setter
    def room(self, new: str) -> None:
        old, self._room = self._room, new
        if old != new:
            self.world.moved(self, old, new)  # the world's index of who is where

    # --- output -----------------------------------------------------------------------------------
    def push(self, line) -> None:
        """A line to show at the next flush (or a match's (Session, Event), made a line then)."""
        self._pending.append(line)
        if len(self._pending) > MAX_PENDING:
            del self._pending[: len(self._pending) - MAX_PENDING]
        if self.wake is not None:
            self.wake()

    def pull(self) -> None:
        """Take the new lines of the match this player may see."""
        self._note_turn()
        if self.inner is not None and self.follows_match:
            if self.fold:  # kept as events: a bot's turn comes move by move, and folds whole at the flush
                for event in self.inner.take():
                    self.push((self.inner, event))
                return
            for line in self.inner.drain():
                self.push(line)

    def flush(self) -> list[Line]:
        taken, self._pending = self._pending, []
        self.turn_seen = self.turn
        out: list[Line] = []
        run: list = []  # a match's events in a row: folded together
        owner = None
        for item in taken:
            if isinstance(item, tuple):
                if run and item[0] is not owner:
                    out += owner.lines(run, fold=True)
                    run = []
                owner = item[0]
                run.append(item[1])
                continue
            if run:
                out += owner.lines(run, fold=True)
                run = []
            out.append(item)
        if run:
            out += owner.lines(run, fold=True)
        return out

    def _note_turn(self) -> None:
        awaited = self.seated and self.name in self.inner.table.awaiting()
        if awaited and not self._awaited:
            self.turn += 1
            self.turn_began = time.monotonic()
        self._awaited = awaited

    def greeting(self) -> list[Line]:
        """The first screen: welcome, the room; then anything already waiting (a seat to go back to)."""
        hello = [Line("info", f"Welcome to questmud, {self.name}. Type 'help' to learn, 'quit' to leave.")]
        return hello + self.cmd_look({}) + self.flush()

    # --- input ------------------------------------------------------------------------------------
    @property
    def seated(self) -> bool:
        return self.inner is not None and self.inner.player is not None

    def commands(self) -> parser.CommandSet:
        """The world's verbs; at a started table, the table's verbs too (its say/look/help win,
        except for someone watching, who talks to the room)."""
        if self.inner is None:
            return hub_commands()
        keep = set(wv.ALWAYS) | (set() if self.seated else WATCHERS_KEEP)
        game = self.inner.table.game
        return parser.CommandSet.layered([v for v in wv.HUB_VERBS if v.name in keep], self.inner.commands.verbs,
                                         slots=game.slots, fillers=game.fillers)

    def context(self) -> parser.Context:
        players = OnlineNames(self.world, self.inner.table.players if self.inner is not None else ())
        items = getattr(self.inner.table.game, "item_words", ()) if self.inner else ()
        return parser.Context(players=players, items=items)

    def handle(self, line: str, typed_at: float | None = None) -> list[Line]:
        """Run one typed line: what arrived meanwhile, then its answer. ``typed_at`` (monotonic
        time of its first key, from a surface that knows it): a game action typed before the
        player's turn began is not run. Without it, the line was typed having seen what the last
        flush showed, so an action is not run on a turn that began since."""
        if self.closed:
            return self.flush()
        stale = typed_at < self.turn_began if typed_at is not None else self.turn_seen != self.turn
        picked = self.asking.pick(line, self.asked()) if self.asking.shown is not None or line.strip().isdigit() else None
        if isinstance(picked, Line):  # a digit that answers nothing on screen: say why, show what is asked
            return self.flush() + [picked] + self.question_lines()
        answer = self.answer(picked or line, stale)
        if self.tutor is not None:  # the tutorial checks each step after the line that may have done it
            answer = answer + self.tutor.after()
        return self.flush() + answer

    def asked(self) -> dict | None:
        """The game's question to this player now (the view's prompt), if any."""
        if not self.seated or self.inner.table.over:
            return None
        match = self.inner.table
        return match.game.prompt(match.state, self.inner.player)  # the view's prompt, without the whole view

    def question_lines(self, before: list[Line] = ()) -> list[Line]:
        """For a line surface: the game's question with its answers numbered, when it changed
        since last shown (so a digit answers what is on screen); ``before``, the lines just
        written, spares repeating a question the game has just said."""
        return [] if self.closed else self.asking.lines(self.asked(), before)

    def answer(self, line: str, stale: bool = False) -> list[Line]:
        """Run one typed line; only its direct answer (what the match did arrives as pending lines).
        ``stale``: typed before the player's turn began -- a game action is then refused."""
        if self.closed:
            return [Line("error", "You have left.")]
        try:
            return self._answer(line, stale)
        except StoreFailed as err:  # the disk is full, say: nothing was done, the player is told
            return [Line("error", str(err))]
        except Exception:  # a bug must cost one command, never the session or the server
            log.exception("command %r of %s failed", line[:200], self.name)
            return [Line("error", "Something went wrong with that command; it was logged. Try another.")]

    def _answer(self, line: str, stale: bool = False) -> list[Line]:
        try:
            p = parser.parse(line, self.commands(), self.context())
        except parser.ParseError as err:
            return [Line("error", str(err))]
        name = p.verb.name
        own = any(p.verb is v for v in wv.HUB_VERBS)
        if self.inner is not None and not own:
            if stale and self.seated and not p.verb.screen and p.verb in self.inner.table.game.verbs:
                return [Line("error", STALE)]
            return self.inner.run(p)  # parsed once: the table's verb runs as it is
        try:
            return getattr(self, f"cmd_{name}")(p.slots)
        except RuleError as err:
            return [Line("error", str(err))]

    def complete(self, text: str) -> list[str]:
        words = text.split(" ")
        if self.inner is None and len(words) == 2:
            try:
                verb = self.commands().resolve(words[0])
            except parser.ParseError:
                verb = None
            if verb is not None and verb.name == "move":  # walking: directions and room names
                stem = words[1].lower()
                room = ROOMS[self.room]
                options = [DIRECTION_NAMES[d] for d in room.exits] + [r.id for r in ROOMS.values() if r.id != self.room]
                return [o for o in options if o.startswith(stem)]
        ctx = self.context()
        ctx.me, ctx.legal = self.name, (self.inner.legal_lines() if self.inner is not None else ())
        return parser.complete(text, self.commands(), ctx)

    def prompt(self) -> str:
        if self.inner is not None:
            match = self.inner.table
            if match.over:
                return "(game over) > "
            if self.seated and self.name in match.awaiting():
                return f"({prompt_words(self.asked()) or 'your turn'}) > "
        return "> "

    # --- what surfaces draw -----------------------------------------------------------------------
    def game_view(self) -> dict | None:
        return self.inner.view() if self.inner is not None else None

    def place(self, most: int | None = None) -> dict:
        """Where the player is, for panels and GMCP; ``most``: name at most that many of the people
        here (the first to come, and the player), ``count`` saying how many there are."""
        room = ROOMS[self.room]
        people = self.world.people.get(self.room, {})
        named = list(islice(people, most)) if most is not None else list(people)
        if most is not None and self in people and self not in named:
            named.append(self)
        here = sorted(ws.name for ws in named)
        out = {"room": room.id, "name": room.name, "game": title_of(room) if has_tables(room) else "",
               "exits": {DIRECTION_NAMES[d]: ROOMS[r].name for d, r in room.exits.items()},
               "people": here, "count": len(people), "table": None}
        if self.table is not None:
            out["table"] = {"id": self.table.id, "game": self.table.game, "status": self.table.status,
                            "seated": self.seated}
            if self.table.match is not None:  # each bot's level, shown next to its name
                out["table"]["bots"] = {n: s.level for n, s in self.table.match.seats.items()
                                        if s.bot and n not in self.table.seats}
        return out

    def status(self) -> dict:
        view = self.game_view()
        out = {"name": self.name, "room": ROOMS[self.room].name, "table": self.table.id if self.table else None}
        if view is not None:
            game = self.inner.table.game
            out["game"] = game.name
            out["status"] = game.status(view)
            turn = view.get("turn")
            out["turn"] = turn.get("player") if isinstance(turn, dict) else ", ".join(self.inner.table.awaiting())
            out["your_turn"] = self.seated and self.name in self.inner.table.awaiting()
            out["over"] = bool(view.get("over"))
            me = view.get("me") or {}
            for key in game.status_fields:
                if key in me:
                    out[key] = me[key]
        return out

    # --- the world's commands ---------------------------------------------------------------------
    def cmd_look(self, slots: dict) -> list[Line]:
        room = ROOMS[self.room]
        lines = [Line("room", room.name[0].upper() + room.name[1:]), Line("screen", room.description)]
        exits = ", ".join(f"{DIRECTION_NAMES[d]} ({ROOMS[r].name})" for d, r in room.exits.items())
        lines.append(Line("screen", f"Exits: {exits}."))
        here = here_line(self)
        if here:
            lines.append(Line("screen", here))
        if has_tables(room):
            tables = self.world.tables_in(self.room)
            title = title_of(room)
            if tables:
                lines += [Line("screen", gt.describe(title)) for gt in tables]
            else:
                lines.append(Line("screen", f"No table is in use. Type 'sit' to open one for {title}."))
        return lines

    def cmd_help(self, slots: dict) -> list[Line]:
        topic = " ".join(v for k, v in slots.items() if k.startswith("WORD")).strip().lower()
        topics = self._help_topics()
        source = SimpleNamespace(help=topics)  # what help_lines reads of a game
        if not topic and self.inner is not None:
            here = [line for line in help_lines("", self.commands(), source) if not line.startswith("Topics:")]
            return [Line("help", t) for t in here] + [
                Line("help", "Around the table: 'leave' gets up, 'who' and 'ooc' reach the whole world."),
                Line("help", f"Topics: {', '.join(topics)}")]
        if not topic:
            return [Line("help", t) for t in wv.world_help().splitlines()] + [
                Line("help", f"Topics: {', '.join(topics)}")]
        return [Line("help", t) for t in help_lines(topic, self.commands(), source)]

    def _help_topics(self) -> dict[str, str]:
        """Every help topic, wherever the player stands: the world's, then the games' (the game of
        this room first, so its topics win a name two games share)."""
        topics = {"world": wv.world_help()}
        here = game_of(self.room)
        others = []
        for name in games.names():
            try:
                others.append(games.get(name))
            except KeyError:  # a registered game that cannot load
                continue
        for game in ([here] if here is not None else []) + [g for g in others if g is not here]:
            for key, text in game.help.items():
                topics.setdefault(key, text)
        return topics

    def cmd_commands(self, slots: dict) -> list[Line]:
        return [Line("help", t) for t in command_list(self.commands(), None)]

    def cmd_move(self, slots: dict) -> list[Line]:
        word = slots["WORD"]
        room = ROOMS[self.room]
        d = parser.direction(word) or {"up": "u", "u": "u", "down": "d", "d": "d"}.get(word)
        if d is not None:
            if d not in room.exits:
                raise RuleError(f"You cannot go {DIRECTION_NAMES[d]} from here. Type 'exits'.")
            return self._go(room.exits[d])
        target = find(word)
        if target is None:
            raise RuleError(f"There is no '{parser.shown(word)}' to go to. Type 'exits'.")
        if target.id == self.room:
            raise RuleError(f"You are already in {target.name}.")
        if target.id in room.exits.values():
            return self._go(target.id)
        if room.id != "crossroads" and target.id in ROOMS["crossroads"].exits.values():
            self._go("crossroads", quiet=True)
            return self._go(target.id)
        raise RuleError(f"You cannot reach {target.name} from here.")

    def cmd_up(self, slots: dict) -> list[Line]:
        return self.cmd_move({"WORD": "u"})

    def cmd_down(self, slots: dict) -> list[Line]:
        return self.cmd_move({"WORD": "d"})

    def _go(self, room_id: str, quiet: bool = False) -> list[Line]:
        if self.table is not None:
            for line in self._leave_table():  # "You stop watching table 1." before the new room
                self.push(line)
        old = self.room
        self.room = room_id
        self.world.to_room(old, Line("arrive", f"{self.name} goes to {ROOMS[room_id].name}."), but=self)
        self.world.to_room(room_id, Line("arrive", f"{self.name} arrives."), but=self)
        if self.world.store is not None:
            self.world.store.set_room(self.name, room_id)
        return [] if quiet else self.cmd_look({})

    def cmd_exits(self, slots: dict) -> list[Line]:
        room = ROOMS[self.room]
        return [Line("info", f"{DIRECTION_NAMES[d]}: {ROOMS[r].name}") for d, r in room.exits.items()]

    def cmd_who(self, slots: dict) -> list[Line]:
        lines = []
        if self.inner is not None:
            lines = self.inner.cmd_who({})
        lines.append(Line("info", f"{len(self.world.online)} connected:"))
        if len(self.world.online) > WHO_ALL:
            return lines + [Line("info", t) for t in who_by_room(self, {r: ROOMS[r].name for r in ROOMS})]
        for ws in sorted(self.world.online.values(), key=lambda w: w.name.lower()):
            where = ROOMS[ws.room].name
            if ws.table is not None:
                where += f", table {ws.table.id}"
            you = " (you)" if ws is self else ""
            lines.append(Line("info", f"  {ws.name}{you}: {where}"))
        return lines

    # talk: mud/world/talk.py
    def cmd_say(self, slots: dict) -> list[Line]:
        return talk.say(self, slots["TEXT"])

    def cmd_emote(self, slots: dict) -> list[Line]:
        return talk.emote(self, slots["TEXT"])

    def cmd_tell(self, slots: dict) -> list[Line]:
        return talk.tell(self, slots["PLAYER"], slots["TEXT"])

    def cmd_reply(self, slots: dict) -> list[Line]:
        return talk.reply(self, slots["TEXT"])

    def cmd_ooc(self, slots: dict) -> list[Line]:
        return talk.ooc(self, slots["TEXT"])

    def cmd_quit(self, slots: dict) -> list[Line]:
        self.closed = self.quitting = True
        seat = ""
        if self.seated and not self.table.match.over and not self.table.practice:
            seat = (" Your game is saved: 'mud play' offers it again." if self.surface == "local"
                    else " Your seat waits for you: log in again to go on.")
        return [Line("info", f"Goodbye.{seat}")]

    def cmd_matches(self, slots: dict) -> list[Line]:
        store = self.world.store
        mine = store.matches_of(self.name) if store is not None else []
        if not mine:
            return [Line("info", "No match of yours is stored yet.")]
        return [Line("info", describe(rec)) for rec in mine] + [Line("info", "'replay N' watches one again.")]

    def cmd_replay(self, slots: dict) -> list[Line]:
        if self.world.store is None:
            raise RuleError("Nothing is stored here to replay.")
        number, at = slots["NUMBER"], slots.get("WORD", "1")
        if not str(at).isdigit() or len(str(at)) > 6:
            raise RuleError("Usage: replay <match> [page], e.g. replay 3 2.")
        lines = public_lines(self.world.store, number)
        return [Line("screen", text) for text in page(lines, number, int(at))]

    def cmd_password(self, slots: dict) -> list[Line]:
        text = slots["TEXT"].strip()
        if len(text) < 4:
            raise RuleError("A password needs at least 4 characters.")
        if self.world.store is None:
            raise RuleError("There are no accounts here.")
        self.world.store.set_password(self.name, text)
        return [Line("info", "Your password is changed.")]

    def cmd_key(self, slots: dict) -> list[Line]:
        return key_command(self, slots.get("TEXT", ""))

    def cmd_tutorial(self, slots: dict) -> list[Line]:
        return tutorial.begin(self)

    # table commands live in their own module (sit, start, watch, leave, tables)
    def cmd_tables(self, slots: dict) -> list[Line]:
        return tablecmds.tables(self)

    def cmd_sit(self, slots: dict) -> list[Line]:
        return tablecmds.sit(self, slots.get("NUMBER"))

    def cmd_start(self, slots: dict) -> list[Line]:
        return tablecmds.start(self, slots.get("TEXT", ""))

    def cmd_watch(self, slots: dict) -> list[Line]:
        return tablecmds.watch(self, slots.get("NUMBER"))

    def cmd_leave(self, slots: dict) -> list[Line]:
        if self.table is None:
            raise RuleError("You are not at a table.")
        return self._leave_table()

    def _leave_table(self) -> list[Line]:
        return tablecmds.leave(self)

