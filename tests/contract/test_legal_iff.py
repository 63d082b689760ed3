"""Legal iff applies (issues 25 and 41), for every game of the catalogue and with no game set apart:
at the states of seeded bot games, every legal action applies, and actions that are *not* legal -- mutations of legal ones (other
arguments, other verbs, another player's action, numbers out of range, another case), free text in
a template -- are refused with RuleError and leave the state as it was. An action ``apply`` accepts
is legal through its canonical form (``GameSpec.canonical``: the one spelling ``legal_actions``
lists, which ``apply`` runs) or by filling a template (``engine.TEMPLATE``, a note's text) or as one of
the families a game declares in ``GameSpec.unlisted`` (several cards at once): ``GameSpec.is_legal``,
the one truth ``apply`` checks before any handler runs. A game's ``legal_of`` (one verb's legal
actions, what ``apply`` checks against) lists exactly ``legal_actions``' actions of that verb.

The fast lane samples 12 states of 2 seeded games per game; the slow lane checks every state of 20
seeded games per game."""

from __future__ import annotations

import pickle
import random

import pytest

import games
from games.engine import TEMPLATE, Action, RuleError, fits
from tests.contract.kit import contract_games, play

GAMES = contract_games()
SEEDS = range(2)
SLOW_SEEDS = range(20)
TEXTS = ("dragon here", "x", "B4", "?!", "key")  # what a template's free text is filled with


@pytest.fixture(params=GAMES)
def game(request):
    return games.get(request.param)


def _canonical(game, state, player, action: Action) -> Action:
    return game.canonical(state, player, action) if game.canonical is not None else action


def _outcome(game, before: bytes, player, action: Action, unchanged: bytes, spare=None) -> tuple[str | None, object]:
    """(None, None) when ``apply`` accepts the action (on ``spare``, else on a copy of the pickled state
    ``before``); else (its refusal, the copy), after checking that the refusal left the copy exactly as
    it was: as ``unchanged``, the bytes of a copy pickled again (pickling a copy may number its memo
    otherwise), made once a state. A copy so checked is the state as it was, byte for byte: the next
    candidate may be tried on it (the test unpickles a fresh one only after an action applied)."""
    copy = spare if spare is not None else pickle.loads(before)
    try:
        game.apply(copy, player, action)
    except RuleError as err:
        assert pickle.dumps(copy) == unchanged, f"{game.name}: refused '{action}' changed the state"
        return str(err) or "refused", copy
    return None, None


def _variants(value, pool: list, rnd: random.Random) -> list:
    """Other values for one argument: another argument of its type seen at this state, a neighbour or an
    out-of-range number, another case, a shorter or longer tuple."""
    pool = [other for other in pool if type(other) is type(value)]  # a Verb's slots give each its type
    out = rnd.sample(pool, min(3, len(pool)))
    if isinstance(value, bool) or value is None:
        return out
    if isinstance(value, int):
        return out + [value + 1, value - 1, 0, -1, 99]
    if isinstance(value, str):
        return out + [value.upper(), value.capitalize(), value + "x", ""]
    if isinstance(value, tuple):
        return out + [tuple(reversed(value)), value[:-1], value + value[:1]]
    return out


def candidates(game, legal: list[Action], others: list[Action], rnd: random.Random,
               width: tuple[int, int, int] = (12, 8, 10)) -> list[Action]:
    """Actions near the legal ones: most are not legal, a few are (the test sorts them out). ``width``:
    how many legal actions are varied, other players' actions tried, and random ones made."""
    varied, foreign, made = width
    pool = list(dict.fromkeys(a for action in legal + others for a in action.args  # in order: no hash seed
                              if a is not None and not isinstance(a, bool)))
    verbs = sorted(set(game.handlers))
    out: list[Action] = rnd.sample(others, min(foreign, len(others)))
    for action in rnd.sample(legal, min(varied, len(legal))):
        args = action.args
        for i, value in enumerate(args):
            if value == TEMPLATE:
                out += [Action(action.verb, args[:i] + (text,) + args[i + 1:]) for text in TEXTS]
            for other in _variants(value, pool, rnd):
                out.append(Action(action.verb, args[:i] + (other,) + args[i + 1:]))
        out += [Action(rnd.choice(verbs), args), Action(action.verb, args[:-1]),
                Action(action.verb, args + (rnd.choice(pool) if pool else 1,))]
    for _ in range(made):  # any verb with any arguments seen here (the parser would never build most)
        out.append(Action(rnd.choice(verbs), tuple(rnd.choice(pool) for _ in range(rnd.randint(0, 3))) if pool else ()))
    return out


FAST = (12, 8, 10)  # the fast lane: a few states, many candidates at each
EVERY = (1, 2, 2)  # the slow lane: every state, fewer candidates at each (and fewer seats, see below)


def check_states(game, seed: int, states: list, width: tuple[int, int, int] = FAST, every_seat: bool = True) -> None:
    """At each state, for each seat (or, not ``every_seat``: those awaited and one other in turn): every
    legal action is its own canonical form, and each candidate action applies (on a copy) exactly when
    ``is_legal`` holds for its canonical form."""
    rnd = random.Random(f"{game.name}/{seed}")
    checked = refused = 0
    wrong: list[str] = []
    for n, state in enumerate(states):
        before = pickle.dumps(state)
        unchanged = pickle.dumps(pickle.loads(before))
        seats = list(game.seats_of(state))
        legal = {p: game.legal_actions(state, p) for p in seats}
        awaited = set(game.awaiting(state))
        spare = None  # a copy of the state as it was, left by the last refusal
        for p in seats if every_seat else [q for i, q in enumerate(seats) if q in awaited or i == n % len(seats)]:
            for action in legal[p]:
                assert _canonical(game, state, p, action) == action, \
                    f"{game.name}: legal '{action}' is not its own canonical form"
            if game.legal_of is not None:
                for verb in game.handlers:
                    assert sorted(map(str, game.legal_of(state, p, verb))) == \
                        sorted(str(a) for a in legal[p] if a.verb == verb), \
                        f"{game.name} seed {seed}: legal_of '{verb}' for {p} is not legal_actions' '{verb}' actions"
            others = [a for q in seats if q != p for a in legal[q]]
            for action in candidates(game, legal[p], others, rnd, width):
                canon = _canonical(game, state, p, action)
                outcome, spare = _outcome(game, before, p, action, unchanged, spare)
                where = f"{game.name} seed {seed}: {p} '{action}' (canonical '{canon}')"
                is_legal = not game.is_over(state) and game.is_legal(state, p, canon, legal[p])
                if outcome is None and not is_legal:
                    wrong.append(f"{where} applies but is not legal")
                elif outcome is not None and is_legal:
                    wrong.append(f"{where} is legal but refused: {outcome}")
                refused += outcome is not None
                checked += 1
    assert not wrong, f"{len(wrong)} of {checked}:\n" + "\n".join(sorted(set(wrong))[:30])
    assert checked and refused, f"{game.name}: no candidate action was checked"


@pytest.mark.parametrize("seed", SEEDS)
def test_an_action_applies_exactly_when_it_is_legal(game, seed):
    played = play(game.name, seed, sample_every=5)
    check_states(game, seed, played.states[::max(1, len(played.states) // 12)][:12])


@pytest.mark.slow
@pytest.mark.parametrize("seed", SLOW_SEEDS)
def test_an_action_applies_exactly_when_it_is_legal_at_every_state(game, seed):
    check_states(game, seed, play(game.name, seed, sample_every=1).states, EVERY, every_seat=False)


def test_a_template_stands_for_any_text_in_its_place_and_nothing_else():
    legal = [Action("note", ("B4", TEMPLATE)), Action("note", ("B4",)), Action("move", ("n",))]
    assert fits(Action("note", ("B4", "dragon here")), legal)
    assert fits(Action("note", ("B4",)), legal) and fits(Action("move", ("n",)), legal)
    assert not fits(Action("note", ("C4", "dragon here")), legal)
    assert not fits(Action("move", ("s",)), legal) and not fits(Action("note", ("B4", "a", "b")), legal)
