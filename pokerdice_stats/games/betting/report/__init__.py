"""The betting game's report sections, written into ``results/``."""
