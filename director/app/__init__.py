"""The application layer: sessions on events, the library of events, backups."""
