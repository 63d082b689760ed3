"""How SSH asks for a password: keyboard-interactive, so the first login can say that it creates
the account and ask for the new password twice (as telnet does); plain password authentication
stays for clients that only offer it (the first password then makes the account, as before).

A mixin of the SSH server's connection class: ``validate_password`` (the account check or
creation) is the connection's own.
"""

from __future__ import annotations

from mud.world.session import valid_name

TITLE = "questmud"
ONCE = [("Password: ", False)]


def twice(name: str) -> list[tuple[str, bool]]:
    """The prompts themselves say it (some clients do not show the instructions)."""
    return [(f"New account {name}: choose a password: ", False), ("The same password again: ", False)]


def new_account_text(name: str) -> str:
    return (f"There is no account called {name} yet: this login creates it.\r\n"
            "Choose a password of 4 characters or more, and type it twice.\r\n")


class KeyboardInteractive:
    """Keyboard-interactive authentication for ``_Connection``."""

    def kbdint_auth_supported(self) -> bool:
        return True

    def _is_new(self, username: str) -> bool:
        return valid_name(username) is None and self.server.store.account(username) is None

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str):
        if self._is_new(username):
            return TITLE, new_account_text(username), "", twice(username)
        return TITLE, "", "", ONCE

    async def validate_kbdint_response(self, username: str, responses):
        if len(responses) == 2:  # a new account: the password twice
            first, again = responses
            if first != again:
                return TITLE, "The two passwords differ: type them again.\r\n", "", twice(username)
            if len(first) < 4:
                return TITLE, "A password needs 4 characters or more.\r\n", "", twice(username)
        if not responses:
            return False
        return await self.validate_password(username, responses[0])
