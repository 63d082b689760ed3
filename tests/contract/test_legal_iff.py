"""Legal iff applies (issue 25), for every game of the catalogue: at states sampled from seeded bot
games, every legal action applies, and actions that are *not* legal -- mutations of legal ones (other
arguments, other verbs, another player's action, numbers out of range, another case), free text in
a template -- are refused with RuleError and leave the state as it was. An action ``apply`` accepts
is legal through its canonical form (``GameSpec.canonical``: the one spelling ``legal_actions``
lists, which ``apply`` runs) or by filling a template (``engine.TEMPLATE``, a note's text)."""

from __future__ import annotations

import pickle
import random

import pytest

import games
from games.engine import TEMPLATE, Action, RuleError, fits
from tests.contract.kit import contract_games, play

GAMES = contract_games()
SEEDS = range(2)
TEXTS = ("dragon here", "x", "B4", "?!", "key")  # what a template's free text is filled with


# Accepted but listed one way only, as docs/decisions.md says (the lists must stay finite): several
# cards or missions at once in Quest for Legend (listed one at a time, with the set that meets a
# mission); any amount of gold from Quest's bag of money (listed as 1). Only these may apply unlisted.
SEVERAL_AT_ONCE = {"start": 1, "discard": 1, "undertake": 3, "disturb": 3}  # verb -> arguments of a single one


def _legend_several(state, player, action: Action, legal: list[Action]) -> bool:
    return action.verb in SEVERAL_AT_ONCE and len(action.args) > SEVERAL_AT_ONCE[action.verb]


def _quest_bag(state, player, action: Action, legal: list[Action]) -> bool:
    return action.verb == "give" and len(action.args) == 3 and action.args[2] == "gold" and \
        state.players[player].has_bag and Action("give", (action.args[0], 1, "gold")) in legal


UNLISTED = {"legend": _legend_several, "quest": _quest_bag}


def unlisted(game, state, player, action: Action, legal: list[Action]) -> bool:
    """Is ``action`` one of the documented kinds that apply without being listed as such?"""
    allowed = UNLISTED.get(game.name)
    return allowed is not None and allowed(state, player, action, legal)


@pytest.fixture(params=GAMES)
def game(request):
    return games.get(request.param)


def _canonical(game, state, player, action: Action) -> Action:
    return game.canonical(state, player, action) if game.canonical is not None else action


def _outcome(game, state, player, action: Action) -> str | None:
    """None when ``apply`` accepts the action (on a copy); else its refusal, after checking that the
    refusal left the copy exactly as it was."""
    copy = pickle.loads(pickle.dumps(state))
    before = pickle.dumps(copy)
    try:
        game.apply(copy, player, action)
    except RuleError as err:
        assert pickle.dumps(copy) == before, f"{game.name}: refused '{action}' changed the state"
        return str(err) or "refused"
    return None


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


def candidates(game, legal: list[Action], others: list[Action], rnd: random.Random) -> list[Action]:
    """Actions near the legal ones: most are not legal, a few are (the test sorts them out)."""
    pool = list(dict.fromkeys(a for action in legal + others for a in action.args  # in order: no hash seed
                              if a is not None and not isinstance(a, bool)))
    verbs = sorted(set(game.handlers))
    out: list[Action] = rnd.sample(others, min(8, len(others)))
    for action in rnd.sample(legal, min(12, len(legal))):
        args = action.args
        for i, value in enumerate(args):
            if value == TEMPLATE:
                out += [Action(action.verb, args[:i] + (text,) + args[i + 1:]) for text in TEXTS]
            for other in _variants(value, pool, rnd):
                out.append(Action(action.verb, args[:i] + (other,) + args[i + 1:]))
        out += [Action(rnd.choice(verbs), args), Action(action.verb, args[:-1]),
                Action(action.verb, args + (rnd.choice(pool) if pool else 1,))]
    for _ in range(10):  # any verb with any arguments seen here (the parser would never build most)
        out.append(Action(rnd.choice(verbs), tuple(rnd.choice(pool) for _ in range(rnd.randint(0, 3))) if pool else ()))
    return out


@pytest.mark.parametrize("seed", SEEDS)
def test_an_action_applies_exactly_when_it_is_legal(game, seed):
    played = play(game.name, seed, sample_every=5)
    states = played.states[::max(1, len(played.states) // 12)][:12]
    rnd = random.Random(f"{game.name}/{seed}")
    checked = refused = 0
    wrong: list[str] = []
    for state in states:
        seats = list(game.seats_of(state))
        legal = {p: game.legal_actions(state, p) for p in seats}
        for p in seats:
            for action in legal[p]:
                assert _canonical(game, state, p, action) == action, \
                    f"{game.name}: legal '{action}' is not its own canonical form"
            others = [a for q in seats if q != p for a in legal[q]]
            for action in candidates(game, legal[p], others, rnd):
                canon = _canonical(game, state, p, action)
                outcome = _outcome(game, state, p, action)
                where = f"{game.name} seed {seed}: {p} '{action}' (canonical '{canon}')"
                if outcome is None and not fits(canon, legal[p]) and not unlisted(game, state, p, canon, legal[p]):
                    wrong.append(f"{where} applies but is not legal")
                elif outcome is not None and fits(canon, legal[p]):
                    wrong.append(f"{where} is legal but refused: {outcome}")
                refused += outcome is not None
                checked += 1
    assert not wrong, f"{len(wrong)} of {checked}:\n" + "\n".join(sorted(set(wrong))[:30])
    assert checked and refused, f"{game.name}: no candidate action was checked"


def test_a_template_stands_for_any_text_in_its_place_and_nothing_else():
    legal = [Action("note", ("B4", TEMPLATE)), Action("note", ("B4",)), Action("move", ("n",))]
    assert fits(Action("note", ("B4", "dragon here")), legal)
    assert fits(Action("note", ("B4",)), legal) and fits(Action("move", ("n",)), legal)
    assert not fits(Action("note", ("C4", "dragon here")), legal)
    assert not fits(Action("move", ("s",)), legal) and not fits(Action("note", ("B4", "a", "b")), legal)
