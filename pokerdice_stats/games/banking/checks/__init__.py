"""The banking game's cross-checks: each exact figure against its simulation."""
