"""Ending an account's sessions (issue 42): one entry point, ``World.end_account``, which ends the
account's sessions on this node and forwards an ``EndAccount`` over the bus, so a deletion, a password
change, a kick or a ban on one node ends the account's sessions on the others; and a session left on
another node after its account was deleted and its name made again never touches the new account
(finding 1's hijack). Two worlds share one SQLite file here, their messages carried by hand as the
bus would (tests/mud/server/nodes/ run the same over Redis)."""

from __future__ import annotations

import json

from mud.store import Store
from mud.world import messages
from mud.world.credentials import GONE
from mud.world.nodes import Remote
from mud.world.world import LoginEnded, World
from tests.mud.world.test_credentials import KEY, last, texts


def linked(path: str) -> tuple[World, World]:
    """Two nodes of one world (one store), each hearing what the other sends, as JSON."""
    a, b = World(Store(path)), World(Store(path))
    a.others = Remote(a, send=lambda m: b.others.heard(json.loads(json.dumps(dict(m, node="a")))))
    b.others = Remote(b, send=lambda m: a.others.heard(json.loads(json.dumps(dict(m, node="b")))))
    return a, b


def on_both(a: World, b: World, name: str):
    """``name`` logged in on ``a``, then on ``b`` with ``b``'s word to ``a`` lost (the bus away, or
    two logins crossing): a session on each node, which a login alone no longer leaves."""
    on_a = a.connect(name)
    send, b.others.send = b.others.send, lambda message: None
    try:
        return on_a, b.connect(name)
    finally:
        b.others.send = send


def test_a_deleted_account_ends_its_session_on_the_other_node_which_never_touches_the_next_owner(tmp_path):
    a, b = linked(str(tmp_path / "mud.db"))
    a.store.create_account("x", "pw12")
    on_a, on_b = on_both(a, b, "x")
    assert on_a.uid == on_b.uid == a.store.uid_of("x")
    assert "is deleted" in last(on_a, "delete account pw12")
    assert on_b.closed and on_b.ended_by == "deleted" and b.session("x") is None
    assert "This account was deleted from another session." in texts(on_b.flush())


def test_with_the_message_lost_a_stale_session_still_writes_nothing_for_the_next_owner(tmp_path):
    a, b = linked(str(tmp_path / "mud.db"))
    a.others.send = lambda message: None  # the bus lost it
    a.store.create_account("x", "pw12")
    on_a, on_b = on_both(a, b, "x")
    last(on_a, "delete account pw12")
    assert not on_b.closed
    a.store.create_account("x", "stranger")
    for line in ("key add " + KEY, "keys", "key remove 1", "password pw12 hijack", "delete account stranger"):
        assert last(on_b, line) == str(GONE), line
    assert a.store.keys("x") == [] and a.store.check_password("x", "stranger")


def test_a_password_change_ends_the_other_sessions_but_not_its_own(tmp_path):
    a, b = linked(str(tmp_path / "mud.db"))
    a.store.create_account("pat", "pw12")
    on_a, on_b = on_both(a, b, "pat")
    assert "Your password is changed" in last(on_a, "password pw12 pw34")
    assert on_b.closed and on_b.ended_by == "password" and not on_a.closed


def test_a_kick_and_a_ban_reach_the_account_on_every_node(tmp_path):
    a, b = linked(str(tmp_path / "mud.db"))
    for name in ("mod", "solo1", "solo2"):
        a.store.create_account(name, "pw12")
    a.store.write("add_role", {"name": "mod", "role": "moderator", "by": "root", "at": 0})
    mod = a.connect("mod")
    here, there = on_both(a, b, "solo1")
    assert texts(mod.handle("kick solo1"))[-1] == "solo1 is kicked out (they may log in again)."
    assert here.closed and there.closed and there.ended_by == "kick"
    elsewhere, _ = on_both(b, a, "solo2")
    mod.handle("ban solo2 for 1h")
    assert elsewhere.closed and elsewhere.ended_by == "ban"


def test_the_message_round_trip_ends_only_the_identity_it_names():
    world = World(Store(":memory:"))
    world.store.create_account("ann", "pw12")
    ws = world.connect("ann")
    other_uid = "0" * 32
    world.others = Remote(world, send=lambda m: None)
    world.others.heard(messages.encode(messages.EndAccount(name="ann", uid=other_uid, why="deleted")))
    assert not ws.closed  # a session of another identity under the name is not that account's
    world.others.heard(dict(messages.encode(messages.EndAccount(name="ann", uid=ws.uid, why="deleted", line="bye")),
                            node="b"))
    assert ws.closed and ws.ended_by == "deleted" and "bye" in texts(ws.flush())
    assert messages.decode({"kind": "end-account", "name": "ann", "why": "anything"}) is None  # (logged, dropped)


def test_a_login_on_one_node_ends_the_accounts_older_session_on_the_other(tmp_path):
    a, b = linked(str(tmp_path / "mud.db"))
    a.store.create_account("dupz", "pw12")
    first = a.connect("dupz")
    first.handle("go tavern")
    second = b.connect("dupz")
    assert first.closed and first.ended_by == "elsewhere" and a.session("dupz") is None
    assert "You connected from elsewhere; this session ends." in texts(first.flush())
    assert not second.closed and b.session("dupz") is second
    assert [who for who in texts(second.handle("who")) if "dupz" in who or "connected" in who] == \
        ["1 connected:", "  dupz (you): the Tavern"]


def test_of_two_logins_crossing_on_the_bus_the_later_stays(tmp_path):
    a, b = linked(str(tmp_path / "mud.db"))
    a.store.create_account("dupz", "pw12")
    late, early = on_both(a, b, "dupz")  # each node's word reaches the other after both logged in
    early.began, late.began = 100.0, 200.0
    a.others.heard(dict(messages.encode(messages.EndAccount(name="dupz", why="elsewhere", before=100.0)),
                        node="b"))
    b.others.heard(dict(messages.encode(messages.EndAccount(name="dupz", why="elsewhere", before=200.0)),
                        node="a"))
    assert early.closed and not late.closed


def test_two_sessions_left_by_a_lost_word_are_one_again_at_the_next_heartbeat(tmp_path):
    a, b = linked(str(tmp_path / "mud.db"))
    a.store.create_account("dupz", "pw12")
    older, newer = on_both(a, b, "dupz")  # b's word to a was lost (the bus away)
    older.began, newer.began = 100.0, 200.0
    a.others.refresh({"dupz": ("b", "hub")}, "a")  # each node's presence, read at a heartbeat
    b.others.refresh({"dupz": ("a", "hub")}, "b")
    assert older.closed and older.ended_by == "elsewhere" and not newer.closed


def test_a_login_checked_as_one_identity_never_enters_as_the_next_owner_of_its_name(tmp_path):
    """The browser's ticket names the identity its login was checked as (issue 42): the session
    takes that one, and if the name is someone else's by the time the WebSocket opens, it enters
    as nobody."""
    world = World(Store(str(tmp_path / "mud.db")))
    world.store.create_account("zed2", "pw12")
    checked = world.store.uid_of("zed2")
    assert world.connect("zed2", uid=checked).uid == checked
    world.session("zed2").closed = True
    world.disconnect(world.session("zed2"))
    world.store.delete_account("zed2", checked)
    world.store.create_account("zed2", "stranger")
    try:
        world.connect("zed2", uid=checked)
    except LoginEnded as ended:
        assert "log in again" in str(ended)
    else:
        raise AssertionError("entered as the name's next owner")
    assert world.session("zed2") is None
