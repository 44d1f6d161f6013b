"""English and French: formatting, parsing, the catalogue, and French end to end."""

from __future__ import annotations

import datetime
import importlib.util
import random
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from director.core.errors import RuleViolation
from director.core.messages import Message
from director.i18n import (
    LANGUAGES,
    _,
    currency_digits,
    decimal_mark,
    describe_error,
    format_clock,
    format_date,
    format_money,
    format_number,
    format_percent,
    parse_money,
    render,
    set_currency,
    set_language,
)
from director.messages import MESSAGES as TEMPLATES

ROOT = Path(__file__).resolve().parents[1]
NNBSP = "\u202f"  # French groups thousands with a narrow no-break space


def catalogue_tool():
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "packaging" / "i18n.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_string_is_translated_into_french_and_compiled() -> None:
    assert catalogue_tool().problems() == []


def broken_catalogue(tmp_path: Path, monkeypatch, old: str, new: str, *, keep_mo: bool):
    """The catalogue tool looking at a copy of the French catalogue with one edit."""
    tool = catalogue_tool()
    source = tool.po_path("fr")
    copy = tmp_path / "fr" / "LC_MESSAGES" / "director.po"
    copy.parent.mkdir(parents=True)
    text = source.read_text(encoding="utf-8")
    broken = text.replace(old, new, 1)
    assert broken != text
    copy.write_text(broken, encoding="utf-8")
    if keep_mo:
        copy.with_suffix(".mo").write_bytes(source.with_suffix(".mo").read_bytes())
    monkeypatch.setattr(tool, "I18N", tmp_path)
    return tool


def test_the_catalogue_check_notices_a_missing_translation(tmp_path, monkeypatch) -> None:
    tool = broken_catalogue(
        tmp_path, monkeypatch, 'msgstr "Joueurs restants"', 'msgstr ""', keep_mo=True
    )
    found = tool.problems()
    assert "fr: untranslated: 'Players left'" in found
    assert any("stale" in problem for problem in found)


def test_the_catalogue_check_notices_a_broken_placeholder(tmp_path, monkeypatch) -> None:
    tool = broken_catalogue(
        tmp_path,
        monkeypatch,
        'msgstr "{name} est inscrit."',
        'msgstr "{nom} est inscrit."',
        keep_mo=False,
    )
    assert "fr: placeholders differ: '{name} is in.'" in tool.problems()


def test_the_catalogue_check_finds_texts_babel_cannot_extract(tmp_path) -> None:
    """A _() inside an f-string stays English (it is never extracted), a text built
    at the call is never in the catalogue: the check names both, and passes texts
    looked up at run time (marked elsewhere with N_)."""
    package = tmp_path / "director"
    package.mkdir()
    (package / "bad.py").write_text(
        "from director.i18n import N_, _, ngettext\n"
        "LABELS = {'a': N_('Apples')}\n"
        "def heading(n, key, name):\n"
        "    bold = f\"<b>{_('Won his chips')}</b>\"\n"
        "    built = _(f'Hello {name}')\n"
        "    joined = _('Hello ' + name)\n"
        "    formatted = _('Hello {name}'.format(name=name))\n"
        "    marked = N_(key)\n"
        "    plural = ngettext(key, 'many', n)\n"
        "    fine = _('Fine'), _(LABELS[key]), _(LABELS.get(key, key)), _(name)\n"
        '    looked = f"{_(LABELS[key])}"\n'
        "    return bold, built, joined, formatted, marked, plural, fine, looked\n",
        encoding="utf-8",
    )
    found = catalogue_tool().code_problems(package)
    assert [line.split(": ", 1)[0] for line in found] == [
        "director/bad.py:4",
        "director/bad.py:5",
        "director/bad.py:6",
        "director/bad.py:7",
        "director/bad.py:8",
        "director/bad.py:9",
    ]
    assert "inside an f-string is never extracted" in found[0]
    assert catalogue_tool().code_problems() == []  # the package itself

    set_language("fr")
    same = [code for code, template in TEMPLATES.items() if _(template) == template]
    # Only texts that are the same word in both languages may stay untranslated.
    assert same == []


@pytest.mark.parametrize(
    ("language", "amount", "shown"),
    [
        ("en", 123456, "€1,234.56"),
        ("fr", 123456, f"1{NNBSP}234,56\u00a0€"),
        ("fr", 5, "0,05\u00a0€"),
    ],
)
def test_money_is_shown_the_local_way(language: str, amount: int, shown: str) -> None:
    set_language(language)
    assert format_money(amount) == shown


def test_numbers_percentages_and_clocks_in_each_language() -> None:
    set_language("en")
    assert (format_number(12500), format_percent(1250), format_percent(5000)) == (
        "12,500",
        "12.5%",
        "50%",
    )
    set_language("fr")
    assert (format_number(12500), format_percent(1250), format_percent(5000)) == (
        f"12{NNBSP}500",
        "12,5\u00a0%",
        "50\u00a0%",
    )
    assert format_clock(65_000) == "01:05"


@pytest.mark.parametrize("language", LANGUAGES)
def test_dates_read_as_babels_medium_date_in_each_language(language: str) -> None:
    """The list of events shows its dates without Babel (issue 36: the window's first
    paint): the text must be Babel's own medium date, every day of a leap year and
    the next, and years of one to four digits."""
    from babel.dates import format_date as babel_format_date

    set_language(language)
    first = datetime.date(2024, 1, 1)
    days = [first + datetime.timedelta(days=n) for n in range(366 + 365)]
    days += [datetime.date(1, 1, 1), datetime.date(99, 7, 4), datetime.date(9999, 12, 31)]
    for day in days:
        assert format_date(day.isoformat()) == babel_format_date(
            day, format="medium", locale=language
        ), day
    assert format_date("") == ""


WRITTEN_OUT_CURRENCIES = (
    "EUR",
    "USD",
    "GBP",
    "CHF",
    "CAD",
    "AUD",
    "SEK",
    "NOK",
    "DKK",
    "PLN",
    "JPY",
)
"""The settings' common currencies, formatted in English and French without Babel."""


def values_to_compare() -> list[int]:
    """Small, round, long and random values, each also negative, and every value
    from -2000 to 1999 (amounts of a few cents around each digit's boundary)."""
    edges = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 12345, 99999, 100000, 1234567]
    edges += [10**9 + 7, 10**15]
    draw = random.Random(36)
    drawn = [draw.randrange(10**6, 10**18) for _ in range(300)]
    return [*edges, *(-v for v in edges + drawn), *drawn, *range(-2000, 2000)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_numbers_read_as_babels_decimal_in_each_language(language: str) -> None:
    """The reopened console shows blinds and chips without Babel (issue 36: its
    first paint): the text must be Babel's own ``format_decimal``, in each language."""
    from babel.numbers import format_decimal, get_decimal_symbol

    set_language(language)
    for value in values_to_compare():
        assert format_number(value) == format_decimal(value, locale=language), value
    assert decimal_mark() == get_decimal_symbol(language)


@pytest.mark.parametrize("code", WRITTEN_OUT_CURRENCIES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_money_reads_as_babels_currency_in_each_language(language: str, code: str) -> None:
    """The reopened console shows the prize pool and the payouts without Babel (issue
    36): each amount, with its symbol and without, is Babel's own text for the
    currency in each language (CLDR's symbol: "$" in English, "$US" in French)."""
    from babel.numbers import format_currency, format_decimal, get_currency_precision

    set_language(language)
    digits = get_currency_precision(code)
    assert currency_digits(code) == digits
    no_symbol = "#,##0" + ("." + "0" * digits if digits else "")
    for amount in values_to_compare():
        value = Decimal(amount).scaleb(-digits)
        assert format_money(amount, code) == format_currency(value, code, locale=language)
        assert format_money(amount, code, symbol=False) == format_decimal(
            value, format=no_symbol, locale=language
        ), amount


def test_other_languages_and_currencies_are_still_babels() -> None:
    """A currency outside the written-out table, or a language without one (German,
    were it offered), is formatted by Babel."""
    from babel.numbers import format_currency, format_decimal, get_currency_precision

    from director import i18n

    for language in LANGUAGES:
        set_language(language)
        for code, amount in (("INR", -1234567), ("HUF", 123456), ("BRL", 5)):
            value = Decimal(amount).scaleb(-get_currency_precision(code))
            assert format_money(amount, code) == format_currency(value, code, locale=language)
    assert currency_digits("HUF") == get_currency_precision("HUF") == 0
    assert i18n._format_number("de", 1234567) == format_decimal(1234567, locale="de")
    assert i18n._format_money("de", "EUR", -123456, i18n.WITH) == format_currency(
        Decimal("-1234.56"), "EUR", locale="de"
    )


@pytest.mark.parametrize(
    ("language", "typed", "minor"),
    [
        ("en", "12.50", 1250),
        ("en", "12,50", 1250),  # a European habit, not twelve hundred and fifty
        ("en", "1,234.50", 123450),
        ("en", "€20", 2000),
        ("fr", "12,50", 1250),
        ("fr", "12.50", 1250),
        ("fr", "1 234,50", 123450),
        ("fr", f"1{NNBSP}234,56\u00a0€", 123456),
        ("fr", "20 €", 2000),
    ],
)
def test_amounts_typed_either_way_are_read_right(language: str, typed: str, minor: int) -> None:
    set_language(language)
    assert parse_money(typed) == minor


@pytest.mark.parametrize(
    "typed",
    [
        "abc",
        "-3",
        "1.234",
        "1,2,3",
        "",
        "nan",
        "NaN",
        "sNaN",
        "inf",
        "Infinity",
        "1e9",
        "1E400",
        "1e-2",
        "99999999999999",
    ],
)
def test_amounts_that_are_not_money_are_refused(typed: str) -> None:
    """Every one is a ValueError naming no amount (Decimal read "nan", "inf" and
    "1e9" as numbers: the first two ended in another exception, out of every money
    field, the CSV import and the command line)."""
    set_language("fr")
    with pytest.raises(ValueError):
        parse_money(typed)


def test_each_language_shows_every_round_trip_of_its_own_format() -> None:
    for language in ("en", "fr"):
        set_language(language)
        for amount in (0, 1, 99, 100, 123456, 10_000_000):
            assert parse_money(format_money(amount)) == amount


def test_currencies_without_cents() -> None:
    set_language("fr")
    set_currency("JPY")
    assert format_money(1500) == f"1{NNBSP}500\u00a0JPY"
    assert parse_money("1 500") == 1500
    with pytest.raises(ValueError):
        parse_money("15,5")


def test_rule_errors_and_messages_are_rendered_in_french() -> None:
    set_language("fr")
    error = RuleViolation("not_your_turn", turn="Ann", player="Bob")
    assert describe_error(error) == "C'est à Ann de parler, pas à Bob (R19 : chacun à son tour)."
    set_language("en")
    assert describe_error(error) == "It is Ann's turn, not Bob's (R19: act in turn)."


def test_money_in_a_message_follows_the_language() -> None:
    code = next(code for code, text in TEMPLATES.items() if "{" in text and ":money}" in text)
    field = TEMPLATES[code].split("{", 1)[1].split(":", 1)[0]
    set_language("fr")
    text = render(Message(code, {field: 150000}))
    assert f"1{NNBSP}500,00\u00a0€" in text


def test_the_command_line_speaks_the_language_of_the_settings(tmp_path: Path) -> None:
    from director.app.files.settings import Settings, save_settings

    config = tmp_path / "config"
    save_settings(Settings(language="fr"), config / "settings.json")
    missing = tmp_path / "none.db"
    result = subprocess.run(
        [sys.executable, "-m", "director", "status", "42", "--db", str(missing)],
        capture_output=True,
        text=True,
        env={"DIRECTOR_CONFIG_DIR": str(config), "DIRECTOR_DATA_DIR": str(tmp_path / "data")},
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr == f"director: Il n'y a pas de base de données à {missing}.\n"


def test_shipped_templates_are_read_in_the_users_language() -> None:
    from director.app.files import structures

    set_language("fr")
    entry = structures.find("regular-5000")
    assert entry is not None
    assert entry.template.name == "Partie maison classique, 5 000 jetons"
    notes = [item.note for item in entry.template.structure.items if item.note]
    assert notes and all(note.startswith("Retirer les jetons") for note in notes)
    set_language("en")
    english = structures.find("regular-5000")
    assert english is not None and english.template.name == "Regular home game, 5,000 chips"


def test_texts_in_another_language_for_a_while_and_back_even_on_an_error() -> None:
    """A viewer reads French while the organizer's screens stay in English."""
    from director.i18n import in_language, language

    with in_language("fr") as chosen:
        assert chosen == "fr" and language() == "fr"
        assert _("Payouts") == "Gains" and format_number(140000) == f"140{NNBSP}000"
        assert format_money(13200) == "132,00\u00a0€"
    assert language() == "en" and _("Payouts") == "Payouts"
    assert format_number(140000) == "140,000" and format_money(13200) == "€132.00"
    with pytest.raises(RuntimeError), in_language("fr"):
        raise RuntimeError("a viewer's page failed")
    assert language() == "en" and _("Payouts") == "Payouts"
    with in_language("fr"), in_language("en"):
        assert language() == "en"
    with in_language("xx") as chosen:  # a language director does not have: English
        assert chosen == "en"
    set_language("fr")
    with in_language("en"):
        assert format_money(13200) == "€132.00"
    assert language() == "fr" and format_money(13200) == "132,00\u00a0€"


def test_french_counts_of_one_are_singular() -> None:
    """ "1 joueurs", "1 restants" were seen on a night: counts go through plural forms."""
    from director.app.views.table_texts import table_summary
    from director.core.ids import PlayerId
    from director.core.tables import TablesState, TableState

    set_language("fr")
    one = TablesState(tables={1: TableState(number=1, seats={3: PlayerId(1)})})
    two = TablesState(tables={1: TableState(number=1, seats={3: PlayerId(1), 4: PlayerId(2)})})
    assert table_summary(one, 1, 0).startswith("1 joueur · main 0")
    assert table_summary(two, 1, 0).startswith("2 joueurs · main 0")
    from director.i18n import ngettext

    assert ngettext("{hands} hand", "{hands} hands", 1).format(hands=1) == "1 main"
    assert ngettext("{name}: {odd} odd", "{name}: {odd} odd", 1).format(name="Ann", odd=1) == (
        "Ann : 1 restant"
    )


@pytest.mark.skipif(
    sys.version_info >= (3, 12), reason="True is immortal there: its count is fixed"
)
def test_the_money_cache_holds_no_flag_the_all_night_guard_counts() -> None:
    """Amounts formatted for the first time (the TV's side column turning its pages)
    fill the cache: its keys say the symbol in words, so the references to True and
    False the all-night guard counts (``tests/soak.py``) do not move with it."""
    set_language("en")
    before = sys.getrefcount(True), sys.getrefcount(False)
    texts = [format_money(7_000_000 + amount) for amount in range(200)]
    texts += [format_money(8_000_000 + amount, symbol=False) for amount in range(200)]
    after = sys.getrefcount(True), sys.getrefcount(False)
    assert len(set(texts)) == 400
    assert abs(after[0] - before[0]) < 50 and abs(after[1] - before[1]) < 50, (before, after)
