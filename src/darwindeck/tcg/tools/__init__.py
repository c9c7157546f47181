"""Developer tools of the battle engine (card-data builder)."""
