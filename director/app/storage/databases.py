"""The databases the app works on, as the layers above it see them.

The window, the network page and the reports never reach into ``persistence``
(checked by the import contracts in ``pyproject.toml``): what they need of a
database (open one from a path or a URL, its type, the errors it raises, where its
backups go) comes from here, so that the storage can change behind one door.
"""

from __future__ import annotations

from director.persistence.backup import default_folder as backup_folder
from director.persistence.db import ANY_EVENT, Database, is_url, open_database
from director.persistence.errors import StoreError

__all__ = ["ANY_EVENT", "Database", "StoreError", "backup_folder", "is_url", "open_database"]
