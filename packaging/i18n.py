"""Keep the translations in step with the code.

    python packaging/i18n.py update    # extract every _() and N_() string,
                                       # merge into resources/i18n/*/LC_MESSAGES/director.po
    python packaging/i18n.py compile   # .po -> .mo (what the app loads)
    python packaging/i18n.py check     # fail if a string is untranslated, a .mo is stale
                                       # or a _() call cannot be extracted

Strings are found by Babel in the package's Python files, plus the texts of
the structure templates shipped in resources/structures (names, descriptions
and break notes), which the app shows translated.
"""

from __future__ import annotations

import ast
import datetime
import gettext
import io
import json
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
I18N = ROOT / "resources" / "i18n"
DOMAIN = "director"
LANGUAGES = ("fr",)
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}


# The catalogues are written sorted by text, with file names but no line
# numbers and a fixed creation date, so that two changes adding different texts
# merge without conflicts and moving code does not rewrite the catalogues.
STABLE_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
WRITE_OPTIONS = {"width": 100, "sort_output": True, "include_lineno": False}


def template() -> Catalog:
    catalog = Catalog(project="director", domain=DOMAIN, charset="utf-8", creation_date=STABLE_DATE)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(ROOT / "director"),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=("Translators:",),
    ):
        catalog.add(
            message,
            None,
            [(f"director/{filename}", lineno)],
            auto_comments=comments,
            context=context,
        )
    for path in sorted((ROOT / "resources" / "structures").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        texts = [data.get("name", ""), data.get("description", "")]
        texts += [item.get("note", "") for item in data["structure"]["items"]]
        for text in texts:
            if text:
                catalog.add(text, None, [(f"resources/structures/{path.name}", 0)])
    return catalog


def po_path(language: str) -> Path:
    return I18N / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(path: Path, language: str) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=DOMAIN)


def update() -> None:
    pot = template()
    I18N.mkdir(parents=True, exist_ok=True)
    with (I18N / f"{DOMAIN}.pot").open("wb") as handle:
        write_po(handle, pot, omit_header=False, **WRITE_OPTIONS)
    for language in LANGUAGES:
        path = po_path(language)
        path.parent.mkdir(parents=True, exist_ok=True)
        catalog = read(path, language) if path.exists() else Catalog(locale=language, domain=DOMAIN)
        catalog.update(pot, no_fuzzy_matching=True)
        with path.open("wb") as handle:
            write_po(handle, catalog, ignore_obsolete=True, **WRITE_OPTIONS)
        missing = [m.id for m in catalog if m.id and not m.string]
        print(f"{language}: {len(catalog)} strings, {len(missing)} untranslated")


def compiled(language: str) -> bytes:
    catalog = read(po_path(language), language)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def messages_of(mo: bytes) -> dict[object, str] | None:
    """What a compiled catalogue says (each text and its translation), without its
    header: the bytes differ from one Babel version to the next (the header names the
    version), the messages do not. None when the file cannot be read."""
    try:
        messages = dict(gettext.GNUTranslations(io.BytesIO(mo))._catalog)  # type: ignore[attr-defined]
    except (OSError, ValueError):
        return None
    messages.pop("", None)
    return messages


def compile_all() -> None:
    for language in LANGUAGES:
        target = po_path(language).with_suffix(".mo")
        target.write_bytes(compiled(language))
        print(f"wrote {target.relative_to(ROOT)}")


def placeholders(text: str) -> list[str]:
    """The {fields} and %(fields)s of a text, which a translation must keep exactly."""
    return sorted(re.findall(r"\{[^{}]*\}|%\([a-z_]+\)[sdr]|%[sdr]", text))


MARKERS = {"_": 1, "N_": 1, "ngettext": 2}
"""The translation calls and how many of their first arguments are texts."""
LOOKUPS = (ast.Name, ast.Attribute, ast.Subscript)


def _looked_up(node: ast.expr) -> bool:
    """A text looked up at run time (a name, an attribute, an item, ``.get()``):
    one marked elsewhere with ``N_`` (a table of names, a note the app writes)."""
    if isinstance(node, LOOKUPS):
        return True
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and isinstance(node.func.value, LOOKUPS)
    )


def code_problems(package: Path | None = None) -> list[str]:
    """Translation calls the catalogue can never hold, in the package's code.

    Babel reads only literal texts: a ``_("...")`` inside an f-string is never
    extracted (it stays English), and a text built at the call (an f-string, a
    ``+``, ``%`` or ``.format()``) can never be in the catalogue. ``N_`` and
    ``ngettext`` take literals only; ``_`` takes a literal, or a text looked up
    at run time that was marked elsewhere with ``N_``.
    """
    package = package or ROOT / "director"
    found = []
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        in_fstring = {
            id(call)
            for joined in ast.walk(tree)
            if isinstance(joined, ast.JoinedStr)
            for call in ast.walk(joined)
            if isinstance(call, ast.Call)
        }
        where = path.relative_to(package.parent).as_posix()
        calls = sorted(
            (node for node in ast.walk(tree) if isinstance(node, ast.Call)),
            key=lambda node: (node.lineno, node.col_offset),
        )
        for node in calls:
            if not isinstance(node.func, ast.Name):
                continue
            texts = MARKERS.get(node.func.id)
            if texts is None:
                continue
            name = node.func.id
            arguments = node.args[:texts]
            literal = len(arguments) == texts and all(
                isinstance(a, ast.Constant) and isinstance(a.value, str) for a in arguments
            )
            if literal and id(node) in in_fstring:
                found.append(
                    f"{where}:{node.lineno}: {name}() inside an f-string is never extracted"
                )
            elif not literal and (
                name != "_" or len(arguments) != 1 or not _looked_up(arguments[0])
            ):
                found.append(
                    f"{where}:{node.lineno}: {name}() of a text built at the call "
                    "cannot be in the catalogue (give it a literal)"
                )
    return found


def problems() -> list[str]:
    """What is wrong with the catalogues (empty when all is well)."""
    found = code_problems()
    wanted = {message.id for message in template() if message.id}
    for language in LANGUAGES:
        path = po_path(language)
        if not path.exists():
            found.append(f"{language}: no catalogue")
            continue
        catalog = read(path, language)
        have = {m.id: m for m in catalog if m.id}
        for message in sorted(wanted, key=str):
            entry = have.get(message)
            # A text with plural forms (ngettext) is a tuple: singular, plural.
            forms = (
                entry.string
                if entry is not None and isinstance(entry.string, tuple)
                else ((entry.string,) if entry is not None else ())
            )
            if entry is None or not all(forms) or entry.fuzzy:
                found.append(f"{language}: untranslated: {message!r}")
                continue
            originals = message if isinstance(message, tuple) else (message,)
            if any(placeholders(form) != placeholders(originals[-1]) for form in forms):
                found.append(f"{language}: placeholders differ: {message!r}")
        mo = path.with_suffix(".mo")
        if not mo.exists() or messages_of(mo.read_bytes()) != messages_of(compiled(language)):
            found.append(f"{language}: {mo.name} is stale: run python packaging/i18n.py compile")
    return found


def main() -> int:
    command = sys.argv[1] if len(sys.argv) > 1 else "check"
    if command == "update":
        update()
    elif command == "compile":
        compile_all()
    else:
        issues = problems()
        for issue in issues[:50]:
            print(issue)
        print(f"{len(issues)} problem(s)")
        return 1 if issues else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
