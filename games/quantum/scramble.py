"""Everything hidden from one Quantum player, shuffled: only the decks' order (every ship, cube,
track, face-up card and command is public)."""

from __future__ import annotations

import pickle
import random

from games.quantum.state import QuantumState


def scramble(state: QuantumState, player: str, rng: random.Random) -> QuantumState:
    s: QuantumState = pickle.loads(pickle.dumps(state))
    rng.shuffle(s.gambits)
    rng.shuffle(s.commands)
    return s
