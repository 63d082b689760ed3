"""The pieces every surface and the world share: the grammar, a match and its seats, and their words."""
