"""How SSH asks for a password: keyboard-interactive, so the first login can say that it creates
the account and ask for the new password twice (as telnet does); plain password authentication
stays for clients that only offer it (the first password then makes the account, as before).

A mixin of the SSH server's connection class: ``validate_password`` (the account check or
creation) is the connection's own.
"""

from __future__ import annotations

from mud.shell import language
from mud.shell.words import _, render
from mud.world.session import valid_name

TITLE = "questmud"


def once(lang: str) -> list[tuple[str, bool]]:
    return [(render(_("Password: "), lang), False)]


def twice(name: str, lang: str) -> list[tuple[str, bool]]:
    """The prompts themselves say it (some clients do not show the instructions)."""
    return [(render(_("New account {name}: choose a password: ", name=name), lang), False),
            (render(_("The same password again: "), lang), False)]


def new_account_text(name: str, lang: str) -> str:
    return render(_("There is no account called {name} yet: this login creates it.", name=name), lang) + "\r\n" + \
        render(_("Choose a password of 4 characters or more, and type it twice."), lang) + "\r\n"


class KeyboardInteractive:
    """Keyboard-interactive authentication for ``_Connection``."""

    def kbdint_auth_supported(self) -> bool:
        return True

    def _is_new(self, username: str) -> bool:
        return valid_name(username) is None and self.server.store.account(username) is None

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str):
        # before a session, the client's LANG is not known: the account's language, else the
        # language tag of the client's request (RFC 4256: most send none), else the server's
        self.login_lang = self.server.account_lang(username, language.parse(lang))
        if self._is_new(username):
            return TITLE, new_account_text(username, self.login_lang), "", twice(username, self.login_lang)
        return TITLE, "", "", once(self.login_lang)

    async def validate_kbdint_response(self, username: str, responses):
        lang = self.login_lang
        if len(responses) == 2:  # a new account: the password twice
            first, again = responses
            if first != again:
                return (TITLE, render(_("The two passwords differ: type them again."), lang) + "\r\n", "",
                        twice(username, lang))
            if len(first) < 4:
                return (TITLE, render(_("A password needs 4 characters or more."), lang) + "\r\n", "",
                        twice(username, lang))
        if not responses:
            return False
        return await self.validate_password(username, responses[0])
