"""The README's install line gives a working window on a bare Debian or Ubuntu.

Once, it named three packages and Qt's X11 plugin needed two more
(``libxcb-icccm4``, ``libxcb-keysyms1``): a new user got Qt's abort instead of the
window. Here every system library the installed Qt loads for the app (its X11
plugin, sound, network, PDF, the modules director imports) is traced to its
Debian package, and that package must be on the README's line or be brought by
one that is (its dependencies, followed by apt), whatever this machine happens
to have installed by hand. ``.ci/run`` installs exactly the README's line.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

QT_MODULES = (
    "QtCore",
    "QtGui",
    "QtWidgets",
    "QtMultimedia",
    "QtNetwork",
    "QtPdf",
    "QtPdfWidgets",
    "QtPrintSupport",
    "QtSvg",
    "QtTextToSpeech",
    "QtWebSockets",
)
QT_PLUGINS = (
    "platforms/libqxcb.so",
    "xcbglintegrations/*.so",
    "multimedia/*.so",
    "imageformats/libqsvg.so",
    "texttospeech/*.so",
    "tls/*.so",
)


def readme_packages() -> list[str]:
    """The packages of the README's install line (the same words ``.ci/run`` reads)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if "apt-get install -y python3-venv" in line)
    words = line.split("apt-get install -y", 1)[1].split("&&", 1)[0].split()
    return [word for word in words if not word.startswith("-")]


def qt_files() -> list[Path]:
    import PySide6

    package = Path(PySide6.__file__).parent
    files = [found for module in QT_MODULES for found in package.glob(f"{module}.*.so")]
    files += [found for plugin in QT_PLUGINS for found in (package / "Qt/plugins").glob(plugin)]
    return files


def system_libraries(files: list[Path]) -> dict[str, str]:
    """Each system library the files load (name: resolved path, or "not found")."""
    import PySide6

    package = str(Path(PySide6.__file__).parent)
    found: dict[str, str] = {}
    for file in files:
        listed = subprocess.run(["ldd", str(file)], capture_output=True, text=True).stdout
        for name, where in re.findall(
            r"^\s*(\S+)\s*=>\s*(.+?)(?: \(0x[0-9a-f]+\))?$", listed, re.M
        ):
            if package not in where:
                found[name] = where.strip()
    return found


def owner(path: str) -> str | None:
    """The Debian package that installed ``path`` (merged /usr: either spelling)."""
    resolved = str(Path(path).resolve())
    for candidate in (resolved, resolved.removeprefix("/usr"), path):
        result = subprocess.run(["dpkg", "-S", candidate], capture_output=True, text=True)
        if result.returncode == 0:
            return result.stdout.split(":", 1)[0].strip()
    return None


def brought_by(packages: list[str]) -> set[str]:
    """The packages and everything they depend on, as apt would install them."""
    listed = subprocess.run(
        [
            *("apt-cache", "depends", "--recurse", "--no-recommends", "--no-suggests"),
            *("--no-conflicts", "--no-breaks", "--no-replaces", "--no-enhances", *packages),
        ],
        capture_output=True,
        text=True,
    ).stdout
    names = {line.strip() for line in listed.splitlines() if not line.startswith(" ")}
    # A virtual name (libglib2.0-0 on newer releases) is listed as <name>; keep both.
    return {name.strip("<>").split(":")[0] for name in names}


needs_debian = pytest.mark.skipif(
    not all(shutil.which(tool) for tool in ("ldd", "dpkg", "apt-cache")),
    reason="a Debian or Ubuntu system (ldd, dpkg, apt-cache)",
)


@needs_debian
def test_every_library_the_window_needs_comes_with_the_readme_install_line() -> None:
    packages = readme_packages()
    assert "python3-venv" in packages and "libxcb-icccm4" in packages
    closure = brought_by(packages)
    if len(closure) <= len(packages):
        pytest.skip("apt's package lists are empty here (run apt-get update)")
    libraries = system_libraries(qt_files())
    assert "libxcb-icccm.so.4" in libraries  # the plugin was read
    missing = {name for name, where in libraries.items() if where == "not found"}
    assert not missing, f"not found on this machine: {sorted(missing)}"
    owners = {name: owner(where) for name, where in libraries.items()}
    unknown = sorted(name for name, package in owners.items() if package is None)
    assert not unknown, f"no Debian package owns {unknown}"
    left_out = sorted(
        {f"{package} ({name})" for name, package in owners.items() if package not in closure}
    )
    assert not left_out, f"the README's line does not bring {left_out}"


def test_ci_installs_the_readme_line() -> None:
    """CI's window test runs with the README's packages, read from the README."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "apt-get install -y python3-venv" in ci and "README.md" in ci
