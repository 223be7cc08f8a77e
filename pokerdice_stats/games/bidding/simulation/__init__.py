"""The bidding game's Monte Carlo jobs, on the simulation engine and its chunk kernels."""
