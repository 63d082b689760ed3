# A rule path bots seldom take, typed by two people: ann finds the crystal ball in her forest and
# looks through it at bob; a white door around his room, never looked at, turns face up for everyone
# (crystal_ball_turns_a_door).
#   mud run tests/contract/scripts/quest/crystal-ball.mud
@game quest
@players ann,bob
@seed 12
ann> act
bob> pass
ann> scry bob
