"""How each of Quest for Legend's event kinds should read on a screen (see games.engine.TONES)."""

TONES: dict[str, str] = {
    "setup": "setup", "heroes": "setup", "dealt": "setup", "deal": "setup",
    "turn": "turn", "last_round": "turn",
    "asked": "alert",
    "drew": "routine", "discarded": "routine", "passed": "routine", "started": "routine", "undertaken": "routine",
    "disturbed": "notice", "aborted": "notice", "superseded": "alert", "reshuffled": "notice", "last_card": "notice",
    "completed": "good",
    "game_over": "over",
}
