# Dungeon Chess: a player with nothing legal to do passes (the 'passed' event). Bots rarely
# leave one another without a move; this seeded game of three easy bots does.
@game chess
@bots 3
@level easy
@seed 152
