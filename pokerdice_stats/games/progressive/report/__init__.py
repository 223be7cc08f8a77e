"""The progressive game's report sections, written into ``results/``."""
