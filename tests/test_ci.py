"""CI runs the all-night guard and the soak test on the newest Python too."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

CI = Path(__file__).resolve().parents[1] / ".ci" / "run"


def newest_python_function() -> str:
    text = CI.read_text(encoding="utf-8")
    found = re.search(r"^newest_python\(\) \{\n.*?^\}\n", text, re.MULTILINE | re.DOTALL)
    assert found, "newest_python() is gone from .ci/run"
    return found.group(0)


def test_ci_reruns_the_guard_and_the_soak_on_the_newest_python() -> None:
    text = CI.read_text(encoding="utf-8")
    rerun = text[text.index("newest=$(newest_python)") :]
    assert ".venv-new" in rerun
    assert "tests/gui/test_refcounts.py" in rerun and "tests/gui/test_soak.py" in rerun
    assert "tests/web/test_long_run.py" in rerun and "tests/web/test_browser.py" in rerun
    assert "No Python 3.12 or newer" in rerun  # says so when it cannot


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_newest_python_is_found_and_is_at_least_3_12() -> None:
    script = newest_python_function() + "newest_python\n"
    found = subprocess.run(
        ["bash", "-c", script], capture_output=True, text=True, check=True, timeout=60
    ).stdout.strip()
    if not found:
        pytest.skip("no Python 3.12 or newer on this machine: CI says so and runs on python3")
    version = subprocess.run(
        [found, "-c", "import sys; print(sys.version_info[:2] >= (3, 12))"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout.strip()
    assert version == "True", found
