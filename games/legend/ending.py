"""The end of a game and of the match: scores with negatives, the winners, a tournament's totals
(rules/quest-for-legend.md, End of the game and Variants).

Score = points of completed missions - points of missions still on the table unfinished - points
of superseded missions. Mission cards still in hand and aborted missions score nothing.
"""

from __future__ import annotations

from games.engine import Event, announce
from games.legend.data import MISSIONS
from games.legend.state import LegendState
from games.legend.words import _, listed


def score_parts(state: LegendState, player: str) -> tuple[int, int, int]:
    """(completed, unfinished on the table, superseded) points of ``player`` now."""
    seat = state.seats[player]
    done = sum(MISSIONS[e.mission].points for e in seat.completed)
    open_ = sum(MISSIONS[e.mission].points for e in state.table if e.owner == player)
    lost = sum(MISSIONS[e.mission].points for e in seat.superseded)
    return done, open_, lost


def score(state: LegendState, player: str) -> int:
    done, open_, lost = score_parts(state, player)
    return done - open_ - lost


def sides(state: LegendState) -> list[list[str]]:
    """Who wins and loses together: the two teams, or each player alone."""
    return [list(t) for t in state.teams] if state.teams else [[p] for p in state.order]


def _best(sides_: list[list[str]], key) -> list[str]:
    top = max(key(s) for s in sides_)
    return [p for s in sides_ if key(s) == top for p in s]


def end_game(state: LegendState, why) -> list[Event]:
    """Score the game just ended (entering the flow's 'over': phases.py), and end the match unless a
    tournament has games to come (the flow then deals the next: ``turns.begin_next_turn``)."""
    scores = {p: score(state, p) for p in state.order}
    done = {p: len(state.seats[p].completed) for p in state.order}
    game_winners = _best(sides(state), lambda s: (sum(scores[p] for p in s), sum(done[p] for p in s)))
    state.results.append(dict(scores))
    for p in state.order:
        state.totals[p] += scores[p]
        state.won[p] += p in game_winners
    words = ", ".join(f"{p} {scores[p]}" for p in state.order)
    said = dict(why=why, scores=words, winners=listed(game_winners))
    if state.teams:
        said["teams"] = ", ".join(f"{'+'.join(t)} {sum(scores[p] for p in t)}" for t in state.teams)
        text = _.plural("{why} Scores: {scores}. Teams: {teams}. {winners} wins the game.",
                        "{why} Scores: {scores}. Teams: {teams}. {winners} win the game.", len(game_winners), **said)
    else:
        text = _.plural("{why} Scores: {scores}. {winners} wins the game.",
                        "{why} Scores: {scores}. {winners} win the game.", len(game_winners), **said)
    data = dict(scores=scores, winners=game_winners, game=state.game,
                parts={p: list(score_parts(state, p)) for p in state.order})
    if state.game < state.games:
        return [announce(text, "game_over", **data)]
    state.over = True
    if state.games == 1:
        state.winners = game_winners
        return [announce(text, "game_over", **data)]
    state.winners = _best(sides(state), lambda s: (sum(state.totals[p] for p in s), sum(state.won[p] for p in s)))
    total = {tuple(s): sum(state.totals[p] for p in s) for s in sides(state)}
    tied = list(total.values()).count(max(total.values())) > 1  # before the games won decide
    totals = ", ".join(f"{p} {state.totals[p]}" for p in state.order)
    said = dict(game=text, totals=totals, winners=listed(state.winners))
    n = len(state.winners)
    if tied and n > len(sides(state)[0]):  # tied on points and on games won: shared (several winners)
        text = _("{game} The tournament is over. Totals: {totals}. {winners} win the tournament (tied on points "
                 "and on games won: shared).", **said)
    elif tied:
        text = _.plural("{game} The tournament is over. Totals: {totals}. {winners} wins the tournament (tied on "
                        "points: more games won).", "{game} The tournament is over. Totals: {totals}. {winners} win "
                        "the tournament (tied on points: more games won).", n, **said)
    else:
        text = _.plural("{game} The tournament is over. Totals: {totals}. {winners} wins the tournament.",
                        "{game} The tournament is over. Totals: {totals}. {winners} win the tournament.", n, **said)
    return [announce(text, "game_over", **data, totals=dict(state.totals), won=dict(state.won),
                     match_winners=list(state.winners), tied=tied)]


def all_done(state: LegendState) -> bool:
    """All ten missions completed: the game ends at once."""
    return len(set(state.done)) == len(MISSIONS)
