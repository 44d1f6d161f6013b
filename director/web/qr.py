"""QR codes for the page's address and the remote's pairing (segno, pure Python)."""

from __future__ import annotations

import io

import segno


def qr_rows(text: str, *, border: int = 2) -> tuple[tuple[bool, ...], ...]:
    """The QR code of ``text`` as rows of dark (True) and light modules, with a quiet
    zone of ``border`` modules (for painting at any size, crisp)."""
    code = segno.make(text, error="m", micro=False)
    return tuple(tuple(bool(cell) for cell in row) for row in code.matrix_iter(border=border))


def terminal_qr(text: str) -> str:
    """The QR code of ``text`` in text, for a terminal (``director serve``)."""
    code = segno.make(text, error="m", micro=False)
    out = io.StringIO()
    code.terminal(out=out, compact=True, border=2)
    return out.getvalue()
