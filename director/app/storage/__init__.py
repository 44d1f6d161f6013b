"""The database worked on, as the layers above see it: opening one (file or club server), the
library of its events, the workspace that follows it, backups, copies between databases and
upgrades."""
