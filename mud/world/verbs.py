"""The world's own commands, declared as data like a game's verbs, and the world's help text."""

from __future__ import annotations

import textwrap

import games
from games.engine import Verb
from mud.world import rooms

HUB_VERBS: tuple[Verb, ...] = (
    Verb("look", ("",), ("l",), "Describe where you are.", ("look", "l")),
    Verb("help", ("WORD? WORD?",), ("?",), "Help: topics, or one command.", ("help", "help world", "help sit")),
    Verb("commands", ("",), ("verbs",), "List the commands you have here.", ("commands",)),
    Verb("move", ("WORD",), ("go", "walk"), "Walk to another room: a direction or the room's name.",
         ("north", "go tavern", "n")),
    Verb("up", ("",), ("u",), "Climb the stair, where there is one.", ("up",)),
    Verb("down", ("",), ("d",), "Go down the stair.", ("down",)),
    Verb("exits", ("",), (), "Where you can go from here.", ("exits",)),
    Verb("who", ("",), (), "Who is connected, and where.", ("who",)),
    Verb("say", ("TEXT",), (), "Speak to everyone in the room (or at your table).", ("say hello", "'hello")),
    Verb("tell", ("PLAYER TEXT",), ("whisper", "page"), "Speak to one player, wherever they are.",
         ("tell bob meet me at the gate",)),
    Verb("reply", ("TEXT",), ("r",), "Answer the last player who told you something.", ("reply on my way",)),
    Verb("ooc", ("TEXT",), ("chat", "shout"), "Speak to everyone connected.", ("ooc anyone for a game?",)),
    Verb("emote", ("TEXT",), ("me",), "Act out something.", ("emote grins", ":grins")),
    Verb("tables", ("",), ("games",), "The tables in this room and who sits at them.", ("tables",)),
    Verb("sit", ("NUMBER?",), ("join",), "Sit at a table (a new one if none is open).", ("sit", "sit 2")),
    Verb("start", ("TEXT?",), ("begin",), "Start your table's match; bots fill the empty seats.",
         ("start", "start bots=2", "start seed=42", "start bots=easy,strong")),
    Verb("watch", ("NUMBER?",), ("spectate",), "Watch a match without playing.", ("watch 1",)),
    Verb("leave", ("table?",), ("stand", "unsit"), "Leave your table (a bot keeps your seat until you sit again).",
         ("leave",)),
    Verb("matches", ("",), (), "Your matches, newest first (finished ones can be replayed).", ("matches",)),
    Verb("replay", ("NUMBER WORD?",), (), "Watch a match again as a spectator saw it, a page at a time.",
         ("replay 3", "replay 3 2")),
    Verb("password", ("TEXT",), ("passwd",), "Change your password.", ("password correct horse battery",)),
    Verb("key", ("TEXT?",), ("keys",), "List your SSH keys, or add one: key add <public key line>.",
         ("keys", "key add ssh-ed25519 AAAA... me@laptop")),
    Verb("quit", ("",), ("exit", "bye", "logout", "qq"), "Disconnect (your seat waits for you a while).",
         ("quit",)),
    Verb("tutorial", ("",), (), f"Learn {games.tutorial_title()} step by step, alone.", ("tutorial",)),
)

# World verbs that stay the world's even inside a match.
ALWAYS = frozenset({"help", "commands", "who", "tell", "reply", "ooc", "matches", "replay", "tables", "leave", "quit", "password", "key",
                    "watch", "tutorial"})

def world_help() -> str:
    """The world's help page: the roads from the Crossroads are told from the rooms the catalogue's
    games bring (mud/world/rooms.py), so a game added to the catalogue is on the signpost at once."""
    roads = rooms.roads()
    ways = ", ".join(f"{rooms.DIRECTION_NAMES[d]} to {r.name} ({rooms.title_of(r)})"
                     for d, r in roads)
    walk = ", ".join(d if d in "nesw" else rooms.DIRECTION_NAMES[d] for d, _ in roads)
    example = f" or 'go {roads[min(1, len(roads) - 1)][1].id}'" if roads else ""
    count = _number(len(roads))
    head = (f"Welcome to questmud: {_number(len(games.names()))} tabletop games in one small world. Type "
            f"commands and press Enter. "
            f"The Crossroads has {count} roads: {ways}. Walk with {walk},{example}.")
    return "\n".join(textwrap.wrap(head, 78)) + "\n" + WORLD_HELP_REST.format(tutorial=games.tutorial_title())


def _number(n: int) -> str:
    return rooms.COUNTS[n].lower() if n < len(rooms.COUNTS) else str(n)


WORLD_HELP_REST = """\
In a game room: 'tables' lists its tables, 'sit' takes a seat, 'start' begins
the match (bots fill the empty seats: 'start bots=2 rules=basic'), 'watch 1'
looks on, 'leave' gets up.
Talk: say (room or table), tell <player> (private), ooc (everyone), emote
(:grins).
New? 'tutorial' teaches {tutorial} step by step, alone.
  commands        every command you have here
  help <topic>    a topic, or any command (help sit)"""
