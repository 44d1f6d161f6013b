"""The TV's look and screens: pictures and sounds kept by content, looks shared as one file, the
layout's boxes, screens told apart, and the screen kept awake."""
