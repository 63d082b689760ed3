"""This server as one node of a world of several (``mud serve --node NAME --bus redis://...``,
issue 30): the bus (mud/server/bus.py) started and joined to the world (mud/world/nodes.py), so
players on different nodes meet, talk and see each other in ``who``.

Needs redis-py, the optional extra ``questmud[scale]``; without it, asking for a bus is a one-line
error. With a shared PostgreSQL store the nodes share their tables too (mud/world/shared.py): each
is run by one node under a lease (mud/store/leases.py) and followed by the others."""

from __future__ import annotations

from mud.world import shared
from mud.world.nodes import Remote

try:
    from mud.server import bus as redis_bus
except ImportError:  # questmud[scale] is not installed
    redis_bus = None


class NodeError(Exception):
    """The node cannot join its world: one line saying why."""


async def join(world, url: str, node: str):
    """Start the bus at ``url`` as ``node`` and give the world its view of the other nodes; the
    bus is returned (stop it with ``await bus.stop()``)."""
    if redis_bus is None:
        raise NodeError("the bus needs redis-py: pip install 'questmud[scale]'")
    if not node:
        raise NodeError("a bus needs this node's name: --node NAME")
    remote = Remote(world, send=lambda message: None)
    tables = None
    leases = world.store.shared_tables(node)  # a shared store (PostgreSQL): the tables are the world's
    if leases is not None:
        tables = shared.Shared(world, node, send=lambda message: None, leases=leases)

    def hear(message: dict) -> None:
        (tables.heard if tables is not None and message.get("kind") in shared.KINDS else remote.heard)(message)

    bus = redis_bus.Bus(url, node, hear=hear, present=lambda who: remote.refresh(who, node))
    try:
        await bus.start()
        remote.refresh(await bus.who(), node)
    except Exception as err:  # Redis unreachable at start: the operator's to mend
        await bus.stop()
        raise NodeError(f"cannot reach the bus at {url}: {err}") from None
    remote.send = bus.send
    remote.paused = lambda: not bus.up
    world.remote = remote
    if tables is not None:
        tables.send = bus.send
        world.shared = tables
        tables.start_following()
    for ws in list(world.online.values()):
        remote.here(ws.name, ws.room)
    return bus
