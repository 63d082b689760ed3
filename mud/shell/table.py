"""A table: one match of one game, its seats (people and bots), and the ordered stream of events.

Every surface goes through a Table: sessions submit actions, bots are played here, and each
session reads the event stream through its own cursor, seeing only the events its player may see.
The accepted actions are kept in ``log`` so a match can be replayed exactly from its seed.
"""

from __future__ import annotations

import copy
import logging
import random
from dataclasses import dataclass
from typing import Callable

from games.botgame import play_turn
from games.engine import LEVELS, WAITING, Action, Event, Msg, RuleError, bot_rng
from mud.shell.words import _
from mud.store import StoreFailed

log = logging.getLogger("questmud.table")

MAX_BOT_STEPS = 100_000  # bot moves in a row (no person's between) after which the bots stop: a game they never end
TURN_STEPS = 200  # moves at most in one turn a bot plays for a person whose time is up (the next timeout goes on)
FREE_IN_A_ROW = 6  # free actions of one seat in a row after which its bot plays one that moves the game on
TIME_UP = "time_up"  # the kind of the news that a bot plays a person's turn: their time was up


def time_up_news(player: str) -> list[Event]:
    """What the table reads before the first move of a turn a bot plays for ``player``: to them in
    the second person, to everyone else (spectators, the replay) by name."""
    return [Event(TIME_UP, "Time is up: a bot plays this turn for you.", {"player": player}, to=(player,)),
            Event(TIME_UP, f"Time is up: a bot plays {player}'s turn.", {"player": player}, not_to=(player,))]


def bot_levels(level: str, bots: int) -> list[str]:
    """The level of each of ``bots`` bots, from one level for all ("strong") or one per bot, in seat
    order ("easy,strong"); RuleError naming the levels when one is unknown or the count is wrong."""
    words = [w.strip().lower() for w in str(level).split(",")]
    bad = [w for w in words if w not in LEVELS]
    if bad or not words:
        raise RuleError(_("A bot's level is {levels} (or one per bot, with commas): not '{level}'.",
                          levels=", ".join(LEVELS), level=bad[0] if bad else level))
    if len(words) == 1:
        return words * bots
    if len(words) != bots:
        raise RuleError(_("{levels} levels for {bots} bots: give one level, or one per bot.", levels=len(words), bots=bots))
    return words


def canonical_level(level: str, bots: int) -> str:
    """A level setting written once: one word when every bot plays the same."""
    levels = bot_levels(level, bots)
    return levels[0] if levels and len(set(levels)) == 1 else ",".join(levels) if levels else str(level).lower()


@dataclass
class Seat:
    name: str
    bot: bool = False
    level: str = "normal"


class Table:
    def __init__(self, game, humans: list[str], bots: list[str] | None = None, seed: int = 0,
                 options: dict | None = None, bot_level: str = "normal"):
        bots = bots or []
        names = list(humans) + list(bots)
        if len(set(n.lower() for n in names)) != len(names):
            raise RuleError(_("Every seat needs a different name."))
        if not game.min_players <= len(names) <= game.max_players:
            raise RuleError(_("{game} seats {least} to {most} players.", game=game.title, least=game.min_players,
                              most=game.max_players))
        self.game = game
        self.seed = seed
        self.options = dict(options or {})
        self.bot_level = bot_level  # one level for every bot, or one per bot: "easy,strong"
        levels = bot_levels(bot_level, len(bots)) if bots else []
        self.seats = {n: Seat(n) for n in humans} | {n: Seat(n, True, lv) for n, lv in zip(bots, levels)}
        self.state = game.new_match(names, seed, self.options)
        self.events: list[Event] = []
        self.log: list[tuple[str, Action]] = []
        self.listeners: list[Callable[[], None]] = []
        self._views: dict = {}  # the views of this moment, by player (see view)
        self._rngs = {n: bot_rng(seed, n) for n in bots}  # a seat taken over later gets its own when it does
        self._memory: dict[str, dict] = {n: {} for n in bots}
        self.minds_kept = True  # False: restored from a snapshot older than the bots' minds in it (see replay)
        self._astray: set[str] = set()  # (resuming) the seats whose bots chose otherwise than the log says
        self.on_action: Callable[[str, Action, bool], None] | None = None  # (player, action, by_bot)
        self.capped = 0  # the moves after which the bots were stopped (max_run in a row, game not over)
        self.bot_run = 0  # bot moves since a person's last move
        self.max_run = MAX_BOT_STEPS  # a server sets its own, lower (its memory holds every event)
        self.chunk = 0  # bot moves one settle may make (0: until a person is awaited); a server keeps its loop free
        self.on_due: Callable[[], None] | None = None  # a settle stopped at ``chunk`` with bot moves still to make
        self.on_say: Callable[[Event], None] | None = None  # table talk said (a node tells the others)
        self.follower = False  # a copy of another node's match (mud/world/shared.py): its bots play there
        self._time_up: str | None = None  # the person whose next move (a bot's) starts a turn their time ran out on

    # --- the event stream --------------------------------------------------------------------
    def publish(self, events: list[Event]) -> None:
        self.events.extend(events)
        for notify in list(self.listeners):
            notify()

    def start(self, settle: bool = True) -> None:
        if not self.events:
            self.publish(self.game.opening(self.state))
            if settle:
                self.settle()

    # --- acting ------------------------------------------------------------------------------
    @property
    def players(self) -> list[str]:
        return list(self.seats)

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    def awaiting(self) -> list[str]:
        return self.game.awaiting(self.state)

    def submit(self, player: str, action: Action, settle: bool = True, by_bot: bool | None = None) -> list[Event]:
        """Apply a player's action (RuleError if refused, nothing changed) and let bots answer;
        returns the action's own events.
        ``on_action`` runs before anyone is told: a server stores the move there first. If storing
        fails (StoreFailed), the move is undone -- as if never made -- and the error goes on."""
        events = self.game.apply(self.state, player, action)
        self.log.append((player, action))
        if not (self.seats[player].bot if by_bot is None else by_bot):
            self.bot_run = self.capped = 0  # a person moved: the bots may play on
        if self.on_action:
            try:
                self.on_action(player, action, self.seats[player].bot if by_bot is None else by_bot)
            except StoreFailed:
                self.log.pop()
                self._rebuild()
                raise
        if by_bot and self._time_up == player:
            self._time_up = None
            events = time_up_news(player) + events
        self.publish(events)
        if settle:
            self.settle()
        return events

    def bot_step(self) -> bool:
        """Let one bot whose input is awaited act; False when no bot is awaited."""
        if self.over:
            return False
        waiting = [p for p in self.awaiting() if self.seats[p].bot]
        if not waiting:
            return False
        self.bot_run += 1  # counted before the move: a snapshot taken as it is told holds it
        try:
            self.play_for(waiting[0])
        except BaseException:
            self.bot_run -= 1
            raise
        return True

    def play_for(self, name: str) -> None:
        """Let the bot logic choose and play one action for ``name`` (a bot's seat, or a person
        whose turn timed out): the one bot loop, `games.botgame.play_turn` (a refused choice
        teaches the bot, three tries, then a legal action). Each try goes through ``submit``, so
        the move is stored before anyone is told."""
        rng = self._rngs.get(name)
        if rng is None:  # a person's seat played by a bot: seeded by the seed, the name and the moment
            rng = self._rngs[name] = bot_rng(self.seed, f"{name}#{len(self.log)}")
        memory = self._memory.setdefault(name, {})
        play_turn(self.game, self.state, name, rng, self.seats[name].level, memory,
                  submit=lambda action: self.submit(name, action, settle=False, by_bot=True),
                  choose=self._chooser(name))

    def _chooser(self, name: str):
        """How ``name``'s bot chooses now: its own way (None), or -- after FREE_IN_A_ROW free actions
        of that seat in a row (a look, a note: they spend no turn) -- among the legal actions that
        move the game on, so no bot's turn is ever an endless run of free ones. Read from the log,
        so a resumed match thinks each logged move again exactly as it was chosen."""
        tail = self.log[-FREE_IN_A_ROW:]
        if len(tail) < FREE_IN_A_ROW or not all(p == name and self.game.is_free(a) for p, a in tail):
            return None
        return _moving

    def time_up(self, name: str) -> int:
        """A person's time is up: a bot plays their whole turn (``play_for``, again and again) until
        the game no longer awaits them for it -- a question asked of them (a consent, a duel's
        answer) included. What "the turn" is comes from the contract: it is over when the game ends,
        when an event announces a turn (one ``turn_of`` names, or the game tones "turn": a new turn
        or round, even theirs again), or when they are not awaited and their stage is another's turn
        (``WAITING``; a game without a phase table: as soon as they are not awaited). While their
        stage is still their own (waiting at a door for a bot to let them in) the bots answer and
        the bot plays on; a person to answer ends it (the turn waits for them). The first move's
        news says a bot plays it (:func:`time_up_news`). Returns the moves made (at most TURN_STEPS)."""
        start, made = len(self.events), 0
        self._time_up = name
        try:
            while made < TURN_STEPS and not self.over:
                if name in self.awaiting():
                    self.play_for(name)
                elif not self._still_their_turn(name) or self.bot_run >= self.max_run or not self.bot_step():
                    break
                made += 1
                if self._turn_began(start):
                    break
        finally:
            self._time_up = None
        return made

    def _still_their_turn(self, name: str) -> bool:
        """``name`` is not awaited, yet in a stage of their own turn (not another's)."""
        return self.game.phases is not None and self.game.phase_of(self.state, name) != WAITING

    def _turn_began(self, start: int) -> bool:
        """An event since ``start`` announces a turn (the game's own marks: ``turn_of``, the "turn" tone)."""
        game = self.game
        return any(game.turn_of(e) is not None or game.tone(e.kind) == "turn" for e in self.events[start:])

    def set_bot(self, name: str, bot: bool) -> None:
        """Hand a seat to a bot (its player left or timed out), or give it back to its person."""
        self.seats[name].bot = bot

    # --- resuming a stored match ------------------------------------------------------------------
    def replay(self, player: str, action: Action, by_bot: bool = False, time_up: bool = False) -> None:
        """Apply a stored action again (resuming after a restart): no hook, no bots answering. A bot's
        move (``by_bot``: a bot's seat, or a person's a bot played) is thought again by its bot, so
        its randomness and memory move on as they did (:meth:`rethink`); with no minds to go on (an
        older snapshot), or once the seat's bot chose otherwise than the log, it is applied as logged.
        ``time_up``: the first move of a turn a bot played as the person's time was up (the store's
        'time' handover; a followed table is told so before the move, :meth:`mark_time_up`): its
        news says so, as it did when it was played."""
        if not by_bot:
            self.bot_run = self.capped = 0  # a person moved, as in submit
        elif player in self.seats and self.seats[player].bot:
            self.bot_run += 1  # a bot seat's move in a row (a person's turn a bot played counts none)
        if by_bot and self.minds_kept and player in self.seats and player not in self._astray:
            events = self.rethink(player, action)
        else:
            events = self.game.apply(self.state, player, action, checked=False)  # logged: legal when played
        self.log.append((player, action))
        if time_up or self._time_up == player:
            self._time_up = None
            events = time_up_news(player) + events
        self.publish(events)

    def mark_time_up(self, name: str) -> None:
        """(A followed table) ``name``'s next move is the first of a turn a bot plays for them."""
        self._time_up = name

    def rethink(self, player: str, action: Action) -> list[Event]:
        """Carry out a bot's logged ``action`` by letting the bot choose it again, exactly as
        :meth:`play_for` did: the same rng (made the same way at the same moment), memory, level and
        tries, the game refusing what it refused then. Returns the action's events (the caller logs
        and tells them). A bot that now chooses otherwise (its code changed; the strong bot's clock
        cut a search short) is warned of and the logged action applied: the log is the truth."""
        rng = self._rngs.get(player)
        if rng is None:  # as play_for: a person's seat played by a bot is seeded by the moment
            rng = self._rngs[player] = bot_rng(self.seed, f"{player}#{len(self.log)}")
        chosen: list[Action] = []

        def carry_out(choice: Action) -> list[Event]:
            events = self.game.apply(self.state, player, choice)  # RuleError (nothing changed): refused
            chosen.append(choice)
            if choice != action:
                raise _Astray(choice)
            return events

        try:
            return play_turn(self.game, self.state, player, rng, self.seats[player].level,
                             self._memory.setdefault(player, {}), submit=carry_out,
                             choose=self._chooser(player)).events
        except Exception as err:  # a bot astray: the log goes on as it is
            said = f"chose {err.args[0]}" if isinstance(err, _Astray) else f"failed ({err!r})"
            log.warning("%s's move %d (%s) was thought again and its bot %s; the logged move is played, and "
                        "this seat's next moves as logged (%s, seed %s)", player, len(self.log) + 1, action,
                        said, self.game.name, self.seed)
            self._astray.add(player)
            if chosen:  # the state took another move: again from the seed and the log
                self._rebuild()
            return self.game.apply(self.state, player, action, checked=False)  # the log is the truth

    def _rebuild(self) -> None:
        """The state again from the seed and the log (the game's Rng lives in the state, so it is
        exactly the state before the last, unstored, move). Rare: only when storing failed, or a bot
        thinking a logged move again (resuming) made another."""
        state = self.game.new_match(list(self.seats), self.seed, self.options)
        self.game.opening(state)
        for player, action in self.log:
            self.game.apply(state, player, action, checked=False)  # logged moves: legal when played
        self.state = state

    def snapshot(self) -> tuple:
        """What a stored snapshot holds: enough to go on without replaying from the start -- with
        the bots' minds (each seat's rng and memory, and the bots' run), so they go on as they would have."""
        minds = {"rngs": {name: rng.getstate() for name, rng in self._rngs.items()},
                 "memory": copy.deepcopy(self._memory), "bot_run": self.bot_run, "capped": self.capped}
        return (self.state, self.events, self.log, minds)

    def restore(self, snap: tuple) -> None:
        """Go on from a snapshot: (state, events, log, minds), or an older one of three without the
        bots' minds (their moves after it are then replayed as logged)."""
        self.state, events, log, *minds = snap
        self.events = list(events)
        self.log = list(log)
        self.minds_kept = bool(minds)
        if minds:
            self._rngs = {name: _rng_of(state) for name, state in minds[0]["rngs"].items()}
            self._memory = copy.deepcopy(minds[0]["memory"])
            self.bot_run, self.capped = minds[0]["bot_run"], minds[0]["capped"]

    def settle(self, limit: int | None = None) -> int:
        """Run bots until a person's input is awaited or the game ends; returns the bot moves made.
        At most ``limit`` moves (else ``chunk``, when set): the rest are ``due`` and the next settle
        makes them. After ``max_run`` bot moves in a row the bots stop until a person moves.
        A bot's move that cannot be stored stops them: they go on at the next settle (the world's
        clock tries every second)."""
        if self.follower:
            return 0
        limit = limit if limit is not None else self.chunk or self.max_run
        steps = 0
        try:
            while steps < limit and self.bot_run < self.max_run and self.bot_step():
                steps += 1
        except StoreFailed:
            log.warning("a bot's move could not be stored; the bots wait")
        if self.bot_run >= self.max_run and not self.capped and self._bots_awaited():
            self.capped = self.bot_run  # bots that never end their game: said plainly, never a silent stop
            log.warning("bots stopped after %d moves in a row without the game ending (%s, seed %s, options %s)",
                        self.bot_run, self.game.name, self.seed, self.options)
        elif steps >= limit and self.on_due is not None and self.due:
            self.on_due()
        return steps

    def _bots_awaited(self) -> bool:
        return not self.over and any(self.seats[p].bot for p in self.awaiting())

    @property
    def due(self) -> bool:
        """Bots have moves to make that a settle stopped short of (``chunk``), and may make them."""
        return not self.capped and self._bots_awaited()

    def say(self, event: Event) -> None:
        """Table talk: not a game action, but part of the stream every seat reads."""
        self.publish([event])
        if self.on_say is not None:
            self.on_say(event)

    def forget_views(self) -> None:
        """A new moment: the next view is built again."""
        self._views.clear()

    def view(self, player: str | None) -> dict:
        """``player``'s view of the match now. Built once per moment: a command's own screen, the
        status line and the surface's snapshot all ask for it, and the state changes only by a move
        (the log grows), news (the events grow) or a new state (rebuilt, restored), which end the
        moment; a player's command starts a new one too (:meth:`forget_views`), so a state set by
        hand between commands (tests, a tutorial's stage) is seen. Callers read a view, never change it."""
        key = (id(self.state), len(self.log), len(self.events))
        memo = self._views
        if memo.get("key") != key:
            memo.clear()
            memo["key"] = key
        found = memo.get(player)
        if found is None:
            found = memo[player] = self.game.view(self.state, player)
        return found


def _moving(game, state, player: str, rng, level: str, memory: dict) -> Action:
    """(A bot past FREE_IN_A_ROW free actions) one of the legal actions that spend the turn, drawn
    with the bot's own rng."""
    moving = [a for a in game.legal_actions(state, player) if not game.is_free(a)]
    return rng.choice(moving) if moving else game.bot_action(state, player, rng, level, memory)


class _Astray(Exception):
    """(rethink) The bot chose, and the game took, another action than the logged one."""


def _rng_of(state: tuple) -> random.Random:
    rng = random.Random()
    rng.setstate(state)
    return rng


def replay_line(table: Table) -> Msg:
    """How to play the same match again: the game, its seed, and every option and seat count that
    shaped it -- a message: the session it is pushed to words it for its reader."""
    return table.game.replay(table.players[0], table.seed, table.options, len(table.players), table.bot_level)
