"""The moderation tables of the store (mud/store/schema.py): roles, bans, mutes, the audit of
every moderation act, each player's ignore list and players' reports.

Plain functions of a store (SQLite's or PostgreSQL's), in statements written once in SQLAlchemy
Core (mud/store/statements.py's ``moderation_statements``) and run by name as the text generated
for the store's engine (``store.rows``, ``store.write``; names compared with ``lower``), so that
``mud admin`` (another process, while the server runs: SQLite in WAL lets it write) and the world
read and write the same rows. Nothing is
cached but the roles table, read again as soon as it changes: the server sees a role granted from
the shell within a tenth of a second, without a restart.
Times are wall-clock seconds (``time.time()``); a ban or mute ``until`` None lasts for ever.
"""

from __future__ import annotations

import ipaddress
import logging
import time
import weakref
from dataclasses import dataclass

from mud.ops import oplog
from mud.store.base import StoreRules as Store
from mud.store.records import StoreFailed

log = logging.getLogger("questmud.moderation")

# Every act the audit records (its ``act``), the label values the server's metrics show from the start.
ACTS = ("kick", "ban", "ban address", "unban", "unban address", "mute", "unmute", "announce", "grant", "revoke")
ROLES = ("moderator", "operator")  # in rising order: an operator may do all a moderator may
BAN_KINDS = ("name", "address")
ROLE_POLL = 0.1  # seconds: a role granted by another process counts this soon at the latest

@dataclass(frozen=True)
class Ban:
    """An account's or an address's ban: by whom, why, until when (None: for ever)."""
    kind: str
    target: str
    until: float | None
    by: str
    reason: str
    at: float


def rank(role: str | None) -> int:
    """0 for a player, 1 for a moderator, 2 for an operator."""
    return ROLES.index(role) + 1 if role in ROLES else 0


# --- the audit ----------------------------------------------------------------------------------
def audit(store: Store, who: str, act: str, whom: str, why: str = "") -> None:
    """One moderation act, in the audit table and the server log (logger questmud.moderation, an
    operator's event: mud/ops/oplog.py)."""
    oplog.note(log, "moderation", store.on_note, act=act, by=who, whom=whom, why=why or None)
    store.write("add_audit", {"at": time.time(), "who": who, "act": act, "whom": whom, "why": why})


def audits(store: Store, limit: int = 20) -> list[tuple[float, str, str, str, str]]:
    """The newest acts, newest first: (at, who, act, whom, why)."""
    return [tuple(r) for r in store.rows("audits", {"limit": limit})]


# --- roles --------------------------------------------------------------------------------------
@dataclass
class _Roles:
    """The roles table as last read by one connection, and when (see :func:`role`)."""
    names: dict[str, str]
    version: int | None  # store.changed() then (SQLite's data_version); None: read again at each look
    checked: float  # time.monotonic() of the last look at data_version


_ROLES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # Store -> _Roles


def role(store: Store, name: str) -> str | None:
    """``name``'s role now. Every typed line asks (several times), so the table is kept in memory
    and read again when this process changes it or, looked at every ``ROLE_POLL`` seconds, when
    another process did (``mud admin``: SQLite's data_version tells)."""
    now = time.monotonic()
    known = _ROLES.get(store)
    if known is None or now - known.checked >= ROLE_POLL:
        try:
            version = store.changed()
            if known is None or version is None or version != known.version:
                rows = store.rows("roles_now")
                known = _ROLES[store] = _Roles({n.lower(): r for n, r in rows if r in ROLES}, version, now)
        except StoreFailed:  # the store out of reach (PostgreSQL gone): the roles last read, or none
            known = _ROLES.get(store) or _Roles({}, None, now)
        known.checked = now
    return known.names.get(name.lower())


def grant(store: Store, name: str, new: str, by: str) -> None:
    if new not in ROLES:
        raise ValueError(f"a role is one of {', '.join(ROLES)}, not {new!r}")
    store.write("drop_role", {"name": name})  # (any case: one row a name)
    store.write("add_role", {"name": name, "role": new, "by": by, "at": time.time()})
    _ROLES.pop(store, None)
    audit(store, by, "grant", name, new)


def revoke(store: Store, name: str, by: str) -> bool:
    """Take ``name``'s role away; False if they had none."""
    done = store.write("drop_role", {"name": name})
    _ROLES.pop(store, None)
    if not done:
        return False
    audit(store, by, "revoke", name)
    return True


def roles(store: Store) -> list[tuple[str, str, str, float]]:
    """Everyone with a role: (name, role, granted by, when), by name."""
    return sorted((tuple(r) for r in store.rows("roles_list")), key=lambda r: r[0].lower())


# --- bans ---------------------------------------------------------------------------------------
def ban(store: Store, kind: str, target: str, until: float | None, by: str, reason: str) -> None:
    """Ban an account (``kind`` 'name') or an address or network ('address', ``A.B.C.D[/N]``)."""
    if kind not in BAN_KINDS:
        raise ValueError(f"a ban is of one of {BAN_KINDS}")
    now = time.time()
    store.write("lift_bans", {"lifted": now, "k": kind, "target": target})
    store.write("add_ban", {"kind": kind, "target": target, "until": until, "by": by, "reason": reason, "at": now})
    audit(store, by, "ban" if kind == "name" else "ban address", target, _why(until, reason))


def unban(store: Store, kind: str, target: str, by: str) -> bool:
    """Lift the bans of ``target``; False if there was none in force."""
    now = time.time()
    done = store.write("unban", {"lifted": now, "k": kind, "target": target, "now": now})
    if done:
        audit(store, by, "unban" if kind == "name" else "unban address", target)
    return bool(done)


def bans(store: Store, now: float | None = None) -> list[Ban]:
    """The bans in force, oldest first."""
    now = time.time() if now is None else now
    rows = store.rows("bans", {"now": now})
    return [Ban(*row) for row in rows]


def banned(store: Store, name: str | None = None, address: str | None = None, now: float | None = None) -> Ban | None:
    """The ban keeping ``name`` or ``address`` out now (the longest, if several), or None."""
    return InForce(bans(store, now)).find(name, address)


class InForce:
    """The bans in force, read once and their networks parsed once: many sessions checked against
    one reading (a node's sessions checked again after the bus was cut: mud/world/recheck.py)."""

    def __init__(self, found: list[Ban]) -> None:
        self.names: dict[str, list[Ban]] = {}
        self.networks: list[tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, Ban]] = []
        for b in found:
            if b.kind == "name":
                self.names.setdefault(b.target.lower(), []).append(b)
            elif b.kind == "address":
                try:
                    self.networks.append((ipaddress.ip_network(b.target, strict=False), b))
                except ValueError:
                    pass

    def find(self, name: str | None, address: str | None) -> Ban | None:
        """The ban keeping ``name`` or ``address`` out (the longest, if several), or None."""
        found = list(self.names.get(name.lower(), ())) if name else []
        ip = _ip(address) if address and self.networks else None
        if ip is not None:
            for net, b in self.networks:
                mapped = ip.ipv4_mapped if isinstance(ip, ipaddress.IPv6Address) and net.version == 4 else None
                if (mapped or ip).version == net.version and (mapped or ip) in net:
                    found.append(b)
        return max(found, key=lambda b: float("inf") if b.until is None else b.until) if found else None


def _ip(address: str):
    try:
        return ipaddress.ip_address(address)
    except ValueError:
        return None


def in_network(address: str, network: str) -> bool:
    """Is ``address`` (a peer's, maybe '?') inside ``network`` (an address or A.B.C.D/N)?"""
    try:
        ip = ipaddress.ip_address(address)
        net = ipaddress.ip_network(network, strict=False)
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None and net.version == 4:
        ip = ip.ipv4_mapped
    return ip.version == net.version and ip in net


def ban_text(b: Ban) -> str:
    """What a banned login is told."""
    how = "for good" if b.until is None else f"until {when(b.until)}"
    whom = "This account is" if b.kind == "name" else "Your address is"
    return f"{whom} banned {how}" + (f": {b.reason}." if b.reason else ".")


def _why(until: float | None, reason: str) -> str:
    """The audit's 'why' of a ban or mute: how long, and the reason given."""
    span = "for ever" if until is None else f"until {when(until)}"
    return f"{span}; {reason}" if reason else span


def when(at: float) -> str:
    """A moment as players everywhere read it: UTC, to the minute."""
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(at))


# --- mutes --------------------------------------------------------------------------------------
def mute(store: Store, name: str, until: float | None, by: str, reason: str) -> None:
    store.write("drop_mute", {"name": name})
    store.write("add_mute", {"name": name, "until": until, "by": by, "reason": reason, "at": time.time()})
    audit(store, by, "mute", name, _why(until, reason))


def unmute(store: Store, name: str, by: str) -> bool:
    if store.write("drop_mute", {"name": name}) == 0:
        return False
    audit(store, by, "unmute", name)
    return True


def muted(store: Store, name: str, now: float | None = None) -> tuple[bool, float | None]:
    """(muted now?, until when -- None for ever)."""
    found = store.rows("muted", {"name": name})
    if not found:
        return False, None
    row = found[0]
    now = time.time() if now is None else now
    return (row[0] is None or row[0] > now), row[0]


def mutes(store: Store, now: float | None = None) -> list[tuple[str, float | None, str, str]]:
    """The mutes in force: (name, until, by, reason)."""
    now = time.time() if now is None else now
    return [tuple(r) for r in store.rows("mutes", {"now": now})]


# --- a player's own: ignores and reports --------------------------------------------------------
def ignores(store: Store, name: str) -> set[str]:
    """The names ``name`` ignores, in lower case."""
    return {r[0].lower() for r in store.rows("ignored", {"name": name})}


def ignore(store: Store, name: str, other: str) -> None:
    if not _ignoring(store, name, other):
        store.write("add_ignore", {"name": name, "other": other, "at": time.time()})


def _ignoring(store: Store, name: str, other: str) -> list:
    """The row of ``name`` ignoring ``other``, if there is one (any case)."""
    return store.rows("ignoring", {"name": name, "other": other})


def unignore(store: Store, name: str, other: str) -> bool:
    return store.write("unignore", {"name": name, "other": other}) > 0


def report(store: Store, who: str, whom: str, text: str, keep: int = 0) -> None:
    """Store a report; with ``keep``, only the newest ``keep`` are kept (the oldest dropped)."""
    log.info("report: %s reports %s", who, whom)
    store.write("add_report", {"at": time.time(), "who": who, "whom": whom, "text": text})
    if keep:
        store.write("trim_reports", {"keep": keep})


def reports(store: Store, limit: int = 20) -> list[tuple[float, str, str, str]]:
    """The newest reports, newest first: (at, who, whom, text)."""
    return [tuple(r) for r in store.rows("reports", {"limit": limit})]
