"""Others' news to telnet clients in a crowd: gathered in rounds within a budget of writes, each
client written once a round, a round's bytes made once for the clients with the same lines."""

from __future__ import annotations

import asyncio

import pytest

from mud.server.telnet.news import NEWS_GAP, NEWS_WRITES, NewsRound, news_bytes
from mud.shell.session import Line
from mud.world.world import World
from tests.telnet_clients import Client, Raw, log_in


class Due:
    """A stand-in for a telnet Player: counts its flushes, and may wake again while flushed."""

    def __init__(self, news: NewsRound, again: bool = False):
        self.news, self.again, self.flushes = news, again, 0

    def flush(self) -> None:
        self.flushes += 1
        if self.again:  # a line said while the round writes: this one waits for the next round
            self.again = False
            self.news.soon(self)


def test_the_gap_widens_past_the_budget_of_writes():
    assert NewsRound(set(range(10))).gap == NEWS_GAP
    crowd = set(range(2 * NEWS_WRITES))
    assert NewsRound(crowd).gap == pytest.approx(2.0)
    crowd.clear()  # the set is the listener's own: the gap follows it
    news = NewsRound(crowd)
    crowd.update(range(NEWS_WRITES))
    assert news.gap == pytest.approx(max(NEWS_GAP, 1.0))


async def test_a_round_writes_each_client_once_and_later_arrivals_wait_for_the_next():
    news = NewsRound(set())
    players = [Due(news, again=(i % 3 == 0)) for i in range(120)]  # more than a slice
    for p in players:
        news.soon(p)
    news.soon(players[0])  # due twice: still once in the round
    await asyncio.sleep(NEWS_GAP + 0.05)
    while news.now is not None:
        await asyncio.sleep(0)
    assert [p.flushes for p in players] == [1] * 120
    assert len(news.due) == 40 and news.timer is not None  # woken meanwhile: the next round
    await asyncio.sleep(NEWS_GAP + 0.05)
    while news.now is not None:
        await asyncio.sleep(0)
    assert [p.flushes for p in players] == [2 if i % 3 == 0 else 1 for i in range(120)]
    assert news.timer is None and not news.due


def test_a_rounds_bytes_are_made_once_for_the_same_lines_colour_and_width():
    news = NewsRound(set())
    lines = [Line("say", "bob says: hi"), Line("emote", "bob waves")]
    first = news.bytes_for(list(lines), True, 80)
    assert news.bytes_for(list(lines), True, 80) is first  # the same lines (objects): the same bytes
    assert first == news_bytes(lines, True, 80)
    assert news.bytes_for(lines, False, 80) == news_bytes(lines, False, 80) != first
    long = lines + [Line("say", "bob says: " + "word " * 30)]
    narrow = news.bytes_for(long, True, 40)
    assert narrow == news_bytes(long, True, 40) and narrow.count(b"\r\n") > 4
    same_text = [Line("say", "bob says: hi"), Line("emote", "bob waves")]  # equal, not the same objects
    assert news.bytes_for(same_text, True, 80) == first


def test_iac_in_news_is_doubled():
    data = news_bytes([Line("say", "a" + bytes([255]).decode("latin-1"))], False, 80)
    assert b"\xff" not in data.replace(b"\xff\xff", b"")


def test_a_session_woken_once_until_it_flushes_but_at_a_table_every_time():
    world = World()
    woken = []
    ws = world.connect("alice", lambda: woken.append(1), "telnet")
    ws.flush()
    ws.wake_once = True
    woken.clear()
    for i in range(3):
        ws.push(Line("say", f"line {i}"))
    assert len(woken) == 1
    assert [x.text for x in ws.flush()] == ["line 0", "line 1", "line 2"]
    ws.push(Line("say", "after the flush"))
    assert len(woken) == 2
    ws.inner = object()  # at a match: news may begin a turn, every line wakes
    ws.push(Line("say", "at a table"))
    ws.push(Line("say", "again"))
    assert len(woken) == 4


def test_say_reaches_everyone_else_in_the_room_but_those_who_ignore_the_speaker():
    world = World()
    alice, bob, carol = (world.connect(n, None, "telnet") for n in ("alice", "bob", "carol"))
    for ws in (alice, bob, carol):
        ws.flush()
    carol.ignoring = {"alice"}
    alice.handle("say hello")
    assert [x.text for x in bob.flush()] == ["alice says: hello"]
    assert carol.flush() == [] and not any("alice says" in x.text for x in alice.flush())


@pytest.fixture
def server(telnet_server):
    return telnet_server  # (tests/conftest.py)


async def test_a_crowd_hears_every_line_in_order_while_one_of_them_types(server):
    port = server.ports["telnet"]
    crowd = [await Raw.connect(port) for _ in range(4)]
    for i, conn in enumerate(crowd):
        await log_in(conn, f"listener{i}")
    speaker = server.open_session("speaker", "bench")
    await asyncio.sleep(0.3)
    for conn in crowd:
        conn.data = b""
    for i in range(12):
        speaker.handle(f"say line {i:02d}")
        if i == 5:
            crowd[0].send("look")  # their own answer takes the news so far; the rest follows
        await asyncio.sleep(0.02)
    for n, conn in enumerate(crowd):
        got = (await conn.expect("speaker says: line 11")).decode("utf-8", "replace")
        at = [got.find(f"speaker says: line {i:02d}") for i in range(12)]
        assert -1 not in at and at == sorted(at), (n, got)
        assert all(got.count(f"line {i:02d}") == 1 for i in range(12))
        assert ("Exits:" in got) == (n == 0)


async def test_a_gmcp_client_hearing_news_has_its_packages_looked_at_once_a_write(server):
    port = server.ports["telnet"]
    mudlet = await Client.connect(port)
    await log_in(mudlet, "mudlet")
    player = next(p.player for p in server.telnet.protocols if p.player is not None)
    assert player.gmcp_on()
    speaker = server.open_session("speaker", "bench")
    await mudlet.expect("speaker arrives.")
    await asyncio.sleep(0.2)
    before = player.gmcp_checks
    speaker.handle("say one line")
    await mudlet.expect("speaker says: one line")
    await asyncio.sleep(0.2)
    assert player.gmcp_checks - before == 1  # once for the write (no prompt under the news: it stands)
    assert mudlet.packages("Room.Info")[-1]["count"] == 2
