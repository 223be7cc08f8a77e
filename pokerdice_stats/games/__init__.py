"""Games between players: rounds, matches, chips, banking and the progressive payout."""
