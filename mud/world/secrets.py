"""Lines that carry a password (``password OLD NEW``, ``delete account PASSWORD``): what of them may
be shown back, kept in a command history or written in a log -- the verb, never the rest.

A verb is found by its first word, as the parser finds it (a unique start of its name: ``passw``
is ``password``); a start of four letters or more of a secret verb's name is masked even where it
would name another verb, since masking a line too many costs nothing.
"""

from __future__ import annotations

SECRET_VERBS = ("password", "passwd", "delete")  # names and aliases of the verbs that take a password
MASK = "********"


def is_secret(line: str) -> bool:
    """Does ``line`` (as typed) start with a verb that carries a password, and carry more?"""
    words = line.split(None, 1)
    if len(words) < 2:
        return False
    first = words[0].lower()
    return first in SECRET_VERBS or (len(first) >= 4 and any(v.startswith(first) for v in SECRET_VERBS))


def masked(line: str) -> str:
    """``line`` as it may be shown, kept or logged: a secret line keeps only its verb."""
    if not is_secret(line):
        return line
    first, rest = line.split(None, 1)
    if first.lower().startswith("del") and rest.lower().split(None, 1)[0] == "account":
        first += " account"
    return f"{first} {MASK}"
