"""Setting up: a match of one game or a tournament, with or without teams; each game's deal of
heroes and cards, and the first turn (rules/quest-for-legend.md, Set-up and Variants)."""

from __future__ import annotations

from games.engine import NOBODY, Event, RuleError, Rng, announce, tell
from games.legend.data import HAND_LIMIT, HEROES, TOURNAMENT, full_deck
from games.legend.moments import begin_turn
from games.legend.names import HERO_NAMES, MISSION_SHORT, cards_shown
from games.legend.state import LegendState, Seat
from games.legend.words import _, listed, row


def new_match(players: list[str], seed: int, options: dict | None = None) -> LegendState:
    options = options or {}
    if not 2 <= len(players) <= 4:
        raise RuleError(_("Quest for Legend seats 2 to 4 players."))
    games = str(options.get("tournament", "1")).strip().lower()
    if games not in TOURNAMENT:
        raise RuleError(_("tournament is one of: 1, 3, 5 (games in the match)."))
    teams = str(options.get("teams", "off")).strip().lower()
    if teams not in ("off", "on"):
        raise RuleError(_("teams is one of: off, on."))
    if teams == "on" and len(players) != 4:
        raise RuleError(_("Teams need four players: two against two."))
    order = list(players)
    state = LegendState(seed, Rng(seed), order, {p: Seat(p) for p in order}, games=int(games))
    if teams == "on":  # partners sit alternately
        state.teams = [[order[0], order[2]], [order[1], order[3]]]
    state.totals = {p: 0 for p in order}
    state.won = {p: 0 for p in order}
    state.first = state.rng.choice(range(len(order)))
    _deal(state)
    return state


def _deal(state: LegendState) -> None:
    """A fresh game: heroes dealt at random, the 64 cards shuffled, five to each player."""
    heroes = list(HEROES)
    state.rng.shuffle(heroes)
    deck = full_deck()
    state.rng.shuffle(deck)
    for p, hero in zip(state.order, heroes):
        seat = state.seats[p]
        seat.hero = hero
        seat.hand = [deck.pop() for _n in range(HAND_LIMIT)]
        seat.completed, seat.superseded = [], []
    state.deck, state.discard, state.table, state.done = deck, [], [], []
    state.reshuffled, state.last_drawn_by, state.last_round = False, None, []
    state.turns = 0


def hand_text(cards: list[str]):
    """Cards as a hand shows them, one message ("nothing" for none)."""
    return cards_shown(cards)


def gift(hero_key: str):
    """A hero's gifts in a line: the favoured mission met one card short, the pair standing in for a card."""
    hero = HEROES[hero_key]
    return _("{mission} one card short; {pair}+{pair} count as one {card}", mission=MISSION_SHORT[hero.favoured],
             pair=hero.pair, card=hero.stands_for)


def _game_events(state: LegendState) -> list[Event]:
    heroes = row([row([p, HERO_NAMES[state.seats[p].hero]]) for p in state.order], ", ")
    first = state.order[state.first]
    if state.games > 1:
        text = _("Game {game} of {games}. Heroes: {heroes}. {first} plays first.", game=state.game,
                 games=state.games, heroes=heroes, first=first)
    else:
        text = _("Heroes: {heroes}. {first} plays first.", heroes=heroes, first=first)
    ev = [announce(text, "heroes", heroes={p: state.seats[p].hero for p in state.order}, first=first, game=state.game)]
    for p in state.order:
        seat = state.seats[p]
        ev.append(tell(p, _("You are {hero} ({gift}). Your hand: {hand}.", hero=HERO_NAMES[seat.hero],
                            gift=gift(seat.hero), hand=hand_text(seat.hand)), "dealt", player=p, hand=list(seat.hand)))
    ev.append(Event("deal", _("The hidden deal."), {"hands": {p: list(s.hand) for p, s in state.seats.items()},
                                                 "deck": list(state.deck)}, to=NOBODY))
    return ev + begin_turn(state, first)


def opening(state: LegendState) -> list[Event]:
    players = ", ".join(state.order)
    if state.teams:
        one, two = listed(state.teams[0]), listed(state.teams[1])
        if state.games > 1:
            text = _("Quest for Legend begins: {players} (a tournament of {games} games; teams {one} against {two}).",
                     players=players, games=state.games, one=one, two=two)
        else:
            text = _("Quest for Legend begins: {players} (teams {one} against {two}).", players=players, one=one,
                     two=two)
    elif state.games > 1:
        text = _("Quest for Legend begins: {players} (a tournament of {games} games).", players=players,
                 games=state.games)
    else:
        text = _("Quest for Legend begins: {players}.", players=players)
    ev = [announce(text, "setup", order=list(state.order), games=state.games, teams=[list(t) for t in state.teams])]
    return ev + _game_events(state)


def next_game(state: LegendState) -> list[Event]:
    """A tournament's next game: heroes dealt again, the first player one seat on."""
    state.game += 1
    state.first = (state.first + 1) % len(state.order)
    _deal(state)
    return _game_events(state)
