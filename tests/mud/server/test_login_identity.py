"""Issue 42: a login checked as one identity enters as that identity, or not at all, on telnet as
on the web. The password check says which account (its uid) the password was right for; the session
opens as that uid, so a name deleted and made again by someone else between the check and the
session's start is refused rather than entered as its next owner."""

from __future__ import annotations

import pytest

from tests.telnet_clients import Client, log_in


@pytest.fixture
def server(telnet_server):
    return telnet_server  # (tests/conftest.py)


async def test_the_password_check_names_the_account_it_was_right_for(server):
    made = await server.login("uidy", "pw1234", "192.0.2.1")
    assert made == (True, made[1]) and made.uid == server.store.uid_of("uidy")  # a new account: its uid
    again = await server.login("uidy", "pw1234", "192.0.2.1")
    assert again == (True, "") and again.uid == made.uid
    wrong = await server.login("uidy", "nope", "192.0.2.1")
    assert not wrong[0] and wrong.uid is None


async def test_a_telnet_login_never_enters_as_the_next_owner_of_its_name(server, monkeypatch):
    store = server.store
    store.create_account("zed3", "pw1234")
    checked = server.login

    async def then_the_name_changes_hands(*args, **kwargs):
        """The password is checked; before the session starts, the account is deleted (on another
        node, say) and a stranger makes the name again."""
        result = await checked(*args, **kwargs)
        store.delete_account("zed3", store.uid_of("zed3"))
        store.create_account("zed3", "strangers-pw")
        return result

    monkeypatch.setattr(server, "login", then_the_name_changes_hands)
    client = await Client.connect(server.ports["telnet"])
    await client.expect("Name: ")
    client.send("zed3")
    await client.expect("Password: ")
    client.send("pw1234")
    assert "That login has ended: log in again." in await client.expect("log in again.")
    assert await client.closed()
    assert server.world.session("zed3") is None and not server.sessions

    monkeypatch.setattr(server, "login", checked)  # the stranger's own login is theirs
    owner = await Client.connect(server.ports["telnet"])
    assert "Welcome to questmud, zed3" in await log_in(owner, "zed3", "strangers-pw", new=False)
    assert server.world.session("zed3").uid == store.uid_of("zed3")
    owner.close()
