"""The bus between the nodes of one world (``mud serve --bus redis://...``, issue 30): who is online
where, and what one node's players say to another's.

Built on Redis (redis-py's asyncio client), two of its parts and nothing home-made:

* **Presence**: each node keeps a hash ``questmud:presence:<node>`` (player -> room) that expires
  ``ttl`` seconds after the node's last heartbeat. A node that dies (``kill -9``) disappears from
  ``who`` within ``ttl`` with nothing to clean up; one that stops cleanly deletes its hash at once.
* **Messages**: publish and subscribe on ``questmud:world``. Every node hears every message and
  keeps what concerns its own players (a room's talk, a tell, an arrival); a node skips its own,
  which it delivered itself. A message for one node (``dest``: a command for the node running a
  table, its answer) goes on that node's channel ``questmud:node:<name>`` only. One connection
  listens to both, so a node hears each other node's messages in the order they were sent. Pub/sub delivers in order per publisher and drops nothing while
  connected; what is missed while Redis is away is talk, not moves (moves are in the store).

Messages are plain dicts, encoded as JSON. Their keys never reuse the session envelope's names
(type, text, seq, to, not_to): ``kind``, ``node``, ``line``, ``room``, ``speaker``, ``whom``.

When Redis is unreachable, :meth:`Bus.publish` returns False (the caller tells the player that
talk across nodes is paused) and the bus reconnects by itself; tables keep playing meanwhile.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Callable

import redis.asyncio as aioredis
from redis.exceptions import RedisError

log = logging.getLogger("questmud.bus")

PREFIX = "questmud:"
CHANNEL = PREFIX + "world"
PRESENCE = PREFIX + "presence:"
# what a call may raise while Redis is away or stalled (a timeout is the standard library's in some
# of redis-py's paths): each is the bus being down, never the end of a task
LINK_ERRORS = (RedisError, OSError, asyncio.TimeoutError)
STOP_WAIT = 5.0  # seconds a stop waits for each of its steps (the tasks' ends, the goodbye, the close)
TO_NODE = PREFIX + "node:"  # one node's own channel: what is meant for it alone (a message with ``dest``)


class Bus:
    """One node's link to the others, over Redis."""

    def __init__(self, url: str, node: str, hear: Callable[[dict], None], ttl: float = 10.0,
                 present: Callable[[dict], None] | None = None):
        """``hear``: each message from another node; ``present``: after each heartbeat, everyone on
        every node (``who``), so a dead node's players leave the listeners' view too."""
        self.url, self.node, self.hear, self.ttl, self.present = url, node, hear, ttl, present
        self._out: asyncio.Queue = asyncio.Queue()  # what send() was given, sent in order
        self.redis = aioredis.from_url(url, socket_timeout=2.0, socket_connect_timeout=2.0, health_check_interval=5)
        self.up = False  # the last exchange with Redis worked
        self._here: dict[str, str] = {}  # this node's players and their rooms (written again after an outage)
        self._tasks: list[asyncio.Task] = []
        # the link is back after a cut (a call failed, or the listener lost its subscription): what
        # was said meanwhile may be lost either way, and the node checks again (mud/world/recheck.py)
        self.on_back: Callable[[], None] | None = None

    @property
    def key(self) -> str:
        return PRESENCE + self.node

    async def start(self) -> None:
        """Listen and keep this node's presence alive (a first failure is raised: the operator's)."""
        await self.redis.ping()
        self.up = True
        await self._write_presence()
        self._tasks = [asyncio.create_task(self._listen()), asyncio.create_task(self._heartbeat()),
                       asyncio.create_task(self._sender())]

    def keep(self, work) -> None:
        """Run ``work`` (a coroutine of the node's) as long as the bus runs: :meth:`stop` ends it."""
        self._tasks.append(asyncio.create_task(work))

    async def stop(self) -> None:
        """Leave cleanly: this node's players vanish from ``who`` at once. Bounded: a task that does
        not end within STOP_WAIT of its cancel (a subscription's close waiting on its connection)
        or a Redis that does not answer is left behind, logged, and the stop goes on."""
        for task in self._tasks:
            task.cancel()
        if self._tasks:
            _, late = await asyncio.wait(self._tasks, timeout=STOP_WAIT)
            if late:
                log.warning("the bus's %d task(s) did not end within %g s of their cancel", len(late), STOP_WAIT)
        try:
            await asyncio.wait_for(self.redis.delete(self.key), STOP_WAIT)
        except LINK_ERRORS:
            pass
        try:
            await asyncio.wait_for(self.redis.aclose(), STOP_WAIT)
        except LINK_ERRORS:
            log.warning("the bus's Redis connections did not close within %g s", STOP_WAIT)

    # --- presence -------------------------------------------------------------------------------
    async def arrive(self, name: str, room: str) -> None:
        """``name`` is on this node, in ``room`` (also after a move)."""
        self._here[name] = room
        pipe = self.redis.pipeline()
        pipe.hset(self.key, name, room)
        pipe.expire(self.key, int(max(1, self.ttl)))  # (a first arrival makes the hash: it expires too)
        await self._quietly(pipe.execute())

    async def leave(self, name: str) -> None:
        self._here.pop(name, None)
        await self._quietly(self.redis.hdel(self.key, name))

    async def who(self) -> dict[str, tuple[str, str]]:
        """Everyone online on every node: name -> (node, room). On an outage, this node's own."""
        found: dict[str, tuple[str, str]] = {}
        try:
            async for key in self.redis.scan_iter(match=PRESENCE + "*", count=100):
                node = key.decode()[len(PRESENCE):]
                for name, room in (await self.redis.hgetall(key)).items():
                    found[name.decode()] = (node, room.decode())
            self._up()
        except LINK_ERRORS as err:
            self._down(err)
            return {name: (self.node, room) for name, room in self._here.items()}
        return found

    async def _write_presence(self) -> None:
        pipe = self.redis.pipeline()
        pipe.delete(self.key)
        if self._here:
            pipe.hset(self.key, mapping=self._here)
        pipe.expire(self.key, int(max(1, self.ttl)))
        await pipe.execute()

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(self.ttl / 3)
            try:
                # the hash kept alive; gone (an outage, a Redis started again empty, which another
                # call may already have found up): all of this node's presence written again
                if not (self.up and self._here and await self.redis.expire(self.key, int(max(1, self.ttl)))):
                    await self._write_presence()
                self._up()
            except LINK_ERRORS as err:
                self._down(err)
            if self.present is not None and self.up:
                self.present(await self.who())

    # --- from a synchronous caller (the world) --------------------------------------------------
    def send(self, message: dict) -> None:
        """Publish ``message`` soon, after everything sent before it. A message of kind 'here'
        (``speaker`` now in ``room``, or gone: None) also updates this node's presence."""
        self._out.put_nowait(message)

    async def _sender(self) -> None:
        while True:
            message = await self._out.get()
            if message.get("kind") == "here":
                name, room = str(message.get("speaker")), message.get("room")
                await (self.arrive(name, room) if room is not None else self.leave(name))
            await self.publish(message)

    # --- messages -------------------------------------------------------------------------------
    async def publish(self, message: dict) -> bool:
        """Send ``message`` to every other node (or, with ``dest``, to that one); False while Redis
        is unreachable."""
        dest = message.get("dest")
        channel = TO_NODE + str(dest) if dest else CHANNEL
        return await self._quietly(self.redis.publish(channel, json.dumps(dict(message, node=self.node))))

    async def _listen(self) -> None:
        deaf = False  # the subscription was lost: messages sent meanwhile were not heard
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(CHANNEL, TO_NODE + self.node)
                if deaf:
                    deaf = False
                    self._back()
                async for raw in pubsub.listen():
                    self._heard(raw.get("data"))
            except LINK_ERRORS as err:
                deaf = True
                self._down(err)
                await asyncio.sleep(1.0)
            finally:
                try:
                    await pubsub.aclose()
                except LINK_ERRORS:
                    pass

    def _heard(self, data) -> None:
        """One message from the channel: to ``hear`` unless it is this node's own or not ours."""
        try:
            message = json.loads(data)
        except (TypeError, ValueError):
            message = None
        if not isinstance(message, dict):
            log.warning("a message on %s that is not questmud's was ignored", CHANNEL)
            return
        if message.get("node") == self.node:
            return
        try:
            self.hear(message)
        except Exception:  # a bad message must not stop the node's listening
            log.exception("a message from the bus could not be delivered: %r", message)

    async def _quietly(self, call) -> bool:
        try:
            await call
        except LINK_ERRORS as err:
            self._down(err)
            return False
        self._up()
        return True

    def _up(self) -> None:
        """A call to Redis worked: if the last had failed, the link is back."""
        if not self.up:
            self.up = True
            log.info("the bus at %s is reachable again", self.url)
            self._back()

    def _back(self) -> None:
        if self.on_back is not None:
            try:
                self.on_back()
            except Exception:  # the node's own trouble must not stop the bus
                log.exception("the node could not take the bus's coming back")

    def _down(self, err: Exception) -> None:
        if self.up:
            log.warning("the bus at %s is unreachable: %s", self.url, err)
        self.up = False
