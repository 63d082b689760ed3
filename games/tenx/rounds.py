"""The start of a 10x round: quests revealed and drawn, then each player draws in turn from the last
round's winner, then the face-down placement opens. ``start_round`` begins the 'draw' step and
``start_placement`` the 'place' one (phases.py's FLOW): the phase table enters them, not this module."""

from __future__ import annotations

from games.engine import Event, announce, tell
from games.tenx.cards import draw_quest
from games.tenx.data import COMMON, COMMON_EVERY, DISCARD_CARDS, DISCARD_QUESTS, HAND_LIMIT, PERSONAL
from games.tenx.state import Round, TenxState
from games.tenx.words import _


def start_round(state: TenxState) -> list[Event]:
    """A new round (the 'draw' step begins): from the last winner, everyone draws; every third round a
    common quest and a personal quest for all; after a 10, a personal quest for each who played that
    round. The new round carries on the step the flow has just entered."""
    number = state.round.number + 1
    played = set(state.round.table)
    state.round = Round(number, state.phase)
    ev = [announce(_("Round {number}.", number=number), "round", number=number)]
    every = 5 if "five" in state.variants else COMMON_EVERY
    if number % every == 0:
        if state.common_deck:
            q = state.common_deck.pop()
            state.active.append(q)
            state.common_given[q] = []
            ev.append(announce(_("A common quest is revealed: {quest}.", quest=COMMON[q].text), "common_revealed", quest=q,
                               quest_text=str(COMMON[q].text)))
        for p in state.order:
            ev += draw_quest(state, p, _("every third round") if every == 3 else _("every fifth round"))
    if state.ten_seen:
        for p in state.order:
            if p in played:
                ev += draw_quest(state, p, _("a 10 was played"))
    state.ten_seen = False
    start = state.last_winner if state.last_winner in state.order else state.order[0]
    i = state.order.index(start)
    state.round.draw_order = state.order[i:] + state.order[:i]  # as rules.place_order
    return ev + next_drawer(state)


def next_drawer(state: TenxState) -> list[Event]:
    """The next to draw; a player who has drawn (or whose hand is full) and could discard for a point
    is asked first: the seed allows those discards only then ('Solo a questo punto'). When all have
    drawn the step is over (``drawn_all``): the flow opens the placement."""
    r = state.round
    ev: list[Event] = []
    while r.draw_order:
        p = r.draw_order[0]
        if p not in r.drawn and len(state.seats[p].hand) >= HAND_LIMIT:
            r.drawn.add(p)
            ev.append(announce(_("{player}'s hand is full: {player} draws nothing.", player=p), "drew", player=p, cards=0))
        if p not in r.drawn:
            return ev + [tell(p, _("Draw: 'draw' (a numbered card) or 'draw bonus' (two bonus/malus cards)."),
                              "asked", player=p, phase="draw")]
        r.draw_order.pop(0)
        if may_discard(state, p):
            r.discarding = p
            return ev + [tell(p, _("You may discard for a point now and only now: 'discard cards <7 cards>' or "
                                   "'discard quests', or 'pass' to keep them."), "asked", player=p, phase="discard")]
    r.discarding = None
    return ev


def drawn_all(state: TenxState) -> bool:
    """The 'draw' step is over: nobody is left to draw, nobody is asked whether to discard."""
    return not state.round.draw_order and state.round.discarding is None


def may_discard(state: TenxState, p: str) -> bool:
    """Might ``p`` discard for a point: seven game cards, three quests in hand, three different resolved
    ones? Judged from public counts only, so being asked tells the table nothing hidden (whether three
    quests in hand are different is the player's secret: they may be asked and have to pass)."""
    seat = state.seats[p]
    return (len(seat.hand) >= DISCARD_CARDS or len(seat.quests) >= DISCARD_QUESTS
            or len({PERSONAL[q].text for q in seat.shown}) >= DISCARD_QUESTS)


def start_placement(state: TenxState) -> list[Event]:
    """The placement opens (the 'place' step begins; the first round's at the opening): its players
    are told what to do; anyone else (watching) what happens -- a watcher read "Place a card face
    down ('play <card>') ...", an instruction that was not theirs."""
    players, number = tuple(state.order), state.round.number
    return [Event("place_asked", _("Place a card face down ('play <card>') or 'pass'. Nobody sees anything "
                                   "until all have chosen."), {"round": number}, to=players),
            Event("place_asked", _("Each player places a card face down, or passes; all are revealed together."),
                  {"round": number}, not_to=players)]
