# Issue 24, seed 1036: dan (Hercules) has no cards left and cat's Hydra is one card short.
# The moves of the easy bots of `mud run --game legend --bots 4 --seed 1036 --level easy`
# (bot1 is ann, bot2 bob ...), as they played them up to the last round.
@game legend
@players ann,bob,cat,dan
@seed 1036
@strict

dan> start labyrinth
dan> draw
ann> draw
ann> discard hydra
bob> start sphinx
bob> draw
cat> start tartarus
cat> draw
dan> draw
dan> discard C
ann> disturb tartarus with E
ann> start labyrinth
ann> draw
bob> start fleece
bob> draw
cat> disturb sphinx with A
cat> disturb fleece with A
cat> disturb fleece with I
cat> start sirens
cat> draw
dan> undertake labyrinth with C
dan> disturb labyrinth with C
dan> disturb tartarus with A
dan> disturb tartarus with E
dan> draw
ann> undertake labyrinth with E
ann> draw
bob> disturb 3 with A
bob> draw
cat> undertake sirens with I
cat> draw
dan> undertake labyrinth with E
dan> draw
ann> disturb sirens with I
ann> disturb labyrinth with A
ann> draw
bob> draw
bob> discard E
cat> undertake tartarus with C
cat> draw
dan> draw
ann> disturb fleece with C
ann> start medusa
ann> draw
bob> disturb medusa with I
bob> undertake fleece with C
bob> start hydra
bob> draw
bob> pass
cat> undertake sirens with A
cat> start ithaca
cat> draw
cat> pass
dan> disturb ithaca with A
dan> start sphinx
dan> draw
dan> discard sirens
dan> pass
ann> draw
ann> discard fleece
bob> disturb ithaca with C
bob> disturb ithaca with I
bob> draw
cat> draw
dan> disturb hydra with E
dan> draw
ann> draw
bob> start horse
bob> draw
cat> undertake ithaca with I
cat> start boar
cat> draw
dan> disturb boar with E
dan> draw
ann> disturb horse with I
ann> draw
bob> start ithaca
bob> draw
cat> disturb horse with C
cat> draw
dan> draw
ann> undertake medusa with A
ann> draw
bob> start tartarus
bob> draw
cat> draw
dan> undertake sphinx with A
dan> draw
ann> draw
bob> disturb medusa with E
bob> draw
cat> disturb tartarus with C
cat> disturb ithaca with I
cat> draw
dan> disturb 1 with A
dan> draw
ann> draw
bob> draw
cat> draw
dan> start boar
dan> start horse
dan> draw
dan> pass
ann> disturb 4 with E
ann> draw
ann> pass
bob> draw
bob> pass
cat> draw
cat> pass
dan> undertake boar with E
dan> draw
dan> pass
ann> undertake medusa with E
ann> draw
ann> discard sirens
ann> pass
bob> draw
bob> discard medusa
bob> pass
cat> disturb ithaca with C
cat> start hydra
cat> draw
cat> pass
dan> disturb 1 with E
dan> draw
dan> pass
ann> disturb 4 with A
ann> draw
ann> discard sphinx
ann> pass
bob> disturb hydra with E
bob> draw
bob> pass
cat> draw
cat> pass
dan> disturb tartarus with A
dan> draw
dan> pass
ann> disturb 4 with I
ann> disturb 6 with I
ann> draw
ann> pass
bob> undertake horse with C
bob> disturb 4 with C
bob> draw
bob> pass
cat> undertake boar with C
cat> undertake hydra with C
cat> draw
cat> pass
dan> draw
dan> pass
ann> draw
ann> pass
bob> draw
bob> pass
cat> start tartarus
cat> draw
cat> pass
dan> disturb 2 with A
dan> disturb ithaca with A
dan> draw
dan> discard fleece

# The last round: ann, bob and cat pass; dan, with no cards, still gets his phase 1 (he could
# abort cat's Hydra one card short, which would only spare cat its -3) and passes.
ann> pass
bob> pass
cat> pass
dan> pass
