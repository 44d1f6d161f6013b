"""Every message code the core and the store use, with its English template.

Templates are gettext msgids (translated by ``i18n.render``); ``{name}``
fields are filled from the message's arguments, ``{x:money}`` formats minor
units as money, ``{x:n}`` groups digits. A test checks that every code raised
anywhere in the package has a template here.
"""

from __future__ import annotations

from director.i18n import N_

MESSAGES: dict[str, str] = {
    # -- undo labels (what a command does, as a short phrase) ----------------
    "create_tournament": N_("create event"),
    "rename_tournament": N_("rename event"),
    "edit_details": N_("change date and place"),
    "archive_event": N_("archive event"),
    "unarchive_event": N_("bring event back from the archive"),
    # -- errors from the rules --------------------------------------------------
    "name_empty": N_("A name is needed."),
    "name_too_long": N_("The name is too long (at most {maximum} characters)."),
    "name_unchanged": N_("That is already the name."),
    "bad_date": N_("“{value}” is not a date; use the form 2026-11-21."),
    "details_unchanged": N_("Nothing to change."),
    "archive_unchanged": N_("The event is already in that state."),
    "event_already_created": N_("This event already exists."),
    "event_not_created": N_("This event has not been created."),
    "unknown_command": N_("This action is not known ({type})."),
    "unknown_event": N_("A stored event is not known ({type})."),
    "nothing_to_undo": N_("There is nothing to undo."),
    "nothing_to_redo": N_("There is nothing to redo."),
    "undo_out_of_order": N_("Only the last action can be undone."),
    "redo_out_of_order": N_("Only the last undone action can be redone."),
    "bad_data": N_("The data is not valid ({type}: {detail})."),
    "unknown_record_type": N_(
        "The file holds a kind of {kind} this version does not know ({type})."
    ),
    "record_from_newer_version": N_("This was written by a newer version of director ({type})."),
    "no_upcaster": N_("This record cannot be read by this version ({type} v{version})."),
    # -- errors from the database ---------------------------------------------
    "db_missing": N_("There is no database at {path}."),
    "db_unreadable": N_("The file {path} cannot be read."),
    "db_not_director": N_("{path} is not a director database."),
    "db_newer": N_(
        "{path} was written by a newer version of director; "
        "it was not opened and has not been changed."
    ),
    "db_older": N_(
        "{path} was written by an older version; open it in the app once to upgrade it."
    ),
    "db_in_use": N_("{path} is already open in another copy of director."),
    "db_read_only": N_("{path} is open read-only."),
    "event_unknown": N_("There is no event {event} in this database."),
    "save_failed": N_("The change could not be saved ({detail}); nothing was changed."),
    "event_ambiguous": N_("More than one event is called “{event}”; use its number."),
}
