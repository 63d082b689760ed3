"""Setting up: a match of one game or a tournament, with or without teams; each game's deal of
heroes and cards, and the first turn (rules/quest-for-legend.md, Set-up and Variants)."""

from __future__ import annotations

from games.engine import NOBODY, Event, RuleError, Rng, announce, tell
from games.legend.data import HAND_LIMIT, HEROES, TOURNAMENT, card_name, card_sort, full_deck
from games.legend.moments import begin_turn
from games.legend.state import LegendState, Seat


def new_match(players: list[str], seed: int, options: dict | None = None) -> LegendState:
    options = options or {}
    if not 2 <= len(players) <= 4:
        raise RuleError("Quest for Legend seats 2 to 4 players.")
    games = str(options.get("tournament", "1")).strip().lower()
    if games not in TOURNAMENT:
        raise RuleError("tournament is one of: 1, 3, 5 (games in the match).")
    teams = str(options.get("teams", "off")).strip().lower()
    if teams not in ("off", "on"):
        raise RuleError("teams is one of: off, on.")
    if teams == "on" and len(players) != 4:
        raise RuleError("Teams need four players: two against two.")
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
        seat.hand = [deck.pop() for _ in range(HAND_LIMIT)]
        seat.completed, seat.superseded = [], []
    state.deck, state.discard, state.table, state.done = deck, [], [], []
    state.reshuffled, state.last_drawn_by, state.last_round = False, None, []
    state.turns = 0


def hand_text(cards: list[str]) -> str:
    return " ".join(card_name(c) for c in sorted(cards, key=card_sort)) or "nothing"


def _game_events(state: LegendState) -> list[Event]:
    heroes = ", ".join(f"{p} {state.hero(p).name}" for p in state.order)
    first = state.order[state.first]
    part = f"Game {state.game} of {state.games}. " if state.games > 1 else ""
    ev = [announce(f"{part}Heroes: {heroes}. {first} plays first.", "heroes",
                   heroes={p: state.seats[p].hero for p in state.order}, first=first, game=state.game)]
    for p in state.order:
        hero = state.hero(p)
        ev.append(tell(p, f"You are {hero.name} ({hero.gift_text}). Your hand: "
                          f"{hand_text(state.seats[p].hand)}.", "dealt", player=p, hand=list(state.seats[p].hand)))
    ev.append(Event("deal", "The hidden deal.", {"hands": {p: list(s.hand) for p, s in state.seats.items()},
                                                 "deck": list(state.deck)}, to=NOBODY))
    return ev + begin_turn(state, first)


def opening(state: LegendState) -> list[Event]:
    extra = []
    if state.games > 1:
        extra.append(f"a tournament of {state.games} games")
    if state.teams:
        extra.append(f"teams {' and '.join(state.teams[0])} against {' and '.join(state.teams[1])}")
    more = f" ({'; '.join(extra)})" if extra else ""
    ev = [announce(f"Quest for Legend begins: {', '.join(state.order)}{more}.", "setup", order=list(state.order),
                   games=state.games, teams=[list(t) for t in state.teams])]
    return ev + _game_events(state)


def next_game(state: LegendState) -> list[Event]:
    """A tournament's next game: heroes dealt again, the first player one seat on."""
    state.game += 1
    state.first = (state.first + 1) % len(state.order)
    _deal(state)
    return _game_events(state)
