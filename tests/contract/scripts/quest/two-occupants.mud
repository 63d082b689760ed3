# Rule paths bots seldom take, typed by three people (basic rules): bob is let into ann's room; carol,
# refused, forces her way in and must beat each occupant in turn (beat_each_of_two_occupants): bob by
# a tie of rock-paper-scissors, which goes to the lighter (rps_tie_to_the_lighter; carol gave her
# coin away), then ann. A duel in a basic game (duel_in_a_basic_game).
#   mud run tests/contract/scripts/quest/two-occupants.mud
@game quest
@players ann,bob,carol
@seed 932
@rules basic
bob> move north
ann> allow
bob> stop
carol> give ann 1 gold
carol> move west
ann> deny
carol> fight
carol> throw rock
bob> throw rock
carol> loot gold
carol> throw paper
ann> throw rock
carol> loot gold
