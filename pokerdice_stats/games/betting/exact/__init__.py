"""The exact side of the betting game: its solution, with no simulation and no output."""
