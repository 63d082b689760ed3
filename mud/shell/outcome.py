"""A match's end, in the words every surface uses: who won, told to one player ("You win", "bob
wins"), and what they can do next. The world says it once to each seated player, as one line
(``over_line``); the TUI's hint row keeps only what comes next (``next_steps``), since the line and the
status bar already say who won (issue 40: a win was announced three times)."""

from __future__ import annotations

NEXT = "Type 'leave' to get up, or 'sit' for a new table."
WATCHED = "Type 'leave' to stop watching."


def next_steps(view: dict) -> str:
    """The hint row of a finished match, for a seated player or a watcher (``view["you"]`` None)."""
    return NEXT if view.get("you") is not None else WATCHED


def who_won(names: list[str], me: str | None, levels: dict | None = None) -> str:
    """'You win', 'bob wins', 'You and bob win', 'bob and carol win' -- or 'Nobody wins'. ``levels``
    (a bot's name -> its level) names a winning bot with its level: 'bot2 (strong bot) wins'."""
    names = list(names)
    if not names:
        return "Nobody wins"
    if me in names:
        names = ["You"] + [n for n in names if n != me]
    names = [f"{n} ({levels[n]} bot)" if levels and n in levels else n for n in names]
    words = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return words + (" wins" if len(names) == 1 and names[0] != "You" else " win")


def over_line(names: list[str], me: str | None, levels: dict | None = None, match_id: int | None = None) -> str:
    """The one line that ends a match for a seated player: the result, then what to do next
    ("*** Game over: you win! *** Type 'leave' to get up, 'sit' for a new table, or 'replay 3' to
    watch it again.")."""
    who = who_won(names, me, levels)
    who = "you" + who[3:] if who.startswith("You") else who
    replay = f", or 'replay {match_id}' to watch it again" if match_id is not None else ""
    steps = f"Type 'leave' to get up, 'sit' for a new table{replay}." if replay else NEXT
    return f"*** Game over: {who}! *** {steps}"
