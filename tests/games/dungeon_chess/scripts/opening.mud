# A short opening of Dungeon Chess, told as a command file (seed 4: alice moves first).
#
#   mud run tests/games/chess/scripts/opening.mud              every player's view
#   mud run tests/games/chess/scripts/opening.mud --as bob     only what bob typed and saw
@game chess
@players alice,bob
@seed 4

# Both keep a secret target before anyone moves. Nobody else learns which.
alice> keep 3
bob> keep 1
# alice is South: her Kor Warrior goes three squares up its file; bob's comes down to meet it.
alice> move e2 e5
bob> move f9-f6
# alice steps next to it...
alice> move e5e6
# ...and bob takes it: his Kor Warrior lands on e6.
bob> move f6 e6
# alice wants it back, but both her entry squares are taken: her Mage leaves f1 first.
alice> ransom kor
alice> move f1 d3
bob> move e6 e5
# Now a chest buys the Kor Warrior back onto the free entry square f1; bob holds the chest.
alice> ransom kor f1
# Refused, each with one line: off the board, another player's piece, onto an entry square.
bob> move k3 k4
bob> move f2 f3
bob> move e5 e1
bob> move e10 e9
bob> captured
