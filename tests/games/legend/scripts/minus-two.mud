# The original's example of a final score: ann ends the game with -2 (5+1-4-4).
@game legend
@players ann,bob
@seed 0
@strict

bob> draw
bob> discard ithaca
ann> draw
ann> discard labyrinth
bob> draw
bob> discard ithaca
ann> draw
ann> discard C
bob> draw
bob> discard medusa
ann> draw
ann> discard sirens
bob> draw
bob> discard A
ann> draw
ann> discard I
bob> draw
bob> discard A
ann> start tartarus
ann> draw
bob> draw
bob> discard labyrinth
ann> undertake tartarus with A C E E
ann> draw
bob> draw
bob> discard A
ann> draw
bob> draw
bob> discard A
ann> draw
bob> draw
bob> discard A
ann> draw
bob> draw
bob> discard E
# ann completes the Descent into Tartarus: 5 points
ann> undertake tartarus with A
ann> draw
ann> pass
bob> draw
bob> discard I
bob> pass
ann> draw
ann> discard hydra
ann> pass
bob> draw
bob> discard I
bob> pass
ann> draw
ann> discard horse
ann> pass
bob> draw
bob> discard I
bob> pass
ann> draw
ann> discard C
ann> pass
bob> draw
bob> discard E
bob> pass
ann> draw
ann> discard E
ann> pass
bob> draw
bob> discard E
bob> pass
ann> start sphinx
ann> draw
ann> discard tartarus
bob> draw
bob> discard sphinx
ann> draw
bob> draw
bob> discard medusa
ann> draw
ann> discard boar
bob> draw
bob> discard I
# ann completes the Riddle of the Sphinx: 1 point
ann> undertake sphinx with A
ann> draw
bob> draw
bob> discard I
ann> draw
ann> discard horse
bob> draw
bob> discard I
ann> draw
ann> discard sirens
bob> draw
bob> discard E
# ann starts the Golden Fleece; bob will complete its twin first
ann> start fleece
ann> draw
bob> start fleece
bob> draw
ann> draw
ann> discard C
bob> undertake fleece with C C
bob> draw
ann> draw
ann> discard C
bob> undertake fleece with A
bob> draw
ann> draw
ann> discard A
bob> draw
ann> draw
ann> discard E
bob> draw
bob> discard boar
ann> draw
ann> discard hydra
bob> draw
bob> discard E
ann> draw
ann> discard E
bob> draw
bob> discard E
bob> pass
ann> draw
ann> discard sirens
ann> pass
bob> draw
bob> discard A
bob> pass
ann> draw
ann> discard C
ann> pass
bob> draw
bob> discard A
bob> pass
ann> draw
ann> discard E
ann> pass
bob> draw
bob> discard A
bob> pass
ann> draw
ann> discard E
ann> pass
# bob completes the Golden Fleece: ann's twin is superseded
bob> undertake fleece with I
bob> draw
bob> pass
ann> draw
ann> discard E
ann> pass
bob> draw
bob> discard E
bob> pass
ann> draw
ann> discard ithaca
ann> pass
bob> draw
bob> discard boar
bob> pass
ann> draw
ann> discard I
ann> pass
bob> draw
bob> discard A
bob> pass
# ann starts Medusa: she will never finish it
ann> start medusa
ann> draw
ann> pass
bob> draw
bob> discard E
bob> pass
ann> draw
ann> discard A
ann> pass
bob> draw
bob> discard labyrinth
bob> pass
ann> draw
ann> discard sirens
ann> pass
bob> draw
bob> discard hydra
bob> pass
ann> draw
ann> discard C
ann> pass
bob> draw
bob> discard labyrinth
bob> pass
ann> draw
ann> discard A
ann> pass
bob> draw
bob> discard hydra
bob> pass
ann> draw
ann> discard horse
ann> pass
bob> draw
bob> discard sphinx
bob> pass
ann> draw
ann> discard C
ann> pass
bob> draw
bob> discard boar
bob> pass
ann> draw
ann> discard I
ann> pass
bob> draw
bob> discard A
bob> pass
ann> draw
ann> discard ithaca
ann> pass
bob> draw
bob> discard I
bob> pass
ann> draw
ann> discard E
ann> pass
bob> draw
bob> discard tartarus
ann> draw
ann> discard I
bob> draw
bob> discard medusa
ann> draw
ann> discard E
bob> draw
bob> discard I
ann> draw
ann> discard E
bob> draw
bob> discard horse
ann> pass
bob> pass
