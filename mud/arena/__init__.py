"""``mud arena``: many bots-only games of one game in worker processes, and what they say of the levels."""
