"""The SSH surface: the listener, each session (TUI or lines), the login's questions."""
