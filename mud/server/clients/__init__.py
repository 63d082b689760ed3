"""What every client connection of the server shares: the line interface, a client's info, bytes held until their commit."""
