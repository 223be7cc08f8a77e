"""The banking game's report sections, written into ``results/``."""
