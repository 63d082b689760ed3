# Four bots play a whole basic game of Quest, with nobody watching but you.
#
#   mud run examples/bots-only.mud               every bot's view, each line labelled with who saw it
#   mud run examples/bots-only.mud --seed 7      another labyrinth, another game
#   mud run examples/bots-only.mud --omniscient  also the hidden map, as dealt at the start
#   mud run examples/bots-only.mud --json        JSON lines, one per event and per bot command
#
# There are no people at this table, so the file holds no commands: the bots play from the first
# turn until one of them is knighted. Then the map is revealed and every ledger entry is checked.
@bots 4
