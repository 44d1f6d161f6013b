"""One event's night as it is worked on: the session (dispatch, undo, redo), its log read back and
what is written beside it, change notices, the clock's time source, resuming, the first night and
the demo, re-planning, the status document, the action catalogue and the floor's tools."""
