"""The telnet surface: the listener and player, bytes in, news out, GMCP."""
