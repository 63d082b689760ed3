"""The full-screen TUI served: Textual over a channel, its cheaper frames, news paced, worker processes."""
