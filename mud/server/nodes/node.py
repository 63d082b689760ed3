"""This server as one node of a world of several (``mud serve --node NAME --bus redis://...``,
issue 30): the bus (mud/server/nodes/bus.py) started and joined to the world (mud/world/nodes.py), so
players on different nodes meet, talk and see each other in ``who``.

Needs redis-py, the optional extra ``questmud[scale]``; without it, asking for a bus is a one-line
error. With a store that shares tables (PostgreSQL: ``Store.shares_tables``) the nodes share their
tables too (mud/world/shared.py): each is run by one node under a lease (mud/store/leases.py) and followed
by the others. What the bus hears is decoded into mud/world/messages.py's typed records here, each
handed to the link it is for."""

from __future__ import annotations

import asyncio
import logging
from typing import Callable

from mud.world import messages
from mud.world.nodes import Remote
from mud.world.shared import Shared

try:
    from mud.server.nodes import bus as redis_bus
except ImportError:  # questmud[scale] is not installed
    redis_bus = None


log = logging.getLogger("questmud.bus")

RECHECK_STEP = 1.0  # seconds between two steps of the sessions' check against the store (recheck.py)


class NodeError(Exception):
    """The node cannot join its world: one line saying why."""


def _at_once(send: Callable[[dict], None], message: dict) -> None:
    send(message)


async def join(world, url: str, node: str, told: Callable[[Callable, dict], None] = _at_once):
    """Start the bus at ``url`` as ``node`` and give the world its links to the other nodes: their
    people and talk (``world.others``) and, with a store that shares tables (PostgreSQL), the
    tables' host (``world.host``), whose messages go out through ``told(send, message)`` (the
    server's: once what they tell is committed). The bus is returned (stop it with ``await bus.stop()``)."""
    if redis_bus is None:
        raise NodeError("the bus needs redis-py: pip install 'questmud[scale]'")
    if not node:
        raise NodeError("a bus needs this node's name: --node NAME")
    remote = Remote(world, send=lambda message: None)
    leases = world.store.shared_tables(node) if world.store is not None else None  # PostgreSQL's capability
    tables = Shared(world, node, send=lambda message: None, leases=leases) if leases is not None else None

    def hear(data: dict) -> None:
        """A message from another node: checked (a malformed one is dropped), then to the link it is for."""
        message = messages.decode(data)
        if message is None:
            return
        if isinstance(message, (messages.TableMessage, messages.Answer)):
            world.host.hear(message)  # (a world that does not share its tables: nobody hears them)
        else:
            remote.hear(message)

    bus = redis_bus.Bus(url, node, hear=hear, present=lambda who: remote.refresh(who, node))
    try:
        await bus.start()
        remote.refresh(await bus.who(), node)
    except Exception as err:  # Redis unreachable at start: the operator's to mend
        await bus.stop()
        raise NodeError(f"cannot reach the bus at {url}: {err}") from None
    remote.send = bus.send
    remote.paused = lambda: not bus.up
    bus.on_back = remote.relinked  # what the cut lost: this node's sessions checked against the store
    bus.keep(_rechecking(bus, remote))
    world.others = remote
    if tables is not None:
        tables.send = lambda message: told(bus.send, message)
        world.host = tables
        tables.start_following()
    for ws in list(world.online.values()):
        remote.here(ws.name, ws.room)
    return bus


async def _rechecking(bus, remote: Remote) -> None:
    """This node's sessions checked against the store, a step a second: after the bus comes back,
    and now and then while it is cut (mud/world/recheck.py)."""
    while True:
        await asyncio.sleep(RECHECK_STEP)
        try:
            remote.recheck.tick(cut=not bus.up)
        except Exception:  # a bug costs one step, never the node's checking
            log.exception("checking this node's sessions against the store failed")
