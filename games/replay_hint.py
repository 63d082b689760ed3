"""How to play a match again: the line a player reads as a match begins (``GameSpec.replay``), naming
the seed and every option that shaped the match -- seats, the game's own options, the bots' level.

A message of the engine's domain, as the rest of the engine's words: the surface that shows it words it
for its reader (a local session words every line it is handed), so an Italian player reads it in
Italian while the command it quotes stays the one to type (``mud play``'s flags are the same in every
language). Apart from games/engine.py because it is one idea of its own, read only when a match begins.
"""

from __future__ import annotations

from typing import Any

from games.engine_words import _
from games.words import Msg

# The bots' level of ``mud play`` when ``--level`` is not given: a first game is one a newcomer can
# win (issue 15). The replay hint names the level only when it differs.
PLAY_LEVEL = "easy"


def replay_hint(name: str, label: Any, default_players: int, seed: int, options: dict, seats: int,
                level: str = PLAY_LEVEL) -> Msg:
    """The line that says how to play the match of game ``name`` again (``label``: what the line
    calls the match, a message or a name): the ``mud play`` command with the seats when they are not
    the game's default, each option, the level when it is not ``mud play``'s, and the seed."""
    flags = [f"mud play {name}"]
    if seats != default_players:
        flags.append(f"--players {seats}")
    # an option read from a file (a map) holds the file's text: the line names the file, not the text
    flags += [f"--{k} {v}" if "\n" not in str(v) else (k,) for k, v in sorted(options.items())]
    if level != PLAY_LEVEL:
        flags.append(f"--level {level}")
    flags.append(f"--seed {seed}")
    return _("{label}: '{command}' plays it again.", label=label, command=_spelt(flags))


def _spelt(flags: list, lead: str = "") -> Any:
    """The command of ``flags`` (each a string, or ``(option,)`` for an option read from a file) after
    ``lead``: a string, or -- when a file is named, in the reader's words -- one message holding the
    flags before it as they are and the rest after it (a message again when another file follows)."""
    for at, flag in enumerate(flags):
        if isinstance(flag, tuple):
            before = " ".join(flags[:at])
            return _("{before}--{option} <your {option} file>{after}", before=lead + before + " " if before else lead,
                     option=flag[0], after=_spelt(flags[at + 1:], " "))
    return lead + " ".join(flags) if flags else ""
