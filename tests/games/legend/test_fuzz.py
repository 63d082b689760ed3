"""Any words in any phase: either a clean one-line refusal that changes nothing, or a legal move.
Random lines built from the game's own vocabulary, at states taken from seeded bot games."""

from __future__ import annotations

import pickle
import random

from games.engine import Action, RuleError, bot_rng
from games.legend import GAME
from games.legend.data import MISSIONS

WORDS = ["with", "as", "I", "A", "C", "E", "i", "a", "ship", "gear", "1", "2", "3", "9", "0", "bot1", "bot2",
         "mine", "my", "the", "of", "'s", "x", "", "as", "with", *MISSIONS, "trojan", "golden", "min", "lab"]
VERBS = ["undertake", "disturb", "start", "draw", "discard", "pass"]


def test_random_lines_in_every_phase_are_refused_cleanly_or_played():
    rng = random.Random(12)
    phases = set()
    for seed in range(6):
        names = [f"bot{i}" for i in range(1, 2 + seed % 3 + 1)]
        state = GAME.new_match(names, seed, {"teams": "on"} if len(names) == 4 and seed % 2 else {})
        GAME.opening(state)
        rngs = {p: bot_rng(seed, p) for p in names}
        while not state.over:
            p = GAME.awaiting(state)[0]
            phases.add(state.phase)
            for _ in range(3):
                words = tuple(rng.choice(WORDS) for _ in range(rng.randint(0, 6)))
                action = Action(rng.choice(VERBS), words)
                trial = pickle.loads(pickle.dumps(state))
                before = pickle.dumps(pickle.loads(pickle.dumps(state)))  # a copy's bytes, as trial's
                try:
                    GAME.apply(trial, p, action)
                except RuleError as err:
                    assert str(err) and "\n" not in str(err)
                    assert pickle.dumps(trial) == before, f"{action} was refused but changed the state"
            GAME.apply(state, p, GAME.bot_action(state, p, rngs[p], "normal", {}))
    assert phases == {"play", "start", "discard", "last"}
