"""The Textual app: the local full-screen surface (and, later, the one served over SSH)."""
