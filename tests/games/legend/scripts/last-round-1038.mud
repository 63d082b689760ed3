# Issue 24, seed 1038: ann (Perseus) has no cards left and her Medusa is one card short.
# The moves of the easy bots of `mud run --game legend --bots 2 --seed 1038 --level easy`
# (bot1 is ann, bot2 bob ...), as they played them up to the last round.
@game legend
@players ann,bob
@seed 1038
@strict

ann> start boar
ann> draw
bob> disturb boar with E
bob> disturb boar with C
bob> draw
ann> start horse
ann> draw
bob> start labyrinth
bob> start boar
bob> draw
ann> start ithaca
ann> draw
bob> undertake labyrinth with A
bob> disturb horse with C
bob> draw
ann> draw
ann> discard I
bob> draw
ann> undertake horse with E
ann> draw
bob> draw
ann> undertake horse with I
ann> undertake ithaca with A
ann> draw
bob> disturb ithaca with I
bob> disturb ithaca with A
bob> start tartarus
bob> draw
ann> disturb tartarus with A
ann> disturb tartarus with A
ann> draw
bob> disturb horse with C
bob> draw
ann> disturb boar with E
ann> start hydra
ann> draw
bob> disturb ithaca with I
bob> draw
ann> draw
bob> draw
ann> draw
bob> undertake tartarus with C
bob> draw
ann> draw
bob> draw
ann> draw
ann> discard hydra
bob> draw
ann> start fleece
ann> start horse
ann> draw
bob> disturb fleece with I
bob> draw
ann> draw
bob> disturb horse with I
bob> disturb fleece with A
bob> draw
ann> draw
ann> discard C
bob> undertake boar with C
bob> start sirens
bob> draw
ann> disturb sirens with I
ann> draw
bob> start fleece
bob> draw
ann> start sphinx
ann> draw
bob> undertake sirens with I
bob> draw
ann> undertake horse with E
ann> disturb fleece with A
ann> draw
bob> undertake labyrinth with E
bob> undertake tartarus with E
bob> start labyrinth
bob> draw
ann> disturb fleece with I
ann> draw
bob> undertake tartarus with E
bob> draw
bob> pass
ann> undertake fleece with C
ann> draw
ann> pass
bob> disturb sphinx with A
bob> draw
bob> pass
ann> draw
ann> pass
bob> draw
bob> pass
ann> disturb sirens with A
ann> disturb 7 with E
ann> undertake hydra with E
ann> start ithaca
ann> draw
ann> pass
bob> undertake 1 with C
bob> draw
bob> pass
ann> undertake 6 with I
ann> draw
ann> pass
bob> draw
bob> pass
ann> draw
ann> pass
bob> start sirens
bob> draw
bob> pass
ann> start medusa
ann> draw
ann> discard tartarus
bob> disturb 6 with C
bob> draw
ann> disturb sirens with A
ann> draw
bob> disturb hydra with E
bob> disturb fleece with C
bob> draw
ann> undertake medusa with E
ann> draw
bob> draw
ann> draw
ann> pass
bob> disturb 5 with A
bob> draw
bob> pass
ann> disturb fleece with C
ann> start medusa
ann> draw
ann> pass
bob> draw
bob> pass
ann> start sphinx
ann> draw
ann> pass
bob> undertake fleece with C
bob> draw
bob> pass
ann> undertake horse with C
ann> start sirens
ann> draw
ann> pass
bob> disturb 6 with A
bob> draw
bob> pass
ann> start sphinx
ann> draw
ann> pass
bob> draw
bob> pass
ann> undertake 7 with E
ann> draw
ann> discard boar
ann> pass
bob> draw
bob> discard I
bob> pass
ann> draw
ann> pass
bob> draw
bob> discard A
bob> pass
ann> draw
ann> pass
bob> disturb 10 with A
bob> disturb 6 with I
bob> draw
bob> discard tartarus
bob> pass
ann> undertake hydra with C
ann> start horse
ann> draw
ann> discard fleece
ann> pass
bob> draw
bob> pass
ann> draw
ann> pass
bob> draw
bob> pass
ann> undertake 6 with I
ann> draw
ann> pass
bob> draw
bob> discard C
bob> pass
ann> undertake 9 with I
ann> draw
ann> discard hydra

# The last round: bob passes; ann, with no cards, still plays her phase 1 and claims the
# Medusa one card short (mission 5 on the table), which supersedes her other Medusa.
bob> pass
ann> undertake 5
ann> pass
