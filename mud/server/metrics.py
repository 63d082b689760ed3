"""The server's metrics in the Prometheus text format (``mud serve --metrics-port N``).

This module owns everything Prometheus: the world, the store and the surfaces import nothing of it.
The server (``mud/server/core.py``) holds one :class:`Metrics` -- or :data:`OFF`, whose hooks do
nothing, when no metrics port is given -- and calls its few hooks at the narrowest points:

* ``watch_session(ws)`` when a session opens: its ``handle`` (every typed line, on every surface,
  the TUI's included) is counted and timed;
* ``watch_store(store)`` when the store opens: its ``_write`` (each write one committed
  transaction, a move's included) is timed;
* ``login_refused(message)`` for each refused login (the reason read from the message, so a
  refusal added later is counted too: :func:`refusal_reason`);
* ``heard(event, fields)``, the ear the server gives :func:`mud.ops.oplog.note` (its own, the world's and
  the store's): logins and accounts by surface, logouts by cause, matches started and over,
  turns timed out and seats taken by bots by game, moderation acts by kind;
* logged errors are counted by a logging handler on the ``questmud`` loggers.

Every counter is shown from the first scrape with each label value it can have, at 0 (the
surfaces, the games of the catalogue, the causes of mud/ops/oplog.py, the acts of mud/store/moderation.py, the
reasons of REFUSALS, the server's loggers): a series that appears only with its first event hides
that event from ``increase()``, and an alert on "the first error" would never fire.

Sessions by surface and matches running are read from the server at each scrape (a collector),
so nothing has to be kept in step. The two hooks on the hot path (every line, every write) add to
plain Python numbers that the collector turns into a counter and histograms at the scrape: they
run on the server's one loop, so they need none of the locks of prometheus_client's own metric
objects, and cost a third as much (bench/metrics.py). The rare events (refusals, errors, which
may be logged from a thread) use the library's thread-safe counters. Each server has its own registry (never the library's global
one): tests run several servers in one process. The scrape is answered by aiohttp in the server's
own loop -- the collector reads the world there, between two commands, never from a thread.
"""

from __future__ import annotations

import logging
import platform
import time
from bisect import bisect_left
from collections import Counter as Tally
from importlib import metadata

from aiohttp import web
from prometheus_client import CollectorRegistry, Counter, ProcessCollector, disable_created_metrics
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, HistogramMetricFamily, InfoMetricFamily
from prometheus_client.exposition import choose_encoder
from prometheus_client.registry import Collector

import games
from mud.ops import oplog
from mud.store import moderation as modstore
from mud.server.web.front import Closer
from mud.store import StoreFailed

log = logging.getLogger("questmud.server")

# Buckets in seconds. A command is usually well under a millisecond (a bot turn included); a slow
# one is worth seeing up to seconds. A committed write is an fsync away: from 0.1 ms up.
COMMAND_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
WRITE_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0)

# A refused login's reason, from the words of its message (lower case, first match wins). The name's
# own rules (valid_name) come first; "other" counts whatever none of these names.
REFUSALS = (
    ("a name is ", "name"),
    ("is reserved", "name"),
    ("too many failed logins", "throttled"),
    ("wrong password", "password"),
    ("choose a password", "weak_password"),
    ("too many new accounts", "accounts_per_hour"),
    ("was just taken", "name_taken"),
    ("cannot save", "store"),
    ("banned", "banned"),
    ("world is full", "full"),
)


SURFACES = ("ssh", "telnet", "web")  # the ways in, each shown from the start (listening or not)


def refusal_reason(message) -> str:
    """The label of a refused login: one of REFUSALS' reasons, or "other" (a message read in English)."""
    low = str(message).lower()
    return next((reason for words, reason in REFUSALS if words in low), "other")


class Timing:
    """A histogram kept in plain numbers: ``observe`` is one bisect and two additions. Read only
    at a scrape (:meth:`family`), on the same loop that observes."""

    def __init__(self, bounds: tuple[float, ...]) -> None:
        self.bounds = bounds
        self.counts = [0] * (len(bounds) + 1)  # the last one: above every bound (+Inf)
        self.total = 0.0

    def observe(self, seconds: float) -> None:
        self.counts[bisect_left(self.bounds, seconds)] += 1  # the first bound >= seconds: le semantics
        self.total += seconds

    def family(self, name: str, text: str) -> HistogramMetricFamily:
        buckets, seen = [], 0
        for bound, count in zip((*map(repr, self.bounds), "+Inf"), self.counts):
            seen += count
            buckets.append((bound, seen))
        return HistogramMetricFamily(name, text, buckets=buckets, sum_value=self.total)


class Metrics:
    """One server's registry and the hooks that feed it."""

    def __init__(self, server) -> None:
        self.server = server
        self.address: tuple[str, int] | None = None  # (host, port) once listening
        disable_created_metrics()  # no `_created` series beside each counter: half the scrape, no use here
        self.registry = CollectorRegistry(auto_describe=True)
        reg = self.registry
        self.commands: dict[str, list[int]] = {}  # surface -> [lines run]
        self.command_seconds = Timing(COMMAND_BUCKETS)
        self.write_seconds = Timing(WRITE_BUCKETS)
        self.commit_seconds = Timing(WRITE_BUCKETS)  # group commit's (mud/server/clients/durable.py): the fsync
        self.refused = Counter("questmud_refused_logins", "Logins refused, by reason", ["reason"], registry=reg)
        for reason in sorted({reason for _words, reason in REFUSALS} | {"other"}):
            self.refused.labels(reason)  # (0 from the start)
        self.errors = Counter("questmud_errors", "Errors logged (exceptions included), by logger",
                              ["logger"], registry=reg)
        self.known_loggers()
        self.events: dict[str, Tally] = {event: Tally() for event in oplog.EVENTS}  # event -> label -> count
        self.store_failures = Tally()  # "write", "commit" -> how many failed
        reg.register(_Live(self))
        ProcessCollector(registry=reg)  # memory, CPU, open files of the server's process
        self._errors = _ErrorCount(self.errors)
        logging.getLogger("questmud").addHandler(self._errors)

    # --- hooks --------------------------------------------------------------------------------
    def watch_session(self, ws) -> None:
        """Count and time every line ``ws`` runs (its own ``handle``: the world's code is unchanged)."""
        run = ws.handle
        commands = self.commands.setdefault(ws.surface or "other", [0])
        observe, clock = self.command_seconds.observe, time.perf_counter

        def handle(*args, **kwargs):
            began = clock()
            try:
                return run(*args, **kwargs)
            finally:
                observe(clock() - began)
                commands[0] += 1
        ws.handle = handle

    def watch_store(self, store) -> None:
        """Time every committed write of ``store``."""
        write = store._write
        observe, clock = self.write_seconds.observe, time.perf_counter

        failures = self.store_failures

        def timed(*args, **kwargs):
            began = clock()
            try:
                return write(*args, **kwargs)
            except StoreFailed:  # a full disk, PostgreSQL gone ...: the write was not made
                failures["write"] += 1
                raise
            finally:
                observe(clock() - began)
        store._write = timed
        commit = store.commit
        observe_commit = self.commit_seconds.observe

        def timed_commit(*args, **kwargs):  # a server's writes are batched: the disk's time is here
            began = clock()
            try:
                done = commit(*args, **kwargs)
                if done is False:  # rolled back, tried again later (durable.py holds the answers)
                    failures["commit"] += 1
                return done
            finally:
                observe_commit(clock() - began)
        store.commit = timed_commit

    def login_refused(self, message: str) -> None:
        self.refused.labels(refusal_reason(message)).inc()

    def heard(self, event: str, fields: dict) -> None:
        """An operator's event (mud/ops/oplog.py), counted under the label its metric shows."""
        tally = self.events.get(event)
        if tally is not None:
            tally[_label(event, fields)] += 1

    def known_loggers(self) -> list[str]:
        """The server's loggers (``questmud`` and below): each is an error label from the start."""
        names = [name for name in logging.Logger.manager.loggerDict
                 if name == "questmud" or name.startswith("questmud.")]
        for name in names:
            self.errors.labels(name)
        return names

    # --- the port -----------------------------------------------------------------------------
    async def listen(self, host: str, port: int) -> Closer:
        """Answer ``GET /metrics`` on ``host:port``; returns the closer the server calls at its stop."""
        app = web.Application()
        app.router.add_get("/metrics", self._scrape)
        runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=1.0)
        await runner.setup()
        site = web.TCPSite(runner, host, port, reuse_address=True)
        await site.start()
        bound = site._server.sockets[0].getsockname()[:2] if site._server and site._server.sockets else (host, port)
        self.address = (bound[0], bound[1])
        log.info("metrics on http://%s:%d/metrics", *self.address)
        return Closer(runner.cleanup)

    async def _scrape(self, request: web.Request) -> web.Response:
        self.known_loggers()  # (a module imported since the last scrape brings its logger)
        encode, kind = choose_encoder(request.headers.get("Accept", ""))
        return web.Response(body=encode(self.registry), headers={"Content-Type": kind})

    def close(self) -> None:
        logging.getLogger("questmud").removeHandler(self._errors)


class Off:
    """No metrics port: every hook does nothing, and nothing is wrapped."""

    address = None
    heard = None  # (mud/ops/oplog.py calls no ear at all)

    def watch_session(self, ws) -> None:
        pass

    def watch_store(self, store) -> None:
        pass

    def login_refused(self, message: str) -> None:
        pass

    def close(self) -> None:
        pass


OFF = Off()


class _Live(Collector):
    """Read at each scrape: the hot path's plain numbers, what the server holds now (sessions by
    surface, matches running by game, the store failing), and the operator's events counted."""

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics

    def collect(self):
        metrics, server = self.metrics, self.metrics.server
        surfaces = sorted(set(server.ports) | set(metrics.commands))  # every listening surface, 0 too
        commands = CounterMetricFamily("questmud_commands", "Lines typed by players and run, by surface",
                                       labels=["surface"])
        for surface in surfaces:
            commands.add_metric([surface], metrics.commands.get(surface, [0])[0])
        yield commands
        yield metrics.command_seconds.family("questmud_command_seconds", "Time to run one typed line")
        yield metrics.write_seconds.family("questmud_store_write_seconds",
                                           "Time of one write to the store (a move, an account ...)")
        yield metrics.commit_seconds.family("questmud_store_commit_seconds",
                                            "Time of one group commit of the store's writes (its fsync)")
        open_now = Tally(ws.surface or "other" for ws in server.sessions)
        sessions = GaugeMetricFamily("questmud_sessions", "Sessions open now, by surface", labels=["surface"])
        for surface in sorted(set(server.ports) | set(open_now)):
            sessions.add_metric([surface], open_now[surface])
        yield sessions
        yield _gauge("questmud_sessions_max", "Sessions the server lets in at once (--max-sessions)",
                     server.limits.max_sessions)
        world = server.world
        tables = world.tables.values() if world is not None else ()
        playing = Tally(gt.game for gt in tables  # (the tutorial's practice table is no match)
                        if gt.match is not None and not gt.match.over and not gt.practice)
        games_known = sorted(set(games.CATALOGUE) | set(playing))
        running = GaugeMetricFamily("questmud_matches_running", "Matches being played now (not over), by game",
                                    labels=["game"])
        for game in games_known:
            running.add_metric([game], playing[game])
        yield running
        yield from self._events(surfaces, games_known)
        failures = CounterMetricFamily("questmud_store_failures", "Writes and commits to the store that failed "
                                       "(a full disk, the database out of reach), by operation", labels=["op"])
        for op in ("write", "commit"):
            failures.add_metric([op], metrics.store_failures[op])
        yield failures
        commits = server.commits
        yield _gauge("questmud_store_failing", "1 while the store cannot commit: the players' answers are held",
                     int(bool(commits is not None and commits.failing)))
        yield InfoMetricFamily("questmud_build", "The server's version (and Python's)",  # questmud_build_info
                               value={"version": VERSION, "python": platform.python_version()})

    def _events(self, surfaces: list[str], games_known: list[str]):
        """The operator's events (mud/ops/oplog.py), each counter with every label value it may have."""
        events = self.metrics.events
        by_surface = sorted(set(SURFACES) | set(surfaces))
        for name, event, text, label, values in (
                ("questmud_logins", "login", "Logins that entered the world, by surface", "surface", by_surface),
                ("questmud_accounts_created", "account", "New accounts, by surface", "surface", by_surface),
                ("questmud_disconnects", "logout", "Sessions ended, by cause (quit, drop, idle, kick, ban, elsewhere, "
                                                   "slow, error, shutdown, deleted, password)", "cause", oplog.CAUSES),
                ("questmud_matches_started", "match_start", "Matches started, by game", "game", games_known),
                ("questmud_matches_finished", "match_end", "Matches played to their end, by game", "game", games_known),
                ("questmud_turn_timeouts", "turn_timeout", "Turns a bot played for a person when their time was up, "
                                                           "by game", "game", games_known),
                ("questmud_moderation_acts", "moderation", "Moderation acts, by kind", "act",
                 [_act(act) for act in modstore.ACTS])):
            family = CounterMetricFamily(name, text, labels=[label])
            tally = events[event]
            for value in sorted(set(values) | set(tally)):
                family.add_metric([value], tally[value])
            yield family
        takeovers = CounterMetricFamily("questmud_bot_takeovers", "Seats of people a bot took over, by game and "
                                        "why (left: they got up; away: gone past the seat's grace time)",
                                        labels=["game", "why"])
        tally = events["takeover"]
        for game, why in sorted({(g, w) for g in games_known for w in oplog.TAKEOVERS} | set(tally)):
            takeovers.add_metric([game, why], tally[(game, why)])
        yield takeovers


def _gauge(name: str, text: str, value: float) -> GaugeMetricFamily:
    return GaugeMetricFamily(name, text, value=value)


def _act(act: str) -> str:
    return act.replace(" ", "_")  # "ban address": ban_address


def _label(event: str, fields: dict):
    """The label an event is counted under: its surface, cause, game (and why), or act."""
    if event in ("login", "account"):
        return str(fields.get("surface", "other"))
    if event == "logout":
        return str(fields.get("cause", "drop"))
    if event == "takeover":
        return (str(fields.get("game", "?")), str(fields.get("why", "?")))
    if event == "moderation":
        return _act(str(fields.get("act", "?")))
    return str(fields.get("game", "?"))


def _version() -> str:
    try:
        return metadata.version("questmud")
    except metadata.PackageNotFoundError:  # run from a source tree never installed
        return "unknown"


VERSION = _version()


class _ErrorCount(logging.Handler):
    """Counts each record of level ERROR or above (``log.exception`` included) by its logger."""

    def __init__(self, counter: Counter) -> None:
        super().__init__(logging.ERROR)
        self.counter = counter

    def emit(self, record: logging.LogRecord) -> None:
        self.counter.labels(record.name).inc()
