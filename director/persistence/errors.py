"""The one error the persistence layer raises: a code and arguments for the message."""

from __future__ import annotations

from typing import Any


class StoreError(Exception):
    """A database that cannot be used, with a code for the message."""

    def __init__(self, code: str, **args: Any) -> None:
        super().__init__(code, args)
        self.code = code
        self.args_map: dict[str, Any] = dict(args)

    def __str__(self) -> str:
        details = ", ".join(f"{key}={value}" for key, value in sorted(self.args_map.items()))
        return f"{self.code} ({details})" if details else self.code
