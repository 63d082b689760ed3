"""How each Dungeon Chess event kind should read on a screen: its tone (see games.engine.TONES)."""

TONES: dict[str, str] = {
    "setup": "setup", "dealt": "good", "kept": "routine", "begins": "turn",
    "moved": "routine", "teleported": "notice", "captured": "alert", "ransomed": "notice",
    "last_one": "notice", "passed": "routine", "ended": "over", "revealed": "notice", "game_over": "over",
}
