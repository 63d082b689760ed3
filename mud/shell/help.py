"""The help system: general help, a game's topics, and one command's usage, from declared data."""

from __future__ import annotations

import games
from mud.shell import parser

GENERAL = """\
New here? 'help {game}' tells how to play and win. Type commands and press Enter.
Words can be shortened while they stay unique ('he' for help), and little words
like 'the', 'to', 'with' are ignored: 'leave the table' = 'leave table'.
Directions: north south east west, or n s e w; 'n' alone means 'move north'.
Talk any time: say <text> ('hello), tell <player> <text>, emote <text> (:grins).
  commands        every command you have here, with what it does
  help <topic>    a topic below, or any command (help give)"""


def _game_topic(topics: dict) -> str:
    """The topic that teaches the game played here: the first named like a game of the catalogue,
    else the first topic."""
    return next((t for t in topics if t in games.CATALOGUE), next(iter(topics), "world"))


def help_lines(topic: str, commands: parser.CommandSet, game) -> list[str]:
    topics = dict(getattr(game, "help", {}))
    topic = topic.strip().lower()
    if not topic:
        lines = GENERAL.format(game=_game_topic(topics)).splitlines()
        if commands.get("move") is None:  # at a card table nobody walks: no word on directions
            lines = [line for line in lines if not line.startswith("Directions:")]
        if topics:
            lines.append(f"Topics: {', '.join(topics)}")
        return lines
    if topic in topics:
        return topics[topic].splitlines()
    if games.resolve(topic) in topics:  # a game by its title as well as its name
        return topics[games.resolve(topic)].splitlines()
    word = topic.split()[0]
    try:
        verb = commands.resolve(word)
    except parser.ParseError:
        close = [t for t in topics if t.startswith(word)]
        if close:
            return topics[close[0]].splitlines()
        return [f"No help on '{parser.shown(topic)}'. Topics: {', '.join(topics) or 'none'}; or 'commands'."]
    # Each part a sentence of its own, ended: a surface that joins a help page's broken sentences
    # again (the TUI's log and F1 page) keeps them apart ("Also: spell Examples: ..." ran together).
    lines = [f"{verb.name}: {_ended(verb.summary)}", parser.usage(verb)]
    if verb.aliases:
        lines.append("Also: " + ", ".join(verb.aliases) + ".")
    if verb.examples:
        lines.append("Examples: " + "; ".join(verb.examples) + ".")
    return lines


def _ended(sentence: str) -> str:
    return sentence if sentence.endswith((".", "?", "!", ")")) else sentence + "."


def command_list(commands: parser.CommandSet, game) -> list[str]:
    lines = []
    for verb in commands.verbs:
        alias = f" ({', '.join(verb.aliases)})" if verb.aliases else ""
        lines.append(f"{verb.name:<10} {verb.summary}{alias}")
    return lines


TUTORIAL_GAME = games.TUTORIAL  # the game 'tutorial' teaches (mud/world/tutorial.py)


def intro(game, options: dict | None = None, state=None, player: str | None = None) -> list[str]:
    """What the first screen of a match says: the goal in one sentence (as the match's options
    have it), three commands to start with (as ``player``'s seat at ``state`` reads them: a move
    of their own piece), and where to learn more -- so a newcomer can begin without reading the
    rules first."""
    goal = game.goal_for(options)
    lines = [f"Goal: {goal}"] if goal else []
    first = game.first_commands_of(state, player)
    if first:
        tried = ", ".join(f"'{command}' ({what})" for command, what in first)
        lines.append(f"Start with: {tried}.")
    more = f"'help {game.name}' tells the whole game"
    if game.name == TUTORIAL_GAME:
        more += "; 'tutorial' teaches it step by step"
    return lines + [f"{more}."] if lines else []
