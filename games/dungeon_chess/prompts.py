"""The question put to a player, derived from the legal actions: which secret target to keep; and,
when the player to move has only a few choices, those choices (a long list of moves is the board's
to show, not a menu's)."""

from __future__ import annotations

from games.dungeon_chess.data import TARGETS
from games.dungeon_chess.legal import legal_actions
from games.dungeon_chess.words import TARGETS as TARGET_WORDS, _
from games.words import Msg

SHORT = 6


def label(action) -> Msg:
    if action.verb == "keep":
        n = action.args[0]
        return _("Keep #{number}: {target} (+{bonus})", number=n, target=TARGET_WORDS[n], bonus=TARGETS[n][1])
    if action.verb == "move":
        return _("Move {frm}-{to}", frm=action.args[0], to=action.args[1])
    if action.verb == "teleport":
        return _("Teleport from {square}", square=action.args[0])
    word, sq, holder = action.args
    p = {"holder": holder, "square": sq}  # one message per kind: Italian agrees ("la tua maga")
    if word == "fighter":
        return _("Ransom your fighter from {holder} onto {square}", **p)
    if word == "kor":
        return _("Ransom your kor from {holder} onto {square}", **p)
    if word == "warrior":
        return _("Ransom your warrior from {holder} onto {square}", **p)
    return _("Ransom your mage from {holder} onto {square}", **p)


def question(state, player):
    actions = legal_actions(state, player)
    if not actions:
        return None
    if state.phase == "choose":
        return _("Keep which secret target?"), [(label(a), a) for a in actions]
    if len(actions) <= SHORT:
        return _("Your move:"), [(label(a), a) for a in actions]
    return None
