"""Phones in a real browser: Debian's chromium, headless, at a phone's size (390×844),
driven by Selenium through the installed chromedriver (nothing downloads a browser)."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
PHONE = (390, 844)
QUIET_BROWSER = (
    "--disable-features=site-per-process,Translate,OptimizationHints,MediaRouter,"
    "DialMediaRouteProvider,AutofillServerCommunication,WebUIOmniboxPopup,"
    "WebUIOmniboxAimPopup", "--disable-site-isolation-trials",
    "--renderer-process-limit=1", "--disable-extensions", "--disable-background-networking",
    "--disable-component-update", "--no-first-run", "--no-default-browser-check",
    "--disable-default-apps", "--disable-sync", "--disable-breakpad",
    "--metrics-recording-only")
"""A browser that does only what a test asks of it: one renderer for every page (a
new table's page, at a new port, was a new site and a new renderer process), and none
of a fresh profile's first-run, update, translation and sync work. Three pages opened
in turn cost the browser 0.13 to 0.23 s of a core with these, 0.59 to 1.95 s without;
the phones' tests spent 65 s of a core in chromium, a fifth of the suite's. Nor the
address bar's popups, which a headless browser has no use for: Chromium 156 opened
both in a renderer of their own at every start (0.6 s of a core in its first three
seconds)."""


def need_browser() -> None:
    try:
        import selenium  # noqa: F401
    except ImportError:
        pytest.skip("selenium is not installed (pip install -e '.[test]')")
    if CHROMIUM is None or DRIVER is None:
        pytest.skip("no browser here: apt-get install chromium chromium-driver")


@contextmanager
def browser(lang: str = "en-US") -> Iterator[Any]:
    need_browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 f"--window-size={PHONE[0]},{PHONE[1]}", f"--lang={lang}", *QUIET_BROWSER):
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"intl.accept_languages": lang})
    driver = webdriver.Chrome(service=Service(str(DRIVER)), options=options)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 1, "mobile": True})
    try:
        yield driver
    finally:
        driver.quit()


def inject(driver: Any, source: str) -> None:
    """Run ``source`` at the start of every page this browser opens, until ``reset``."""
    made = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": source})
    INJECTED.setdefault(id(driver), []).append(made["identifier"])


INJECTED: dict[int, list[str]] = {}
"""The scripts ``inject`` gave each browser (by the driver's id), for ``reset``."""


def speak(driver: Any, lang: str) -> None:
    """The browser's language from now on, as the phone's settings would say it."""
    agent = driver.execute_script("return navigator.userAgent")
    driver.execute_cdp_cmd("Emulation.setUserAgentOverride",
                           {"userAgent": agent, "acceptLanguage": lang})


def reset(driver: Any) -> None:
    """A browser used by one test made fit for the next, as if just started: what the
    last page kept (its token, its trace) is cleared, its scripts and language are
    dropped, and it leaves the page (which closes that page's line to the table).
    Starting chromium is a large part of a test's time; tests still share nothing."""
    for made in INJECTED.pop(id(driver), []):
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": made})
    if driver.current_url.startswith("http"):
        driver.execute_script("localStorage.clear(); sessionStorage.clear()")
    speak(driver, "en-US")
    driver.get("about:blank")


class SharedBrowsers:
    """Browsers for one test module, each made fresh (``reset``) after a test; one that
    cannot be (it crashed, or a test left it stuck) is started again, so a failing
    test leaves the next one a working browser."""

    def __init__(self, count: int) -> None:
        self.stack = ExitStack()
        self.drivers = [self.stack.enter_context(browser()) for _ in range(count)]

    def reset(self) -> None:
        for i, driver in enumerate(self.drivers):
            try:
                reset(driver)
            except Exception:  # noqa: BLE001 - whatever broke it, a new one will do
                INJECTED.pop(id(driver), None)
                self.drivers[i] = self.stack.enter_context(browser())

    def close(self) -> None:
        self.stack.close()


@contextmanager
def shared_browsers(count: int) -> Iterator[SharedBrowsers]:
    """``count`` browsers for one test module (``SharedBrowsers.reset`` between tests)."""
    shared = SharedBrowsers(count)
    try:
        yield shared
    finally:
        shared.close()


@pytest.fixture(scope="module")
def one_browser() -> Iterator[SharedBrowsers]:
    """One browser for a test module (``SharedBrowsers``)."""
    need_browser()
    with shared_browsers(1) as one:
        yield one


@pytest.fixture
def phone(one_browser: SharedBrowsers) -> Iterator[Any]:
    """A phone's browser, fresh for this test."""
    yield one_browser.drivers[0]
    one_browser.reset()


def text(driver: Any, element: str) -> str:
    """The words element ``element`` shows, as WebDriver's text reads them ("" while it
    is hidden), in one script: WebDriver's own text is a find and a script of its own,
    10 ms of the browser's time against 3, and tests read text many times a second."""
    found: str = driver.execute_script(READ_TEXT, element)
    return found


READ_TEXT = r"""
const node = document.getElementById(arguments[0]);
if (!node) throw new Error("no element #" + arguments[0]);
if (!node.checkVisibility({opacityProperty: true, visibilityProperty: true})) return "";
return node.innerText.replace(/\u00a0/g, " ").replace(/[ \t]+\n/g, "\n").trim();
"""


STEADY = 0.4
"""Seconds a test's hand waits before it taps a control that has just appeared, moved
or changed its words: the page takes no tap there for its first 0.35 s (``STEADY_MS``
in ``app.js``), as a person's second tap of a double-tap would come."""


def steady() -> None:
    time.sleep(STEADY)


def wait_for(check: Callable[[], Any], timeout: float, what: str) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        result = check()
        if result:
            return result
        time.sleep(0.1)
    raise AssertionError(f"waited {timeout:g} s for {what}")


def shot(driver: Any, name: str, folder: Path) -> Path:
    """A phone-size screenshot; also kept in $CHEESEKNIGHTS_SHOTS when it is set."""
    path = folder / f"{name}.png"
    driver.save_screenshot(str(path))
    keep = os.environ.get("CHEESEKNIGHTS_SHOTS")
    if keep:
        shutil.copy(path, Path(keep) / path.name)
    return path
