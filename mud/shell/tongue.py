"""A line's words as the grammar reads them for a reader of another language than English (issue 43).

The grammar is written once, in English; a reader of Italian types its words (``Verb.langs``, the
language's directions and little words in games/grammar.py), and these read each one as the English
word it stands for, for the verb being matched -- so the parser itself keeps one set of rules.
Every function takes the parser's ``Context`` (its ``lang`` and its verb's ``vocab``)."""

from __future__ import annotations

from games import grammar
from games.engine import ENGLISH, Verb


def read(word: str, ctx) -> str:
    """A word as the grammar reads it: in another language, the English word it stands for (the
    verb's words, then its directions), else as typed (lower case)."""
    w = word.lower()
    if ctx.lang == ENGLISH:
        return w
    return ctx.vocab.get(w) or grammar.direction_words(ctx.lang).get(w) or w


def soft(token: str, ctx) -> bool:
    """A little word of the reader's language ('su', 'la', 'porta' read as 'door'): skipped only where
    it fits no part of the pattern ('muovi su' still goes up)."""
    w = token.lower()
    return ctx.lang != ENGLISH and (w in grammar.fillers(ctx.lang) or read(w, ctx) in ctx.fillers)


def item(words: list[str], ctx) -> str:
    """An ITEM's words as the grammar reads them: the phrase, or each word, in English."""
    phrase = " ".join(words).lower()
    if ctx.lang == ENGLISH:
        return phrase
    return ctx.vocab.get(phrase) or " ".join(ctx.vocab.get(w.lower(), w.lower()) for w in words)


def speaking(ctx, verb: Verb):
    """``ctx`` reading ``verb``'s words in the reader's language (the same context in English)."""
    said = verb.forms(ctx.lang)
    if said is None:
        return ctx if not ctx.vocab else ctx.with_vocab({})
    return ctx.with_vocab(said.vocab)


def patterns(verb: Verb, ctx) -> tuple[str, ...]:
    """The verb's patterns, then those of the reader's language (its own word order)."""
    said = verb.forms(ctx.lang)
    return verb.patterns + said.patterns if said is not None else verb.patterns


def first_words(commands, lang: str, english: tuple[str, ...]) -> set[str]:
    """What a first word may complete to: each verb's name as the reader types it, and the directions."""
    if lang == ENGLISH:
        return {v.name for v in commands.verbs} | set(english)
    dirs = {grammar.said_as(d, lang, {}, True) for d in english}
    return {v.name_in(lang) for v in commands.verbs} | dirs
