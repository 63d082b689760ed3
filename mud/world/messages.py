"""The messages between the nodes of one world (issue 30; typed in issue 41), declared here once.

Each is a frozen dataclass whose fields say what it carries; :func:`encode` makes one a JSON-ready
dict (its ``kind`` and its fields) and :func:`decode` makes a dict heard on the bus a message
again, checking every field's type first: a malformed message is logged and dropped, never raised
into the node. The world's receivers (mud/world/nodes.py, mud/world/shared.py) dispatch on the
message's type. The bus (mud/server/nodes/bus.py) carries the dicts and adds the sender's name, ``node``,
which :func:`decode` keeps in the field of that name.

Field names never reuse the session envelope's (type, text, seq, to, not_to): a move's number is
``step``, a line's words ``line`` and its kind ``tone``, an event's audience ``heard_by`` and
``unheard_by``, its data ``facts``. ``dest``, on a message for one node only (what a player asks of
the node running their table, and its answer), names that node.
"""

from __future__ import annotations

import dataclasses
import logging
import types
import typing
from dataclasses import dataclass, field
from typing import ClassVar

from games.engine import LANGS, PSEUDO, unwire

log = logging.getLogger("questmud.messages")


@dataclass(frozen=True)
class Message:
    """A message between nodes; ``node``, the node that sent it (filled in on receipt: keyword-only,
    so every message's own fields, with or without defaults, come first)."""

    KIND: ClassVar[str] = ""
    node: str = field(default="", kw_only=True)


# --- the people of other nodes and their talk (mud/world/nodes.py) -------------------------------
@dataclass(frozen=True)
class Here(Message):
    """``speaker`` (on the sending node) is now in ``room``; None: gone from it."""
    KIND: ClassVar[str] = "here"
    speaker: str
    room: str | None = None


@dataclass(frozen=True)
class RoomLine(Message):
    """A line said in ``room`` (say, emote, an arrival ...), for its people on other nodes."""
    KIND: ClassVar[str] = "room"
    room: str
    speaker: str
    line: str | dict  # a message as games.words.wire makes it: each reader words it (plain: what was typed)
    tone: str = "say"


@dataclass(frozen=True)
class Ooc(Message):
    """A line to everyone, on every node."""
    KIND: ClassVar[str] = "ooc"
    speaker: str
    line: str | dict
    tone: str = "ooc"


@dataclass(frozen=True)
class Tell(Message):
    """``speaker`` tells ``whom`` (on another node) ``line``."""
    KIND: ClassVar[str] = "tell"
    speaker: str
    whom: str
    line: str


@dataclass(frozen=True)
class EndAccount(Message):
    """End every session of the account called ``name`` on the hearing node (``World.end_account``):
    only one logged in as ``uid`` when given (a deleted account's), else whoever holds the name (a
    kick, a ban); ``why`` is the end as the log says it, ``line`` what the player is told first.
    ``before``: only a session that logged in before that moment (wall clock, seconds), so of two
    logins at once on two nodes the later stays ('elsewhere': a login ends the account's older
    sessions on every node); 0: any."""
    KIND: ClassVar[str] = "end-account"
    WHY: ClassVar[tuple[str, ...]] = ("kick", "ban", "deleted", "password", "elsewhere")
    name: str
    why: str
    uid: str | None = None
    line: str | dict = ""
    tone: str = "error"
    before: float = 0.0


@dataclass(frozen=True)
class Recheck(Message):
    """The sending node's bus link was cut and is back: what it said meanwhile (a ban's or a
    deletion's end of an account) may be lost, so each node checks its own live sessions against
    the store (mud/world/recheck.py)."""
    KIND: ClassVar[str] = "recheck"


# --- a table's owner to the nodes following it (mud/world/shared.py) ------------------------------
@dataclass(frozen=True)
class TableMessage(Message):
    """About table ``number`` (the world's numbers are shared by its nodes)."""
    number: int


@dataclass(frozen=True)
class Sitters(TableMessage):
    """An open table's sitters, as its owner has them."""
    KIND: ClassVar[str] = "table"
    room: str = ""
    game: str = ""
    sitters: list[str] = field(default_factory=list)
    owner: str = ""


@dataclass(frozen=True)
class Started(TableMessage):
    """The table's match ``match`` started (it is in the store)."""
    KIND: ClassVar[str] = "started"
    match: int
    room: str = ""
    game: str = ""
    owner: str = ""


@dataclass(frozen=True)
class Moved(TableMessage):
    """Move ``step`` of match ``match``, stored: ``player`` did ``verb args``."""
    KIND: ClassVar[str] = "move"
    match: int
    step: int
    player: str
    verb: str
    args: list = field(default_factory=list)
    by_bot: bool = False


@dataclass(frozen=True)
class Said(TableMessage):
    """Table talk, an event of the match's stream with its audience."""
    KIND: ClassVar[str] = "said"
    tone: str = "say"
    line: str | dict = ""
    facts: dict = field(default_factory=dict)
    heard_by: list[str] | None = None
    unheard_by: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Told(TableMessage):
    """A line for everyone at the table but ``but``."""
    KIND: ClassVar[str] = "told"
    tone: str = "info"
    line: str | dict = ""
    but: str | None = None


@dataclass(frozen=True)
class Handed(TableMessage):
    """``player``'s seat to a bot ('left', 'away') or back ('back'), or one turn a bot plays ('time')."""
    KIND: ClassVar[str] = "hand"
    player: str = ""
    why: str = ""


@dataclass(frozen=True)
class SeatAway(TableMessage):
    """``player``'s player went away from the table (``gone``) or came back."""
    KIND: ClassVar[str] = "away"
    player: str = ""
    gone: bool = True


@dataclass(frozen=True)
class Gone(TableMessage):
    """The table is no more."""
    KIND: ClassVar[str] = "gone"


@dataclass(frozen=True)
class Owner(TableMessage):
    """``owner`` took the table over."""
    KIND: ClassVar[str] = "owner"
    owner: str = ""


# --- a follower's player asks the owner (``dest``), which answers their node ------------------------
@dataclass(frozen=True)
class Ask(TableMessage):
    """What a player of the sending node asks of the table's owner, as that player (``speaker``,
    standing in ``room``)."""
    speaker: str = ""
    room: str = ""
    dest: str = ""
    lang: str = "en"  # the language the speaker reads: the owner words their answer in it


@dataclass(frozen=True)
class Play(Ask):
    """A game command, parsed once where it was typed: the game verb's name, the slots of each
    step (a line of several steps: 'move n n e'), and the line as typed (for the logs only)."""
    KIND: ClassVar[str] = "play"
    verb: str = ""
    steps: list[dict] = field(default_factory=list)
    line: str = ""


@dataclass(frozen=True)
class Sit(Ask):
    KIND: ClassVar[str] = "sit"


@dataclass(frozen=True)
class Start(Ask):
    """'start' with its options, as typed after the verb."""
    KIND: ClassVar[str] = "start"
    options: str = ""


@dataclass(frozen=True)
class Talk(Ask):
    """Table talk: ``tone`` 'say' or 'emote'."""
    KIND: ClassVar[str] = "talk"
    tone: str = "say"
    line: str = ""


@dataclass(frozen=True)
class SeatChange(Ask):
    """The player got up before the start ('unsit'), left a match ('left'), went away or came back."""
    KIND: ClassVar[str] = "seat"
    ACTS: ClassVar[tuple[str, ...]] = ("unsit", "left", "away", "back")
    act: str = ""


@dataclass(frozen=True)
class TellTable(Ask):
    """A line for everyone at the table but ``speaker`` (empty: everyone), told by the owner."""
    KIND: ClassVar[str] = "tell-table"
    tone: str = "info"
    line: str | dict = ""


@dataclass(frozen=True)
class Answer(Message):
    """The owner's answer to a player of node ``dest``: their lines ([kind, text, tone] each) and,
    after a sit, the table they now sit at."""
    KIND: ClassVar[str] = "answer"
    whom: str
    dest: str = ""
    lines: list[list] = field(default_factory=list)
    seat: int | None = None


KINDS: dict[str, type[Message]] = {cls.KIND: cls for cls in (
    Here, RoomLine, Ooc, Tell, EndAccount, Recheck, Sitters, Started, Moved, Said, Told, Handed, SeatAway, Gone, Owner,
    Play, Sit, Start, Talk, SeatChange, TellTable, Answer)}


def encode(message: Message) -> dict:
    """``message`` as the bus carries it: its kind and its fields (an empty ``dest`` left out;
    ``node`` is the bus's to add)."""
    out = {"kind": message.KIND}
    for f in dataclasses.fields(message):
        value = getattr(message, f.name)
        if f.name == "node" or f.name == "dest" and not value:
            continue
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


class Malformed(ValueError):
    """A message whose fields are not what its kind declares."""


def decode(data) -> Message | None:
    """The message a dict heard on the bus carries, its fields checked; None (logged) when it is
    not one: an unknown kind, a field missing or of the wrong type."""
    try:
        if not isinstance(data, dict):
            raise Malformed("not a mapping")
        cls = KINDS.get(data.get("kind"))
        if cls is None:
            raise Malformed(f"unknown kind {data.get('kind')!r}")
        hints = _hints(cls)
        values = {}
        for f in dataclasses.fields(cls):
            if f.name not in data:
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                    raise Malformed(f"{cls.KIND} without {f.name}")
                continue
            values[f.name] = _checked(data[f.name], hints[f.name], f"{cls.KIND}.{f.name}")
        message = cls(**values)
        if isinstance(message, SeatChange) and message.act not in SeatChange.ACTS:
            raise Malformed(f"seat act {message.act!r}")
        if isinstance(message, EndAccount) and message.why not in EndAccount.WHY:
            raise Malformed(f"end of an account for {message.why!r}")
        if isinstance(message, Ask) and message.lang not in LANGS and message.lang != PSEUDO:
            raise Malformed(f"a reader of {message.lang!r}")
        if isinstance(getattr(message, "line", None), dict):
            try:
                unwire(message.line)  # our own sentences only, with plain parameters
            except ValueError as err:
                raise Malformed(f"{cls.KIND}.line: {err}") from None
        return message
    except Malformed as err:
        log.warning("a malformed message from another node was dropped (%s): %.200r", err, data)
        return None


_HINTS: dict[type, dict] = {}


def _hints(cls: type) -> dict:
    known = _HINTS.get(cls)
    if known is None:
        known = _HINTS[cls] = typing.get_type_hints(cls)
    return known


def _checked(value, hint, where: str):
    """``value`` if it is of type ``hint`` (as JSON brings it: lists for tuples), else Malformed."""
    if hint is type(None) and value is None:
        return None
    args = typing.get_args(hint)
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        for arm in args:
            try:
                return _checked(value, arm, where)
            except Malformed:
                continue
        raise Malformed(f"{where} is {type(value).__name__}")
    base = origin or hint
    if base is int and isinstance(value, bool) or not isinstance(value, base):
        raise Malformed(f"{where} is {type(value).__name__}, not {getattr(base, '__name__', base)}")
    if base is list and args:
        return [_checked(item, args[0], where) for item in value]
    return value
