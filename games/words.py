"""Words a player reads, kept as messages until a viewer's language is known (docs/i18n.md).

A game or the shell never builds a finished sentence for a player: it makes a :class:`Msg` -- the
English text as the message id, and its parameters -- with its domain's :class:`Words`
(``_ = Words("toy", LOCALE)``, then ``_("You find {item}.", item=...)``). The surface that shows it
to one player renders it in that player's language (:func:`render`), so two players at one table
read one event in two languages. A parameter may itself be a message (an item's name, translated
too); plain strings and numbers (what players typed, names) are never translated.

The catalogues are the standard ``gettext`` ones, one per domain next to its code
(``<package>/locale/<lang>/LC_MESSAGES/<domain>.mo``), read here with the standard library alone:
Babel extracts, updates and compiles them (``make messages``), and the compiled files are committed,
so playing needs nothing but this module. ``xx`` is a pseudo-language: every message rendered in
it is wrapped in ⟦ ⟧, so a test finds text that reached a player without being a message.
Part of the game contract; pure, the standard library only.
"""

from __future__ import annotations

import gettext
from functools import lru_cache
from pathlib import Path
from string import Formatter
from typing import Any

LANGS = ("en", "it")  # the languages a player may choose; English is the messages' own
PSEUDO = "xx"  # the pseudo-language of the tests: each message marked ⟦ ⟧
OPEN, CLOSE = "⟦", "⟧"
# Each domain's catalogue folder, as its Words declared it: a message names its domain only, so one
# pickled in a snapshot finds its catalogues wherever the code is installed when it is read again.
_LOCALES: dict[str, str] = {}


class Msg:
    """One message: its domain, its English id (and plural id with its count), its parameters.

    ``str(msg)`` is the English; :func:`render` words it in any language. Compared and hashed by
    what it says; pickled with the events that carry it (a match's snapshot). Never changed once
    made, so each language's words are kept once rendered: a line said to a room of a thousand is
    one message, worded once per language, not once per listener."""

    __slots__ = ("domain", "id", "plural", "n", "params", "_worded")

    def __init__(self, domain: str, id: str, params: dict[str, Any], plural: str | None = None, n: int | None = None):
        self.domain, self.id = domain, id
        self.plural, self.n, self.params = plural, n, params
        self._worded: dict[str, str] = {}

    def __str__(self) -> str:
        return render(self, "en")

    def __repr__(self) -> str:
        return f"Msg({self.domain}: {str(self)!r})"

    def _key(self) -> tuple:
        return (self.domain, self.id, self.plural, self.n, tuple(sorted(self.params.items(), key=lambda kv: kv[0])))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Msg) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __getstate__(self) -> tuple:
        return (self.domain, self.id, self.params, self.plural, self.n)

    def __setstate__(self, state: tuple) -> None:
        self.domain, self.id, self.params, self.plural, self.n = state
        self._worded = {}


class Words:
    """A domain's messages: ``_ = Words("quest", Path(__file__).parent / "locale")``. Call it for a
    message, ``.plural`` for one whose words depend on a count. ``make messages`` extracts the
    calls ``_(...)`` and ``_.plural(...)`` from the domain's code."""

    def __init__(self, domain: str, localedir: str | Path):
        self.domain = domain
        _LOCALES[domain] = str(localedir)

    def __call__(self, text: str, /, **params: Any) -> Msg:
        _check(text, params)
        return Msg(self.domain, text, params)

    def plural(self, one: str, many: str, n: int, /, **params: Any) -> Msg:
        """``one`` or ``many`` (in Italian, the catalogue's form for ``n``); ``{n}`` is the count."""
        params = {"n": n, **params}
        _check(one, params)
        _check(many, params)
        return Msg(self.domain, one, params, many, n)


def render(value: Any, lang: str) -> str:
    """``value`` worded for a reader of ``lang``: a message translated (its parameters too), or
    anything else as its ``str`` -- names, numbers, what a player typed. An unknown language, or a
    message its catalogue lacks, reads in English."""
    if not isinstance(value, Msg):
        return value if isinstance(value, str) else str(value)
    done = value._worded.get(lang)
    if done is None:
        done = value._worded[lang] = _word(value, lang)
    return done


def _word(value: Msg, lang: str) -> str:
    params = {k: render(v, lang) if isinstance(v, Msg) else v for k, v in value.params.items()}
    if lang == PSEUDO or lang == "en" or lang not in LANGS:
        text = value.id if value.plural is None or value.n == 1 else value.plural
        text = text.format_map(params)
        return f"{OPEN}{text}{CLOSE}" if lang == PSEUDO else text
    table = _catalogue(value.domain, lang)
    text = table.gettext(value.id) if value.plural is None else table.ngettext(value.id, value.plural, value.n)
    return text.format_map(params)


def worded(value: Any, lang: str) -> Any:
    """``value`` -- a view, a place, a status, a question: dicts, lists and tuples of data -- with
    every message in it worded for a reader of ``lang``; everything else is kept as it is (the
    same object when nothing in it is a message, so a view without messages costs a walk and no copy).
    The surface calls it once per viewer, where a view leaves the world for that viewer."""
    if isinstance(value, Msg):
        return render(value, lang)
    if isinstance(value, dict):
        out = {k: worded(v, lang) for k, v in value.items()}
        return value if all(out[k] is value[k] for k in value) else out
    if isinstance(value, (list, tuple)):
        items = [worded(v, lang) for v in value]
        if all(a is b for a, b in zip(items, value)):
            return value
        return items if isinstance(value, list) else tuple(items)
    return value


def wire(value: Any) -> Any:
    """``value`` as data that crosses a process or a network as JSON (another node's bus): a message
    becomes ``{"msg": domain, "id": ..., "params": {...}}`` (nested messages too), so each reader on
    the far side words it in their own language; anything else is kept as it is."""
    if not isinstance(value, Msg):
        return value
    out = {"msg": value.domain, "id": value.id, "params": {k: wire(v) for k, v in value.params.items()}}
    if value.plural is not None:
        out["plural"], out["n"] = value.plural, value.n
    return out


def unwire(data: Any) -> Any:
    """The message :func:`wire` made of ``data`` (a string stays a string). What another process
    sends is not trusted: a message must name a declared domain and an id its catalogue has, with
    plain parameters (text, numbers, messages), or this raises ``ValueError``. So nothing but our
    own sentences can be worded from it, however the data was made."""
    if isinstance(data, str):
        return data
    if not isinstance(data, dict) or set(data) - {"msg", "id", "params", "plural", "n"}:
        raise ValueError("not a message")
    domain, id, params = data.get("msg"), data.get("id"), data.get("params", {})
    plural, n = data.get("plural"), data.get("n")
    if not isinstance(domain, str) or not isinstance(id, str) or not isinstance(params, dict):
        raise ValueError("not a message")
    if plural is not None and (not isinstance(plural, str) or not isinstance(n, int) or isinstance(n, bool)):
        raise ValueError("a plural without its count")
    if not _known(domain, id, plural):
        raise ValueError(f"no message {id!r} in {domain!r}")
    values = {}
    for k, v in params.items():
        if isinstance(v, dict):
            v = unwire(v)
        elif not isinstance(v, (str, int, float)) or isinstance(v, bool):
            raise ValueError(f"parameter {k!r} is not plain")
        values[str(k)] = v
    try:
        _check(id, values)
        if plural is not None:
            _check(plural, values)
    except KeyError as err:
        raise ValueError(str(err)) from None
    return Msg(domain, id, values, plural, n)


def _known(domain: str, id: str, plural: str | None) -> bool:
    """Whether ``domain`` declares the message ``id``: every message has its translation in each
    language's catalogue (tests/games/words/test_catalogues.py), so the first one holds them all."""
    localedir = _LOCALES.get(domain)
    if localedir is None:
        return False
    table = _read(domain, localedir, next(lang for lang in LANGS if lang != "en"))
    known = getattr(table, "_catalog", {})
    return (id, 0) in known if plural is not None else id in known


def said(err: BaseException) -> Any:
    """What an exception says to a player: its message (to render), or its text as a string."""
    if len(err.args) == 1 and isinstance(err.args[0], Msg):
        return err.args[0]
    return str(err)


def _catalogue(domain: str, lang: str) -> gettext.NullTranslations:
    """A domain's compiled catalogue for ``lang`` (none, or a domain not declared yet: English)."""
    localedir = _LOCALES.get(domain)
    return _ENGLISH if localedir is None else _read(domain, localedir, lang)


_ENGLISH = gettext.NullTranslations()


@lru_cache(maxsize=None)
def _read(domain: str, localedir: str, lang: str) -> gettext.NullTranslations:
    """A catalogue read once from its file."""
    return gettext.translation(domain, localedir, languages=[lang], fallback=True)


@lru_cache(maxsize=4096)
def _placeholders(text: str) -> frozenset[str]:
    return frozenset(name.split(".")[0].split("[")[0] for _, name, _, _ in Formatter().parse(text) if name)


def _check(text: str, params: dict[str, Any]) -> None:
    """A placeholder without its parameter fails where the message is made, not on a screen."""
    missing = _placeholders(text).difference(params)
    if missing:
        raise KeyError(f"message {text!r} lacks its parameter(s) {sorted(missing)}")
