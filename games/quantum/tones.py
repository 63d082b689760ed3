"""How each of Quantum's event kinds should read on a screen: its *tone* (see games.engine.TONES)."""

ROUTINE = ("moved", "deployed", "reconfigured", "researched", "advanced", "stayed", "rolled", "kept", "rerolled",
           "tie_roll", "transformed", "rerolled_six", "ability", "cards_revealed", "turn_end", "no_effect",
           "gambit_held", "reorganised")
GOOD = ("built", "dominion_cube", "card_taken", "expansion", "surge")
NOTICE = ("combat", "dominion", "carried", "swapped", "refreshed", "command_dropped", "gambit", "relocated",
          "sabotaged", "research_card", "home", "order")

TONES: dict[str, str] = {
    **{k: "routine" for k in ROUTINE}, **{k: "good" for k in GOOD}, **{k: "notice" for k in NOTICE},
    "setup": "setup", "turn": "turn", "asked": "alert", "game_over": "over",
}
