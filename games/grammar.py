"""Commands typed in another language than English (issue 43): the words each language adds to the grammar.

A verb declares its words in each language beside its English ones (``Verb.langs``: language ->
:class:`Forms`), and so does a game's slot (``Slot.langs``). The grammar itself stays English: a word
typed in the reader's language is read as the English word it stands for (``fulmine`` -> ``bolt``,
``ovest`` -> ``west``), so every pattern, ``build`` and rule is written once. This module holds what
belongs to a language rather than to one verb: its direction words and the little words it ignores.
A third language adds its entries here and its ``Forms`` to the verbs; no code changes.

Pure data and lookups, the standard library only (games/ and mud/ both read it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

ENGLISH = "en"

# A language's direction words -> the English direction word (the grammar's DIR slot and the
# world's walking read the English). The English letters (n e s w u d) keep working for everyone.
DIRECTIONS: dict[str, dict[str, str]] = {
    "it": {"nord": "north", "n": "north", "est": "east", "e": "east", "sud": "south", "s": "south",
           "ovest": "west", "o": "west", "su": "up", "giù": "down", "giu": "down"},
}

# Little words a language's reader may put in a line ('lancia fulmine su bob', 'prendi la chiave'):
# skipped only when the word does not fit the pattern where it stands ('su' is also a direction).
FILLERS: dict[str, frozenset[str]] = {
    "it": frozenset({"il", "lo", "la", "l'", "i", "gli", "le", "un", "uno", "una", "un'", "a", "ad", "al", "allo",
                     "alla", "ai", "agli", "alle", "con", "col", "da", "dal", "dalla", "di", "del", "della", "dello",
                     "in", "nel", "nella", "su", "sul", "sulla", "per", "verso", "contro"}),
}


@dataclass(frozen=True)
class Forms:
    """A verb's words in one language: ``words`` name the verb (the first is the one shown: help,
    answers, messages); ``vocab`` reads the words of its patterns typed in that language as the
    English ones the patterns and the rules know (``{"porta": "door", "fulmine": "bolt"}``), for
    its literal words, ``WORD`` and ``ITEM`` slots and its directions; ``examples`` are lines in
    that language (help shows them); ``patterns`` are tried after the verb's own for a reader of
    that language, written like them (the English words, the same slots) in that language's order."""

    words: tuple[str, ...]
    vocab: Mapping[str, str] = field(default_factory=dict, hash=False, compare=False)
    examples: tuple[str, ...] = ()
    patterns: tuple[str, ...] = ()  # more patterns, in this language's word order ('chiave d'oro': "key gold|silver")

    @property
    def name(self) -> str:
        return self.words[0]


def forms(words: str, vocab: str | Mapping[str, str] = "", examples: tuple[str, ...] = (),
          patterns: tuple[str, ...] = ()) -> Forms:
    """A verb's forms written short: ``forms("sbircia esamina", "porta:door est:east")``; a multi-word
    entry of ``vocab`` (an item's name) is given as a mapping."""
    if isinstance(vocab, str):
        vocab = dict(pair.split(":", 1) for pair in vocab.split())
    return Forms(tuple(words.split()), dict(vocab), tuple(examples), tuple(patterns))


def direction_words(lang: str) -> Mapping[str, str]:
    """A language's direction words (word -> English direction); English has none beyond its own."""
    return DIRECTIONS.get(lang, {})


def fillers(lang: str) -> frozenset[str]:
    return FILLERS.get(lang, frozenset())


def said_as(english: str, lang: str, vocab: Mapping[str, str], directions: bool) -> str:
    """The word of ``lang`` that reads as ``english`` (an argument of an action written back in
    that language): the first entry of ``vocab`` for it, else (a verb that takes a direction) the
    language's direction word for that letter or word, else the English itself."""
    for word, meaning in vocab.items():
        if meaning == english:
            return word
    if directions:
        letter = english[:1] if english in ("north", "south", "east", "west", "up", "down") else english
        for word, meaning in direction_words(lang).items():
            if meaning[:1] == letter and len(letter) == 1 and len(word) > 1:
                return word
    return english
