"""Completion of a typed line's last word (Tab): the verbs first, then what the verb's next slot
takes. It draws only on verb names, directions, public names, the words a verb declares and the
player's own legal actions, so it can never leak a secret; the reader's language is offered first."""

from __future__ import annotations

from games import grammar
from games.engine import ENGLISH, Verb
from mud.shell import tongue
from mud.shell.parser import (DIRECTION_WORDS, SLOTS, CommandSet, Context, ParseError, pattern_parts,
                              with_grammar)


def _legal_words(verb: Verb, typed: list[str], ctx: Context) -> list[str]:
    """The next word of the legal command lines of ``verb`` that begin as ``typed`` ('buy ' at
    the start of a turn: the weapons). The lines are the player's own legal actions, which hide
    nothing from them and tell nothing of anyone else's secrets."""
    out = []
    for line in ctx.legal:
        parts = line.split()
        if parts[:1] and parts[0] in (verb.name, *verb.actions) and len(parts) > len(typed) + 1:
            if [p.lower() for p in parts[1:len(typed) + 1]] == [tongue.read(t, ctx) for t in typed]:
                out.append(parts[len(typed) + 1])
    return out


def _slot_options(parts: list, position: int, verb: Verb, typed: list[str], ctx: Context) -> list[str]:
    """What the part of one pattern at ``position`` (and the next, past an optional one) takes."""
    options: list[str] = []
    for kind, _ in parts[position:position + 2]:
        if kind == "DIR":
            options += list(DIRECTION_WORDS)
        elif kind == "PLAYER":
            options += [p for p in ctx.players if ctx.me is None or p.lower() != ctx.me.lower()]
        elif kind in ("WORD", "TEXT"):
            options += _legal_words(verb, typed, ctx) or (list(verb.words) if kind == "WORD" else [])
        elif kind == "ITEM":
            options += list(ctx.items)
        elif kind in ctx.slots:
            options += list(ctx.slots[kind].words)
        elif kind not in SLOTS:
            options += kind.split("|")
        if (kind not in SLOTS and kind not in ctx.slots) or not parts[position:][0][1]:
            break
    return options


def complete(line: str, commands: CommandSet, ctx: Context | None = None) -> list[str]:
    """Completions for the last word of ``line``: verbs first, then what the verb's next slot takes.
    Draws only on verb names, directions, public names, the words a verb declares and the
    player's own legal actions, so it can never leak a secret. The player typing is never offered
    as a target."""
    ctx = with_grammar(ctx, commands)
    words = line.split(" ")
    if len(words) <= 1:
        stem = words[0].lower()
        names = sorted(tongue.first_words(commands, ctx.lang, DIRECTION_WORDS))
        return [n for n in names if n.startswith(stem)]
    try:
        verb = commands.resolve(words[0], ctx.lang)
    except ParseError:
        return []
    ctx = tongue.speaking(ctx, verb)
    stem = words[-1].lower()
    typed = [w for w in words[1:-1] if w and w.lower() not in ctx.fillers | grammar.fillers(ctx.lang)]
    position = len(typed)
    options: list[str] = []
    for each in (verb, *commands.below.get(verb.name, ())):  # a name's verbs of lower sets too
        for pat in each.patterns:
            options += _slot_options(pattern_parts(pat), position, each, typed, ctx)
    if ctx.lang != ENGLISH:  # an Italian reader is offered the Italian words (the same choices)
        dirs = any("DIR" in p for p in verb.patterns)
        options = [grammar.said_as(o, ctx.lang, ctx.vocab, dirs and o in DIRECTION_WORDS) for o in options]
    seen: list[str] = []
    for o in options:
        if o.lower().startswith(stem) and o not in seen:
            seen.append(o)
    return seen
