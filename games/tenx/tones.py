"""How each of 10x's event kinds should read on a screen: its *tone* (see games.engine.TONES)."""

ROUTINE = ("deal", "drew", "placed", "passed", "bonus_pass", "quest_drawn", "dealt", "place_asked", "tie_rolled")
GOOD = ("round_won", "scored", "quests_completed", "common_met")
NOTICE = ("revealed", "masked", "mask_played", "mask_kept", "bonus_played", "star_used", "die_rolled", "die_discard",
          "quest_shown", "common_revealed", "common_cancelled", "discarded_cards", "discarded_quests", "declared")

TONES: dict[str, str] = {
    **{k: "routine" for k in ROUTINE}, **{k: "good" for k in GOOD}, **{k: "notice" for k in NOTICE},
    "setup": "setup", "round": "turn", "asked": "alert", "game_over": "over",
}
