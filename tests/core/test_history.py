from __future__ import annotations

import pytest

from director.core.errors import RuleViolation
from director.core.history import History


def test_undo_redo_is_a_stack_and_a_new_command_clears_redo() -> None:
    history = History()
    for group in (1, 2, 3):
        history.record(group)
    history.undo(3)
    history.undo(2)
    assert history.done == (1,)
    assert history.next_redo() == 2
    history.redo(2)
    assert history.done == (1, 2)
    history.record(4)
    assert not history.can_redo()
    assert history.done == (1, 2, 4)


def test_out_of_order_undo_is_refused() -> None:
    history = History([1, 2])
    with pytest.raises(RuleViolation) as caught:
        history.undo(1)
    assert caught.value.code == "undo_out_of_order"
    with pytest.raises(RuleViolation):
        History().next_undo()
    with pytest.raises(RuleViolation):
        History().next_redo()


def test_recording_many_at_once_is_recording_each() -> None:
    one_by_one, at_once = History([1, 2, 3]), History([1, 2, 3])
    one_by_one.undo(3)
    at_once.undo(3)
    at_once.record_all(range(4, 4))  # nothing recorded: the redo stays
    assert at_once == one_by_one and at_once.can_redo()
    for group in (4, 5, 6):
        one_by_one.record(group)
    at_once.record_all(range(4, 7))
    assert at_once == one_by_one
    assert not at_once.can_redo()
