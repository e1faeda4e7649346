"""Test helper: headless Chromium driven by selenium through Debian's chromedriver (installed by .ci/run)."""

from __future__ import annotations

import os
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
DRIVER = ("/usr/bin/chromedriver",)
FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run",
         "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage", "--hide-scrollbars")


def _first(paths) -> str | None:
    return next((p for p in paths if Path(p).is_file()), None)


@contextmanager
def chromium(width: int = 1280, height: int = 900):
    """A fresh headless Chromium (own profile, no network services); skips only if none is installed, never in CI."""
    binary, driver_path = _first(CHROMIUM), _first(DRIVER)
    missing = "Chromium or chromedriver is missing (.ci/run installs Debian's chromium and chromium-driver)"
    if binary is None or driver_path is None:
        (pytest.fail if os.environ.get("CI") else pytest.skip)(missing)  # CI must run the browser tests
    if os.environ.get("CI"):
        from selenium import webdriver
    else:
        webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is missing (pip install -e '.[test]')")
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="rosenblatt-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in (*FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def set_viewport(driver, width: int, height: int, mobile: bool = False) -> None:
    """Emulate a device's CSS viewport (a phone: 390 x 844 with touch), through the DevTools protocol."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 2 if mobile else 1,
                            "mobile": mobile})
