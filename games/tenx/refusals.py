"""Why a 10x action is refused, in one line for the player: the game's ``why_not`` (``GameSpec.why_not``).

``apply`` refuses an action that is not legal (its canonical form not in ``legal_actions``) before
any handler runs, so the handlers only carry legal moves out; the words of every refusal live here,
one function a verb. They are the words the handlers used to say, in the order they checked: an
unknown verb and arguments that do not fit the handler first (as the engine's ``dispatch`` words
them), then the verb's own. Whether the verb is for now at all (whose turn, which step) is the
phase table's, asked before (phases.py's ``not_now``), so a function here reads the step only to
tell the step's readings apart (a discard for a point, a lost roll's discard).

Only ever asked about an action that is not legal, so it may be slow. Each refusal reads the
player's own hand and quests and public facts only (how many cards another player holds, the
active common quests), never what the player may not know. None: no words of its own (the
engine's general line, "'X' is not a move you can make now.")."""

from __future__ import annotations

from typing import Callable

from games.engine import Action, Msg, RuleError, said, unfit
from games.tenx.abilities import expected
from games.tenx.cards import bonus_card, resolve_card
from games.tenx.data import CARDS, COMMON, DISCARD_CARDS, THRESHOLDS, TITLE
from games.tenx.scoring import pick_quests
from games.tenx.state import TenxState
from games.tenx.verbs import VERBS
from games.tenx.words import _

# Action verb -> its handler, as ``GameSpec.handlers`` reads them: whose arguments an action must fit.
HANDLERS: dict[str, Callable] = {}
for _verb in VERBS:
    if _verb.handler is not None:
        for _name in (_verb.name, *_verb.actions):
            HANDLERS.setdefault(_name, _verb.handler)


def _reading(read: Callable[[], object]) -> Msg | str | None:
    """The refusal of a reading of the player's words (a card, a quest, a bonus), or None: it reads."""
    try:
        read()
    except RuleError as refused:
        return said(refused)
    return None


def _draw(state: TenxState, player: str, what: str = "card") -> Msg | None:
    if what not in ("card", "bonus"):
        return _("Draw a numbered card ('draw') or two bonus/malus cards ('draw bonus').")
    return None


def _discard(state: TenxState, player: str, what: str, *words: str) -> Msg | str | None:
    """A lost roll's discard (the 'lose' step: 'discard 5' is built as 'discard card 5'), or seven
    game cards or three personal quests for a point (right after drawing)."""
    hand = state.seats[player].hand
    if state.round.phase == "lose":
        if what != "card":
            return expected(state, player)
        return _reading(lambda: resolve_card(hand, " ".join(words)))
    if what == "cards":
        if len(words) != DISCARD_CARDS:
            return _("Name {count} game cards to discard: 'discard cards 1 1 2 +1 ...'.", count=DISCARD_CARDS)

        def seven() -> None:
            picked: list[str] = []
            for w in words:
                picked.append(resolve_card([c for c in hand if c not in picked], w))
        return _reading(seven)
    if what == "quests":
        return _reading(lambda: pick_quests(state.seats[player], words))
    return _("Discard 'cards' (seven game cards) or 'quests' (three different personal quests).")


def _declare(state: TenxState, player: str) -> Msg | None:
    seat, need = state.seats[player], THRESHOLDS[len(state.order)][0]
    if seat.declared:
        return _("You have already declared.")
    if seat.points < need:
        return _("You may declare from {need} points; you have {points}.", need=need, points=seat.points)
    return None


def _play(state: TenxState, player: str, *words: str) -> Msg | str | None:
    """A card placed face down, or played after a mask in place of one's own: a numbered card held."""
    return _reading(lambda: resolve_card(state.seats[player].hand, " ".join(words), numbered=True))


def _mask(state: TenxState, player: str, target: str) -> Msg | None:
    if target not in state.seats or target == player:
        return _("Take from another player: 'mask <player>'.")
    if not state.seats[target].hand:  # how many cards a player holds is public
        return _("{player} has no cards in hand.", player=target)
    return None


def _bonus(state: TenxState, player: str, text: str) -> Msg | str | None:
    try:
        card = bonus_card(state.seats[player].hand, text)
    except RuleError as refused:
        return said(refused)
    delta = CARDS[card].as_bonus
    new = state.round.table[player].value + delta
    if not 1 <= new <= 10:
        return _("{delta:+d} would take your card to {value}: values stay between 1 and 10.", delta=delta, value=new)
    return None


def _cancel(state: TenxState, player: str, which: str) -> Msg | None:
    """An active common quest by its number in 'quests' (or its words, which the canonical form reads)."""
    w = str(which).strip().lower()
    if w.isdigit() and 1 <= int(w) <= len(state.active):
        return None
    if any(w in (q, str(COMMON[q].text).lower()) for q in state.active):
        return None
    return _("No active common quest '{word}': name it by its number in 'quests' (1-{count}).", word=w[:20],
             count=len(state.active))


def _nothing(state: TenxState, player: str) -> str | None:
    """pass, keep, star, roll: whenever the step allows them they are legal (with no arguments)."""
    return None


REFUSALS: dict[str, Callable[..., Msg | str | None]] = {
    "draw": _draw, "discard": _discard, "declare": _declare, "play": _play, "mask": _mask, "bonus": _bonus,
    "cancel": _cancel, "pass": _nothing, "keep": _nothing, "star": _nothing, "roll": _nothing,
}


def why_not(state: TenxState, player: str, action: Action) -> Msg | str | None:
    """Why ``action`` (canonical, not legal) is refused to ``player`` now, or None for the general line."""
    refused = unfit(HANDLERS, TITLE, action)  # (the engine's lines: no such verb, no such arguments)
    if refused is not None:
        return refused
    return REFUSALS[action.verb](state, player, *action.args)
