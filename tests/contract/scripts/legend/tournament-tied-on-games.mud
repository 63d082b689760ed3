# A seeded bots-only tournament of three games whose totals tie (2 each): bot2 won more games and
# wins the tournament (the path 'tournament_tied'). Checked by tests/contract/test_coverage.py.
@game legend
@bots 2
@tournament 3
@seed 12
@level easy
