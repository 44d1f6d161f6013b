"""The club between nights: the roster and its names, balances and the journal of payments, lifetime
results, leagues and seasons, and a season's final."""
