# A seeded bots-only game where a rare path occurs: a wizard's bolt strikes a closed door instead of
# its target (bolt_stopped). Checked by tests/contract/test_coverage.py.
@game quest
@bots 6
@seed 87
@level easy
