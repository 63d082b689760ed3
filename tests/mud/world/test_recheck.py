"""A node's live sessions checked again against the store (issue 42): what a bus message lost while
the bus was down is found in the store, shared by every node, and the sessions that must go end --
a banned name, a banned address (not its author's, nor a moderator's), a deleted account, a name now
another account's -- each told why; the others play on. Two worlds share one SQLite file here, the
bus between them lost (tests/mud/server/nodes/test_sanctions_bus_down.py runs it over Redis)."""

from __future__ import annotations

from mud.store import Store
from mud.store import moderation as modstore
from mud.world.nodes import Remote
from mud.world.recheck import CUT_EVERY, Recheck
from mud.world.world import World
from tests.mud.world.test_credentials import texts


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def node(path: str, clock=None) -> World:
    """A node whose bus loses every message it sends."""
    world = World(Store(path), clock=clock or Clock())
    world.others = Remote(world, send=lambda message: None)
    return world


def online(world: World, *names: str, address: str = "192.0.2.7") -> dict:
    sessions = {}
    for name in names:
        if world.store.account(name) is None:
            world.store.create_account(name, "pw12")
        sessions[name] = world.connect(name)
        sessions[name].address = address
    return sessions


def test_a_round_ends_the_banned_the_deleted_and_the_name_made_again_and_no_one_else(tmp_path):
    path = str(tmp_path / "mud.db")
    a, b = node(path), node(path)
    there = online(a, "banme", "gone1", "taken1", "fine1")
    store = b.store  # what another node did, its messages lost
    modstore.ban(store, "name", "banme", None, "mod", "flooding")
    store.delete_account("gone1", store.uid_of("gone1"))
    store.delete_account("taken1", store.uid_of("taken1"))
    store.create_account("taken1", "strangers")
    assert not any(ws.closed for ws in there.values())  # nothing reached node a

    a.others.recheck.begin()
    assert a.others.recheck.step() == 3
    assert there["banme"].ended_by == "ban" and "This account is banned for good: flooding." in texts(
        there["banme"].flush())
    for name in ("gone1", "taken1"):
        assert there[name].ended_by == "deleted" and a.session(name) is None
        assert "This account was deleted from another session." in texts(there[name].flush())
    assert not there["fine1"].closed and a.session("fine1") is there["fine1"]


def test_an_address_ban_ends_the_players_from_it_but_not_its_author_nor_a_moderator(tmp_path):
    a = node(str(tmp_path / "mud.db"))
    there = online(a, "mod1", "mod2", "pl1")
    outside = online(a, "pl2", address="198.51.100.1")
    for name in ("mod1", "mod2"):
        modstore.grant(a.store, name, "moderator", "op")
    modstore.ban(a.store, "address", "192.0.2.0/24", None, "mod1", "")
    a.others.recheck.begin()
    assert a.others.recheck.step() == 1
    assert there["pl1"].ended_by == "ban" and "Your address is banned for good." in texts(there["pl1"].flush())
    assert not any(ws.closed for ws in (there["mod1"], there["mod2"], outside["pl2"]))


def test_a_round_goes_a_chunk_at_a_time_and_while_the_bus_is_cut_comes_again(tmp_path):
    clock = Clock()
    a = node(str(tmp_path / "mud.db"), clock)
    online(a, *(f"pl{i}" for i in range(5)))
    recheck = Recheck(a, chunk=2)
    recheck.begin()
    for left in (3, 1, 0):  # 2 sessions a step: a big node never stalls on a round
        recheck.step()
        assert len(recheck.todo) == left
    modstore.ban(a.store, "name", "pl3", None, "mod", "")
    recheck.tick(cut=True)  # the bus found cut: the next round comes CUT_EVERY from now
    clock.now += CUT_EVERY - 1
    assert recheck.tick(cut=True) == 0 and not recheck.todo and a.session("pl3") is not None
    clock.now += 1
    recheck.tick(cut=True)  # a new round: its first step finds nothing yet ...
    recheck.tick(cut=True)
    assert a.session("pl3") is None  # ... and its second the ban made meanwhile
    clock.now += 2 * CUT_EVERY
    recheck.tick(cut=False)
    assert not recheck.todo  # the bus up: no round unless it comes back (or is asked)


def test_a_node_whose_bus_comes_back_checks_itself_and_asks_the_others_to(tmp_path):
    path = str(tmp_path / "mud.db")
    a, b = node(path), node(path)
    said = []
    b.others.send = said.append
    online(a, "pl1")
    b.others.relinked()
    assert said == [{"kind": "recheck"}] and b.others.recheck.began is not None
    a.others.heard(dict(said[0], node="b"))
    assert list(a.others.recheck.todo) == ["pl1"]
