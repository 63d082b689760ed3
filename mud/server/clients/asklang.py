"""The one question a line login (telnet, ``ssh -T``) asks an account that has no language on record.

It comes right after the login, before the world's greeting, so the greeting and all after it are
read in the answer. It is worded in both languages, since the player's is not known yet, and it is
asked once per account: the answer is kept with it (``WorldSession.set_language``), whatever it is
-- an empty line keeps English, and a second answer that names no language gives English too (the
line then says how to change it), so nobody is stuck at a question they cannot read. ``language it`` changes it later.
``xx`` is a hidden answer for the tests: the pseudo-language, every message of ours marked ⟦ ⟧.

Both surfaces ask through :class:`LanguageQuestion`, so they ask and read it the same way.
"""

from __future__ import annotations

from mud.shell.words import PSEUDO
from mud.shell import language

TRIES = 2  # answers read before English is taken: a bad one is asked again once
# the numbers follow LANGS; each language named in itself (1 English, 2 Italiano)
CHOICES = ", ".join(f"{n} {language.ENDONYMS[code]}" for n, code in enumerate(language.LANGS, 1))
# the prompt: not ending in "> ", so no client takes it for the world's prompt
PROMPT = f"Language / Lingua ({CHOICES}): "
AGAIN = "Type 1 or 2, or Enter for English. / Scrivi 1 o 2, o Invio per l'inglese."  # (one line of 80)
FALLBACK = "English, then. / Inglese, allora: 'lingua it' per l'italiano."  # (one line of 80)


def answer(text: str | None) -> str | None:
    """The language a typed answer picks: its number in ``CHOICES``, or a code or name that
    :func:`mud.shell.language.parse` knows (``it``, ``english``, ``Italiano``); an empty line is
    English. None: it picks none (``3``, ``fr``, nonsense, an overlong line given as None)."""
    if text is None:
        return None
    word = text.strip()
    if not word:
        return language.DEFAULT
    if word.lower() == PSEUDO:  # the tests' hidden answer: every message marked, not offered, never kept
        return PSEUDO
    if word.isdigit():
        number = int(word)
        return language.LANGS[number - 1] if 1 <= number <= len(language.LANGS) else None
    return language.parse(word)


def wanted(ws) -> bool:
    """Is ``ws``'s player to be asked? Only when their account has no language on record: one they
    chose, or one their client said as they came (SSH's LANG) was kept at ``World.connect``."""
    return not ws.lang_kept


class LanguageQuestion:
    """The question for one session: :meth:`take` each line typed at :data:`PROMPT` until it is
    settled; what to tell the player before the next prompt is in ``said``."""

    prompt = PROMPT

    def __init__(self, ws):
        self.ws = ws
        self.tries = 0
        self.said: list[str] = []

    def take(self, text: str | None) -> bool:
        """One typed answer (None: an unusable line, such as an overlong one). True once settled:
        the session reads the language chosen (or English after ``TRIES`` bad answers), kept with
        the account; False: ``said`` tells why, and the question is asked again."""
        self.tries += 1
        lang = answer(text)
        if lang is None and self.tries < TRIES:
            self.said = [AGAIN]
            return False
        self.said = [FALLBACK] if lang is None else []
        if lang == PSEUDO:
            self.ws.lang = PSEUDO  # (read, not kept with the account: the next login is asked again)
            return True
        self.ws.set_language(lang or language.DEFAULT)
        return True
