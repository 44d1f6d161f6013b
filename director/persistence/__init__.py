"""Storage: the ``Database`` interface and its opening (``db``), a SQLite file's
side (``sqlite``) and a PostgreSQL server's (``postgres``); the event log,
snapshots and league tables in SQL both share (``store``, ``league_store``),
the tables declared with SQLModel, migrations, backups and copies."""
