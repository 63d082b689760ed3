"""The contract kit runs over every game of the catalogue, and over the toy game of tests/toygame,
which registers here exactly as an outside game would (the shell is not told anything else)."""

import games

games.register("toy", "tests.toygame")
