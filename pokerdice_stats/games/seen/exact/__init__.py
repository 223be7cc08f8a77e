"""The exact side of the seen game: its solution, with no simulation and no output."""
