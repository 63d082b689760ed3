"""A connected player's command loop in the world -- the one object every network surface drives.

The surface's side of the contract:

* ``handle(line)`` runs one typed line and returns what the player should see now, in order
  (anything pending first, then the answer);
* ``flush()`` returns lines that arrived meanwhile (others talking, the match moving); the world
  calls ``wake()`` -- on the server's thread -- whenever there is something to flush (a
  surface that sets ``wake_once`` is woken once until it flushes, unless at a match: in a crowd
  of thousands a line said then touches each listener's session only);
* ``prompt()``, ``complete(text)``, ``place()``, ``game_view()`` and ``status()`` feed prompts,
  completion, GMCP and the TUI's panels -- all from this player's own view;
* ``closed`` becomes True after ``quit`` or when the same account connects elsewhere.

Every line handed to a surface is worded in this player's language (:attr:`language`): a match's
events as they are made lines, and the world's own messages (games/words.py) as ``answer`` and
``flush`` hand them out -- so a line said to a room is one message, read in each listener's language.

The verbs a player has come with the places they are in (mud/world/verbs.py, merged by
mud/world/cmdsets.py); a game's verb runs at their seat (:class:`mud.shell.session.Session`).
"""

from __future__ import annotations

import logging
import re
import time
from itertools import islice
from typing import Callable

import games
from games.engine import ENGLISH, Msg, RuleError, render, said, worded
from mud.shell import completion, language, parser
from mud.shell.words import _
from mud.shell.session import Line, Session
from mud.store import PLACEHOLDER, AccountGone, StoreFailed
from mud.world import moderation, tablecmds, walking
from mud.world.asking import Asking, in_language, prompt_words
from mud.world.cmdsets import Commands
from mud.world.crowd import OnlineNames
from mud.world.rooms import DIRECTION_NAMES, ROOMS, has_tables, title_of
from mud.world.secrets import masked
from mud.world.verbs import commands_at

log = logging.getLogger("questmud.session")

NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{1,15}")  # always fullmatch: "$" lets a newline through
RESERVED = ("bot", "admin", "root", "guest", "new", "all", "everyone", "nobody", "you", "me", "server")
STALE = _("Your turn began after you typed that, so it was not run: read what happened, then type it "
          "again if you still mean it.")
FAILED = _("Something went wrong with that command; it was logged. Try another.")
GAME_OVER = _("(game over) > ")  # the prompts: what the game waits for from this player, or that it is over
YOUR_TURN_PROMPT = _("(your turn) > ")
MAX_PENDING = 2000  # lines kept for a session that is not reading; older ones are dropped


def _worded(line: Line, lang: str) -> Line:
    """``line``, whose text is a message, in ``lang``."""
    return Line(line.kind, render(line.text, lang), line.tone, line.detail)


def valid_name(name: str) -> Msg | None:
    """None if ``name`` may be an account name, else the reason it may not (a message: each login
    words it in the language it speaks)."""
    if not NAME.fullmatch(name or ""):
        return _("A name is 2-16 letters, digits, - or _, starting with a letter.")
    low = name.lower()
    if low.startswith(("bot", PLACEHOLDER)) or low in RESERVED:  # gone-1: a deleted account's seat
        return _("The name '{name}' is reserved; choose another.", name=name)
    return None


class Answer(list):
    """What one typed line got back: its lines, in order (a list: surfaces show it as it is), and
    what the line was read as, so that a surface asks nothing twice. ``parsed``: the command (None
    when the line named none); ``panel``: a panel the surface draws itself (no command ran);
    ``held``: a verb the surface confirms first (it did not run)."""

    def __init__(self, lines=(), parsed: parser.Parsed | None = None, panel: str | None = None,
                 held: bool = False) -> None:
        super().__init__(lines)
        self.parsed, self.panel, self.held = parsed, panel, held


class WorldSession:
    def __init__(self, world, name: str, room: str, wake: Callable[[], None] | None = None, surface: str = ""):
        self.world = world
        self.name = name
        self._room = room
        self.wake = wake
        self._worded_view: tuple | None = None  # (the table's view, language, seated, its words): game_view
        self.wake_once = False  # the surface flushes after each wake: wake it once until then
        self._woken = False  # woken since the last flush (with wake_once)
        self.surface = surface
        self.table = None  # the GameTable sat at or watched
        self.inner: Session | None = None  # the session at its started match
        self.closed = False
        self.quitting = False  # closed by 'quit' (not a dropped connection)
        self.last_teller: str | None = None  # who 'reply' answers
        self.follows_match = True  # match lines join the pending ones (a command file reads the stream itself)
        self.fold = False  # others' turns as summary lines: set by the interactive surfaces (mud/shell/fold.py)
        self.asking = Asking()  # the question a line surface last showed, numbered (see mud/world/asking.py)
        # Turns: each time the match starts waiting on this player again, ``turn`` counts one and
        # ``turn_began`` notes when (time.monotonic), so a line typed before then is not run on it.
        self.turn = 0
        self.turn_began = 0.0
        self.turn_seen = 0  # the turn the player had been shown at the last flush
        self._awaited = False
        self._pending: list = []  # Lines, and (Session, Event) of a match, folded when flushed
        self._folds = False  # some of _pending are a match's events
        self.tutor = None  # the tutorial's guide, while the player follows it (mud/world/tutorial.py)
        self.ignoring: set[str] | None = None  # names ignored, lower case: loaded at first need (moderation.py)
        self.uid: str | None = None  # the identity of the account it logged in as (the world sets it)
        # the language this player reads (mud/shell/language.py's LANGS): the account's, else what the
        # surface said (a flag, SSH's LANG, the browser's switch); ``lang_kept``: the account has one on
        # record, so a new line login need not ask (the world sets both at connect, 'language' changes them)
        self.lang = language.DEFAULT
        self.lang_kept = False
        self.began = 0.0  # when it logged in, wall clock (comparable across nodes: the newest login stays)
        self.address = ""  # where the player connected from (set by the server): address bans reach them
        self.ended_by = ""  # why the session ends, said by whoever ends it (a kick, idle ...: mud/ops/oplog.py CAUSES)
        self.hushed = False  # told its last words (the server stops): nothing more is pushed
        # Said once, last in the greeting: words for a newcomer that depend on the surface (local
        # play's first game: the full screen's keys, or a line surface's commands); given ``lines``
        self.first_words: Callable[[bool], str] | None = None

    @property
    def room(self) -> str:
        return self._room

    @room.setter
    def room(self, new: str) -> None:
        old, self._room = self._room, new
        if old != new:
            self.world.moved(self, old, new)  # the world's index of who is where

    def set_language(self, lang: str) -> None:
        """Read ``lang`` from now on (one of LANGS), and keep it with the account where there is one:
        a failure to keep it is only logged (the player reads it all the same, this session)."""
        self.lang = lang
        store = self.world.store
        if store is None or self.uid is None:
            return
        try:
            store.set_language(self.name, lang, self.uid)
            self.lang_kept = True
        except (StoreFailed, AccountGone) as e:
            log.warning("language of %s not kept: %s", self.name, e)

    # --- output -----------------------------------------------------------------------------------
    def worded(self, lines: list[Line]) -> list[Line]:
        """``lines`` with any message among them worded in this player's language (most are
        worded already: a flush of a crowd's news pays one look at each line)."""
        for line in lines:
            if line.text.__class__ is not str:
                break
        else:
            return lines
        lang = self.lang
        return [_worded(line, lang) if isinstance(line.text, Msg) else line for line in lines]

    def say_to(self, sessions, line: Line) -> None:
        """``line``, said by this player, pushed to each other of ``sessions`` who does not ignore
        them: :meth:`push` written out, as a crowded room's talk reaches thousands at once."""
        speaker = self.name.lower()
        message = isinstance(line.text, Msg)
        worded: dict[str, Line] = {}  # a message is worded once per language, not once per listener
        for ws in sessions:
            if ws is self or speaker in (ws.ignoring if ws.ignoring is not None else moderation.ignoring(ws)):
                continue
            pending = ws._pending
            if message:
                lang = ws.lang
                mine = worded.get(lang)
                if mine is None:
                    mine = worded[lang] = _worded(line, lang)
                pending.append(mine)
            else:
                pending.append(line)
            if len(pending) > MAX_PENDING:
                del pending[: len(pending) - MAX_PENDING]
            if ws.wake is not None and not (ws._woken and ws.inner is None):
                ws._woken = ws.wake_once
                ws.wake()

    def push(self, line) -> None:
        """A line to show at the next flush (or a match's (Session, Event), made a line then)."""
        if self.hushed:  # (after "The server is shutting down": not the others' leaving)
            return
        self._pending.append(line)
        if len(self._pending) > MAX_PENDING:
            del self._pending[: len(self._pending) - MAX_PENDING]
        if self.wake is not None and not (self._woken and self.inner is None):
            self._woken = self.wake_once
            self.wake()

    def pull(self) -> None:
        """Take the new lines of the match this player may see."""
        self._note_turn()
        if self.inner is not None and self.follows_match:
            for line in self.inner.take_early():  # a cut line of steps, before the turns after it
                self.push(line)
            seen = [e for e in self.inner.take() if not self._ignored(e)]
            # kept as events, made lines at the flush: a bot's turn comes move by move and folds whole
            # there -- and whether to fold is the surface's, which may say so only after this pull
            # (the news of a seat come back to is pulled as the player connects)
            self._folds = self._folds or bool(seen)
            for event in seen:
                self.push((self.inner, event))

    def _ignored(self, event) -> bool:
        """Table talk (say, emote: data with 'said') of someone this player ignores."""
        speaker = event.data.get("player") if "said" in event.data else None
        return isinstance(speaker, str) and not moderation.hears(self, speaker)

    def flush(self) -> list[Line]:
        taken, self._pending = self._pending, []
        self.turn_seen = self.turn
        self._woken = False
        if not self._folds:  # only lines (a crowd's news): as they are, worded for this reader
            return self.worded(taken)
        self._folds = False
        lang = self.lang
        out: list[Line] = []
        run: list = []  # a match's events in a row: folded together
        owner = None
        for item in taken:
            if isinstance(item, tuple):
                if run and item[0] is not owner:
                    out += owner.lines(run, fold=self.fold, lang=lang)
                    run = []
                owner = item[0]
                run.append(item[1])
                continue
            if run:
                out += owner.lines(run, fold=self.fold, lang=lang)
                run = []
            out.append(item)
        if run:
            out += owner.lines(run, fold=self.fold, lang=lang)
        return self.worded(out)

    def _note_turn(self) -> None:
        awaited = self.seated and self.name in self.inner.table.awaiting()
        if awaited and not self._awaited:
            self.turn += 1
            self.turn_began = time.monotonic()
        self._awaited = awaited

    def greeting(self, lines: bool = False) -> list[Line]:
        """The first screen: welcome, the room; then anything already waiting (a seat to go back to),
        and ``first_words`` once. ``lines``: a line surface greets (plain, telnet, ``ssh -T``, the
        browser's screen-reader page), not the full screen with its keys."""
        hello = [Line("info", _("Welcome to questmud, {player}. Type 'help' to learn, 'quit' to leave.", player=self.name))]
        out = self.worded(hello + walking.look(self, {})) + self.flush()
        words, self.first_words = self.first_words, None
        return out + [Line("info", words(lines))] if words is not None else out

    # --- input ------------------------------------------------------------------------------------
    @property
    def seated(self) -> bool:
        return self.inner is not None and self.inner.player is not None

    def commands(self) -> Commands:
        """The verbs of every place the player is in, merged by priority (mud/world/cmdsets.py):
        the account's and the room's; at a started match, a seat's (the game's verbs and the
        table's talk, instead of the room's) or a watcher's (the game's screens, over the room's)."""
        playing = self.seated and not self.inner.table.over  # a finished match: its screens, and the room again
        return commands_at(self.inner.table.game if self.inner is not None else None, playing,
                           local=self.surface == "local", role=moderation.role_of(self))

    def context(self) -> parser.Context:
        players = OnlineNames(self.world, self.inner.table.players if self.inner is not None else ())
        items = getattr(self.inner.table.game, "item_words", ()) if self.inner else ()
        return parser.Context(players=players, items=items, lang=self.lang)  # its words read first

    def handle(self, line: str, typed_at: float | None = None, panels: tuple[str, ...] = (),
               confirm: tuple[str, ...] = ()) -> "Answer":
        """Run one typed line: what arrived meanwhile, then its answer -- and what the line was read
        as (:class:`Answer`), parsed once for the surface too. ``typed_at`` (monotonic time of its
        first key, from a surface that knows it): a game action typed before the player's turn
        began is not run. Without it, the line was typed having seen what the last flush showed,
        so an action is not run on a turn that began since. ``panels``: screens the surface draws
        itself (a board's map): asking for one runs nothing, the answer names it. ``confirm``:
        verbs the surface asks about first (quitting a game being played): held, not run."""
        if self.closed:
            return Answer(self.flush())
        if self.inner is not None:  # a new moment: views are built again (see Table.view)
            self.inner.table.forget_views()
        stale = typed_at < self.turn_began if typed_at is not None else self.turn_seen != self.turn
        picked = self.asking.pick(line, self.asked()) if self.asking.shown is not None or line.strip().isdigit() else None
        if isinstance(picked, Line):  # a digit that answers nothing on screen: say why, show what is asked
            again = self.question_lines() if self.asking.shown is not None else []  # (a TUI has its row)
            return Answer(self.flush() + self.worded([picked]) + again)
        read = self.read(picked or line)
        labelled = self.asking.by_label(line, self.asked()) if isinstance(read, Line) and not picked else None
        if labelled is not None:  # "+1" typed as the answer "[2] +1" reads, rather than 'bonus +1'
            read = self.read(labelled)
        if isinstance(read, parser.Parsed):
            if read.verb.name in confirm:
                return Answer(self.flush(), read, held=True)
            shown = None if read.slots else read.verb.screen  # a screen's variant ('VERB ARG') is answered in the log
            if shown is not None and shown in panels:
                return Answer(self.flush(), read, panel=shown)
        answer = self.answer(read, stale)
        if self.tutor is not None:  # the tutorial checks each step after the line that may have done it
            answer = answer + self.worded(self.tutor.after())
        return Answer(self.flush() + answer, read if isinstance(read, parser.Parsed) else None)

    def read(self, line: str) -> parser.Parsed | Line:
        """The line parsed with the player's commands here, or the one-line error saying why not."""
        try:
            return parser.parse(line, self.commands(), self.context())
        except parser.ParseError as err:
            return Line("error", render(said(err), self.lang))
        except Exception:  # a bug must cost one command, never the session or the server
            log.exception("reading %r of %s failed", masked(line[:200]), self.name)
            return Line("error", render(FAILED, self.lang))

    def asked(self) -> dict | None:
        """The game's question to this player now (the view's prompt), if any."""
        if not self.seated or self.inner.table.over:
            return None
        if self.table.run.waits(self):  # answered already, at the table's node (another node's)
            return None
        match = self.inner.table
        # the view's prompt, without the whole view, worded for this player
        prompt = match.game.prompt(match.state, self.inner.player)
        return worded(in_language(prompt, match.game, match.state, self.inner.player, self.lang), self.lang)

    def question_lines(self, before: list[Line] = ()) -> list[Line]:
        """For a line surface: the game's question with its answers numbered, when it changed
        since last shown (so a digit answers what is on screen); ``before``, the lines just
        written, spares repeating a question the game has just said."""
        return [] if self.closed else self.asking.lines(self.asked(), before, self.lang)

    def answer(self, line: "str | parser.Parsed | Line", stale: bool = False) -> list[Line]:
        """Run one line (typed, or already read); only its direct answer (what the match did
        arrives as pending lines). ``stale``: typed before the player's turn began -- a game
        action is then refused."""
        if self.closed:
            return self.worded([Line("error", _("You have left."))])
        read = self.read(line) if isinstance(line, str) else line
        if isinstance(read, Line):
            return [read]
        try:
            return self.worded(self._run(read, stale))
        except StoreFailed as err:  # the disk is full, say: nothing was done, the player is told
            return self.worded([Line("error", said(err))])
        except Exception:  # a bug must cost one command, never the session or the server
            log.exception("command %r of %s failed", masked(read.line[:200]), self.name)
            return self.worded([Line("error", FAILED)])

    def _run(self, p: parser.Parsed, stale: bool) -> list[Line]:
        """A world verb runs here, with its handler; a game's runs at the player's seat. A RuleError
        from either is the player's one-line answer (a table whose node is out of reach says so)."""
        try:
            if not self.commands().runs_in_world(p.verb):
                if stale and self.seated and not p.verb.screen:
                    return [Line("error", STALE)]
                return self.table.run.play(self, p)  # parsed once: run at the table, wherever it runs
            return p.verb.handler(self, p.slots)
        except RuleError as err:
            return [Line("error", said(err))]

    def complete(self, text: str) -> list[str]:
        words = text.split(" ")
        if self.inner is None and len(words) == 2:
            try:
                verb = self.commands().resolve(words[0])
            except parser.ParseError:
                verb = None
            if verb is not None and verb.name == "move":  # walking: directions and room names
                return walking.complete_move(self, words[1])
        ctx = self.context()
        ctx.me, ctx.legal = self.name, (self.inner.legal_lines() if self.inner is not None else ())
        return completion.complete(text, self.commands(), ctx)

    def prompt(self) -> str:
        if self.inner is not None:
            match = self.inner.table
            if match.over:
                return render(GAME_OVER, self.lang)
            if self.seated and self.name in match.awaiting():
                asked = prompt_words(self.asked(), self.lang)
                return render(_("({asked}) > ", asked=asked) if asked else YOUR_TURN_PROMPT, self.lang)
        return "> "

    # --- what surfaces draw -----------------------------------------------------------------------
    def game_view(self) -> dict | None:
        """The player's view of their match, every message in it worded in their language: what
        leaves the world for a surface (panels, GMCP, the browser) is text, never a message."""
        if self.inner is None:
            return None
        view = self.inner.view()
        # Worded once for as long as the view says the same: GMCP, the status and a snapshot all ask for it
        # after every line of news, and talk (a new moment of the table's, Table.view) changes nothing in
        # it. Comparing two views costs a small part of wording one.
        memo = self._worded_view
        if memo is not None and memo[1] == self.lang and memo[2] == self.seated and (memo[0] is view or memo[0] == view):
            return memo[3]
        lang, seated = self.lang, self.seated
        built = view
        prompt = view.get("prompt") if isinstance(view, dict) and lang != ENGLISH and seated else None
        if prompt and prompt.get("choices"):  # the answers' commands as this reader types them, beside the data's
            match = self.inner.table
            theirs = in_language(prompt, match.game, match.state, self.inner.player, lang)
            if theirs is not prompt:
                built = {**view, "prompt": {**prompt, "typed": [command for _label, command in theirs["choices"]]}}
        out = worded(built, lang)
        self._worded_view = (view, lang, seated, out)  # (the view held: its identity means its moment)
        return out

    def place(self, most: int | None = None) -> dict:
        """Where the player is, for panels and GMCP; ``most``: name at most that many of the people
        here (the first to come, and the player), ``count`` saying how many there are; in local
        play, ``waiting``: the table where their seat waits while they are up from it."""
        room = ROOMS[self.room]
        people = self.world.people.get(self.room, {})
        named = list(islice(people, most)) if most is not None else list(people)
        if most is not None and self in people and self not in named:
            named.append(self)
        far = self.world.others.in_room(self.room)  # other nodes'
        here = sorted([ws.name for ws in named] + far[:None if most is None else max(0, most - len(named))])
        out = {"room": room.id, "name": room.name, "game": title_of(room) if has_tables(room) else "",
               "exits": {DIRECTION_NAMES[d]: ROOMS[r].name for d, r in room.exits.items()},
               "people": here, "count": len(people) + len(far), "table": None}
        if self.surface == "local":  # (a handful of tables: on a server this would look through thousands)
            waiting = tablecmds.waiting_seat(self)
            if waiting is not None:  # the seat this player got up from, for the hint row
                out["waiting"] = {"id": waiting.id, "game": games.get(waiting.game).title,
                                  "room": ROOMS[waiting.room].name, "here": waiting.room == room.id}
        if self.table is not None:
            out["table"] = {"id": self.table.id, "game": self.table.game, "status": self.table.status,
                            "seated": self.seated}
            if self.table.match is not None:  # each bot's level, shown next to its name
                out["table"]["bots"] = {n: s.level for n, s in self.table.match.seats.items()
                                        if s.bot and n not in self.table.seats}
        return worded(out, self.lang)

    def status(self, view: dict | None | object = ...) -> dict:
        """``view``: the player's view when the caller has built it already (mud/world/snapshot.py)."""
        view = self.game_view() if view is ... else view
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
        return worded(out, self.lang)
