"""The help system: general help, a game's topics, and one command's usage, from declared data."""

from __future__ import annotations

import games
from games.engine import ENGLISH, LANGS, render
from mud.shell import parser
from mud.shell.words import _, listed

def general(game: str, walks: bool, lang: str = ENGLISH) -> list[str]:
    """The first page of help, in ``lang``: how to type, the directions (where one walks: at a card
    table nobody does), how to talk, where to read more -- each command in the reader's words."""
    lines = render(_("New here? 'help {game}' tells how to play and win. Type commands and press Enter.\n"
                     "Words can be shortened while they stay unique ('he' for help), and little words\n"
                     "like 'the', 'to', 'with' are ignored: 'leave the table' = 'leave table'.", game=game),
                   lang).splitlines()
    if walks:
        lines.append(render(_("Directions: north south east west, or n s e w; 'n' alone means 'move north'."),
                            lang))
    return lines + render(_("Talk any time: say <text>, tell <player> <text>, emote <text>.\n"
                            "  'hello          says hello: a ' before your words is short for say\n"
                            "  :grins          grins: a : before your words is short for emote\n"
                            "  commands        every command you have here, with what it does\n"
                            "  help <topic>    a topic below, or any command (help give)"), lang).splitlines()


def _game_topic(topics: dict) -> str:
    """The topic that teaches the game played here: the first named like a game of the catalogue,
    else the first topic."""
    return next((t for t in topics if t in games.CATALOGUE), next(iter(topics), "world"))


def topic_name(key: str, lang: str) -> str:
    """A topic as a reader of ``lang`` types it: its name in that language (``eroi``), else its key."""
    return render(getattr(key, "said", key), lang).lower()


def topic_names(topics: dict, lang: str) -> str:
    """The topics, listed as a reader of ``lang`` types them."""
    return ", ".join(topic_name(t, lang) for t in topics)


def find_topic(topics: dict, typed: str, lang: str = ENGLISH) -> str | None:
    """The key of the topic ``typed`` names: its English key, its name in the reader's language (or
    any other: an Italian reader typing 'help heroes' finds it too), a game by its title, or else the
    first topic whose name starts so. None when no topic fits."""
    if typed in topics:
        return typed
    tongues = [lang, *(x for x in LANGS if x != lang)]
    for tongue in tongues:
        named = next((t for t in topics if topic_name(t, tongue) == typed), None)
        if named is not None:
            return named
    if games.resolve(typed) in topics:  # a game by its title as well as its name
        return games.resolve(typed)
    return None


def _close(topics: dict, word: str, lang: str) -> str | None:
    """The first topic whose key or name (the reader's language first) starts with ``word``."""
    for tongue in [lang, *(x for x in LANGS if x != lang)]:
        close = next((t for t in topics if t.startswith(word) or topic_name(t, tongue).startswith(word)), None)
        if close is not None:
            return close
    return None


def page(text, lang: str) -> list[str]:
    """A topic's page as a reader of ``lang`` reads it, line by line: worded first (a page may be a
    message), then split."""
    made = getattr(text, "worded", None)  # a page laid out per language (games.places.Page)
    return (made(lang) if made is not None else render(text, lang)).splitlines()


def walks(move) -> bool:
    """Whether a place's ``move`` takes a direction (a first slot DIR, or the world's WORD: a
    direction or a room): there 'n' alone is a step north (elsewhere move moves a piece, not its player)."""
    return move is not None and any(p.split()[:1] in (["DIR"], ["WORD"]) for p in move.patterns)


def help_lines(topic: str, commands: parser.CommandSet, game, lang: str = ENGLISH,
               with_topics: bool = True) -> list[str]:
    """Help on ``topic`` (none: the first page, its topics last unless ``with_topics`` is False), a
    game's topic, or a command -- for a reader of ``lang``."""
    topics = dict(getattr(game, "help", {}))
    topic = topic.strip().lower()
    if not topic:
        lines = general(_game_topic(topics), walks(commands.get("move")), lang)
        if topics and with_topics:
            lines.append(render(_("Topics: {topics}", topics=topic_names(topics, lang)), lang))
        return lines
    found = find_topic(topics, topic, lang)
    if found is not None:
        return page(topics[found], lang)
    word = topic.split()[0]
    try:
        verbs = commands.candidates(word, lang)  # the parser's own resolution: what 'word ...' may run
    except parser.ParseError:
        close = _close(topics, word, lang)
        if close is not None:
            return page(topics[close], lang)
        return [render(_("No help on '{topic}'. Topics: {topics}; or 'commands'.", topic=parser.shown(topic),
                         topics=topic_names(topics, lang) or _("none")), lang)]
    return [line for verb in runs(topic, verbs, commands, lang) for line in command_help(verb, lang)]


def runs(line: str, verbs: list, commands: parser.CommandSet, lang: str) -> list:
    """Of the ``verbs`` a line's first word may run (a world verb, then a seat's game verb of the same
    name), the one ``line`` itself runs when it has more words and parses ('help leave open': the
    door's), else all of them, in the order the parser tries them: each gets its page."""
    if len(line.split()) < 2 or len(verbs) < 2:
        return verbs
    try:
        ran = parser.parse(line, commands, parser.Context(lang=lang)).verb
    except parser.ParseError:
        return verbs
    return [ran] if ran in verbs else verbs


def command_help(verb, lang: str) -> list[str]:
    """One command's page: in the reader's words where the verb has them, else its English ones."""
    if verb.forms(lang) is not None:
        return verb_help(verb, lang)
    # Each part a sentence of its own, ended: a surface that joins a help page's broken sentences
    # again (the TUI's log and F1 page) keeps them apart ("Also: spell Examples: ..." ran together).
    lines = [f"{verb.name}: {_ended(render(verb.summary, lang))}", render(parser.usage(verb), lang)]
    if verb.aliases:
        lines.append("Also: " + ", ".join(verb.aliases) + ".")
    if verb.examples:
        lines.append("Examples: " + "; ".join(verb.examples) + ".")
    return lines


def verb_help(verb, lang: str) -> list[str]:
    """One command's help for a reader of ``lang``, in that language's words (``Verb.langs``): its
    name, what it does, its forms (the patterns' literal words in that language), its other words
    and its examples there."""
    said = verb.forms(lang)
    shapes = [" ".join([said.name, *(parser.shape(part, lang, verb) for part in p.split())]).strip()
              for p in verb.patterns]
    lines = [f"{said.name}: {_ended(render(verb.summary, lang))}",
             render(_("Usage: {forms}.", forms=" | ".join(shapes)), lang)]
    if len(said.words) > 1:
        lines.append(render(_("Also: {words}.", words=", ".join(said.words[1:])), lang))
    if said.examples:
        lines.append(render(_("Examples: {examples}.", examples="; ".join(said.examples)), lang))
    return lines


def _ended(sentence: str) -> str:
    return sentence if sentence.endswith((".", "?", "!", ")")) else sentence + "."


def command_list(commands: parser.CommandSet, game, lang: str = ENGLISH) -> list[str]:
    """Every command here, one a line: its name, what it does, its other words -- as a reader of
    ``lang`` types them (a verb without words there keeps its English ones)."""
    lines = []
    for verb in commands.verbs:
        said = verb.forms(lang)
        if said is not None:
            alias = f" ({', '.join(said.words[1:])})" if len(said.words) > 1 else ""
            lines.append(f"{said.name:<10} {render(verb.summary, lang)}{alias}")
            continue
        alias = f" ({', '.join(verb.aliases)})" if verb.aliases else ""
        lines.append(f"{verb.name:<10} {render(verb.summary, lang)}{alias}")
    return lines


TUTORIAL_GAME = games.TUTORIAL  # the game 'tutorial' teaches (mud/world/tutorial.py)


def intro(game, options: dict | None = None, state=None, player: str | None = None) -> list:
    """What the first screen of a match says: the goal in one sentence (as the match's options
    have it), three commands to start with (as ``player``'s seat at ``state`` reads them: a move
    of their own piece), and where to learn more -- so a newcomer can begin without reading the
    rules first. Messages (a game's goal and commands may be its own): each seat's session words
    them for its reader."""
    goal = game.goal_for(options)
    lines = [_("Goal: {goal}", goal=goal)] if goal else []
    first = game.first_commands_of(state, player)
    if first:
        tried = [_("'{command}' ({what})", command=command, what=what) for command, what in first]
        lines.append(_("Start with: {commands}.", commands=listed(tried)))
    if game.name == TUTORIAL_GAME:
        more = _("'help {game}' tells the whole game; 'tutorial' teaches it step by step.", game=game.name)
    else:
        more = _("'help {game}' tells the whole game.", game=game.name)
    return lines + [more] if lines else []

