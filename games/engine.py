"""What every game of questmud shares: the game contract, events with an audience, the seeded RNG.

A game lives in its own package (``games/quest/``, ``games/tenx/`` ...) and exposes one object,
``GAME``, that satisfies :class:`Game`. Everything here is pure: no I/O, no clocks, no asyncio.
The shell (``mud/``) turns lines into :class:`Action` values, calls :meth:`Game.apply`, and delivers
each :class:`Event` only to the players in its audience.

Conventions every game follows:

* ``apply`` either raises :class:`RuleError` *before* changing anything, or changes the state and
  returns the events that describe the change. A rejected action leaves the state untouched.
* ``legal_actions`` is the whole truth: ``apply`` checks an action's canonical form
  (``GameSpec.canonical``) against it before the handler runs (:meth:`GameSpec.is_legal`), so a
  handler only carries a legal move out. ``apply(..., checked=False)`` skips that check for moves
  known legal already (the search's simulated moves, drawn from the list; a stored move replayed).
* Every random draw goes through the match's :class:`Rng`, which lives inside the state, so the same
  seed and the same actions give the same game, byte for byte.
* An event's ``to`` names exactly who may see it; ``view(state, player)`` is everything one player may
  know and nothing more.
"""

from __future__ import annotations

import inspect
import random
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any, Callable, Iterable, Protocol

from games.events import (ENVELOPE, EVERYONE, NOBODY, TONES, Event, announce, both, joined_turn,  # noqa: F401
                          tell, turn_player, visible)
from games.phases import WAITING, GamePhase, Phase, PhaseTable  # noqa: F401
from games.errors import NotNow, RuleError  # noqa: F401 (re-exported: the rules' refusals)
from games.match_options import Option  # noqa: F401 (re-exported: a game's match options)
from games.places import Page, Place, Topic, Tutorial, TutorialStep, built_on_use  # noqa: F401 (re-exported)
from games.rng import Rng, bot_rng  # noqa: F401 (re-exported: the match's chance, a bot's own)
from games.grammar import ENGLISH, Forms, forms, said_as  # noqa: F401 (re-exported: a verb's words per language)
from games.words import LANGS, PSEUDO, Msg, Words, render, said, unwire, wire, worded  # noqa: F401 (re-exported: words per language)
from games.engine_words import _
from games.replay_hint import PLAY_LEVEL, replay_hint  # noqa: F401 (PLAY_LEVEL re-exported: mud play's level)


# The argument of a listed legal action that stands for any free text (a note's words): an action
# fits a legal one whose arguments are equal but where that one has TEMPLATE (see ``fits``).
TEMPLATE = "?"


def fits(action: "Action", legal: Iterable["Action"]) -> bool:
    """Is ``action`` one of the ``legal`` actions, or does it fill one's TEMPLATE arguments with text?"""
    for known in legal:
        if known == action:
            return True
        if known.verb == action.verb and len(known.args) == len(action.args) and TEMPLATE in known.args and all(
                k == a or (k == TEMPLATE and isinstance(a, str)) for k, a in zip(known.args, action.args)):
            return True
    return False


@dataclass(frozen=True)
class Action:
    """One thing a player asks the game to do: a verb and its arguments, already parsed."""

    verb: str
    args: tuple = ()

    def __str__(self) -> str:
        return " ".join([self.verb, *map(str, self.args)])


@dataclass(frozen=True)
class Verb:
    """A command a game (or the world) adds while a player sits at it: its grammar, its help and
    what it does, declared once (like an adventurelib ``@when`` or an Evennia command class).

    ``patterns`` use a small grammar read by mud/shell/parser.py: literal words, ``a|b`` alternatives and
    slots ``DIR`` ``PLAYER`` ``NUMBER`` ``WORD`` ``ITEM`` (one or more words) ``TEXT`` (the raw rest
    of the line), plus the slots a game declares (:class:`Slot`, Quest's ``ROOM``); a trailing ``?``
    makes a part optional. ``build`` turns the matched slots (a dict of slot name -> value, missing
    optionals absent) into an Action; by default the Action carries the slot values in pattern
    order. It keeps what was typed: the game's ``GameSpec.canonical`` turns it into the form
    ``legal_actions`` lists (that often depends on the state: the card a number names). ``handler(state, player, *args)`` carries the Action out (the game's ``apply`` dispatches
    to it). A verb with ``screen`` set shows that screen of the game (``map``, ``ledger`` ...)
    instead of acting. ``bare`` patterns are tried on a line whose first word is no command at
    all, so a chess move can be typed as ``e2e5``. A verb that ``repeats`` may be given several
    times in one line (``move n n e``) or with a count (``north 3``): the shell submits each as its
    own action, in turn, and stops at the first refusal or when the game no longer waits for the
    player. ``words`` are what completion may offer for its ``WORD`` slot (public words only).
    A ``free`` verb does not spend the turn nor move the game on (a gift, a note on one's own map,
    a standing choice, picking up a key): a player may take any number of them, so a loop that
    falls back to "some legal action" prefers the others (:meth:`GameSpec.moving_first`).
    """

    name: str
    patterns: tuple[str, ...] = ("",)
    aliases: tuple[str, ...] = ()
    summary: str = ""
    examples: tuple[str, ...] = ()
    build: Callable[[dict], Action] | None = None
    screen: str | None = None
    topic: str = ""
    handler: Callable[..., list[Event]] | None = None
    actions: tuple[str, ...] = ()  # Action verbs this verb's ``build`` makes besides its own name
    bare: tuple[str, ...] = ()  # patterns that match a whole line without the verb's word ('e2e5')
    repeats: bool = False  # several in one line: 'move n n e', 'north 3' (each still its own action)
    words: tuple[str, ...] = ()  # what completion offers for a WORD slot ('buy ' -> the weapons)
    free: bool = False  # does not spend the turn nor move the game on (give, note, mark, take key ...)
    whole: bool = False  # reached only by its name or an alias typed whole, never by a prefix (a verb
    # that takes a password: 'pass' typed once a game has ended must not become 'password')
    # Its words in the other languages (games/grammar.py): language -> Forms ('it': 'sbircia', and
    # 'porta' read as 'door'), so one declaration holds the verb in every language.
    langs: dict[str, Forms] = field(default_factory=dict, hash=False, compare=False)

    def forms(self, lang: str) -> Forms | None:
        """The verb's words in ``lang`` (None: English, or a language it has no words in)."""
        return self.langs.get(lang) if lang != ENGLISH else None

    def name_in(self, lang: str) -> str:
        """The verb's name as a reader of ``lang`` types it (its English name when it has none there)."""
        said = self.forms(lang)
        return said.name if said is not None else self.name


@dataclass(frozen=True)
class Slot:
    """A kind of word a game adds to the grammar (Quest's ``ROOM`` = ``C4``; a chess game's
    ``SQUARE``). ``match`` turns one typed word into the slot's value, or None; ``words`` are what
    completion may offer (public words only); ``example`` shows the player what fits."""

    name: str
    match: Callable[[str], Any]
    words: tuple[str, ...] = ()
    example: str = ""
    # language -> {a word typed in that language: the English word ``match`` reads} (a ship's or a
    # card's name in Italian); a language without entries is read as typed
    langs: dict[str, dict[str, str]] = field(default_factory=dict, hash=False, compare=False)


# The bots' levels, weakest first, everywhere a level is chosen (mud play, start at a table, mud run,
# mud arena): easy and normal are each game's hand-written bots; strong is the search of
# games/search.py over the game's own hooks (a game without them plays normal there).
LEVELS = ("easy", "normal", "strong")

# The keys every view starts with, whatever the game: the shell reads these and nothing else of a
# view (the rest belongs to the game, its screens and its board).
HEADER = ("game", "you", "awaiting", "over", "winners", "prompt", "status")


class Search(Protocol):
    """What the engine asks of the strong bot's search (``games.search.SearchHooks`` is one): its
    action. A protocol here, so the engine never imports the search, which imports the engine."""

    def act(self, game: GameSpec, state: Any, player: str, rng: random.Random) -> Action: ...


@dataclass
class GameSpec:
    """Everything the shell knows of a game, declared once: its name, seats, options, verbs (with
    their handlers), the grammar slots it adds, help, screens, status, event tones -- and its rules
    as plain functions of a state. Each game package exports one, ``GAME``.

    The rules functions:

    * ``new_match(players, seed, options) -> state`` (RuleError for a bad option);
    * ``opening(state) -> events``; ``awaiting(state) -> names`` (several in simultaneous states);
    * ``legal_actions(state, player) -> actions`` -- primary, the whole truth: everything the player
      may do now, and nothing else. ``apply`` accepts an action exactly when its canonical form
      (``canonical``: the one spelling of it legal lists) is among them, or fits one of their
      templates: a free-text argument (Quest's note) is listed once as ``"?"`` (TEMPLATE), which
      stands for any text; ``apply`` checks it (tests/contract/test_legal_iff.py, every game). The question a player
      is asked and its numbered answers are derived from it (``question``), never the other way
      round. ``is_free`` tells the actions that do not spend the turn (their verb is ``free``); a
      player the game awaits always has another one;
    * ``question(state, player) -> (text, [(label, Action)])`` or None; every Action among the
      legal ones;
    * ``game_view(state, player) -> dict``: the game's part of a view (``player`` None: omniscient);
    * ``is_over(state)``, ``winners(state)``;
    * ``bot_action(view, rng, level, memory) -> Action`` and ``bot_refused(memory, view, action)``:
      bots see only their own view.

    ``apply`` checks the seat, the end and the ``guard``, then the phase table (``phases``, see
    games/phases.py: a verb the player's stage does not allow is refused in the game's words), then
    legality (``is_legal``: the canonical form listed, or an ``unlisted`` family), then runs the
    handler of the action's verb, and lets the phase table's flow move the game on (``advance``). ``legal_actions`` draws its verbs from the same table
    (``PhaseTable.only``), so the refusals and the legal actions never disagree on the moment.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    new_match: Callable[[list[str], int, dict], Any]
    opening: Callable[[Any], list[Event]]
    awaiting: Callable[[Any], list[str]]
    legal_actions: Callable[[Any, str], list[Action]]
    game_view: Callable[[Any, str | None], dict]
    is_over: Callable[[Any], bool]
    winners: Callable[[Any], list[str]]
    seats_of: Callable[[Any], Iterable[str]]
    verbs: tuple[Verb, ...] = ()
    question: Callable[[Any, str], tuple[str, list[tuple[str, Action]]] | None] = lambda state, player: None
    guard: Callable[[Any, str], None] | None = None  # checked before every action (RuleError refuses it)
    bot: Callable[..., Action] | None = None  # bot(view, rng, level, memory)
    bot_memory: Callable[[dict, dict, Action], None] | None = None  # told a bot's choice was refused
    default_players: int = 4
    room: str = ""  # the id of the world's room whose tables play it
    place: Place | None = None  # that room, when this game brings it to the world (else: it joins one)
    slots: tuple[Slot, ...] = ()
    fillers: tuple[str, ...] = ()  # words the grammar ignores at this game ('door' in 'peek door east')
    options: tuple[Option, ...] = ()
    help: dict[str, str] = field(default_factory=dict)  # topic -> text; the first topic teaches the game
    screens: dict[str, Callable[[dict], list[str]]] = field(default_factory=dict)  # "look", "map" ...
    # A screen only this game has -> its panel's title, in the game's words (the word typed to read a
    # screen is its verb's, ``Verb.screen``); the screens many games have ("hand", "map" ...) the house names.
    screen_titles: dict[str, Any] = field(default_factory=dict)
    status_line: Callable[[dict], str] = lambda view: ""
    status_fields: tuple[str, ...] = ()  # keys of view["me"] a status bar or GMCP may show (rank, gold)
    tones: dict[str, str] = field(default_factory=dict)  # event kind -> one of TONES
    # Rule paths that share an event kind with others ("a duel won by the lighter player"): name ->
    # does this event, as ``mud run --json`` prints it, take that path. The coverage test
    # (tests/contract/test_coverage.py) needs every kind of ``tones`` and every path here reached.
    paths: dict[str, Callable[[dict], bool]] = field(default_factory=dict)
    item_words: tuple[str, ...] = ()  # words completion may offer for ITEM slots (public names only)
    scramble: Callable[[Any, str, random.Random], Any] | None = None  # a copy, all hidden from one player shuffled
    board: Any = None  # what the game offers its own board drawing (a grid's geometry ...), if any
    replay_label: Callable[[int], Msg | str] | None = None  # seed -> what the replay line calls the match (a message)
    # Folding others' turns (the interactive surfaces; command files print every event): who an
    # event gives the turn to (default: a "turn" event's data["player"]), and how to tell one
    # player's turn in a line or two, as seen by a viewer. ``summarise(actor, events, viewer)``
    # gets only the events of that turn the viewer may see (the shell filters them) and must read
    # nothing else; [] keeps the full lines. None: the game's turns are one line already.
    turn_of: Callable[[Event], str | None] = lambda event: turn_player(event)
    summarise: Callable[[str, list[Event], str | None], list[str]] | None = None
    goal: str = ""  # one sentence: how the game is won (the first screen of a match says it)
    goals: dict[str, str] = field(default_factory=dict)  # "option=value" -> the goal under that option
    first_commands: tuple[tuple[str, str], ...] = ()  # (command, what it does): three to start with
    # ``first_commands_for(state, player) -> first_commands`` as one seat reads them (an example fitted
    # to the seat: a chess move of the player's own piece); None: the same for every seat.
    first_commands_for: Callable[[Any, str], tuple[tuple[str, str], ...]] | None = None
    search: Search | None = None  # the strong bot's hooks (games/<game>/search.py); None: strong plays normal
    tutorial: Tutorial | None = None  # the steps the world's 'tutorial' teaches this game by, if any
    phases: PhaseTable | None = None  # the stages and the verbs each allows (games/phases.py); None: no check
    # ``canonical(state, player, action) -> action``: the one form ``legal_actions`` lists of an
    # action a player may spell several ways (any case, a card by its hand position, cards in any
    # order, an argument left to its default); an action it cannot read comes back unchanged, for
    # the handler to refuse. ``apply`` runs the handler on this form. None: every form is canonical.
    canonical: Callable[[Any, str, Action], Action] | None = None
    # Event kinds that end a line of several commands ('move w s e'): a step that was taken yet went
    # nowhere (a closed door) or asked someone (consent). The shell (mud/shell/session.py) drops the rest.
    stops_line: frozenset[str] = frozenset()
    # ``unlisted(state, player, action, legal) -> bool``: the few families the rules accept but
    # ``legal_actions`` lists one way only, so the list stays finite (several cards in one line, any
    # amount from a bag of money): part of legality (:meth:`is_legal`), declared by the game itself.
    unlisted: Callable[[Any, str, Action, list[Action]], bool] | None = None
    # ``why_not(state, player, action) -> str | None``: the one-line refusal of an action that is not
    # legal, in the game's words (it may raise NotNow: not at this moment); None: the general line.
    # The refusals live here alone: a handler only carries a legal move out (:meth:`explain`; the
    # contract kit walks every handler for a refusal of its own).
    why_not: Callable[[Any, str, Action], str | None] | None = None
    # ``legal_of(state, player, verb) -> list[Action]``: the legal actions of one verb, the same as
    # ``legal_actions`` filtered to it (the contract kit checks this at every state), made without
    # making the rest: what ``apply`` checks a move against. None: the whole list, filtered.
    legal_of: Callable[[Any, str, str], list[Action]] | None = None

    # --- the contract the shell uses ----------------------------------------------------------
    def goal_for(self, options: dict | None = None) -> str:
        """The goal as a match started with ``options`` has it (``rules=basic`` may end sooner)."""
        for key, value in (options or {}).items():
            if f"{key}={value}" in self.goals:
                return self.goals[f"{key}={value}"]
        return self.goal

    def first_commands_of(self, state=None, player: str | None = None) -> tuple[tuple[str, str], ...]:
        """The three commands to start with as ``player`` reads them at ``state`` (without a match or
        a seat, or when the game fits no example to the seat: ``first_commands``)."""
        if state is None or player is None or self.first_commands_for is None:
            return self.first_commands
        return self.first_commands_for(state, player)

    def option(self, name: str) -> Option | None:
        return next((o for o in self.options if o.name == name), None)

    def check_options(self, options: dict, read: Callable[[str], str] | None = None) -> dict:
        """Options made canonical, or RuleError naming what is wrong (an option the game lacks, a
        value it does not know). ``read`` lets file options read their file (local play only)."""
        out = {}
        for key, value in options.items():
            opt = self.option(key)
            if opt is None:
                known = ", ".join(o.name for o in self.options) or "none"
                raise RuleError(_("{game} has no option '{key}' (options: {known}).", game=self.title, key=key, known=known))
            out[key] = opt.check(value, read)
        return out

    def apply(self, state: Any, player: str, action: Action, checked: bool = True) -> list[Event]:
        """Carry out an action, or raise RuleError without changing anything.

        The order: the seat, the end, the game's ``guard``, the canonical form, the phase table (a verb
        not for this moment is refused in the table's words), then legality (:meth:`is_legal`, the one
        truth: an action that is not legal is refused with :meth:`explain`'s words) -- and only then
        the verb's handler, which carries the move out. ``checked=False`` is the fast path for moves
        known to be legal (the search's simulated moves, taken from ``legal_actions``; a logged move
        replayed): it skips the legality check, which would only compute the list a second time."""
        if player not in self.seats_of(state):
            raise RuleError(_("You have no seat in this game."))
        if self.is_over(state):
            raise RuleError(_("The game is over."))
        try:
            if self.guard is not None:
                self.guard(state, player)
            if self.canonical is not None:
                action = self.canonical(state, player, action)
            if self.phases is not None and action.verb in self.handlers:
                refused = self.phases.refusal(state, player, action.verb)
                if refused is not None:
                    raise RuleError(refused)  # (not_now may raise NotNow: then 'now' is added below)
            if checked and not self.is_legal(state, player, action):
                raise RuleError(self.explain(state, player, action))
            events = dispatch(self.handlers, self.title, state, player, action)
        except NotNow as err:
            now = self.now(state, player)
            raise RuleError(_("{refusal} {now}", refusal=said(err), now=now) if now else said(err)) from None
        if self.phases is not None:
            events += self.phases.advance(state)  # the declared flow moves the game on (games/phases.py)
        return events

    def is_legal(self, state: Any, player: str, action: Action, legal: list[Action] | None = None) -> bool:
        """Is ``action`` (in its canonical form) legal for ``player`` now: listed by ``legal_actions``
        (``legal``, when the caller has the list already; else only the verb's, ``legal_of``),
        filling a listed TEMPLATE, or one of the game's declared ``unlisted`` families (of a verb the phase table allows now)."""
        if legal is None:
            legal = (self.legal_of(state, player, action.verb) if self.legal_of is not None
                     else self.legal_actions(state, player))
        return fits(action, legal) or (self.unlisted is not None and action.verb in self.allowed(state, player)
                                       and self.unlisted(state, player, action, legal))

    def explain(self, state: Any, player: str, action: Action) -> Msg | str:
        """Why ``action`` (canonical, not legal) is refused, in one line for the player: an unknown
        verb, else the game's ``why_not`` (NotNow goes up as it is: ``apply`` adds what the game waits
        for), else arguments that fit no handler (:func:`unfit`), else the general line. No handler
        runs: a handler only carries a legal move out."""
        if action.verb not in self.handlers:
            return unfit(self.handlers, self.title, action)
        said = self.why_not(state, player, action) if self.why_not is not None else None
        return (said or unfit(self.handlers, self.title, action)
                or _("'{command}' is not a move you can make now.", command=command_line(action)))

    def now(self, state: Any, player: str) -> Msg | str:
        """What the game waits for at this moment, in one sentence for ``player``: their question,
        their turn, or who is awaited (public: the table shows it too)."""
        who = list(self.awaiting(state))
        if player in who:
            asked = self.question(state, player)
            return _("Now: {question}", question=asked[0]) if asked and asked[0] else _("Now it is your turn.")
        return _("Now the game waits for {players}.", players=", ".join(who)) if who else ""

    def phase_of(self, state: Any, player: str) -> str:
        """The player's stage now (its name in ``phases``); a game without a table has one stage."""
        return self.phases.phase_of(state, player) if self.phases is not None else "any"

    def allowed(self, state: Any, player: str) -> frozenset[str]:
        """The action verbs ``player`` may use now, from the phase table (every verb without one)."""
        return self.phases.allowed(state, player) if self.phases is not None else frozenset(self.handlers)

    @cached_property
    def free_verbs(self) -> frozenset[str]:
        """The Action verbs made by ``free`` verbs (a gift, a note): they do not spend the turn."""
        return frozenset(name for v in self.verbs if v.free for name in (v.name, *v.actions))

    def is_free(self, action: Action) -> bool:
        """True when ``action`` does not spend the turn nor move the game on (its verb is ``free``)."""
        return action.verb in self.free_verbs

    def moving_first(self, actions: Iterable[Action]) -> list[Action]:
        """``actions`` with those that move the game on first, each group in its order: what a loop
        falling back to "some legal action" tries, so it never spins on free ones (a note, a gift)."""
        actions = list(actions)
        return [a for a in actions if not self.is_free(a)] + [a for a in actions if self.is_free(a)]

    def words_of(self, *names: str) -> tuple[str, ...]:
        """The words a player may type for the verbs ``names`` (each one's name and aliases, as the
        grammar reads them): what a board that reads a line as it is typed looks for, so it never
        re-declares the game's words."""
        return tuple(word for v in self.verbs if v.name in names for word in (v.name, *v.aliases))

    @cached_property
    def handlers(self) -> dict[str, Callable]:
        """Action verb -> the handler of the verb that declares it."""
        found: dict[str, Callable] = {}
        for v in self.verbs:
            if v.handler is not None:
                for name in (v.name, *v.actions):
                    found.setdefault(name, v.handler)
        return found

    def prompt(self, state: Any, player: str | None) -> dict | None:
        """The question put to ``player`` now, with its answers as command lines (the TUI numbers
        them): derived from ``question``, whose answers are legal actions."""
        if player is None or player not in self.seats_of(state) or self.is_over(state):
            return None
        asked = self.question(state, player)
        if asked is None:
            return None
        text, answers = asked
        return {"text": text, "choices": [[label, command_line(action)] for label, action in answers]}

    def header(self, state: Any, player: str | None) -> dict:
        seated = player is not None and player in self.seats_of(state)
        return {"game": self.name, "you": player if seated else None, "awaiting": list(self.awaiting(state)),
                "over": bool(self.is_over(state)), "winners": list(self.winners(state)),
                "prompt": self.prompt(state, player) if seated else None, "status": ""}

    def view(self, state: Any, player: str | None) -> dict:
        """All that ``player`` may know, as plain data, starting with the common header (HEADER);
        ``None`` is the omniscient view, a name without a seat a spectator's."""
        out = self.header(state, player)
        body = self.game_view(state, player)
        clash = set(body) & set(HEADER)
        if clash:
            raise ValueError(f"{self.name}'s view redefines the header's {sorted(clash)}")
        out.update(body)
        out["status"] = self.status_line(out)
        return out

    def status(self, view: dict) -> str:
        """One line for a status bar, drawn from a view."""
        return self.status_line(view)

    def tone(self, kind: str) -> str:
        return self.tones.get(kind, "plain")

    def bot_action(self, state: Any, player: str, rng: random.Random, level: str = "normal",
                   memory: dict | None = None) -> Action:
        """What a bot in this seat would do now, seeing only its own view and ``memory``; at level
        ``strong`` the search of games/search.py, which reads ``state`` only through the game's
        determinizer (so it too knows only what the player knows)."""
        if level == "strong":
            if self.search is not None:
                return self.search.act(self, state, player, rng)
            level = "normal"
        view = self.view(state, player)
        if self.bot is None:
            legal = self.legal_actions(state, player)
            moving = [a for a in legal if not self.is_free(a)] or legal
            return rng.choice(moving) if moving else Action("pass")
        return self.bot(view, rng, level, memory if memory is not None else {})

    def bot_refused(self, state: Any, player: str, action: Action, memory: dict) -> None:
        if self.bot_memory is not None:
            self.bot_memory(memory, self.view(state, player), action)

    def replay(self, player: str, seed: int, options: dict, seats: int, level: str = PLAY_LEVEL) -> Msg:
        """How to play the same match again (games/replay_hint.py): a message, worded by the surface
        that shows it for its reader."""
        label = self.replay_label(seed) if self.replay_label is not None else _("{game} seed {seed}", game=self.title,
                                                                                   seed=seed)
        return replay_hint(self.name, label, self.default_players, seed, options, seats, level)


def command_line(action: Action, lang: str = ENGLISH, verbs: Iterable[Verb] = ()) -> str:
    """The line a player types for ``action`` (an answer's command): its verb and arguments -- in
    ``lang``, the words of the verb of ``verbs`` that makes it (``Verb.langs``): its name there and
    its arguments as that language says them (``lancia fulmine bob``); what it has no word for
    (a name, a number, a card) stays as it is. The parser reads the line back to the same action."""
    args = [str(a) for a in action.args if a is not None]
    if lang == ENGLISH:
        return " ".join([action.verb, *args])
    verb = next((v for v in verbs if v.name == action.verb), None)  # (an action only another verb makes
    said = verb.forms(lang) if verb is not None else None  # is written in English, read by everyone)
    if said is None:
        return " ".join([action.verb, *args])
    takes_dir = any(part.rstrip("?") == "DIR" for p in verb.patterns for part in p.split())
    return " ".join([said.name, *(said_as(a, lang, said.vocab, takes_dir) for a in args)])


@lru_cache(maxsize=None)
def _signature(handler: Callable) -> inspect.Signature:
    """A handler's signature, read once (the search bot applies many thousands of actions a move)."""
    return inspect.signature(handler)


def unfit(handlers: dict[str, Callable], title: str, action: Action) -> Msg | None:
    """Why no handler can take ``action`` at all, in one line: an unknown verb, or arguments that do
    not fit its handler's signature; None when one can."""
    handler = handlers.get(action.verb)
    if handler is None:
        return _("{game} has no '{verb}' action.", game=title, verb=action.verb)
    try:
        _signature(handler).bind(None, None, *action.args)
    except TypeError:
        return _("'{verb}' does not take those arguments.", verb=action.verb)
    return None


def dispatch(handlers: dict[str, Callable], title: str, state: Any, player: str, action: Action) -> list[Event]:
    """Run the handler of ``action.verb`` as ``handler(state, player, *args)``; an unknown verb or
    arguments that do not fit are refused before anything runs."""
    refused = unfit(handlers, title, action)
    if refused is not None:
        raise RuleError(refused)
    return handlers[action.verb](state, player, *action.args)
