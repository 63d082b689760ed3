"""A seat at a table: one player's (or a spectator's) share of a match.

A Session holds a player's seat at a Table, the table's verbs for that seat (the game's, and the
table talk of WORLD_VERBS), runs a command already parsed (``run``), and reads the table's event
stream through its own cursor, keeping only what this player may see. Nothing here prints.

Every surface -- the TUI, telnet, ``ssh -T``, plain mode, command files -- talks to a
:class:`mud.world.session.WorldSession`, which parses each line once with the world's verbs layered
over its seat's and hands a table verb to ``run``. ``answer``/``handle`` parse a line here directly:
they drive a seat with no world around it (the rules tests, the contract kit).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine import Action, Event, RuleError, Verb, command_line
from mud import parser
from mud.fold import Folder
from mud.help import command_list, help_lines
from mud.store import StoreFailed
from mud.table import Table


@dataclass(frozen=True)
class Line:
    """One line of output. ``kind`` is an event kind or the shell's own (echo/error/info/screen);
    ``tone`` is the game's word for how an event should read (see mud/theme.py)."""

    kind: str
    text: str
    tone: str = ""
    detail: tuple["Line", ...] = ()  # a summary line's full lines (a folded turn: F4, 'log full')


WORLD_VERBS: tuple[Verb, ...] = (
    Verb("look", ("",), ("l",), "Describe where you are.", ("look", "l"), topic="basics"),
    Verb("help", ("WORD? WORD?",), ("?",), "Help: topics, or one command.", ("help", "help world", "help say"),
         topic="basics"),
    Verb("commands", ("",), ("verbs",), "List the commands you have here.", ("commands",), topic="basics"),
    Verb("who", ("",), (), "Who is at this table, and whose turn it is.", ("who",), topic="basics"),
    Verb("say", ("TEXT",), (), "Speak to everyone at the table.", ("say hello", "'hello"), topic="talk"),
    Verb("tell", ("PLAYER TEXT",), ("whisper",), "Speak to one player only.", ("tell bob meet me at C3",),
         topic="talk"),
    Verb("emote", ("TEXT",), ("me",), "Act out something.", ("emote grins", ":grins"), topic="talk"),
    Verb("inventory", ("",), ("i", "inv"), "What you carry.", ("inventory", "i"), screen="inventory",
         topic="basics"),
    Verb("score", ("",), ("status", "sc"), "Everyone's public standing.", ("score",), screen="score",
         topic="basics"),
    Verb("log", ("full?",), (), "Others' folded turns in full: every line of the last round.", ("log full",),
         topic="basics"),
    Verb("quit", ("",), ("exit", "bye", "logout"), "Leave the game.", ("quit",), topic="basics"),
)


class Session:
    def __init__(self, table: Table, player: str | None):
        self.table = table
        self.player = player if player in table.seats else None
        self.cursor = 0
        self.quit = False
        self.over_hint = "Type 'quit' to leave."  # a world's table says how to get up instead
        verbs = list(WORLD_VERBS)
        if self.player is not None:
            verbs += list(table.game.verbs)
        else:
            verbs += [v for v in table.game.verbs if v.screen]
        self.commands = parser.CommandSet(verbs, table.game.slots, table.game.fillers)
        self.folder = Folder(table.game, self.player)  # others' turns in a line or two (drain(fold=True))

    # --- reading the stream ------------------------------------------------------------------
    def sees(self, event: Event) -> bool:
        return event.visible_to(self.player)

    def drain(self, fold: bool = False) -> list[Line]:
        """Events since the last call that this player may see, as lines. ``fold`` (the
        interactive surfaces): others' turns come as the game's summary, each a ``summary`` line
        carrying its full lines as ``detail`` (see mud/fold.py)."""
        return self.lines(self.take(), fold)

    def take(self) -> list[Event]:
        """The events since the last call that this player may see (drain's, before they are lines)."""
        new = self.table.events[self.cursor:]
        self.cursor = len(self.table.events)
        return [e for e in new if self.sees(e)]

    def lines(self, seen: list[Event], fold: bool = False) -> list[Line]:
        """Events this player may see, as lines; ``fold``: others' turns as summary lines."""
        if not fold:
            return [self.line(e) for e in seen]
        out = []
        for item in self.folder.fold(seen):
            if isinstance(item, Event):
                out.append(self.line(item))
            else:
                detail = tuple(self.line(e) for e in item.events)
                out += [Line("summary", text, "routine", detail) for text in item.summary[:1]]
                out += [Line("summary", text, "routine") for text in item.summary[1:]]
        return out

    def line(self, e: Event) -> Line:
        return Line(e.kind, e.text, self.table.game.tone(e.kind))

    def view(self) -> dict:
        return self.table.view(self.player) if self.player else self.table.view("")

    def context(self) -> parser.Context:
        return parser.Context(players=self.table.players, items=getattr(self.table.game, "item_words", ()))

    def legal_lines(self) -> tuple[str, ...]:
        """The command lines the game would take from this player now (their own legal actions)."""
        if self.player is None or self.table.over:
            return ()
        return tuple(command_line(a) for a in self.table.game.legal_actions(self.table.state, self.player))

    def complete(self, text: str) -> list[str]:
        ctx = self.context()
        ctx.me, ctx.legal = self.player, self.legal_lines()
        return parser.complete(text, self.commands, ctx)

    # --- one line in -------------------------------------------------------------------------
    def handle(self, line: str) -> list[Line]:
        """Run one typed line; return what this player sees because of it (and anything pending)."""
        answer = self.answer(line)
        return self.drain() + answer if answer and answer[-1].kind == "error" else answer + self.drain()

    def answer(self, line: str) -> list[Line]:
        """Run one typed line; return only its direct answer (a screen, help, or the one-line
        reason it was refused). What the game did is in the event stream (see ``drain``)."""
        try:
            return self._run(parser.parse(line, self.commands, self.context()))
        except (parser.ParseError, RuleError) as err:
            return [Line("error", str(err))]

    def run(self, p: parser.Parsed) -> list[Line]:
        """Run a line already parsed (by the world's session, with this table's verbs among its
        own); the one-line reason when the game refuses it."""
        try:
            return self._run(p)
        except (RuleError, StoreFailed) as err:  # refused, or not stored (and undone)
            return [Line("error", str(err))]

    def _run(self, p: parser.Parsed) -> list[Line]:
        verb = p.verb
        if verb.screen:  # a screen, or one of its variants ('ledger verify')
            words = [str(v) for v in p.slots.values()]
            return self.screen(" ".join([verb.screen, *words]))
        handler = getattr(self, f"cmd_{verb.name}", None)
        if handler is not None:
            return handler(p.slots)
        if self.player is None:
            raise RuleError("You are watching: only seated players can do that.")
        if self.table.over:
            raise RuleError(f"The game is over. {self.over_hint}")
        if len(p.steps) > 1:
            return self._steps(verb, p.steps)
        self.table.submit(self.player, self._action(verb, p.slots))
        return []

    @staticmethod
    def _action(verb: Verb, slots: dict) -> Action:
        return verb.build(slots) if verb.build else Action(verb.name, parser.slot_values(verb, slots))

    def _steps(self, verb: Verb, steps: list[dict]) -> list[Line]:
        """Several actions of one line ('move n n e'), each its own: the first refusal stops the
        rest, and so does the game ceasing to wait for this player (a turn that ended, a question
        to someone else), so no step ever lands on a later turn. Bots answer only after the last.
        A refused first step is an error (nothing changed); a later one is told as a notice."""
        made, total = 0, len(steps)
        try:
            for slots in steps:
                if made and self.player not in self.table.awaiting():
                    waits = ", ".join(self.table.awaiting()) or "nobody"
                    return [Line("info", f"Of your line's {total} commands, {made} ran before the game "
                                         f"turned to {waits}; the rest was dropped.")]
                try:
                    self.table.submit(self.player, self._action(verb, slots), settle=False)
                except RuleError as err:
                    if not made:  # nothing happened: a refusal like any other
                        raise RuleError(f"{err} (None of the line's {total} commands ran.)") from None
                    # some steps were made: not an error (an error changes nothing), but the reason
                    return [Line("info", f"{err} ({made} of the line's {total} commands ran; the rest was dropped.)",
                                 "notice")]
                made += 1
            return []
        finally:
            self.table.settle()

    def screen(self, name: str) -> list[Line]:
        show = self.table.game.screens.get(name)
        if show is None:
            return [Line("info", f"There is no {name} here.")]
        return [Line("screen", text) for text in show(self.view())]

    # --- world commands ----------------------------------------------------------------------
    def cmd_look(self, slots: dict) -> list[Line]:
        lines = self.screen("look")
        status = getattr(self.table.game, "status", None)
        if status:
            lines.append(Line("screen", status(self.view())))
        return lines

    def cmd_help(self, slots: dict) -> list[Line]:
        topic = " ".join(v for k, v in slots.items() if k.startswith("WORD"))
        return [Line("help", t) for t in help_lines(topic, self.commands, self.table.game)]

    def cmd_commands(self, slots: dict) -> list[Line]:
        return [Line("help", t) for t in command_list(self.commands, self.table.game)]

    def cmd_who(self, slots: dict) -> list[Line]:
        turn = self.table.awaiting()
        out = []
        for name, seat in self.table.seats.items():
            tags = [f"{seat.level} bot" if seat.bot else "player"]
            if name == self.player:
                tags.append("you")
            if name in turn:
                tags.append("to act")
            out.append(Line("info", f"{name} ({', '.join(tags)})"))
        return out

    def _speaker(self) -> str:
        if self.player is None:
            raise RuleError("Spectators cannot speak at the table.")
        return self.player

    def cmd_say(self, slots: dict) -> list[Line]:
        me, text = self._speaker(), slots["TEXT"]
        self.table.say(Event("say", f"You say: {text}", {"player": me, "said": text}, to=(me,)))
        self.table.say(Event("say", f"{me} says: {text}", {"player": me, "said": text}, not_to=(me,)))
        return []

    def cmd_tell(self, slots: dict) -> list[Line]:
        me, other, text = self._speaker(), slots["PLAYER"], slots["TEXT"]
        if other == me:
            raise RuleError("You mutter to yourself.")
        self.table.say(Event("tell", f"You tell {other}: {text}", {"player": me, "to_player": other, "said": text},
                             to=(me,)))
        self.table.say(Event("tell", f"{me} tells you: {text}", {"player": me, "to_player": other, "said": text},
                             to=(other,)))
        return []

    def cmd_emote(self, slots: dict) -> list[Line]:
        me = self._speaker()
        self.table.say(Event("emote", f"{me} {slots['TEXT']}", {"player": me, "said": slots["TEXT"]}))
        return []

    def cmd_log(self, slots: dict) -> list[Line]:
        """'log full': the turns folded in the last round, every line of them."""
        stretches = self.folder.last_round()
        if not stretches:
            return [Line("info", "Nothing was folded: every line is already in your log.")]
        out = [Line("info", "In full (the others' turns of the last round):")]
        for stretch in stretches:
            out += [self.line(e) for e in stretch.events]
        return out

    def cmd_quit(self, slots: dict) -> list[Line]:
        self.quit = True
        return [Line("info", "Goodbye.")]
