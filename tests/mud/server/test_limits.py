"""The server's limits: failed logins per address, commands per second, line length, names, sessions."""

from __future__ import annotations

import pytest

from mud.server.core import Config, Server
from mud.server.clients.lines import Limits, LineFront, LoginGuard, Throttle
from mud.world.session import valid_name
from mud.world.world import WorldFull


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_failed_logins_block_an_address_for_a_while():
    clock = Clock()
    guard = LoginGuard(Limits(login_attempts=3, login_window=60), clock)
    for _ in range(3):
        assert not guard.blocked("10.0.0.1")
        guard.failed("10.0.0.1")
    assert guard.blocked("10.0.0.1")
    assert not guard.blocked("10.0.0.2")  # per address
    clock.now += 61
    assert not guard.blocked("10.0.0.1")


def test_the_throttle_allows_bursts_then_the_rate():
    clock = Clock()
    throttle = Throttle(rate=2, burst=5, clock=clock)
    assert all(throttle.allow() for _ in range(5))
    assert not throttle.allow()
    clock.now += 1
    assert throttle.allow() and throttle.allow() and not throttle.allow()


@pytest.mark.parametrize("name,ok", [("alice", True), ("Bob_2", True), ("x", False), ("2cool", False),
                                     ("bot7", False), ("BotFather", False), ("admin", False),
                                     ("a" * 17, False), ("al ice", False), ("élan", False), ("", False)])
def test_names(name, ok):
    assert (valid_name(name) is None) == ok


class FakeSession:
    def __init__(self):
        self.lines = []
        self.lang = "en"  # (what a line front words its own lines in)

    def handle(self, line):
        from mud.shell.session import Line
        self.lines.append(line)
        return [Line("info", f"ran {line}")]

    def flush(self):
        return []

    def question_lines(self, before=()):
        return []


def test_long_lines_and_floods_are_answered_politely():
    session = FakeSession()
    front = LineFront(session, Limits(max_line=100, rate=1, burst=3), colour=False)
    assert "too long" in front.receive("x" * 101)[0]
    assert session.lines == []
    answers = [front.receive("look") for _ in range(6)]
    assert answers[:3] == [["ran look"]] * 3
    assert "Slow down" in answers[3][0] and answers[4] == [] and answers[5] == []  # said once
    assert session.lines == ["look"] * 3


async def test_the_server_blocks_an_address_after_failed_logins(tmp_path):
    server = Server(Config(ssh_port=None, telnet_port=None, data_dir=str(tmp_path),
                           limits=Limits(login_attempts=3)))
    await server.start()
    try:
        ok, message = await server.login("alice", "secret1", "1.2.3.4")
        assert ok and "created" in str(message)
        assert (await server.login("alice", "secret1", "1.2.3.4")) == (True, "")
        for _ in range(3):
            assert str((await server.login("alice", "wrong", "1.2.3.4"))[1]) == "Wrong password."
        ok, message = await server.login("alice", "secret1", "1.2.3.4")
        assert not ok and "Too many failed logins" in str(message)
        assert (await server.login("alice", "secret1", "5.6.7.8"))[0]
        assert not (await server.login("bot1", "secret1", "5.6.7.8"))[0]
        assert not (await server.login("newbie", "abc", "5.6.7.8"))[0]  # a password too short
    finally:
        await server.stop()


async def test_at_most_n_sessions(tmp_path):
    server = Server(Config(ssh_port=None, telnet_port=None, data_dir=str(tmp_path), limits=Limits(max_sessions=2)))
    await server.start()
    try:
        server.open_session("alice", "test")
        server.open_session("bob", "test")
        with pytest.raises(WorldFull):
            server.open_session("carol", "test")
        server.open_session("alice", "test")  # the same account again replaces its session
    finally:
        await server.stop()
