# Teams (ann and cat against bob and dan): cat disturbs her partner ann's Erymanthian Boar, then
# aborts it with its last card -- a partner's mission counts as an opponent's (the paths
# 'partner_disturbed' and 'partner_aborted'). Bots never do it (it only costs their side).
# Checked by tests/contract/test_coverage.py.
@game legend
@players ann,bob,cat,dan
@teams on
@seed 31
@strict

ann> start boar
ann> draw
bob> draw
bob> discard medusa
cat> disturb boar with C
cat> disturb boar with E
cat> draw
