"""TV look files built to attack the import (issue 35, tests/hostile_files.py): SVG
pictures that would take minutes to draw (nested ``<use>``, a huge blur, too many
elements, nesting too deep), entities, and zip attacks (a password, bombs, too many
entries, ``../`` and absolute names, links, a name twice). Each is refused naming
the problem, before anything is kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from director.app.tv import tv_assets
from director.app.tv.tv_assets import AssetStore, asset_name, check_picture
from director.app.tv.tv_bundle import import_bundle, read_bundle
from director.core.errors import RuleViolation
from director.core.tv import TvLook
from tests.app.test_tv_bundle import manifest
from tests.app.tv_files import zip_of
from tests.hostile_files import SVG_ITEMS, ZIP_ITEMS

GOOD_SVG = (
    b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
    b'width="200" height="100"><defs><filter id="soft"><feGaussianBlur stdDeviation="3"/>'
    b'</filter><linearGradient id="gold"><stop offset="0" stop-color="#c9a227"/>'
    b'<stop offset="1" stop-color="#fff3b0"/></linearGradient>'
    b'<circle id="chip" r="8" fill="url(#gold)"/></defs>'
    + b"".join(b'<use xlink:href="#chip" x="%d" y="50"/>' % (20 + 16 * n) for n in range(10))
    + b'<text x="10" y="90" filter="url(#soft)">Club</text></svg>'
)
"""A logo as clubs make them: a gradient, a few ``<use>``, a small blur."""


@pytest.fixture
def checker(qapp):
    from director.gui.media import check_picture_bytes

    return check_picture_bytes


def look_file(path: Path, svg: bytes) -> Path:
    """A look file whose logo is ``svg``, every other check passed."""
    name = asset_name(svg, "svg")
    return zip_of(path, {"manifest.json": manifest(TvLook(logo=name)), f"assets/{name}": svg})


@pytest.mark.parametrize("name", sorted(SVG_ITEMS))
def test_an_svg_too_costly_to_draw_is_refused_before_it_is_drawn(name: str) -> None:
    data, code = SVG_ITEMS[name]
    with pytest.raises(RuleViolation) as refused:
        check_picture(data)
    assert refused.value.code == code


@pytest.mark.parametrize("name", sorted(SVG_ITEMS))
def test_a_look_file_with_an_svg_too_costly_to_draw_is_refused_and_nothing_kept(
    tmp_path: Path, checker, name: str
) -> None:
    data, code = SVG_ITEMS[name]
    store = AssetStore(tmp_path / "assets")
    with pytest.raises(RuleViolation) as refused:
        import_bundle(look_file(tmp_path / "look.zip", data), store, check_picture_bytes=checker)
    assert refused.value.code == code
    assert store.names() == []


@pytest.mark.parametrize("name", sorted(ZIP_ITEMS))
def test_a_look_file_built_to_attack_the_reader_is_refused_naming_the_problem(
    tmp_path: Path, checker, name: str
) -> None:
    data, code = ZIP_ITEMS[name]
    path = tmp_path / "look.zip"
    path.write_bytes(data)
    store = AssetStore(tmp_path / "assets")
    with pytest.raises(RuleViolation) as refused:
        import_bundle(path, store, check_picture_bytes=checker)
    assert refused.value.code == code
    assert store.names() == []


def test_a_logo_as_clubs_make_them_passes_the_checks_and_is_drawn(tmp_path: Path, checker) -> None:
    assert check_picture(GOOD_SVG) == "svg"
    bundle = read_bundle(look_file(tmp_path / "look.zip", GOOD_SVG), check_picture_bytes=checker)
    assert bundle.assets == {asset_name(GOOD_SVG, "svg"): GOOD_SVG}


def test_an_svg_slower_to_draw_than_the_limit_is_refused(checker, monkeypatch) -> None:
    """The first drawing off-screen (the tones) is timed: with no time allowed at all,
    even the good logo is refused, naming the limit."""
    monkeypatch.setattr(tv_assets, "MAX_SVG_DRAW_SECONDS", 0)
    with pytest.raises(RuleViolation) as refused:
        checker(GOOD_SVG, "svg")
    assert refused.value.code == "svg_too_slow"
