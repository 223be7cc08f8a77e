"""The exact side of the banking game: its solution, with no simulation and no output."""
