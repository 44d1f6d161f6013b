"""A real headless Chromium (Debian's ``chromium`` and ``chromium-driver``) driven by
selenium from a client thread, while the test's Qt loop serves the page."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.helpers import in_thread

CHROMIUM = os.environ.get("DIRECTOR_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("DIRECTOR_CHROMEDRIVER", "/usr/bin/chromedriver")
PHONE = (390, 844)
TV = (1920, 1080)
SHOTS = os.environ.get("DIRECTOR_WEB_SHOTS")
"""A folder to keep the screenshots in, to look at them (else the test's own)."""


def available() -> bool:
    return Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()


def start_chromium() -> Any:
    """A headless Chromium with a fresh profile, nothing fetched from outside."""
    if not available():
        pytest.skip("Debian's chromium and chromium-driver are not installed (see .ci/run)")
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="director-chromium-")
    options = Options()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-extensions",
        "--hide-scrollbars",
        f"--user-data-dir={profile}",
        "--window-size=1920,1080",
    ):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.profile = profile
    return driver


def stop_chromium(driver: Any) -> None:
    try:
        driver.quit()
    finally:
        shutil.rmtree(driver.profile, ignore_errors=True)


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """One Chromium for a test module (tests/web/conftest.py offers it to every test there)."""
    driver = start_chromium()
    yield driver
    stop_chromium(driver)


@pytest.fixture
def browser(qtbot: Any, chromium: Any) -> Iterator[Browser]:
    """The module's Chromium for one test; the test fails if the page's script
    reported an error meanwhile."""
    made = Browser(qtbot, chromium)
    yield made
    errors = made.errors()
    made.call(lambda d: d.get("about:blank"))  # the page's socket closes with it
    assert errors == []


class Browser:
    """The driver's calls, each made in a client thread (they wait on our server)."""

    def __init__(self, qtbot: Any, driver: Any) -> None:
        self.qtbot = qtbot
        self.driver = driver

    def call(self, work: Callable[[Any], Any], timeout: float = 30.0) -> Any:
        return in_thread(self.qtbot, lambda: work(self.driver), timeout)

    def size(self, width: int, height: int, *, phone: bool = False) -> None:
        """The page's viewport exactly ``width`` x ``height`` (a phone: touch, 3x)."""
        self.call(
            lambda d: d.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {
                    "width": width,
                    "height": height,
                    "deviceScaleFactor": 2 if phone else 1,
                    "mobile": phone,
                },
            )
        )

    def open(self, url: str) -> None:
        self.call(lambda d: d.get(url))

    def text(self, element: str) -> str:
        return str(self.call(lambda d: d.find_element("id", element).text))

    def script(self, code: str, *args: Any) -> Any:
        return self.call(lambda d: d.execute_script(code, *args))

    def wait(self, check: Callable[[Any], Any], timeout: float = 10.0) -> Any:
        from selenium.webdriver.support.ui import WebDriverWait

        return self.call(
            lambda d: WebDriverWait(d, timeout, poll_frequency=0.05).until(check), timeout + 10
        )

    def wait_text(self, element: str, wanted: Callable[[str], bool], timeout: float = 10.0) -> str:
        return str(
            self.wait(
                lambda d: (found := d.find_element("id", element).text) and wanted(found) and found,
                timeout,
            )
        )

    def click(self, element: str) -> None:
        self.call(lambda d: d.find_element("id", element).click())

    def css_click(self, selector: str) -> None:
        self.call(lambda d: d.find_element("css selector", selector).click())

    def type(self, element: str, text: str, *, clear: bool = True) -> None:
        def typing(driver: Any) -> None:
            found = driver.find_element("id", element)
            if clear:
                found.clear()
            found.send_keys(text)

        self.call(typing)

    def shot(self, folder: Path, name: str) -> Path:
        target = Path(SHOTS) if SHOTS else folder
        target.mkdir(parents=True, exist_ok=True)
        path = target / f"{name}.png"
        self.call(lambda d: d.save_screenshot(str(path)))
        return path

    def errors(self) -> list[str]:
        """What the page's console said at the error level: a fault of its script (not
        the network's refusals while a test has stopped the server)."""
        logs = self.call(lambda d: d.get_log("browser"))
        return [
            entry["message"]
            for entry in logs
            if entry["level"] == "SEVERE" and entry.get("source") != "network"
        ]
