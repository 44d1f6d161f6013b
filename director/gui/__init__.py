"""The desktop app (PySide6). Thin: widgets send commands and redraw from state."""
