# The original's example: Medusa aborted by dan after bob's disturbance.
@game legend
@players ann,bob,cat,dan
@seed 18
@strict

bob> draw
bob> discard fleece
cat> draw
cat> discard fleece
dan> draw
dan> discard sirens
# ann starts the Slaying of Medusa (I/1 A/1 E/2, 4 Legend Points)
ann> start medusa
ann> draw
bob> draw
bob> discard ithaca
cat> draw
cat> discard tartarus
dan> draw
dan> discard A
# ann undertakes it with a divine favour: I E E still missing
ann> undertake medusa with A
ann> draw
# bob fears ann's four points: he disturbs with a ship and an equipment
bob> disturb medusa with I E
bob> draw
# cat does nothing under the missions
cat> draw
cat> discard medusa
# dan plays the last equipment: the mission is aborted
dan> disturb medusa with E
