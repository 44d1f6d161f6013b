"""The pages of the console, one per job of the night."""
