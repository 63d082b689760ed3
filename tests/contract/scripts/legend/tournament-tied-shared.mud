# A seeded bots-only tournament of three games whose totals tie at the top (12 each for bot1 and
# bot2), and whose games won tie too (one each): the win is shared (the path 'tournament_tied').
# Checked by tests/contract/test_coverage.py.
@game legend
@bots 3
@tournament 3
@seed 34
@level normal
