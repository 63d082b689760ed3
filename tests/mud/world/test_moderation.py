"""Moderation in the world, without a network: roles read from the store at every line, the
moderators' and operators' verbs (unknown to everyone else), the audit, mutes, and every player's
ignore and report (docs/commands.md "Moderation commands", docs/server.md "Moderation")."""

from __future__ import annotations

import sqlite3
import time

import pytest

from mud.store import moderation as modstore
from mud.cli.main import main
from mud.store import VERSION, Store
from mud.world.world import World
from mud.world.verbs import MODERATOR, OPERATOR
from tests.mud.world.test_world import at_gate, joined, texts

MOD_VERBS = [v for s in (MODERATOR, OPERATOR) for v in s.verbs]


def grant(world, name: str, role: str) -> None:
    modstore.grant(world.store, name, role, "test")


def online(world, *names):
    """``names`` connected, what they were told so far read."""
    sessions = [world.connect(n) for n in names]
    for ws in sessions:
        ws.flush()
    return sessions if len(sessions) > 1 else sessions[0]


def audit(world) -> list[tuple[str, str, str, str]]:
    """(who, act, whom, why) of every act, oldest first."""
    return [row[1:] for row in reversed(modstore.audits(world.store, 100))]


# --- a player has none of it ------------------------------------------------------------------------

@pytest.mark.parametrize("verb", MOD_VERBS, ids=lambda v: v.name)
def test_a_player_gets_unknown_command_for_every_moderation_verb(world, verb):
    alice, bob = online(world, "alice", "bob")
    alice.flush()
    for line in (verb.name, *verb.examples):
        answer = alice.handle(line)
        assert len(answer) == 1 and answer[0].kind == "error", line
        assert answer[0].text.startswith(f"Unknown command '{verb.name}'."), answer[0].text
    assert not bob.closed and modstore.audits(world.store) == [] and modstore.bans(world.store) == []
    # nor do help, the command list or completion know of it
    assert joined(alice.handle(f"help {verb.name}")) == joined(alice.handle("help xyzzy")).replace("xyzzy", verb.name)
    assert f" {verb.name}" not in " " + joined(alice.handle("commands")).replace(",", " ")
    assert verb.name not in alice.complete(verb.name[:2])


def test_a_player_at_a_match_has_no_moderation_verb_either(world):
    alice, bob = at_gate(world, "alice", "bob")
    alice.handle("sit")
    bob.handle("sit")
    alice.handle("start bots=2 seed=3 rules=basic")
    for verb in MOD_VERBS:
        assert alice.handle(verb.examples[0])[-1].text.startswith(f"Unknown command '{verb.name}'.")


# --- roles from the store ---------------------------------------------------------------------------

def test_a_role_granted_in_the_store_counts_at_the_next_line_and_a_revoke_too(world):
    alice = online(world, "alice")
    assert alice.handle("bans")[0].text.startswith("Unknown command")
    grant(world, "alice", "moderator")  # as 'mud admin' does from another process
    assert texts(alice.handle("bans")) == ["No ban is in force."]
    assert "kick" in joined(alice.handle("commands"))
    assert alice.handle("announce hello")[0].text.startswith("Unknown command")  # an operator's
    grant(world, "alice", "operator")
    assert texts(alice.handle("announce hello")) == ["[announcement] hello"]
    modstore.revoke(world.store, "alice", "test")
    assert alice.handle("bans")[0].text.startswith("Unknown command")


def test_nobody_acts_on_an_equal_or_higher_role_and_operators_grant_only_moderators(world):
    grant(world, "alice", "moderator")
    grant(world, "carol", "operator")
    alice, bob, carol = online(world, *("alice", "bob", "carol"))
    assert texts(alice.handle("kick carol")) == ["carol is an operator: not yours to act on."]
    assert texts(alice.handle("kick alice")) == ["Not on yourself."]
    grant(world, "bob", "moderator")
    assert texts(alice.handle("mute bob")) == ["bob is a moderator: not yours to act on."]
    assert carol.handle("grant bob operator")[0].text.startswith("In the world an operator grants the moderator")
    assert texts(carol.handle("revoke bob")) == ["bob is a player again."]
    assert texts(carol.handle("grant bob moderator")) == ["bob is now a moderator."]
    assert modstore.role(world.store, "bob") == "moderator"
    assert ("carol", "revoke", "bob", "") in audit(world) and ("carol", "grant", "bob", "moderator") in audit(world)


# --- kick, ban, mute ----------------------------------------------------------------------------------

def test_a_kick_closes_the_session_at_once_is_audited_and_the_player_may_come_back(world):
    grant(world, "alice", "moderator")
    alice, bob = online(world, "alice", "bob")
    assert texts(alice.handle("kick bob spamming the room"))[-1] == "bob is kicked out (they may log in again)."
    assert bob.closed and world.session("bob") is None
    assert "disconnected by a moderator: spamming the room. You may log in again." in joined(bob.flush())
    assert audit(world)[-1] == ("alice", "kick", "bob", "spamming the room")
    assert world.connect("bob").name == "bob"  # a kick is no ban
    assert texts(alice.handle("kick nobody"))[-1] == "nobody is not connected."


def test_a_ban_has_a_span_and_a_reason_closes_the_session_and_is_lifted_by_unban(world):
    grant(world, "alice", "moderator")
    alice, bob = online(world, "alice", "bob")
    before = time.time()
    assert alice.handle("ban bob for 2h insults")[-1].text.startswith("bob is banned until ")
    found = modstore.banned(world.store, "BOB")
    assert found.reason == "insults" and before + 7200 - 5 < found.until < time.time() + 7200 + 5
    assert bob.closed and "This account is banned until" in joined(bob.flush())
    assert audit(world)[-1][:3] == ("alice", "ban", "bob") and audit(world)[-1][3].endswith("; insults")
    assert "bob: until" in joined(alice.handle("bans"))
    assert texts(alice.handle("unban bob")) == ["bob is no longer banned."]
    assert modstore.banned(world.store, "bob") is None
    assert texts(alice.handle("unban bob")) == ["bob is not banned."]
    alice.handle("ban bob forever")
    assert modstore.banned(world.store, "bob").until is None
    assert "for good" in modstore.ban_text(modstore.banned(world.store, "bob"))


def test_a_ban_of_an_address_reaches_everyone_connected_from_it(world):
    grant(world, "alice", "moderator")
    alice, bob, carol = online(world, *("alice", "bob", "carol"))
    bob.address, carol.address = "203.0.113.9", "198.51.100.1"
    answer = alice.handle("ban address 203.0.113.0/24 for 1d flood")
    assert texts(answer)[-1:] == [f"Address 203.0.113.0/24 is banned until {modstore.when(time.time() + 86400)}; "
                             "1 connected from it are disconnected."]
    assert bob.closed and not carol.closed
    assert modstore.banned(world.store, address="203.0.113.200") is not None
    assert modstore.banned(world.store, address="::ffff:203.0.113.7") is not None  # IPv4 behind IPv6
    assert modstore.banned(world.store, address="203.0.114.1") is None
    assert texts(alice.handle("unban address 203.0.113.0/24")) == ["203.0.113.0/24 is no longer banned."]
    alice.address = "198.51.100.77"
    assert texts(alice.handle("ban address 198.51.100.0/24")) == ["That would ban your own address."]
    assert texts(alice.handle("ban address 10.0.0.0/8"))[0].startswith("Address 10.0.0.0/8 is banned")


def test_a_muted_player_is_told_and_nobody_hears_them_anywhere(world):
    grant(world, "alice", "moderator")
    alice, bob, carol = at_gate(world, "alice", "bob", "carol")
    assert texts(alice.handle("mute bob for 30m shouting")) == [
        f"bob is muted until {modstore.when(time.time() + 1800)}."]
    assert "You are muted until" in joined(bob.flush())
    for line in ("say hello", "emote waves", "tell carol psst", "ooc anyone?"):
        answer = bob.handle(line)
        assert len(answer) == 1 and answer[0].text.startswith("You are muted until "), line
        assert answer[0].text.endswith(": nobody hears you.")
    assert "bob" not in joined(carol.flush()) and "bob" not in joined(alice.flush())
    assert texts(alice.handle("unmute bob")) == ["bob may speak again."]
    bob.flush()
    bob.handle("say back")
    assert "bob says: back" in joined(carol.flush())


def test_a_muted_player_at_a_table_is_told_and_nobody_reads_them(world):
    grant(world, "carol", "moderator")
    alice, bob = at_gate(world, "alice", "bob")
    carol = world.connect("carol")
    alice.handle("sit")
    bob.handle("sit")
    alice.handle("start bots=2 seed=3 rules=basic")
    carol.handle("mute bob")
    alice.flush()
    assert bob.handle("say hello table")[-1].text == "You are muted for good: nobody hears you."
    assert "hello table" not in joined(alice.flush())


def test_moderators_bad_input_is_one_line_never_a_traceback(world):
    grant(world, "alice", "operator")
    alice = online(world, "alice")
    for line in ("ban", "ban address", "ban address nonsense", "ban address 300.1.1.1", "ban bob for 3x",
                 "ban bob for 0h", "ban bob for 99999w", "ban nobody", "kick", "mute", "mute ghost", "unban ghost",
                 "unmute bob", "grant bob king", "grant", "revoke bob", "revoke", "announce", "unban address x",
                 "ban " + "x" * 500, "kick \x00\x1b[2J", "ban address 0.0.0.0/0", "ban address ::/16",
                 "ban address 10.0.0.0/7"):
        answer = alice.handle(line)
        assert len(answer) == 1 and answer[0].kind == "error", (line, texts(answer))
        assert "went wrong" not in answer[0].text and len(answer[0].text) < 300
    assert modstore.bans(world.store) == []


def test_reports_are_stored_told_to_moderators_online_and_listed_for_them(world):
    grant(world, "alice", "moderator")
    alice, bob = online(world, "alice", "bob")
    alice.flush()
    assert texts(bob.handle("report carol cheating at table 2")) == [
        "Your report about carol is stored for the moderators. Thank you."]
    assert "[report] bob about carol: cheating at table 2" in joined(alice.flush())
    assert "bob about carol: cheating at table 2" in joined(alice.handle("reports"))
    assert texts(bob.handle("report ghost hi")) == ["There is no account called ghost."]


def test_an_announcement_reaches_everyone_and_is_audited(world):
    grant(world, "alice", "operator")
    alice, bob, carol = online(world, *("alice", "bob", "carol"))
    bob.flush()
    alice.handle("announce restart at 22:00 UTC")
    assert "[announcement] restart at 22:00 UTC" in joined(bob.flush())
    assert audit(world)[-1] == ("alice", "announce", "everyone", "restart at 22:00 UTC")


# --- ignore -------------------------------------------------------------------------------------------

def test_an_ignored_player_talk_and_tells_no_longer_reach_you_across_logins(world):
    alice, bob, carol = at_gate(world, "alice", "bob", "carol")
    assert carol.handle("ignore bob")[0].text.startswith("You ignore bob: their talk and tells no longer reach you")
    for line in ("say hello", "emote waves", "tell carol psst", "ooc anyone?"):
        bob.handle(line)
    assert "bob" not in joined(carol.flush())
    assert "bob says: hello" in joined(alice.flush())
    assert texts(bob.handle("tell carol again")) == ["You tell carol: again"]  # the teller is not told
    carol.handle("quit")
    world.disconnect(carol)
    carol = world.connect("carol")  # a new session reads the list from the store
    carol.flush()
    bob.handle("ooc still there?")
    assert "still there" not in joined(carol.flush())
    assert texts(carol.handle("ignore")) == ["You ignore bob."]
    assert texts(carol.handle("unignore bob")) == ["You hear bob again."]
    bob.handle("ooc now?")
    assert "[ooc] bob: now?" in joined(carol.flush())
    assert texts(carol.handle("unignore bob")) == ["You do not ignore bob."]
    assert texts(carol.handle("ignore carol")) == ["You cannot ignore yourself."]


def test_an_ignored_player_table_talk_does_not_reach_you(world):
    alice, bob = at_gate(world, "alice", "bob")
    alice.handle("sit")
    bob.handle("sit")
    alice.handle("start bots=2 seed=3 rules=basic")
    alice.handle("ignore bob")
    alice.flush()
    bob.handle("say good luck")
    bob.handle("emote grins")
    assert "good luck" not in joined(alice.flush()) and "grins" not in joined(alice.flush())
    alice.handle("say thanks")
    assert "alice says: thanks" in joined(bob.flush())


# --- mud admin ----------------------------------------------------------------------------------------

def test_mud_admin_grants_revokes_and_lists_roles_in_a_data_folder(tmp_path, capsys):
    store = Store(str(tmp_path / "questmud.db"))
    store.create_account("Alice", "pw12")
    store.close()
    assert main(["admin", "--data", str(tmp_path), "grant", "alice", "operator"]) == 0
    assert "Alice is now an operator." in capsys.readouterr().out
    assert main(["admin", "--data", str(tmp_path), "list"]) == 0
    assert capsys.readouterr().out.startswith("Alice\toperator\tgranted by admin")
    assert main(["admin", "--data", str(tmp_path), "grant", "ghost", "moderator"]) == 2
    assert "no account called ghost" in capsys.readouterr().err
    assert main(["admin", "--data", str(tmp_path), "revoke", "alice"]) == 0
    assert main(["admin", "--data", str(tmp_path), "revoke", "alice"]) == 1
    store = Store(str(tmp_path / "questmud.db"))
    modstore.ban(store, "address", "192.0.2.0/24", None, "mod", "oops")
    modstore.ban(store, "name", "Alice", None, "mod", "")
    store.close()
    assert main(["admin", "--data", str(tmp_path), "unban", "address", "192.0.2.0/24"]) == 0
    assert main(["admin", "--data", str(tmp_path), "unban", "alice"]) == 0
    assert main(["admin", "--data", str(tmp_path), "unban", "alice"]) == 1
    assert main(["admin", "--data", str(tmp_path), "audit"]) == 0
    acts = capsys.readouterr().out
    assert "\tgrant\tAlice\toperator" in acts and "\trevoke\tAlice" in acts and "\tunban address\t192.0.2.0/24" in acts
    assert main(["admin", "--data", str(tmp_path / "none"), "list"]) == 2


def test_a_store_of_schema_3_gains_the_moderation_tables_and_keeps_its_accounts(tmp_path):
    path = str(tmp_path / "questmud.db")
    Store(path).close()
    db = sqlite3.connect(path)  # a store as the previous questmud left it: schema 3
    for table in ("roles", "bans", "mutes", "audit", "ignores", "reports"):
        db.execute(f"DROP TABLE {table}")
    db.execute("INSERT INTO accounts (name, salt, hash, created, room) VALUES ('ann', x'', x'', 0, NULL)")
    db.execute("PRAGMA user_version = 3")
    db.commit()
    db.close()
    store = Store(path)
    assert store.version() == VERSION and store.account("ann") is not None
    modstore.grant(store, "ann", "moderator", "test")
    assert modstore.role(store, "ANN") == "moderator" and modstore.bans(store) == []
    store.close()


def test_a_role_granted_by_another_process_counts_within_a_tenth_of_a_second(tmp_path):
    path = str(tmp_path / "questmud.db")
    served = Store(path)
    served.create_account("ann", "pw12")
    ann = World(served).connect("ann")
    assert ann.handle("bans")[-1].text.startswith("Unknown command")
    shell = Store(path)  # as 'mud admin' opens it, beside the running server
    modstore.grant(shell, "ann", "moderator", "admin:test")
    time.sleep(modstore.ROLE_POLL * 1.5)
    assert texts(ann.handle("bans")) == ["No ban is in force."]
    modstore.revoke(shell, "ann", "admin:test")
    time.sleep(modstore.ROLE_POLL * 1.5)
    assert ann.handle("bans")[-1].text.startswith("Unknown command")
    shell.close()
    served.close()


@pytest.mark.parametrize("act", ["kick dave", "ban dave for 1h cheating"])
def test_the_table_reads_that_a_moderator_sent_a_player_away_not_that_they_lost_the_connection(world, act):
    """Issue 40 round three, item 2: after 'kick dave' his table read "dave lost the connection":
    untrue. They read why (not the reason: that is the moderator's and dave's), and that the seat waits."""
    grant(world, "mo", "moderator")
    world.store.create_account("dave", "pw1234")
    mo = online(world, "mo")
    carol, dave = at_gate(world, "carol", "dave")
    carol.handle("sit"), dave.handle("sit")
    carol.handle("start bots=1 seed=8 rules=basic")
    carol.flush()
    mo.flush()
    assert "dave is " in joined(mo.handle(act))
    told = joined(carol.flush())
    assert "dave was sent away by a moderator; their seat waits 2 min before a bot takes it." in told, told
    assert "lost the connection" not in told and "cheating" not in told


def test_the_table_reads_that_a_player_was_idle_too_long(world):
    carol, dave = at_gate(world, "carol", "dave")
    carol.handle("sit"), dave.handle("sit")
    carol.handle("start bots=1 seed=8 rules=basic")
    carol.flush()
    dave.ended_by = "idle"
    world.hang_up(dave)
    told = joined(carol.flush())
    assert "dave was idle too long and was disconnected; their seat waits" in told, told


async def test_after_the_shutdown_notice_nobody_reads_of_others_leaving(tmp_path):
    """Item 2: at Ctrl+C the clients read "The server is shutting down ..." and then "carol leaves."
    and "bob lost the connection; ..." as the others' connections closed: the notice is the last
    line each session is told (a surface that closes at once, or later, alike)."""
    from mud.server.core import Config, Server
    srv = Server(Config(host="127.0.0.1", ssh_port=0, telnet_port=0, data_dir=str(tmp_path)))
    await srv.start()
    got: dict = {}
    sessions = []
    for name in ("bob", "carol", "dave"):
        ws = srv.open_session(name, "telnet")
        srv.closers[ws] = lambda ws=ws: (got.setdefault(ws.name, []).extend(ws.flush()), srv.close_session(ws))
        sessions.append(ws)
    bob, carol, dave = sessions
    for ws in sessions:
        ws.handle("north")
    bob.handle("sit"), carol.handle("sit")
    bob.handle("start bots=1 seed=8 rules=basic")
    for ws in sessions:
        ws.flush()
    await srv.stop()
    for ws in sessions:
        told = texts(got[ws.name]) + texts(ws.flush())
        assert told[-1].startswith("The server is shutting down"), (ws.name, told)
        assert not any("leaves" in t or "lost the connection" in t for t in told), (ws.name, told)
