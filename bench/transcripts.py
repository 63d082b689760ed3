"""One line per seeded bots-only game: seed, level, actions played, and a hash of the pickled final
state -- a fingerprint to compare before and after a change that must not change play (a refactor,
messages made translatable). Run it on both and diff the outputs.

    PYTHONHASHSEED=0 .venv/bin/python bench/transcripts.py GAME [SEEDS]

``PYTHONHASHSEED=0``: the states hold sets of names, whose pickled order follows the process's string
hashing, so two runs of the same code differ without a fixed seed.
"""

from __future__ import annotations

import hashlib
import pickle
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import botgame, get  # noqa: E402


def main(argv: list[str]) -> int:
    game = get(argv[0])
    seeds = int(argv[1]) if len(argv) > 1 else 30
    for level in ("easy", "normal"):
        for seed in range(seeds):
            actions, state = botgame.play(game, seed, game.default_players, level)
            print(seed, level, actions, hashlib.sha256(pickle.dumps(state)).hexdigest()[:16])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
