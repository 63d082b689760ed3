# ann plays a whole game against three bots (her lines need no prefix: the
# game waits for her alone whenever a line is read).
@game legend
@players ann
@bots 3
@seed 21
@strict

start medusa
draw
undertake medusa with I A
draw
pass
disturb horse with C E
draw
pass
draw
disturb sirens with I A
draw
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
pass
start sirens
draw
pass
undertake sirens with I
draw
pass
draw
pass
draw
pass
draw
discard sirens
pass
draw
discard medusa
pass
draw
discard labyrinth
draw
discard A
draw
discard A
pass
