"""A view, a place or a question is worded for one reader: every message in it, however deep."""

from pathlib import Path

from games.words import Words, worded

_ = Words("toy", Path(__file__).resolve().parents[2] / "toygame" / "locale")


def test_every_message_in_a_view_is_worded_for_the_reader():
    view = {"prompt": {"text": _("Guess a number."), "answers": [{"label": _("pass"), "command": "pass"}]},
            "seats": ("ann", _("empty")), "score": 3}
    seen = worded(view, "xx")
    assert seen == {"prompt": {"text": "⟦Guess a number.⟧", "answers": [{"label": "⟦pass⟧", "command": "pass"}]},
                    "seats": ("ann", "⟦empty⟧"), "score": 3}
    assert isinstance(seen["seats"], tuple)
    assert view["prompt"]["text"] == _("Guess a number.")  # the view itself is unchanged


def test_a_view_without_messages_is_handed_on_as_it_is():
    view = {"you": "ann", "hand": ["7", "8"], "me": {"points": 2}}
    assert worded(view, "it") is view
