"""The exact side of the bidding game: its solution, with no simulation and no output."""
