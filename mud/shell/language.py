"""Which language a player reads: the one they chose, or the one their terminal or browser says.

Every surface asks here, so each reads a language the same way: a POSIX locale (``LANG``,
``LC_ALL``, ``LC_MESSAGES``, as ``mud play`` finds them and as an SSH client may send them), an HTTP
``Accept-Language`` header (the browser's login page), or a word a player typed (``language it``,
``lingua english``, a login's answer). The answer is always one of ``LANGS``; anything else falls
back to English, which every message has.

``LANGS`` is games/words.py's: the languages the catalogues hold (docs/i18n.md).
"""

from __future__ import annotations

from collections.abc import Mapping

from games.words import LANGS
DEFAULT = "en"
# a language by the names a player may type for it, in either language (lower case)
NAMES = {"en": ("english", "inglese", "eng"), "it": ("italian", "italiano", "ita")}
# what a player reads for each language, in that language itself (the switch, the login's question)
ENDONYMS = {"en": "English", "it": "Italiano"}
# the POSIX order: the first of these set (and not empty) decides the messages' language
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def parse(text: str | None) -> str | None:
    """The language a code, a locale or a name stands for (``it``, ``it_IT.UTF-8``, ``it-CH``,
    ``Italiano``), if it is one of ``LANGS``; else None (``C``, ``POSIX``, ``fr``, nonsense)."""
    word = (text or "").strip().lower()
    if not word:
        return None
    for name, names in NAMES.items():
        if word in names:
            return name
    code = word.split(".", 1)[0].split("@", 1)[0].replace("-", "_").split("_", 1)[0]
    return code if code in LANGS else None


def from_locale(environ: Mapping[str, str]) -> str | None:
    """The messages' language a POSIX environment names, or None when it names none we have. As
    POSIX reads them, the first of LC_ALL, LC_MESSAGES and LANG that is set decides alone: LC_ALL=C
    with LANG=it_IT means the C locale, not Italian."""
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable)
        if value:
            return parse(value)
    return None


def from_accept_language(header: str | None) -> str | None:
    """The language a browser prefers among ours (RFC 9110's ``Accept-Language``: tags with
    optional ``;q=`` weights; the highest weight wins, the earlier of equals), or None when it
    accepts none of them. ``*`` and tags weighted 0 choose nothing."""
    best, best_q = None, 0.0
    for part in (header or "").split(",")[:32]:  # a long header is read only so far
        tag, _, params = part.partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        lang = parse(tag) if tag.strip() != "*" else None
        if lang is not None and q > best_q:
            best, best_q = lang, q
    return best


def chosen(*candidates: str | None) -> str:
    """The first of ``candidates`` that is a language of ours (each read with :func:`parse`), else
    English: e.g. ``chosen(flag, from_locale(os.environ))``."""
    for candidate in candidates:
        lang = parse(candidate)
        if lang is not None:
            return lang
    return DEFAULT
