"""Errors raised by the rules, with a code and arguments instead of prose.

The user interface turns a code into a sentence in the user's language
(``director.i18n.describe_error``); tests match on the code.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class RuleViolation(ValueError):
    """An action the rules forbid, or input that makes no sense.

    ``code`` is a stable identifier such as ``"rebuy_period_over"``; ``args``
    holds the values a message needs (``{"level": 4}``).
    """

    def __init__(self, code: str, **args: Any) -> None:
        super().__init__(code, args)
        self.code = code
        self.args_map: Mapping[str, Any] = dict(args)

    def __str__(self) -> str:
        if not self.args_map:
            return self.code
        details = ", ".join(f"{key}={value!r}" for key, value in sorted(self.args_map.items()))
        return f"{self.code} ({details})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.code, dict(self.args_map)))


def _rebuild(code: str, args: dict[str, Any]) -> RuleViolation:
    return RuleViolation(code, **args)


def require(condition: bool, code: str, **args: Any) -> None:
    """Raise ``RuleViolation(code, **args)`` unless ``condition`` holds."""
    if not condition:
        raise RuleViolation(code, **args)
