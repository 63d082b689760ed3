# Rule paths bots never take, typed by two people: a mover asks to enter a room and gives up while
# its occupant thinks it over (consent_withdrawn); a standing answer (consent none); marks and notes;
# a gift that leaves the giver with nothing, so that losing the duel that follows is a mortal wound.
#   mud run tests/contract/scripts/quest/consent-withdrawn.mud
@game quest
@players ann,bob
@seed 164
@rules basic
ann> move south
ann> stop
bob> consent none
bob> mark north open
bob> note A1 ann sleeps here
bob> pass
ann> give bob 1 gold
ann> move south
ann> fight
ann> throw rock
bob> throw paper
bob> pass
