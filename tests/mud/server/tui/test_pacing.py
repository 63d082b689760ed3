"""The server's TUIs get their news in turn (mud/server/tui/pacing.py): in the order it fell due, never
before, an ended app skipped, and with gaps between hand-overs only while the loop is behind."""

import asyncio
import time

from mud.server.tui import pacing


class FakeApp:
    def __init__(self, name, log, running=True):
        self.name, self.log, self.running = name, log, running

    def hand_news(self):
        if not self.running:
            return False
        self.log.append((self.name, time.monotonic()))
        return True


def test_news_is_handed_over_in_the_order_it_fell_due_and_never_early():
    async def run():
        pacer, log = pacing.Pacer(), []
        now = time.monotonic()
        apps = [FakeApp(name, log) for name in ("later", "first", "second")]
        pacer.request(apps[0], now + 0.05)
        pacer.request(apps[1], now)
        pacer.request(apps[2], now)
        while len(pacer):
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.01)
        return now, log
    now, log = asyncio.run(run())
    assert [name for name, _ in log] == ["first", "second", "later"]
    assert log[2][1] >= now + 0.05


def test_an_app_that_ended_is_skipped():
    async def run():
        pacer, log = pacing.Pacer(), []
        apps = [FakeApp("gone", log, running=False), FakeApp("here", log), FakeApp("freed", log)]
        for app in apps:
            pacer.request(app, 0)
        del apps[2], app  # an app nothing else holds any more is not kept alive by the queue
        while len(pacer):
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.01)
        return pacer, log
    pacer, log = asyncio.run(run())
    assert [name for name, _ in log] == ["here"] and pacer.handed == 1


def test_a_late_loop_opens_gaps_between_hand_overs_and_an_idle_one_closes_them():
    pacer = pacing.Pacer()
    for _ in range(5):
        pacer._adapt(0.05)  # each round of the loop took 50 ms: frames are waiting
    opened = pacer.gap
    assert 0.01 < opened <= pacing.MAX_GAP
    for _ in range(100):
        pacer._adapt(0.0)
    assert pacer.gap == 0.0


def test_each_loop_has_its_own_pacer():
    async def get():
        return pacing.pacer(), pacing.pacer()
    a1, a2 = asyncio.run(get())
    b1, _ = asyncio.run(get())
    assert a1 is a2 and a1 is not b1


def test_news_is_spaced_out_only_while_the_loop_is_behind():
    pacer = pacing.Pacer()
    assert pacer.spacing() == 0.0  # on time: each app's news as often as it may be drawn
    pacer._adapt(0.05)
    assert 0 < pacer.spacing() <= pacing.MAX_SPACING
    for _ in range(40):
        pacer._adapt(0.05)
    assert pacer.spacing() == pacing.MAX_SPACING  # behind for long: about once a second, no less
    for _ in range(60):
        pacer._adapt(0.0)
    assert pacer.spacing() == 0.0
