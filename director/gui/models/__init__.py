"""Qt item models: thin adapters from the session's state to views."""
