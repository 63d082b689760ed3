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
disturb horse with C
draw
pass
draw
disturb sirens with I
draw
disturb labyrinth with C
draw
start fleece
draw
undertake fleece with I A C
draw
draw
draw
draw
draw
discard sphinx
pass
draw
pass
draw
discard hydra
pass
draw
discard sirens
disturb medusa with E
draw
disturb labyrinth with A E
draw
draw
draw
discard horse
draw
discard fleece
pass
