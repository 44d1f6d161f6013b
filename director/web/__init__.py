"""The clock on the local network: a read-only live page for every phone and TV in the
room, the organizer's phone as a remote, and ``director serve`` without the GUI.

Beside the GUI: it imports the app layer (the clock feed, the session, the rules),
never the GUI; Qt's core and network modules only (no widgets).
"""
