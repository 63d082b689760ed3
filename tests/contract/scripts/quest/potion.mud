# Rule paths bots seldom take, typed by two people: ann finds a health potion in her forest; bob gives
# her his only coin, forces his way into her room with nothing left to lose, loses at
# rock-paper-scissors and is driven back mortally wounded (driven_back_mortally_wounded); ann, who
# beat him, gives him her potion to drink before his next turn (health_potion_drunk).
#   mud run tests/contract/scripts/quest/potion.mud
@game quest
@players ann,bob
@seed 2451
ann> act
bob> give ann 1 gold
bob> move east
ann> deny
bob> fight
bob> throw rock
ann> throw paper
ann> heal bob
