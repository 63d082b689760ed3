# A rule path bots never take, typed by two people: ann picks up the gold key next door and gives it
# to bob on her next turn, from afar (gift_of_a_key): a gift needs no meeting.
#   mud run tests/contract/scripts/quest/key-gift.mud
@game quest
@players ann,bob
@seed 2
ann> move north
ann> take key
bob> pass
ann> give bob gold key
