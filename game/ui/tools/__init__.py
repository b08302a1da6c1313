"""Developer tools for the graphical game: icon extraction, screenshots."""
