"""The servers a world of several nodes runs on (issue 30) start for the tests, on loopback, and
answer: Redis's publish and subscribe, the way the bus will carry talk between nodes."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.engines  # (the slow lane: see pyproject.toml)


async def test_redis_carries_a_published_line_to_a_subscriber(redis_url):
    aioredis = pytest.importorskip("redis.asyncio", reason="redis-py is not installed (pip install questmud[scale])")
    client = aioredis.from_url(redis_url)
    try:
        pubsub = client.pubsub()
        await pubsub.subscribe("room:crossroads")
        await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
        assert await client.publish("room:crossroads", "alice says hi") == 1
        for _ in range(50):
            message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=0.1)
            if message is not None:
                break
        assert message is not None and message["data"] == b"alice says hi"
        await pubsub.aclose()
    finally:
        await client.aclose()
