"""director: a tournament director for live home poker games."""

__version__ = "0.1.0"
