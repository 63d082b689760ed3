# A seeded bots-only game where a rare path occurs: a bot heals a mortally wounded player with the
# health potion before their turn comes (healed). Checked by tests/contract/test_coverage.py.
@game quest
@bots 6
@seed 30
@level easy
