# Quantum, the opening of a two-player game on the built-in map (seed 3), with its refusals.
@game quantum
@players ann,bob
@seed 3
ann> keep
bob> keep
# bob's total (7) is lower than ann's (9): bob picks first and plays first
bob> home e2 e1
ann> home e8 e9
bob> move 1 to e4
bob> move d2 to c2
# too far: a 3 moves at most 3 orthogonal steps
bob> move f2 to c1
bob> research
# no action left: ending the turn; a ship on the void gives +1 research
bob> research
bob> end
ann> move 6 to e5
# the 6 has moved this turn
ann> attack e5 e4
ann> use 6
ann> end
# bob's 1 attacks the ship next to it without spending an action
bob> use 1 on e5
bob> advance
bob> end
