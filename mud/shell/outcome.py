"""A match's end, in the words every surface uses: who won, told to one player ("You win", "bob
wins"), and what they can do next. The world says it once to each seated player, as one line
(``over_line``); the TUI's hint row keeps only what comes next (``next_steps``), since the line and the
status bar already say who won (issue 40: a win was announced three times).

Each is a message (mud/shell/words.py), worded for its reader: Italian agrees the verb with who
won ("vinci tu", "vince bob", "vincete tu e bob"), so each case is a whole sentence of its own."""

from __future__ import annotations

from mud.shell.words import Msg, _, bot_named

NEXT = _("Type 'leave' to get up, or 'sit' for a new table.")
WATCHED = _("Type 'leave' to stop watching.")


def next_steps(view: dict) -> Msg:
    """The hint row of a finished match, for a seated player or a watcher (``view["you"]`` None)."""
    return NEXT if view.get("you") is not None else WATCHED


def _and(names: list) -> Msg | str:
    """'bob', 'bob and carol', 'bob, carol and dan' (each name a name or a message)."""
    if len(names) == 1:
        return names[0]
    head: Msg | str = names[0]
    for name in names[1:-1]:
        head = _("{list}, {item}", list=head, item=name)
    return _("{list} and {last}", list=head, last=names[-1])


def who_won(names: list[str], me: str | None, levels: dict | None = None, opening: bool = True) -> Msg:
    """'You win', 'bob wins', 'You and bob win', 'bob and carol win' -- or 'Nobody wins'. ``levels``
    (a bot's name -> its level) names a winning bot with its level: 'bot2 (strong bot) wins'.
    ``opening``: worded to open a sentence ('You win'); else inside one ('you win')."""
    names = list(names)
    if not names:
        return _("Nobody wins") if opening else _("nobody wins")
    mine = me in names
    others = [n for n in names if n != me]
    shown = [bot_named(n, levels[n]) if levels and n in levels else n for n in others]
    if mine and not shown:
        return _("You win") if opening else _("you win")
    if mine:
        return _("You and {others} win", others=_and(shown)) if opening else _("you and {others} win", others=_and(shown))
    if len(shown) == 1:
        return _("{player} wins", player=shown[0])
    return _("{players} win", players=_and(shown))


def over_line(names: list[str], me: str | None, levels: dict | None = None, match_id: int | None = None) -> Msg:
    """The one line that ends a match for a seated player: the result, then what to do next
    ("*** Game over: you win! *** Type 'leave' to get up, 'sit' for a new table, or 'replay 3' to
    watch it again.")."""
    who = who_won(names, me, levels, opening=False)
    if match_id is None:
        return _("*** Game over: {result}! *** {next}", result=who, next=NEXT)
    return _("*** Game over: {result}! *** Type 'leave' to get up, 'sit' for a new table, or 'replay {match}' to "
             "watch it again.", result=who, match=match_id)
