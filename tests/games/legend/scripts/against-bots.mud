# ann plays a whole game against three bots (her lines need no prefix: the
# game waits for her alone whenever a line is read).
@game legend
@players ann
@bots 3
@seed 21
@strict

start medusa
draw
disturb boar with C E
undertake medusa with I A
draw
pass
draw
pass
draw
disturb sirens with I A
draw
pass
draw
start fleece
draw
undertake fleece with I C
draw
disturb tartarus with A C
draw
disturb labyrinth with C E
draw
draw
draw
discard horse
pass
draw
pass
draw
pass
draw
pass
start hydra
draw
pass
draw
discard sirens
pass
undertake hydra with C E
draw
discard sphinx
draw
draw
pass
