"""What the operator keeps: the one format of the operator's events, the data directory and its lock."""
