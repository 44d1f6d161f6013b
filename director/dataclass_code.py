"""The compiled methods of dataclasses, kept between runs like bytecode.

Decorating a class with ``@dataclass`` writes the source of its ``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``... and compiles it with
``exec``, every time the program starts. For the core's events, commands and
state (about 140 dataclasses) that compiling is most of the cost of importing
them: two thirds of what ``director status`` spends importing, a fifth of the
window's first paint.

The compiled code of a given source text never changes. ``install`` gives the
``dataclasses`` module an ``exec`` that looks the text up in a table kept in
a file beside the package's bytecode (``__pycache__``, or under
``sys.pycache_prefix``), compiles only what the table lacks, and runs the code
exactly as ``exec`` of the text would (same globals, same names). When the run
compiled something new, the table is written back when the process ends (unless
bytecode is not to be written: ``PYTHONDONTWRITEBYTECODE``). A missing,
unreadable or foreign file is ignored and replaced: the cache is never needed.
"""

from __future__ import annotations

import atexit
import builtins
import marshal
import sys
from pathlib import Path
from types import CodeType
from typing import Any

_FILENAME = "<string>"  # what exec() of a text names its code
_installed = False


class CodeTable:
    """Compiled code by source text, read from and written to one file."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.codes: dict[str, CodeType] = _read(path) if path is not None else {}
        self.learned = 0
        """How many texts were compiled in this run (not found in the file)."""

    def code(self, source: str) -> CodeType:
        code = self.codes.get(source)
        if code is None:
            code = compile(source, _FILENAME, "exec", dont_inherit=True)
            self.codes[source] = code
            self.learned += 1
        return code

    def exec(self, source: object, globals: Any = None, locals: Any = None, /) -> None:
        """``exec`` as the dataclasses module calls it."""
        if type(source) is str:
            builtins.exec(self.code(source), globals, locals)
        else:
            builtins.exec(source, globals, locals)  # type: ignore[arg-type]

    def save(self) -> None:
        """Write the table back if this run added to it (nothing is ever required)."""
        if self.path is None or not self.learned:
            return
        from director.files import write_atomic

        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(self.path, _header() + marshal.dumps(self.codes))
        except OSError:
            pass  # a read-only install: compiled again next time, as without the table
        self.learned = 0


def _header() -> bytes:
    from importlib._bootstrap_external import MAGIC_NUMBER

    return bytes(MAGIC_NUMBER)


def _read(path: Path) -> dict[str, CodeType]:
    try:
        data = path.read_bytes()
        header = _header()
        if not data.startswith(header):
            return {}
        table = marshal.loads(data[len(header) :])
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    if not isinstance(table, dict):
        return {}
    return {
        source: code
        for source, code in table.items()
        if type(source) is str and type(code) is CodeType
    }


def default_path() -> Path | None:
    """Where the table is kept: beside this package's bytecode."""
    package = Path(__file__).resolve().parent
    folder = package / "__pycache__"
    if sys.pycache_prefix:
        folder = Path(sys.pycache_prefix) / package.relative_to(package.anchor)
    tag = sys.implementation.cache_tag
    if tag is None:
        return None
    return folder / f"dataclass-code.{tag}.bin"


def install(path: Path | None = None) -> CodeTable | None:
    """Use the table for the dataclasses made from now on (once per process)."""
    global _installed
    if _installed:
        return None
    import dataclasses

    table = CodeTable(path or default_path())
    dataclasses.exec = table.exec  # type: ignore[attr-defined]
    if not sys.dont_write_bytecode:
        atexit.register(table.save)
    _installed = True
    return table
