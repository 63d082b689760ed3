"""Moderation in the world: the verbs of moderators and operators, and every player's ``ignore``,
``unignore`` and ``report``; with the checks talk makes (is the speaker muted? does the listener
ignore them?).

A role is like a place (mud/world/cmdsets.py): a moderator's or operator's verbs come in a command
set only they are given (mud/world/verbs.py ``commands_at``), so to anyone else each is an unknown
command, absent from ``commands``, ``help`` and completion. The role is read from the store at every
line (mud/store/moderation.py), so ``mud admin grant`` from the shell counts at once, server running.

Each act goes to the audit table and the log (mud/store/moderation.py ``audit``). Someone may act only on
a player of a lower role: a moderator cannot kick another moderator, and the operator role itself
is given and taken only with ``mud admin`` (docs/decisions.md).

Each handler takes the acting :class:`~mud.world.session.WorldSession` and the parsed slots and
returns its direct answer; a RuleError is the one-line reason it was refused.
"""

from __future__ import annotations

import ipaddress
import re
import time

from games.engine import RuleError
from mud.store import moderation as modstore
from mud.world import reports as desks
from mud.shell.parser import shown
from mud.shell.session import Line
from mud.shell.words import _

UNITS = {"m": 60, "min": 60, "h": 3600, "d": 86400, "w": 7 * 86400}
SPAN = re.compile(r"(\d{1,5})(m|min|h|d|w)")
FOREVER = ("forever", "ever", "good", "always")
LONGEST = 10 * 365 * 86400  # a longer span is refused: 'forever' says it plainly
SHOWN = 20  # rows of bans and reports listed
WIDEST = {4: 8, 6: 32}  # the widest network a moderator may ban, by IP version


# --- who may do what --------------------------------------------------------------------------------
def role_of(ws) -> str | None:
    """The player's role now, read from the store (None: a player; none in local play)."""
    store = ws.world.store
    if store is None or ws.surface == "local":
        return None
    return modstore.role(store, ws.name)


def _store(ws):
    if ws.world.store is None:
        raise RuleError(_("There are no accounts here."))
    return ws.world.store


def _account(ws, name: str) -> str:
    """The account's own spelling of ``name``; RuleError if there is none."""
    acc = _store(ws).account(name) if name else None
    if acc is None:
        raise RuleError(_("There is no account called {player}.", player=shown(name or '?')))
    return acc["name"]


def _below_me(ws, name: str) -> str:
    """``name``, an account someone of ``ws``'s role may act on: not themselves, and of a lower role."""
    name = _account(ws, name)
    if name.lower() == ws.name.lower():
        raise RuleError(_("Not on yourself."))
    theirs = modstore.role(ws.world.store, name)
    if modstore.rank(theirs) >= modstore.rank(role_of(ws)):
        if theirs == "operator":
            raise RuleError(_("{player} is an operator: not yours to act on.", player=name))
        raise RuleError(_("{player} is a {role}: not yours to act on.", player=name, role=theirs))
    return name


def span(words: list[str]) -> tuple[float | None, list[str]]:
    """Read ``for 2h`` (or ``2h``, ``for forever``) at the head of ``words``: (until when -- None for
    ever --, the words left). No span given: for ever."""
    rest = list(words)
    said_for = bool(rest) and rest[0].lower() == "for"
    if said_for:
        rest.pop(0)
    if rest and rest[0].lower() in FOREVER:
        return None, rest[1:]
    got = SPAN.fullmatch(rest[0].lower()) if rest else None
    if got is None:
        if said_for:
            raise RuleError(_("'for' takes a time: 30m, 2h, 1d, 1w or forever."))
        return None, rest
    seconds = int(got.group(1)) * UNITS[got.group(2)]
    if not 0 < seconds <= LONGEST:
        raise RuleError(_("A time from 1m to ten years, or forever."))
    return time.time() + seconds, rest[1:]


def _span_text(until: float | None):
    return _("for good") if until is None else _("until {when}", when=modstore.when(until))


def _because(reason: str) -> str:
    return f": {reason}" if reason else ""


# --- moderators -----------------------------------------------------------------------------------
def kick(ws, slots: dict) -> list[Line]:
    """Whoever is online under the name, on this node or another (``end_account`` reaches them all)."""
    target = ws.world.session(slots["WORD"])
    far = ws.world.others.people.get(slots["WORD"].lower())
    if target is None and far is None:
        raise RuleError(_("{player} is not connected.", player=shown(slots['WORD'])))
    name, reason = _below_me(ws, target.name if target is not None else far[0]), slots.get("TEXT", "")
    modstore.audit(ws.world.store, ws.name, "kick", name, reason)
    ws.world.end_account(name, None, "kick", Line(
        "error", _("You are disconnected by a moderator{because}. You may log in again.", because=_because(reason))))
    return [Line("info", _("{player} is kicked out (they may log in again).", player=name))]


def ban(ws, slots: dict) -> list[Line]:
    words = slots["TEXT"].split()
    if words[0].lower() == "address":
        if len(words) < 2:
            raise RuleError(_("Usage: ban address A.B.C.D[/N] [for 2h|1d|forever] [reason]."))
        network = _network(words[1])
        if modstore.in_network(ws.address, network):
            raise RuleError(_("That would ban your own address."))
        until, rest = span(words[2:])
        reason = " ".join(rest)
        modstore.ban(ws.world.store, "address", network, until, ws.name, reason)
        gone = [o for o in ws.world.online.values()
                if o is not ws and modstore.in_network(getattr(o, "address", ""), network)
                and modstore.rank(role_of(o)) < modstore.rank(role_of(ws))]
        for other in gone:
            _ban_out(ws, other, _("Your address is banned {span}{because}.", span=_span_text(until), because=_because(reason)))
        if gone:
            return [Line("info", _("Address {network} is banned {span}; {n} connected from it are disconnected.",
                                   network=network, span=_span_text(until), n=len(gone)))]
        return [Line("info", _("Address {network} is banned {span}.", network=network, span=_span_text(until)))]
    name = _below_me(ws, words[0])
    until, rest = span(words[1:])
    reason = " ".join(rest)
    store = ws.world.store
    modstore.ban(store, "name", name, until, ws.name, reason)
    uid = store.uid_of(name)
    if uid is not None:
        store.end_web_logins(uid)  # (a browser's cookie logs in nobody now)
    ws.world.end_account(name, None, "ban", Line("error", _("This account is banned {span}{because}.", span=_span_text(until), because=_because(reason))))
    return [Line("info", _("{player} is banned {span}.", player=name, span=_span_text(until)))]


def _ban_out(ws, target, why: str) -> None:
    target.push(Line("error", why))
    target.ended_by = "ban"
    ws.world.hang_up(target)


def _network(text: str) -> str:
    """An address or network as the bans table keeps it; RuleError for none, or one so wide it
    would shut out a good part of the Internet (wider than /8, or /32 in IPv6)."""
    try:
        net = ipaddress.ip_network(text, strict=False)
    except ValueError:
        raise RuleError(_("'{text}' is not an address (A.B.C.D, or A.B.C.D/N for a network).", text=shown(text))) from None
    if net.prefixlen < WIDEST[net.version]:
        raise RuleError(_("A network wider than /{bits} is too wide to ban.", bits=WIDEST[net.version]))
    return str(net.network_address) if net.num_addresses == 1 else str(net)


def unban(ws, slots: dict) -> list[Line]:
    words = slots["TEXT"].split()
    if words[0].lower() == "address" and len(words) > 1:
        kind, target = "address", _network(words[1])
    else:
        kind, target = "name", _account(ws, words[0])
    if not modstore.unban(ws.world.store, kind, target, ws.name):
        raise RuleError(_("{address} is not banned.", address=shown(target)))
    return [Line("info", _("{address} is no longer banned.", address=target))]


def mute(ws, slots: dict) -> list[Line]:
    words = slots["TEXT"].split()
    name = _below_me(ws, words[0])
    until, rest = span(words[1:])
    reason = " ".join(rest)
    modstore.mute(ws.world.store, name, until, ws.name, reason)
    target = ws.world.session(name)
    if target is not None:
        target.push(Line("error", _("You are muted {span}{because}: nobody hears you.", span=_span_text(until), because=_because(reason))))
    return [Line("info", _("{player} is muted {span}.", player=name, span=_span_text(until)))]


def unmute(ws, slots: dict) -> list[Line]:
    name = _account(ws, slots["WORD"])
    if not modstore.unmute(ws.world.store, name, ws.name):
        raise RuleError(_("{player} is not muted.", player=name))
    target = ws.world.session(name)
    if target is not None:
        target.push(Line("info", _("You may speak again.")))
    return [Line("info", _("{player} may speak again.", player=name))]


def bans(ws, slots: dict) -> list[Line]:
    store = _store(ws)
    found = modstore.bans(store)
    out = [Line("info", _("{n} ban(s) in force:", n=len(found)) if found else _("No ban is in force."))]
    for b in found[-SHOWN:]:
        what = b.target if b.kind == "name" else _("address {address}", address=b.target)
        out.append(Line("info", _("  {what}: {span}, by {by}{because}", what=what, span=_span_text(b.until), by=b.by, because=_because(b.reason))))
    muted = modstore.mutes(store)
    if muted:
        out.append(Line("info", _("{n} muted:", n=len(muted))))
        out += [Line("info", _("  {player}: {span}, by {by}{because}", player=name, span=_span_text(until), by=by, because=_because(reason)))
                for name, until, by, reason in muted[-SHOWN:]]
    return out


def reports(ws, slots: dict) -> list[Line]:
    found = modstore.reports(_store(ws), SHOWN)
    if not found:
        return [Line("info", _("No report yet."))]
    return [Line("info", _("Newest {n} report(s):", n=len(found)))] + [
        Line("info", _("  {when} {player} about {whom}: {text}", when=modstore.when(at), player=who, whom=whom, text=text)) for at, who, whom, text in found]


# --- operators ------------------------------------------------------------------------------------
def announce(ws, slots: dict) -> list[Line]:
    line = Line("banner", _("[announcement] {text}", text=slots['TEXT']))
    modstore.audit(ws.world.store, ws.name, "announce", "everyone", slots["TEXT"])
    for other in list(ws.world.online.values()):
        if other is not ws:
            other.push(line)
    return [line]


def grant(ws, slots: dict) -> list[Line]:
    name, new = _below_me(ws, slots["WORD"]), slots["WORD2"]
    if new != "moderator":
        raise RuleError(_("In the world an operator grants the moderator role; 'mud admin grant' gives any."))
    modstore.grant(ws.world.store, name, new, ws.name)
    return [Line("info", _("{player} is now a moderator.", player=name))]


def revoke(ws, slots: dict) -> list[Line]:
    name = _below_me(ws, slots["WORD"])
    if not modstore.revoke(ws.world.store, name, ws.name):
        raise RuleError(_("{player} has no role.", player=name))
    return [Line("info", _("{player} is a player again.", player=name))]


# --- every player -----------------------------------------------------------------------------------
def ignoring(ws) -> set[str]:
    """The names (lower case) ``ws``'s player ignores: read from the store once per session."""
    if ws.ignoring is None:
        ws.ignoring = modstore.ignores(ws.world.store, ws.name) if ws.world.store is not None else set()
    return ws.ignoring


def hears(listener, speaker: str) -> bool:
    """Does ``listener``'s talk from ``speaker`` reach them (they do not ignore them)?"""
    return speaker.lower() not in ignoring(listener)


def speaking(ws) -> None:
    """Before ``ws`` talks: a muted player is told so (a RuleError), and nothing is said."""
    store = ws.world.store
    if store is None:
        return
    now_muted, until = modstore.muted(store, ws.name)
    if now_muted:
        raise RuleError(_("You are muted {span}: nobody hears you.", span=_span_text(until)))


def ignore(ws, slots: dict) -> list[Line]:
    if not slots.get("WORD"):
        names = sorted(ignoring(ws))
        return [Line("info", _("You ignore {players}.", players=", ".join(names)) if names else _("You ignore nobody."))]
    name = _account(ws, slots["WORD"])
    if name.lower() == ws.name.lower():
        raise RuleError(_("You cannot ignore yourself."))
    modstore.ignore(ws.world.store, ws.name, name)
    ignoring(ws).add(name.lower())
    return [Line("info", _("You ignore {player}: their talk and tells no longer reach you ('unignore {player}' undoes it).", player=name))]


def unignore(ws, slots: dict) -> list[Line]:
    name = slots["WORD"]
    if name.lower() not in ignoring(ws):
        raise RuleError(_("You do not ignore {player}.", player=shown(name)))
    modstore.unignore(_store(ws), ws.name, name)
    ignoring(ws).discard(name.lower())
    return [Line("info", _("You hear {player} again.", player=name))]


def report(ws, slots: dict) -> list[Line]:
    """A report, filed through the desk (mud/world/reports.py): a few a minute, a repeat on the
    same player folded into the first, so moderators hear of it once."""
    name = _account(ws, slots["WORD"])
    text = slots["TEXT"]
    desk = desks.desk_of(ws.world)
    verdict = desk.verdict(ws.name, name)
    if verdict == "fold":
        return [Line("info", _("You reported {player} a few minutes ago; that report stands and the moderators have it. Report again later if there is more to say.", player=name))]
    if verdict == "wait":
        raise RuleError(_("You filed {n} reports in the last minute; wait a little before the next. This one was not stored.", n=desks.PER_MINUTE))
    modstore.report(ws.world.store, ws.name, name, text, keep=desks.KEPT)
    desk.filed_now(ws.name, name)
    staff = {row[0].lower() for row in modstore.roles(ws.world.store)}
    for other in list(ws.world.online.values()):
        if other is not ws and other.name.lower() in staff:
            other.push(Line("info", _("[report] {player} about {player2}: {text} ('reports' lists them)", player=ws.name, player2=name, text=text)))
    return [Line("info", _("Your report about {player} is stored for the moderators. Thank you.", player=name))]
