"""The account's secrets in the world (issue 28, "Accounts"): `password` asks for the old one, `key
add|list|remove`, `delete account` with the password -- its personal data gone, its matches keeping
a placeholder so their replays still play, an unfinished match's seat played by a bot."""

from __future__ import annotations

import base64
import logging
import random

import pytest

import games
from mud.cli.main import main
from mud.world.replay import public_lines
from mud.store import Store
from mud.world.secrets import masked
from mud.world.session import valid_name
from mud.world.world import Settings, World
from tests.conftest import Clock

_BODY = len(b"ssh-ed25519").to_bytes(4, "big") + b"ssh-ed25519" + (32).to_bytes(4, "big") + bytes(range(32))
KEY = f"ssh-ed25519 {base64.b64encode(_BODY).decode()} alice@laptop"


def texts(lines) -> list[str]:
    return [line.text for line in lines]


def last(ws, line: str) -> str:
    return texts(ws.handle(line))[-1]


def make_world(path: str = ":memory:") -> World:
    store = Store(path)
    for name in ("alice", "bob"):
        if store.account(name) is None:
            store.create_account(name, "pw12")
    return World(store, Settings(turn_timeout=60, seat_grace=120), clock=Clock(), seeds=random.Random(7))


def finished_match(world: World, name: str, game: str, seed: int) -> int:
    """``name`` starts a match of ``game`` with bots and gets up: the bots play it to its end."""
    ws = world.connect(name)
    ws.handle(f"go {games.get(game).room}")
    ws.handle("sit")
    ws.handle(f"start bots={games.get(game).min_players - 1} seed={seed}")
    ws.handle("leave")
    match_id = world.store.matches_of(name)[0].id
    assert world.store.match(match_id).status == "over"
    world.disconnect(ws)
    return match_id


# --- password -----------------------------------------------------------------------------------
def test_password_asks_for_the_old_one_first(world, caplog):
    alice = world.connect("alice")
    with caplog.at_level(logging.INFO):
        assert last(alice, "password wrong1 newpass1") == "Wrong password. Your password is unchanged."
        assert "Usage: password <old> <new>" in last(alice, "password newpass1")  # the old one is asked for
        assert "at least 4" in last(alice, "password pw12 abc")
        assert world.store.check_password("alice", "pw12")
        assert "is changed" in last(alice, "password pw12 newpass1")
    assert world.store.check_password("alice", "newpass1") and not world.store.check_password("alice", "pw12")
    assert "is changed" in last(alice, "passwd newpass1 = correct horse battery")  # spaces: either side of ' = '
    assert world.store.check_password("alice", "correct horse battery")
    logged = caplog.text
    assert "alice changed their password" in logged and "alice typed a wrong password" in logged
    assert not any(secret in logged for secret in ("wrong1", "newpass1", "pw12"))  # never a password in the log


def test_wrong_old_passwords_wait_after_three_then_the_window_passes(world):
    alice = world.connect("alice")
    for guess in ("aaaa", "bbbb", "cccc"):
        assert last(alice, f"password {guess} newpass1").startswith("Wrong password")
    assert last(alice, "password pw12 newpass1").startswith("Too many wrong passwords")  # not even checked
    assert last(alice, "delete account pw12").startswith("Too many wrong passwords")
    world.clock.now += 301
    assert "is changed" in last(alice, "password pw12 newpass1")


def test_a_password_line_is_masked_wherever_it_would_be_shown_kept_or_logged():
    assert masked("password old new") == "password ********"
    assert masked("passw old = new words") == "passw ********"
    assert masked("delete account pw12") == "delete account ********"
    assert masked("password") == "password"  # nothing secret in it
    assert masked("pass") == "pass" and masked("say password is fun") == "say password is fun"


# --- SSH keys -----------------------------------------------------------------------------------
def test_key_add_list_and_remove(world):
    alice = world.connect("alice")
    assert "Key added" in last(alice, f"key add {KEY}")
    listed = texts(alice.handle("keys"))
    assert listed[0].startswith("1. ssh-ed25519 AAAA") and "key remove N" in listed[-1]
    assert "No such key" in last(alice, "key remove 2")
    assert "Key removed" in last(alice, "key remove 1")
    assert world.store.keys("alice") == [] and "No SSH keys yet" in last(alice, "keys")
    last(alice, f"key add {KEY}")
    assert "Key removed" in last(alice, f"key remove {KEY}")  # or by the key itself
    assert "Usage: key add" in last(alice, "key frobnicate")


# --- deleting an account ------------------------------------------------------------------------
@pytest.mark.parametrize("game", games.names())
def test_a_deleted_players_finished_match_replays_the_same_with_a_placeholder(game):
    world = make_world()
    match_id = finished_match(world, "alice", game, seed=5)
    before = [str(line) for line in public_lines(world.store, match_id)]
    alice = world.connect("alice")
    assert "is deleted" in last(alice, "delete account pw12")
    after = [str(line) for line in public_lines(world.store, match_id)]
    assert after == [line.replace("alice", "gone-1") for line in before]
    assert not any("alice" in line for line in after)
    assert world.store.matches_of("alice") == []  # a new alice inherits nothing


def test_each_deleted_seat_of_a_match_gets_its_own_placeholder():
    world = make_world()
    alice, bob = world.connect("alice"), world.connect("bob")
    for ws in (alice, bob):
        ws.handle("e")
        ws.handle("sit")
    alice.handle("start bots=1 seed=4")
    match_id = world.store.matches_of("bob")[0].id
    last(alice, "delete account pw12")
    last(bob, "delete account pw12")
    rec = world.store.match(match_id)
    assert rec.humans == ["gone-1", "gone-2"] and rec.status == "over"  # bots finished it
    players = {p for _, p, _ in world.store.moves(match_id)}
    assert players <= {"gone-1", "gone-2", "bot1"}
    assert public_lines(world.store, match_id)[-1]  # and it replays


def test_delete_account_needs_the_password_and_removes_the_personal_data(world):
    alice = world.connect("alice")
    last(alice, f"key add {KEY}")
    alice.handle("e")  # a room kept for the next login
    assert last(alice, "delete account hunter2") == "Wrong password. Your account is not deleted."
    assert last(alice, "delete account") == "To delete your account for good, type: delete account <your password>."
    assert world.store.account("alice") is not None and not alice.closed
    assert "is deleted" in last(alice, "delete account pw12")
    assert alice.closed and alice.quitting  # the surface hangs up
    assert world.store.account("alice") is None and world.store.keys("alice") == []
    rows = world.store.db.execute("SELECT count(*) FROM ssh_keys").fetchone()[0]
    assert rows == 0
    assert valid_name("gone-1") is not None  # nobody can become a placeholder


def test_tables_naming_accounts_that_moderation_brings_are_cleared_too(world):
    db = world.store.db  # (moderation's tables, schema 4)
    db.executemany("INSERT INTO ignores (name, other, at) VALUES (?, ?, 0)",
                   [("alice", "bob"), ("bob", "Alice"), ("bob", "carol")])
    db.execute("INSERT INTO roles VALUES ('Alice', 'operator', 'root', 0)")
    db.execute("INSERT INTO mutes (name, until, by) VALUES ('alice', 0, 'root')")
    last(world.connect("alice"), "delete account pw12")
    assert db.execute("SELECT name, other FROM ignores").fetchall() == [("bob", "carol")]
    assert db.execute("SELECT count(*) FROM roles").fetchone()[0] == 0
    assert db.execute("SELECT count(*) FROM mutes").fetchone()[0] == 1  # a sanction binds the person (issue 42)


def test_an_unfinished_matchs_seat_goes_to_a_bot_and_the_others_play_on(world):
    alice, bob = world.connect("alice"), world.connect("bob")
    for ws in (alice, bob):
        ws.handle("n")
        ws.handle("sit")
    alice.handle("start bots=2 seed=3 rules=basic")
    bob.flush()
    match_id = world.store.matches_of("bob")[0].id
    assert "is deleted" in last(alice, "delete account pw12")
    said = texts(bob.flush())
    assert any("alice deleted their account; a bot plays their seat as gone-1." in t for t in said)
    rec = world.store.match(match_id)
    assert rec.humans == ["gone-1", "bob"] and rec.status == "playing"
    table = bob.table
    assert table.match.seats["gone-1"].bot and "alice" not in table.match.seats
    assert bob.inner is table.seats["bob"] and "Unknown command" not in last(bob, "look")
    for _ in range(30):  # bob plays on; the bot answers for gone-1, every move stored under that name
        if table.match.over:
            break
        if "bob" in table.match.awaiting():
            table.match.play_for("bob")
            table.match.settle()
    players = {p for _, p, _ in world.store.moves(match_id)}
    assert "alice" not in players and "gone-1" in players
    again = World(world.store, Settings(turn_timeout=60, seat_grace=120), clock=Clock())
    assert again.resume() == (0 if table.match.over else 1)  # a restart resumes it as it is


def test_mud_replay_plays_a_deleted_players_match_from_the_shell(tmp_path, capsys):
    path = str(tmp_path / "questmud.db")
    world = make_world(path)
    match_id = finished_match(world, "alice", "tenx", seed=2)
    last(world.connect("alice"), "delete account pw12")
    world.store.close()
    assert main(["replay", str(match_id), "--data", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "gone-1" in out and "alice" not in out and "finished" in out
