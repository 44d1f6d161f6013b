"""The network page's tests' fixtures: the real browser's (tests/web/browser.py)."""

from tests.web.browser import browser, chromium  # noqa: F401 (fixtures offered here)
