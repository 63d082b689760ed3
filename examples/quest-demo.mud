# A short game of Quest, told as a command file.
#
#   mud run examples/quest-demo.mud --seed 1              every player's view, each line labelled
#   mud run examples/quest-demo.mud --seed 1 --as alice   only what alice typed and saw
#   mud run examples/quest-demo.mud --seed 1 --json       the same, as JSON lines
#
# Two people (alice and bob) and two bots share a basic game: the first vassal to be knighted wins.
# A line 'bob> ...' is typed by bob; a line with no prefix is typed by the one person the game is
# waiting for. The bots play on their own whenever it is their turn. Refused commands are marked '!'.
# The comments below describe seed 1 (the directive below; --seed on the command line wins).
@players alice,bob
@bots 2
@rules basic
@seed 1

# --- Turn 3: bob (the bots went first). He wakes up on D3, a castle; nobody else knows that.
look
# The north door is white and nobody has seen it yet. Trying it rolls the die (a 1: one step)
# and turns the door face up for everyone: closed. The step is not spent.
move north
# 'peek' looks at every door of the room: white doors for everyone, red ones for bob alone.
peek
# Now everybody knows the north door is closed, so trying it again is simply refused.
move north
# A bare direction means 'move': bob goes east through the green door and his one step is used.
east

# --- Turn 4: alice, on C6 (a city, difficulty 3). Acting is secret: she rolls a d6 for an odd job.
alice> act

# --- The bots play turns 5 and 6. bot2 walks up to D4 and has to ask bob to come in.
# Reading the ledger is free at any time; then bob answers the consent request.
bob> ledger
bob> deny

# --- Turn 7: bob again. Talking, giving and looking are free and can come from anyone, any time.
alice> say Hello, bob.
alice> tell bob Meet me at D4.
bob> give alice 1 gold
bob> :bows
# Commands the parser does not know get a one-line answer with a suggestion.
bob> mvoe north
bob> dance
# alice cannot act: it is not her turn.
alice> act
# bob tries the odd job in his city (difficulty 4).
bob> act

# --- Turn 8: alice tries her city again.
act
# --- Turns 9 and 10: bot1 walks to a dragon's cave; bot2 knocks on bob's door again.
# This time bob lets it in: the bot walks in and plays on.
allow
# --- Turn 11: bob tries the odd job once more: a 4 is enough. Everyone sees that he earned a
# coin in a city at D4, and the ledger records 'bob, D4 = 4'.
act
# --- Turn 12: alice too.
act
# --- Turns 13 and 14: bot1 faces the dragon (what it won stays secret); bot2 wanders and knocks
# on bob's door a third time. Meanwhile bob reads the public ledger, the score and his own things.
ledger
score
inventory
# His own map: what bob has seen with his own eyes, and where everybody stands.
map
# He keeps bot2 out this time; the turn comes back to him. alice asks how giving works.
deny
alice> help give
