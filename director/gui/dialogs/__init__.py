"""Dialogs of the organizer console."""
