"""One client must not hurt the others (issue 16, items 1-2): against a real ``mud serve`` on
loopback, a bystander's round trip stays short while another connection sends garbage, and a
flood of blank lines at ``Name:`` is throttled from the first byte."""

from __future__ import annotations

import asyncio
import time

import pytest

from tests.attack_clients import KINDS, bystander, percentiles, under_attack
from tests.net_clients import RawClient, ServerProcess

SECONDS = 1.5  # of garbage per kind
P99_MS = 50.0


@pytest.fixture(scope="module")
def serving(tmp_path_factory):
    server = ServerProcess(str(tmp_path_factory.mktemp("attack")), "--rate", "1000").start()
    yield server
    server.stop()


@pytest.mark.parametrize("kind", list(KINDS))
async def test_a_bystander_hardly_notices_garbage(serving, kind):
    me = await bystander(serving.telnet_port, "watcher" + str(list(KINDS).index(kind)))
    try:
        times = await under_attack(serving.telnet_port, kind, me, SECONDS)
    finally:
        me.close()
    p50, p99, worst = percentiles(times)
    assert len(times) >= 20
    assert p99 < P99_MS, f"{kind}: p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {worst:.1f} ms"


async def test_blank_lines_at_the_name_prompt_are_throttled(serving):
    raw = await RawClient.connect(serving.telnet_port)
    try:
        await raw.expect("Name: ")
        start = time.monotonic()
        for _ in range(4):
            raw.writer.write(b"\r\n" * 8192)
        await asyncio.sleep(1.0)
        got = await raw.quiet(0.1)
        prompts = got.count("Name: ")
        # 10 at once, then 2 a second (LOGIN_LINES): never one prompt per blank line
        assert 5 <= prompts <= 10 + 2 * (time.monotonic() - start) + 2, prompts
    finally:
        raw.close()
