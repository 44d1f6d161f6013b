"""The phone and TV pages ask the browser to keep the screen on while a running
clock shows (issue 34, item 1): the Screen Wake Lock, asked again when the page
shows again, let go when the clock stops; a quiet note in the bar where there is no
such lock or the browser refuses it. Headless Chromium with the lock replaced before
the page's scripts run (missing, refusing, or granting and counting), screenshots at
phone and TV sizes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from director.app.night.timesource import wall_clock
from director.core import commands as c
from director.i18n import in_language
from director.web.driver import FeedDriver
from director.web.texts import page_texts
from tests.web.browser import PHONE, TV, Browser
from tests.web.helpers import serve

LOCK = """
window.__awake = { asked: 0, released: 0, lock: null };
(function (mode) {
  const replace = (value) =>
    Object.defineProperty(Navigator.prototype, "wakeLock", {
      get: () => value,
      configurable: true,
    });
  if (mode === "missing") {
    replace(undefined);
    return;
  }
  const wakeLock = {
    request(type) {
      window.__awake.asked += 1;
      if (mode === "refuse") return Promise.reject(new DOMException("refused", "NotAllowedError"));
      const lock = new EventTarget();
      lock.type = type;
      lock.released = false;
      lock.release = () => {
        if (!lock.released) {
          lock.released = true;
          window.__awake.released += 1;
          lock.dispatchEvent(new Event("release"));
        }
        return Promise.resolve();
      };
      window.__awake.lock = lock;
      return Promise.resolve(lock);
    },
  };
  replace(wakeLock);
})(%r);
"""
"""The browser's wake lock as ``mode`` says, in place before the page's own scripts."""


@pytest.fixture
def live(qtbot, tmp_path: Path):
    with serve(tmp_path, wall_clock) as served:
        driver = FeedDriver(served.feed)
        yield served
        driver.stop()


def lock_as(browser: Browser, mode: str) -> Iterator[None]:
    made = browser.call(
        lambda d: d.execute_cdp_cmd(
            "Page.addScriptToEvaluateOnNewDocument", {"source": LOCK % mode}
        )
    )
    try:
        yield
    finally:
        browser.call(
            lambda d: d.execute_cdp_cmd(
                "Page.removeScriptToEvaluateOnNewDocument", {"identifier": made["identifier"]}
            )
        )


@pytest.fixture
def refusing(browser: Browser) -> Iterator[None]:
    yield from lock_as(browser, "refuse")


@pytest.fixture
def missing(browser: Browser) -> Iterator[None]:
    yield from lock_as(browser, "missing")


@pytest.fixture
def granting(browser: Browser) -> Iterator[None]:
    yield from lock_as(browser, "grant")


def note(browser: Browser) -> str:
    """The bar's note as shown ("" while hidden)."""
    return str(
        browser.script(
            "const note = document.getElementById('awake-note');"
            " return note.hidden ? '' : note.textContent;"
        )
    )


def shown(browser: Browser) -> None:
    """The page shows again after it was hidden (another app, the phone locked)."""
    browser.script(
        "Object.defineProperty(document, 'visibilityState',"
        " {value: 'visible', configurable: true});"
        " document.dispatchEvent(new Event('visibilitychange'));"
    )


def test_a_refused_lock_is_said_in_the_bar_while_the_clock_runs(
    qtbot, live, browser, refusing
) -> None:
    browser.size(*PHONE, phone=True)
    browser.open(f"http://{live.host}/?lang=en")
    browser.wait_text("level", lambda text: text.casefold() == "level 1")
    browser.wait(lambda _d: note(browser))
    assert note(browser) == "Screen may sleep: the browser refused to keep it on."
    assert browser.script("return window.__awake.asked") == 1
    live.session.dispatch(c.PauseClock())
    browser.wait(lambda _d: note(browser) == "")
    live.session.dispatch(c.StartClock())
    browser.wait(lambda _d: note(browser))
    assert browser.script("return window.__awake.asked") == 2


def test_a_browser_without_the_lock_says_so_in_french_too(qtbot, live, browser, missing) -> None:
    browser.size(*PHONE, phone=True)
    browser.open(f"http://{live.host}/?lang=en")
    browser.wait(lambda _d: note(browser))
    assert note(browser) == "Screen may sleep: this browser cannot keep it on here."
    browser.css_click('#languages button[data-lang="fr"]')
    with in_language("fr"):
        french = page_texts()["awake_missing"]
    assert french != "Screen may sleep: this browser cannot keep it on here."
    browser.wait(lambda _d: note(browser) == french)


def test_the_lock_is_held_while_the_clock_runs_and_asked_again_when_the_page_shows_again(
    qtbot, live, browser, granting
) -> None:
    browser.size(*TV)
    browser.open(f"http://{live.host}/?lang=en")
    browser.wait(lambda _d: browser.script("return window.__awake.asked") == 1)
    qtbot.wait(300)
    assert note(browser) == ""
    # The browser lets the lock go while the page is hidden; shown again, it is asked again.
    browser.script("window.__awake.lock.release()")
    shown(browser)
    browser.wait(lambda _d: browser.script("return window.__awake.asked") == 2)
    # The clock stopped: the lock is let go, and not asked while it stays stopped.
    live.session.dispatch(c.PauseClock())
    browser.wait(lambda _d: browser.script("return window.__awake.released") == 2)
    shown(browser)
    qtbot.wait(300)
    assert browser.script("return window.__awake.asked") == 2
    assert note(browser) == ""


def test_a_table_phone_asks_for_the_lock_once_it_shows_the_table(
    qtbot, tmp_path: Path, live, browser, refusing
) -> None:
    """Not on the pairing form (no clock there): on the table's view, clock running."""
    from tests.web.test_dealer_browser import pair

    live.server.dealers_enabled = True
    browser.size(*PHONE, phone=True)
    browser.open(f"http://{live.host}/dealer?lang=en")
    browser.wait(lambda d: d.find_element("id", "unpaired").is_displayed())
    qtbot.wait(500)
    assert browser.script("return window.__awake.asked") == 0 and note(browser) == ""
    try:
        pair(browser, live, 1)
        browser.wait(lambda _d: note(browser))
        assert note(browser) == "Screen may sleep: the browser refused to keep it on."
        browser.shot(tmp_path, "awake-note-dealer-phone-en")
    finally:
        browser.script("localStorage.clear()")  # the module's browser: unpaired again


@pytest.mark.parametrize("language", ["en", "fr"])
def test_screenshots_of_the_note_at_phone_and_tv_sizes(
    qtbot, tmp_path: Path, live, browser, refusing, language: str
) -> None:
    for size, phone in ((PHONE, True), (TV, False)):
        browser.size(*size, phone=phone)
        browser.open(f"http://{live.host}/?lang={language}")
        browser.wait(lambda d: d.find_element("id", "level").text)
        browser.wait(lambda _d: note(browser))
        kind = "phone" if phone else "tv"
        browser.shot(tmp_path, f"awake-note-{kind}-{language}")
        # The note stays inside the bar's width and the page does not scroll sideways.
        right = browser.script(
            "return document.getElementById('awake-note').getBoundingClientRect().right"
        )
        widest = browser.script("return document.documentElement.scrollWidth")
        assert right <= size[0] and widest <= size[0]
