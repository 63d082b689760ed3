"""One colour theme for every surface: the TUI's log (Rich styles) and the line surfaces (telnet,
``ssh -T``: the same styles as ANSI). A game never names a colour: it gives each event kind a
*tone* (games.engine.TONES); the shell's own lines have kinds of their own (error, echo, say ...).

``routine`` is special: what every player does every turn. Your own routine lines stand out in
green; everyone else's are quiet, so a round of bot turns does not bury what you did.
"""

from __future__ import annotations

from functools import lru_cache

from rich.color import ColorSystem
from rich.style import Style

# tone (a game's event) or shell line kind -> Rich style
STYLES: dict[str, str] = {
    # tones of game events
    "routine": "grey62",
    "good": "bold green",
    "notice": "yellow",
    "alert": "bold black on yellow",
    "setup": "bold",
    "turn": "dim",
    "over": "bold black on gold1",
    "talk": "cyan",
    "plain": "",
    # the shell's own lines
    "error": "bold red",
    "echo": "bold cyan",
    "help": "grey70",
    "screen": "",
    "info": "italic grey70",
    "waiting": "italic grey70",  # whom a match waits for, said to a player coming back (as info)
    "seat": "",  # the seat that waits for its player, at the end of the room's look (as screen)
    "room": "bold cyan",
    "arrive": "dim",
    "say": "magenta",
    "tell": "bold magenta",
    "emote": "magenta",
    "ooc": "bold blue",
    "banner": "bold black on gold1",
    "intro": "bold",
    "tutor": "bold bright_cyan",  # the tutorial's steps  # a match's first lines: its goal and the commands to start with
}
MINE_ROUTINE = "green"
MY_TURN = "bold black on bright_yellow"


def is_mine(text: str, me: str | None) -> bool:
    """A line about the reader: told in the second person, or starting with their name."""
    return text.startswith(("You ", "The ", "Your ")) or bool(me and text.startswith(f"{me} "))


def style(kind: str, tone: str, text: str, me: str | None = None) -> str:
    """The Rich style of one line: its tone when a game gave one, else its kind."""
    key = tone or kind
    if key == "routine":
        return MINE_ROUTINE if is_mine(text, me) else STYLES["routine"]
    if key == "turn" and (text.startswith("It is your turn") or (me and text == f"It is {me}'s turn.")):
        return MY_TURN
    return STYLES.get(key, STYLES.get(kind, ""))


@lru_cache(maxsize=256)
def _ansi(style_text: str) -> tuple[str, str]:
    if not style_text:
        return "", ""
    marked = Style.parse(style_text).render("\0", color_system=ColorSystem.STANDARD)
    before, _, after = marked.partition("\0")
    return before, after


def ansi(kind: str, tone: str, text: str, me: str | None = None) -> str:
    """The line painted with ANSI SGR codes, as a line surface sends it."""
    before, after = _ansi(style(kind, tone, text, me))
    return f"{before}{text}{after}" if before else text
