"""The rules of poker and of running a poker night: pure Python, no I/O.

Nothing here reads the clock, the disk or the screen: time and randomness are
passed in, so every function can be replayed and tested.
"""
