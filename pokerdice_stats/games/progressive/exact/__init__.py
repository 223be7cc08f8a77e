"""The exact side of the progressive game: its solution, with no simulation and no output."""
