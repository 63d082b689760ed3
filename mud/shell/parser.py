"""One grammar for every surface: a typed line -> (verb, slots), or a one-line answer saying why not.

Verbs are declared as data (:class:`games.engine.Verb`): a name, aliases and patterns such as
``"PLAYER NUMBER? ITEM"``. The parser resolves the first word (exact name or alias, then a bare
direction meaning ``move``, then a unique prefix), drops filler words, matches the patterns with
backtracking, and otherwise answers with a usage line or a did-you-mean. It never raises on input.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Iterable

from games import grammar
from games.engine import ENGLISH, Slot, Verb
from mud.shell import tongue
from mud.shell.words import SLOT_SHOWN, SLOT_WORDS, _, render

MAX_LINE = 1000  # characters; longer lines are refused, not cut
MAX_STEPS = 12  # actions one line of a repeating verb may ask for ('north 3', 'move n n e')
DIRECTIONS = {"n": "n", "north": "n", "s": "s", "south": "s", "e": "e", "east": "e", "w": "w", "west": "w"}
DIRECTION_WORDS = ("north", "south", "east", "west")
FILLERS = frozenset({"the", "a", "an", "at", "to", "on", "with", "into", "from", "of", "please"})
SHORTCUTS = {"'": "say", '"': "say", ":": "emote"}
SLOTS = ("DIR", "PLAYER", "NUMBER", "WORD", "ITEM", "TEXT")  # a game adds its own (games.engine.Slot)

_ESCAPES = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[@-Z\\-_]|\x9b[0-9;?]*[ -/]*[@-~]")


class ParseError(Exception):
    """The answer to a line that names no command we can run; one line, safe to show."""


@dataclass
class Parsed:
    verb: Verb
    slots: dict = field(default_factory=dict)
    line: str = ""
    more: list = field(default_factory=list)  # the slots of further steps of a repeating verb

    @property
    def steps(self) -> list[dict]:
        return [self.slots, *self.more]


@dataclass
class Context:
    """What the parser may know about the speaker's surroundings: only public names."""

    players: Iterable[str] = ()
    items: Iterable[str] = ()
    slots: dict = field(default_factory=dict)  # slot name -> games.engine.Slot (filled by parse)
    fillers: frozenset = FILLERS
    me: str | None = None  # the player typing: completion never offers them as a target
    legal: tuple = ()  # the command lines the game would take from them now (completion only)
    lang: str = ENGLISH  # the language they read: its words are tried first (games/grammar.py)
    vocab: dict = field(default_factory=dict)  # (filled by parse) the verb's words in ``lang`` -> English

    def with_vocab(self, vocab) -> "Context":
        """This context reading a verb's words (``vocab``, read only): made field by field, as a line
        of another language makes one per verb tried (``dataclasses.replace`` cost five times more)."""
        return Context(self.players, self.items, self.slots, self.fillers, self.me, self.legal, self.lang, vocab)


def clean(line: str) -> str:
    """Drop terminal escapes and control characters; normalise Unicode; trim."""
    if line.isascii() and line.isprintable():  # most lines: nothing to drop, nothing to normalise
        return line.strip()
    line = _ESCAPES.sub("", line).replace("\u2028", " ").replace("\u2029", " ")  # line/paragraph separators
    line = "".join(ch for ch in line if ch == " " or unicodedata.category(ch)[0] != "C" or ch == "\t")
    return unicodedata.normalize("NFC", line.replace("\t", " ")).strip()


def shown(word: str, limit: int = 24) -> str:
    """A user's word, made safe and short enough to quote back."""
    word = clean(word)
    return word if len(word) <= limit else word[: limit - 1] + "…"


def direction(word: str, lang: str = ENGLISH) -> str | None:
    """The direction letter a word names: English (a word, a letter, a start of two letters or
    more), or ``lang``'s own word, read first (Italian 'su' is up, not a start of 'south')."""
    w = word.lower()
    said = grammar.direction_words(lang) if lang != ENGLISH else None
    if said and w in said:
        return DIRECTIONS.get(said[w])
    if w in DIRECTIONS:
        return DIRECTIONS[w]
    hits = {DIRECTIONS[d] for d in DIRECTION_WORDS if len(w) >= 2 and d.startswith(w)}
    return hits.pop() if len(hits) == 1 else None


class CommandSet:
    """The verbs a player has right now (always-on verbs plus those of the table they sit at), the
    slots the game adds to the grammar (a ``ROOM``, a ``SQUARE``) and the filler words it ignores."""

    def __init__(self, verbs: Iterable[Verb], slots: Iterable[Slot] = (), fillers: Iterable[str] = ()):
        self.verbs: list[Verb] = []
        self.words: dict[str, Verb] = {}
        self.slots: dict[str, Slot] = {s.name: s for s in slots}
        self.fillers = FILLERS | frozenset(fillers)
        self.below: dict[str, list[Verb]] = {}  # a name's verbs of lower layers, tried in turn
        self.said: dict[str, dict[str, Verb]] = {}  # language -> its words -> the verb (Verb.langs)
        for v in verbs:
            self.add(v)

    @classmethod
    def layered(cls, *layers: Iterable[Verb], slots: Iterable[Slot] = (), fillers: Iterable[str] = ()) -> "CommandSet":
        """Command sets merged by priority, the first layer highest (Evennia's cmdset merging): a
        name keeps its highest verb, and a line that fits none of that verb's patterns is tried
        against the same name's verbs of lower layers (the world's ``leave`` gets up; a game's
        ``leave open gold`` still reaches the game)."""
        merged = cls((), slots, fillers)
        for layer in layers:
            for verb in layer:
                if merged.get(verb.name) is None:
                    merged.add(verb)
                else:
                    merged.below.setdefault(verb.name, []).append(verb)
                    merged.add_said(verb, keep=True)
        return merged

    def add(self, verb: Verb) -> None:
        self.verbs = [v for v in self.verbs if v.name != verb.name] + [verb]
        for w in (verb.name, *verb.aliases):
            self.words[w] = verb
        self.add_said(verb)

    def add_said(self, verb: Verb, keep: bool = False) -> None:
        """Register ``verb``'s words in each of its languages (``keep``: a word already taken stays
        with its verb, as a higher set's does)."""
        for lang, said in verb.langs.items():
            words = self.said.setdefault(lang, {})
            for w in said.words:
                if keep:
                    words.setdefault(w, verb)
                else:
                    words[w] = verb

    def get(self, name: str) -> Verb | None:
        return next((v for v in self.verbs if v.name == name), None)

    def resolve(self, word: str, lang: str = ENGLISH) -> Verb:
        """The verb a first word names, or ParseError with suggestions. A reader of another language
        is read in it first (its words whole, its directions, a unique start of its words), then as
        everyone is, in English (docs/decisions.md, "Commands in Italian")."""
        w = word.lower()
        mine = self.said.get(lang, {}) if lang != ENGLISH else {}
        if w in mine:
            return mine[w]
        if mine and w not in self.words and w in grammar.direction_words(lang) and "move" in self.words:
            return self.words["move"]
        if mine and w not in self.words:
            hits = {v.name: v for k, v in mine.items() if k.startswith(w) and not v.whole}
            if len(hits) == 1:
                return next(iter(hits.values()))
            if len(hits) > 1:
                shown_words = sorted({k for k, v in mine.items() if k.startswith(w) and not v.whole and k == v.name_in(lang)})
                raise ParseError(_("'{word}' could mean: {names}. Type more letters.", word=shown(word),
                                   names=", ".join(shown_words or sorted(hits))))
        if w in self.words:
            return self.words[w]
        if direction(w) and "move" in self.words:
            return self.words["move"]
        named = [v for v in self.verbs if v.name.startswith(w) and not v.whole]
        if len(named) == 1:
            return named[0]
        hits = {v.name: v for k, v in self.words.items() if k.startswith(w) and not v.whole}
        if len(hits) == 1:
            return next(iter(hits.values()))
        if len(hits) > 1:
            raise ParseError(_("'{word}' could mean: {names}. Type more letters.", word=shown(word),
                               names=", ".join(sorted(hits))))
        walks = "move" in self.words
        if mine:  # an Italian reader is offered Italian words ('passs' -> passa)
            dirs = [d for d in grammar.direction_words(lang) if len(d) > 2] if walks else []
            close = difflib.get_close_matches(w, list(mine) + dirs, n=3, cutoff=0.6)
            names = sorted({c if c not in mine else mine[c].name_in(lang) for c in close})
            if names:
                raise ParseError(_("Unknown command '{word}'. Did you mean: {names}?", word=shown(word),
                                   names=", ".join(names)))
        known = list(self.words) + (list(DIRECTION_WORDS) if walks else [])
        close = difflib.get_close_matches(w, known, n=3, cutoff=0.6)
        names = sorted({(grammar.said_as(c, lang, {}, True) if c in DIRECTION_WORDS and c not in self.words
                         else self.words[c].name_in(lang)) for c in close})  # (in the reader's words: 'muovi')
        if names:
            raise ParseError(_("Unknown command '{word}'. Did you mean: {names}?", word=shown(word), names=", ".join(names)))
        raise ParseError(_("Unknown command '{word}'. Type 'commands' for the list, 'help' for help.", word=shown(word)))

    def candidates(self, word: str, lang: str = ENGLISH) -> list[Verb]:
        """The verbs a line starting with ``word`` may run, in the order its patterns are tried: the
        verb the word names (:meth:`resolve`, ParseError when none), then the same name's verbs of
        lower sets (a seat's game under the account's ``leave``), each once (Italian 'lascia' names
        the game's own). What ``help <word>`` explains."""
        verb = self.resolve(word, lang)
        return [verb, *(v for v in self.below.get(verb.name, ()) if v is not verb)]


def usage(verb: Verb, lang: str = ENGLISH):
    """How a verb is typed, with an example: a message, in the words of a reader of ``lang`` (its
    name and its patterns' literal words there, an example of theirs)."""
    said = verb.forms(lang)
    name, examples = (verb.name, verb.examples) if said is None else (said.name, said.examples)
    forms = " | ".join(" ".join([name, *(shape(part, lang, verb) for part in p.split())]).strip()
                       for p in verb.patterns)
    if examples:
        return _("Usage: {forms} (e.g. {example}).", forms=forms, example=examples[0])
    return _("Usage: {forms}.", forms=forms)


def shape(part: str, lang: str, verb: Verb) -> str:
    """A pattern's part as a reader of ``lang`` reads it: its literal words in that language, a slot
    (DIR, PLAYER ...) by its name there; an optional part (``table?``, as the grammar writes it) in
    brackets (``[table]``), as usage lines write it. Every usage line and help page shows parts so."""
    words = part.rstrip("?")
    shown = _shown_words(words, lang, verb)
    return f"[{shown}]" if words != part else shown


def _shown_words(words: str, lang: str, verb: Verb) -> str:
    """A pattern's part without its '?': a slot's name in the reader's words ('TESTO'; a game's own
    as it is), else its literal words in that language."""
    if words.isupper():
        return words if lang == ENGLISH or words not in SLOT_SHOWN else render(SLOT_SHOWN[words], lang)
    said = verb.forms(lang)
    if said is None:
        return words
    return "|".join(grammar.said_as(w, lang, said.vocab, False) for w in words.split("|"))


def pattern_parts(pattern: str) -> list[tuple[str, bool]]:
    return [(p.rstrip("?"), p.endswith("?")) for p in pattern.split()]


def near_direction(word: str, lang: str = ENGLISH) -> str | None:
    """The direction a misspelt word most likely means ('nrth' -> 'north'; for an Italian reader
    'nrd' -> 'nord'), or None."""
    w = word.lower()
    words = DIRECTION_WORDS if lang == ENGLISH else tuple(
        d for d in grammar.direction_words(lang) if len(d) > 2) or DIRECTION_WORDS
    close = difflib.get_close_matches(w, words, n=4, cutoff=0.6)
    same_start = [c for c in close if c[0] == w[:1]]  # 'esat' is east swapped, not west
    return (same_start or close or [None])[0]


def players_starting(word: str, players: list[str]) -> list[str]:
    """Every player whose name starts with ``word`` (any case), when ``word`` names nobody exactly."""
    w = word.lower()
    if any(p.lower() == w for p in players):
        return []
    return [p for p in players if p.lower().startswith(w)]


def _player(word: str, players: list[str]) -> str | None:
    w = word.lower()
    exact = [p for p in players if p.lower() == w]
    if exact:
        return exact[0]
    hits = [p for p in players if p.lower().startswith(w)]
    return hits[0] if len(hits) == 1 else None


def _match_slot(kind: str, word: str, ctx: Context) -> object | None:
    w = word.lower()
    if kind == "DIR":
        return direction(w, ctx.lang) or (direction(ctx.vocab[w]) if w in ctx.vocab else None)
    if kind == "PLAYER":
        return _player(word, list(ctx.players))
    if kind == "NUMBER":
        return int(w) if w.isascii() and w.isdigit() and len(w) <= 6 else None  # not "²": int() refuses it
    if kind in ctx.slots:
        slot = ctx.slots[kind]
        return slot.match(slot.langs.get(ctx.lang, {}).get(w, word))
    w = tongue.read(word, ctx)
    if kind == "WORD":
        return w
    alternatives = kind.split("|")
    return w if w in alternatives else None


def _key(kind: str, out: dict) -> str:
    """Where a slot's value goes: its kind, or KIND2, KIND3 ... when the pattern names it again
    ('help WORD? WORD?' keeps both words)."""
    if kind not in out:
        return kind
    n = 2
    while f"{kind}{n}" in out:
        n += 1
    return f"{kind}{n}"


def _match(parts, tokens, i, line, ctx, out) -> dict | None:
    while i < len(tokens) and tokens[i][0].lower() in ctx.fillers and not (parts and parts[0][0] == "TEXT"):
        i += 1
    got = _match_here(parts, tokens, i, line, ctx, out)
    if got is None and ctx.lang != ENGLISH and i < len(tokens) and tongue.soft(tokens[i][0], ctx) and not (parts and parts[0][0] == "TEXT"):
        return _match(parts, tokens, i + 1, line, ctx, out)
    return got


def _match_here(parts, tokens, i, line, ctx, out) -> dict | None:
    if not parts:
        return out if i == len(tokens) else None
    (kind, optional), rest = parts[0], parts[1:]
    if kind == "TEXT":
        text = line[tokens[i][1]:].strip() if i < len(tokens) else ""
        if text:
            return {**out, "TEXT": text}
        return out if optional else None
    if i < len(tokens):
        if kind == "ITEM":
            for j in range(len(tokens), i, -1):
                words = [t for t, _ in tokens[i:j] if t.lower() not in ctx.fillers and not tongue.soft(t, ctx)]
                if words:
                    got = _match(rest, tokens, j, line, ctx, {**out, "ITEM": tongue.item(words, ctx)})
                    if got is not None:
                        return got
        else:
            value = _match_slot(kind, tokens[i][0], ctx)
            if value is not None:
                got = _match(rest, tokens, i + 1, line, ctx, {**out, _key(kind, out): value})
                if got is not None:
                    return got
    return _match(rest, tokens, i, line, ctx, out) if optional else None


NAMES_SHOWN = 10  # names an answer lists before it says how many more there are


def some(names: list[str]) -> str:
    """Names for a one-line answer: all of a few, else the first NAMES_SHOWN and how many more (a
    crowded world's answer stays a line)."""
    if len(names) <= NAMES_SHOWN + 1:
        return ", ".join(names)
    return _("{names} and {n} more", names=", ".join(names[:NAMES_SHOWN]), n=len(names) - NAMES_SHOWN)


def _explain(verb: Verb, tokens, ctx: Context):
    """The most useful reason a line did not fit any pattern of its verb."""
    words = [t for t, _ in tokens if t.lower() not in ctx.fillers]
    kinds = {p.rstrip("?") for pat in verb.patterns for p in pat.split()}
    if "DIR" in kinds and words and not _match_slot("DIR", words[0], ctx) and len(kinds) == 1:
        near = near_direction(words[0], ctx.lang)
        if near:
            return _("'{word}' is not a direction. Did you mean: {near}?", word=shown(words[0]), near=near)
        return _("'{word}' is not a direction: use north, south, east or west (n s e w).", word=shown(words[0]))
    if "PLAYER" in kinds and words and not any(_player(w, list(ctx.players)) for w in words):
        for w in words:  # a start that fits several names: say which, rather than "no player"
            several = players_starting(w, list(ctx.players))
            if len(several) > 1:
                return _("'{word}' could be {names}: type more letters.", word=shown(w), names=some(several))
        if not list(ctx.players):
            return _("No player called '{word}' here (players: nobody).", word=shown(words[0]))
        return _("No player called '{word}' here (players: {names}).", word=shown(words[0]),
                 names=some(list(ctx.players)))
    if len(kinds) == 1 and words and next(iter(kinds)) in ctx.slots:
        slot = ctx.slots[next(iter(kinds))]
        if slot.match(words[0]) is None and slot.example:
            return _("'{word}' is not a {kind} here (such as {example}). {usage}", word=shown(words[0]), example=slot.example,
                     kind=SLOT_WORDS.get(slot.name.lower(), slot.name.lower()), usage=usage(verb, ctx.lang))
    return usage(verb, ctx.lang)


def parse(line: str, commands: CommandSet, ctx: Context | None = None) -> Parsed:
    """Parse one line, or raise ParseError with a one-line answer."""
    ctx = with_grammar(ctx, commands)
    if len(line) > MAX_LINE:
        raise ParseError(_("That line is too long ({length} characters; the limit is {limit}).", length=len(line), limit=MAX_LINE))
    line = clean(line)
    if not line:
        raise ParseError(_("Type a command, or 'help'."))
    if line[0] in SHORTCUTS and commands.get(SHORTCUTS[line[0]]):
        line = f"{SHORTCUTS[line[0]]} {line[1:]}"
    tokens = [(m.group(), m.start()) for m in re.finditer(r"\S+", line)]
    first = tokens[0][0]
    try:
        candidates = commands.candidates(first, ctx.lang)
    except ParseError:
        bare = _bare(tokens, line, commands, ctx)  # 'e2e5': a verb's pattern without its word
        if bare is None:
            raise
        return bare
    rest = tokens[1:]
    if candidates[0].name == "move" and _bare_direction(first, candidates[0], ctx.lang):
        rest = tokens  # a bare direction: "n" means "move n"
    english = ctx.lang == ENGLISH  # (an English reader's line skips the language pass: most lines)
    for candidate in candidates:
        vctx = ctx if english else tongue.speaking(ctx, candidate)
        for pattern in candidate.patterns if english else tongue.patterns(candidate, ctx):
            got = _match(pattern_parts(pattern), rest, 0, line, vctx, {})
            if got is not None:
                return Parsed(candidate, got, line)
    for candidate in candidates:
        if candidate.repeats:
            steps = _steps(candidate, rest, line, tongue.speaking(ctx, candidate))
            if steps:
                return Parsed(candidate, steps[0], line, steps[1:])
    raise ParseError(_explain(candidates[-1], rest, tongue.speaking(ctx, candidates[-1])))  # the lowest layer's is the most specific


def _bare_direction(first: str, verb: Verb, lang: str) -> bool:
    """Whether the first word of a line read as 'move' is a direction alone ("n" means "move n"),
    not one of the verb's own words ('move', 'go', 'muovi')."""
    w = first.lower()
    said = verb.forms(lang)
    if w == "move" or w in verb.aliases or (said is not None and w in said.words):
        return False
    return bool(direction(first) or (lang != ENGLISH and w in grammar.direction_words(lang)))


def _one(verb: Verb, tokens, line: str, ctx: Context) -> dict | None:
    for pattern in tongue.patterns(verb, ctx):
        got = _match(pattern_parts(pattern), tokens, 0, line, ctx, {})
        if got is not None:
            return got
    return None


def _steps(verb: Verb, tokens, line: str, ctx: Context) -> list[dict] | None:
    """A repeating verb's line read as several steps: one step and a count ('north 3', 'n 3
    times'), or steps one after another ('n n e'); None when it is neither. A count over
    MAX_STEPS is refused with its reason."""
    words = [tok for tok in tokens if tok[0].lower() not in ctx.fillers | {"times", "x"}]
    if len(words) >= 2 and _match_slot("NUMBER", words[-1][0], ctx) is not None:
        count = int(words[-1][0])
        step = _one(verb, words[:-1], line, ctx)
        if step is not None and count >= 1:
            if count > MAX_STEPS:
                raise ParseError(_("At most {most} at once: '{verb}' {count} times is too many.", most=MAX_STEPS,
                                   verb=getattr(verb.forms(ctx.lang), "name", verb.name), count=count))
            return [dict(step) for _ in range(count)]

    failed: set[int] = set()  # starts already known not to split: the search stays polynomial

    def split(i: int) -> list[dict] | None:
        if i == len(tokens):
            return []
        if i in failed:
            return None
        for j in range(i + 1, len(tokens) + 1):
            step = _one(verb, tokens[i:j], line, ctx)
            if step is not None:
                later = split(j)
                if later is not None:
                    return [step, *later]
        failed.add(i)
        return None

    if len(tokens) < 2 or len(tokens) > 4 * MAX_STEPS:
        return None
    steps = split(0)
    if steps is not None and len(steps) > MAX_STEPS:
        raise ParseError(_("At most {most} at once: that line asks for {count}.", most=MAX_STEPS, count=len(steps)))
    return steps if steps and len(steps) > 1 else None


def _bare(tokens, line: str, commands: CommandSet, ctx: Context) -> Parsed | None:
    """A line naming no command that fits a verb's ``bare`` pattern as a whole, or None."""
    for verb in commands.verbs:
        for pattern in verb.bare:
            got = _match(pattern_parts(pattern), tokens, 0, line, tongue.speaking(ctx, verb), {})
            if got is not None:
                return Parsed(verb, got, line)
    return None


def with_grammar(ctx: Context | None, commands: CommandSet) -> Context:
    """The context with the command set's own slots and fillers."""
    ctx = ctx or Context()
    return Context(ctx.players, ctx.items, commands.slots, commands.fillers, ctx.me, tuple(ctx.legal), ctx.lang)


def slot_values(verb: Verb, pattern_slots: dict) -> tuple:
    """The default Action arguments: matched slot values in the order the verb's patterns name them."""
    order: list[str] = []
    for pat in verb.patterns:
        seen: dict[str, int] = {}
        for kind, _ in pattern_parts(pat):
            seen[kind] = seen.get(kind, 0) + 1
            key = kind if seen[kind] == 1 else f"{kind}{seen[kind]}"
            if key not in order:
                order.append(key)
    return tuple(pattern_slots[k] for k in order if k in pattern_slots)
