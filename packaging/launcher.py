"""The frozen app's entry point: the same as ``director`` and ``python -m director``."""

import sys

from director.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
