"""Storage: SQLite through SQLModel, the event log, snapshots and backups."""
