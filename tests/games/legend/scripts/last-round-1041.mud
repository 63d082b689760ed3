# Issue 24, seed 1041: ann (Hercules) has no cards left and her Hydra is one card short.
# The moves of the easy bots of `mud run --game legend --bots 2 --seed 1041 --level easy`
# (bot1 is ann, bot2 bob ...), as they played them up to the last round.
@game legend
@players ann,bob
@seed 1041
@strict

bob> start hydra
bob> draw
ann> start medusa
ann> start sphinx
ann> start hydra
ann> draw
bob> draw
bob> discard I
ann> draw
bob> draw
bob> discard A
ann> undertake hydra with E
ann> draw
bob> start labyrinth
bob> draw
ann> draw
bob> draw
bob> discard A
ann> disturb labyrinth with C
ann> undertake medusa with I
ann> start horse
ann> draw
bob> disturb hydra with E
bob> disturb horse with C
bob> draw
ann> draw
bob> undertake labyrinth with A
bob> draw
ann> undertake medusa with E
ann> draw
bob> start sirens
bob> draw
ann> draw
bob> draw
ann> draw
ann> discard I
bob> draw
bob> discard medusa
ann> disturb sirens with A
ann> undertake horse with C
ann> start labyrinth
ann> draw
bob> draw
bob> discard tartarus
ann> undertake labyrinth with E
ann> draw
bob> draw
bob> discard C
ann> disturb hydra with E
ann> disturb hydra with C
ann> draw
bob> draw
bob> discard C
ann> draw
bob> draw
bob> discard E
ann> disturb sirens with I
ann> start boar
ann> draw
bob> disturb horse with E
bob> draw
ann> draw
bob> disturb labyrinth with C
bob> disturb horse with I
bob> disturb sphinx with A
bob> disturb medusa with A
bob> draw
ann> draw
bob> disturb labyrinth with A
bob> draw
ann> start tartarus
ann> draw
bob> start horse
bob> draw
ann> start fleece
ann> draw
bob> draw
ann> undertake fleece with I
ann> draw
bob> disturb tartarus with C
bob> draw
ann> draw
bob> disturb tartarus with E
bob> draw
ann> disturb horse with C
ann> draw
bob> disturb fleece with C
bob> disturb fleece with A
bob> draw
ann> draw
ann> discard fleece
bob> draw
ann> disturb horse with E
ann> draw
bob> undertake labyrinth with E
bob> draw
ann> disturb horse with I
ann> draw
bob> disturb boar with E
bob> draw
ann> start ithaca
ann> draw
bob> start boar
bob> start ithaca
bob> draw
ann> draw
ann> discard A
bob> undertake ithaca with A
bob> undertake boar with C
bob> draw
ann> draw
ann> discard I
bob> draw
bob> pass
ann> disturb ithaca with I
ann> draw
ann> pass
bob> start sphinx
bob> draw
bob> pass
ann> undertake tartarus with A
ann> undertake ithaca with I
ann> start sirens
ann> draw
ann> pass
bob> draw
bob> pass
ann> disturb horse with C
ann> undertake ithaca with I
ann> draw
ann> pass
bob> draw
bob> pass
ann> undertake fleece with C
ann> start horse
ann> draw
ann> pass
bob> draw
bob> discard labyrinth
bob> pass
ann> draw
ann> pass
bob> draw
bob> pass
ann> draw
ann> pass
bob> draw
bob> discard C
bob> pass
ann> undertake boar with C
ann> draw
ann> pass
bob> undertake sphinx with A
bob> draw
bob> pass
ann> draw
ann> pass
bob> disturb sirens with I
bob> draw
bob> pass
ann> undertake horse with C
ann> undertake tartarus with A
ann> draw
ann> pass
bob> draw
bob> discard C
bob> pass
ann> draw
ann> pass
bob> start tartarus
bob> draw
bob> pass
ann> draw
ann> pass
bob> undertake sirens with I
bob> draw
bob> pass
ann> draw
ann> discard I
ann> pass
bob> draw
bob> discard medusa
bob> pass
ann> disturb tartarus with A
ann> undertake horse with E
ann> draw
ann> discard fleece
ann> pass
bob> draw
bob> discard E
bob> pass
ann> start hydra
ann> draw
ann> pass
bob> draw
bob> discard A
bob> pass
ann> disturb ithaca with A
ann> disturb ithaca with I
ann> undertake 7 with E
ann> draw
ann> discard sphinx

# The last round: bob passes; ann, with no cards, still plays her phase 1 and claims the
# Hydra one card short (mission 1 on the table), which supersedes her other Hydra.
bob> pass
ann> undertake 1
ann> pass
