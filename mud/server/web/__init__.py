"""The web surface: the full-screen game and the screen-reader page in a browser, and ``mud play --web``."""
