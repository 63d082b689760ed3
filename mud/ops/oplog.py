"""The operator's events: one line in the log for each, in one format, whatever tells of it.

What an operator follows on a server -- who logged in and out (and why: quit, a dropped connection,
idle, a kick ...), accounts made, matches started and over, turns a bot played when time ran out,
seats a bot took over, moderation acts -- comes from several places: the three surfaces, the
server's accounts, the world's tables and clocks, the moderation store. Each tells it through
:func:`note`, so every one is written alike: the event's name, then ``key=value`` fields (a value
with a space or a quote in double quotes, escaped as JSON escapes it), e.g.

    login player=alice surface=telnet address=203.0.113.9 term=xterm columns=80 colour=true
    logout player=alice surface=ssh address=203.0.113.9 cause=drop seconds=1830
    match_end match=12 game=<game> table=1 moves=412 winners=alice

With ``mud serve --log-format json`` the record's event and fields are written as they are (one
JSON object a line, mud/server/upkeep/files.py), for log shippers. A value is cut to FIELD_MAX characters
(a client names its terminal and its MUD client: it must not fill the log).

``hear``, when given, hears each event too, as (event, fields): the server's metrics count them
(mud/server/metrics.py), whatever level the log is set to. Each server passes its own, so two
servers in one process count only their own. This module is the events' vocabulary: the names
below and the causes of a logout are the label values the metrics show from the start, at 0.
"""

from __future__ import annotations

import json
import logging
from typing import Callable

FIELD_MAX = 80  # characters of one field's value in the log

EVENTS = ("login", "logout", "account", "match_start", "match_end", "turn_timeout", "takeover", "moderation")

# Events logged alike but not counted by these counters: the server's start and stop, what it
# refuses (a login, a connection, an account, a command ...) and why, failed logins, an address
# slowed down after too many, a connection dropped by the server (a client not reading, a storm
# of telnet commands), the process running out of descriptors (``descriptors state=full``, once,
# then ``state=ok`` once it drains); refusals are counted by the metrics' refusal reasons instead.
OTHERS = ("server_start", "server_stop", "refused", "login_failed", "throttled", "dropped", "descriptors")
LOGGED = EVENTS + OTHERS  # every event name a line of the log may begin with

# Why a session ended (a logout's ``cause``): typed quit (or deleted the account), the connection
# dropped, no input for --idle-timeout, kicked or banned by a moderator, the same name logged in
# elsewhere, a client that did not read its output, a failure of the surface (logged), the server
# stopping; the account deleted, or its password changed, from another session (issue 42).
CAUSES = ("quit", "drop", "idle", "kick", "ban", "elsewhere", "slow", "error", "shutdown", "deleted", "password")

# Why a bot took a person's seat (a takeover's ``why``): they got up ('leave'), or stayed away past
# the seat's grace time.
TAKEOVERS = ("left", "away")

Hear = Callable[[str, dict], None]


def note(log: logging.Logger, event: str, hear: Hear | None = None, level: int = logging.INFO, **fields) -> None:
    """Log ``event`` (one of LOGGED) with its fields, at ``level``; then tell ``hear``."""
    fields = {key: _cut(value) for key, value in fields.items() if value is not None}
    log.log(level, "%s", line(event, fields), extra={"event": event, "fields": fields})
    if hear is not None:
        try:
            hear(event, fields)
        except Exception:  # counting must never cost a player their login or a table its match
            log.exception("counting the event %s failed", event)


def line(event: str, fields: dict) -> str:
    """The event as a line of the text log: its name, then ``key=value`` for each field."""
    return " ".join([event, *(f"{key}={_shown(value)}" for key, value in fields.items())])


def _cut(value):
    if isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_cut(v) for v in value][:FIELD_MAX]
    text = str(value)
    return text if len(text) <= FIELD_MAX else text[:FIELD_MAX] + "..."


def _shown(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        value = ",".join(map(str, value))
    text = str(value)
    if not text or any(c in text for c in ' "=\\') or not text.isprintable():
        return json.dumps(text)  # quoted, and no control character reaches the log as itself
    return text
