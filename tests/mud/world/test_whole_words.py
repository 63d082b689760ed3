"""Issue 42, finding 14: ``pass`` typed once a match is over was read as ``password``. A verb that
takes a password is reached only by its name (or alias) typed whole, never by a prefix: ``pass``
where no game offers it is an unknown command, and no password is checked, changed or counted."""

from __future__ import annotations

from mud.shell.parser import CommandSet, ParseError
from mud.world.verbs import ACCOUNT
from tests.mud.world.test_world import at_gate, joined


def finished_match(world):
    """alice and bob seated at table 1, whose match the bots have played to its end."""
    a, b = at_gate(world, "alice", "bob")
    a.handle("sit"), b.handle("sit")
    a.handle("start bots=1 seed=5 rules=basic")
    match = world.tables[1].match
    for name in ("alice", "bob"):
        match.set_bot(name, True)
    match.settle()
    assert match.over and a.seated
    a.flush()
    return a


def test_pass_after_a_game_over_is_not_the_password_verb(world):
    alice = finished_match(world)
    answer = alice.handle("pass pw12 hijacked")
    text = joined(answer)
    assert answer[-1].kind == "error" and "Unknown command 'pass'" in text
    assert "password is changed" not in text.lower() and "wrong password" not in text.lower()
    assert world.store.check_password("alice", "pw12") and not world.store.check_password("alice", "hijacked")
    assert "Unknown command 'pass'" in joined(alice.handle("pass"))


def test_the_password_and_delete_verbs_answer_only_to_their_whole_names():
    verbs = CommandSet(ACCOUNT.verbs)
    assert verbs.resolve("password").name == "password" and verbs.resolve("passwd").name == "password"
    assert verbs.resolve("delete").name == "delete"
    for prefix in ("pass", "passw", "passwor", "del", "dele"):
        try:
            got = verbs.resolve(prefix).name
        except ParseError:
            got = None
        assert got not in ("password", "delete"), prefix
    assert verbs.resolve("he").name == "help"  # other verbs keep their unique prefixes
