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
    "edit_structure": N_("change the blind structure"),
    "add_level_structure": N_("add a level"),
    "add_break_structure": N_("add a break"),
    "delete_structure": N_("delete from the structure"),
    "move_structure": N_("move a level"),
    "template_structure": N_("load a structure template"),
    "generate_structure": N_("generate a structure"),
    "import_structure": N_("import a structure"),
    "start_clock": N_("start the clock"),
    "resume_clock": N_("resume the clock"),
    "pause_clock": N_("pause the clock"),
    "next_level": N_("next level"),
    "previous_level": N_("previous level"),
    "go_to_level": N_("go to level {level}"),
    "add_time": N_("add time"),
    "remove_time": N_("remove time"),
    "set_time_left": N_("set the time left"),
    "next_hand": N_("next hand"),
    "set_clock_options": N_("change when new levels apply"),
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
    "structure_without_levels": N_("The blind structure needs at least one level."),
    "structure_too_long": N_("The blind structure has too many levels."),
    "structure_unchanged": N_("The structure is already like this."),
    "duration_not_positive": N_("Row {row}: the length must be more than zero."),
    "amount_negative": N_("Row {row}: amounts cannot be negative."),
    "amount_too_large": N_("Row {row}: that amount is too large."),
    "big_blind_not_positive": N_("Row {row}: the big blind must be more than zero."),
    "big_blind_below_small_blind": N_("Row {row}: the big blind must be at least the small blind."),
    "ante_without_kind": N_(
        "Row {row}: choose whether the ante is per player or a big blind ante."
    ),
    "ante_kind_without_ante": N_("Row {row}: the ante amount is missing."),
    "small_bet_not_positive": N_("Row {row}: a limit game needs a small bet."),
    "big_bet_below_small_bet": N_("Row {row}: the big bet must be at least the small bet."),
    "blinds_go_down": N_("Row {row}: the blinds go down."),
    "past_levels_frozen": N_(
        "Levels already played cannot be changed (the clock is at level {level})."
    ),
    "clock_running": N_("The clock is already running."),
    "clock_not_running": N_("The clock is not running."),
    "clock_not_started": N_("Start the clock first."),
    "pause_in_future": N_("A pause cannot be in the future."),
    "no_next_level": N_("This is the last level."),
    "no_previous_level": N_("This is the first level."),
    "no_such_level": N_("There is no such level."),
    "level_counted_in_hands": N_("This level is counted in hands, not time."),
    "bad_time": N_("That is not a valid time."),
    "time_left_at_most_level_length": N_("The time left cannot be more than the level's length."),
    "no_time_left": N_("There is no time left to remove."),
    "on_break": N_("No hands are dealt during a break."),
    "options_unchanged": N_("Nothing to change."),
    "structure_file_not_json": N_("This file is not a structure file (it is not JSON)."),
    "not_a_structure_file": N_("This file is not a director blind structure."),
    "structure_file_newer": N_("This structure file comes from a newer version of director."),
    "structure_file_invalid": N_("This structure file is damaged ({detail})."),
    "structure_file_unreadable": N_("The file {path} cannot be read."),
    "structure_file_unwritable": N_("The file could not be written ({detail})."),
    "template_not_deletable": N_("Templates that come with director cannot be deleted."),
    "generator_players": N_("Give a number of players between 2 and 10,000."),
    "generator_stack": N_("Give a starting stack."),
    "generator_chips": N_("List the chips on the table as numbers, such as 25, 100, 500."),
    "generator_level_minutes": N_("Levels must last between 1 and 240 minutes."),
    "generator_target": N_("The night must last at least one level and at most 48 hours."),
    "generator_breaks": N_("Breaks cannot be negative."),
    "generator_stack_not_payable": N_(
        "The starting stack must be a multiple of the smallest chip ({chip})."
    ),
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
