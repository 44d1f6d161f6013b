"""The project's translation helper, shared by the GUI, the reports and the CLI.

Strings are marked with ``_()`` (translated now) or ``N_()`` (marked for the
catalogue, translated later). Catalogues are gettext files in
``resources/i18n/<lang>/LC_MESSAGES/director.mo``. The core never holds prose:
it raises errors with a code and returns ``Message`` codes, and ``render``
turns them into sentences here. Numbers, money and dates are formatted for
the current language with Babel, or as Babel writes them without it where the
console's first paint needs them (numbers and money in English and French, the
medium date).
"""

from __future__ import annotations

import contextlib
import datetime
import functools
import gettext as _gettext
import locale as _locale
import os
import re
import string
import unicodedata
from collections.abc import Iterator, Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any

from director import paths
from director.core.messages import N_ as N_  # marked here too: `from director.i18n import N_`
from director.core.messages import Message

if TYPE_CHECKING:
    from babel import Locale

DOMAIN = "director"
LANGUAGES = ("en", "fr")
DEFAULT_CURRENCY = "EUR"

_state: dict[str, Any] = {
    "language": "en",
    "translations": _gettext.NullTranslations(),
    "currency": DEFAULT_CURRENCY,
}


def _(text: str) -> str:
    """``text`` in the current language."""
    translations: _gettext.NullTranslations = _state["translations"]
    return translations.gettext(text)


def ngettext(singular: str, plural: str, count: int) -> str:
    translations: _gettext.NullTranslations = _state["translations"]
    return translations.ngettext(singular, plural, count)


def system_language() -> str:
    """The first supported language among the system's preferences, else English."""
    candidates = []
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            candidates.extend(value.split(":"))
    try:
        found = _locale.getlocale()[0]
    except ValueError:
        found = None
    if found:
        candidates.append(found)
    for candidate in candidates:
        code = candidate.split(".")[0].split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"


def _supported(code: str | None) -> str:
    if code in (None, "", "system"):
        code = system_language()
    return code if code in LANGUAGES else "en"


_catalogues: dict[str, _gettext.NullTranslations] = {}
"""Each language's catalogue, read once: the display is built in several languages
every second while viewers on the network ask for them."""


def _translations(code: str) -> _gettext.NullTranslations:
    found = _catalogues.get(code)
    if found is None:
        found = _catalogues[code] = _gettext.translation(
            DOMAIN, localedir=str(paths.resource("i18n")), languages=[code], fallback=True
        )
    return found


def set_language(code: str | None) -> str:
    """Switch to ``code`` ("en", "fr"; None or "system" for the system's). Returns it."""
    code = _supported(code)
    _state["language"] = code
    _state["translations"] = _translations(code)
    return code


@contextlib.contextmanager
def in_language(code: str | None) -> Iterator[str]:
    """Texts, numbers, money and dates in ``code`` inside the block, without changing
    the app's language: what was set before is back after, even on an error.

    For building what one viewer reads in their own language (the web page) while
    the console keeps the organizer's. The app's texts are made on one thread only;
    this must not be used from another thread.
    """
    saved = (_state["language"], _state["translations"])
    language_now = set_language(code)
    try:
        yield language_now
    finally:
        _state["language"], _state["translations"] = saved


def system_currency() -> str | None:
    """The currency of the system's country (LANG=fr_FR -> EUR, en_US -> USD), or
    None when the system does not say (LANG=C): then the organizer chooses."""
    candidates = [os.environ.get(v, "") for v in ("LC_ALL", "LC_MONETARY", "LANG")]
    for candidate in candidates:
        base = candidate.split(".")[0].split("@")[0]
        if "_" not in base:
            continue
        territory = base.split("_")[1].upper()
        try:
            found = _numbers().get_territory_currencies(territory)
        except Exception:  # an unknown territory (babel raises several kinds)
            found = []
        if found:
            return str(found[0])
    return None


def is_currency(code: str) -> bool:
    """Whether ``code`` is an ISO currency code babel knows (EUR, USD, GBP...)."""
    return code in _numbers().list_currencies()


def language() -> str:
    return str(_state["language"])


def set_currency(code: str) -> None:
    """The ISO 4217 code money is shown in (``"EUR"``, ``"USD"``...)."""
    _state["currency"] = code.upper()


def currency() -> str:
    return str(_state["currency"])


_locales: dict[str, Locale] = {}


def babel_locale() -> Locale:
    """Babel's locale for the current language (parsed once per language: every number
    and amount on the clock display asks for it)."""
    return _locale_of(language())


def _locale_of(code: str) -> Locale:
    found = _locales.get(code)
    if found is None:
        from babel import Locale, UnknownLocaleError

        try:
            found = Locale.parse(code)
        except (UnknownLocaleError, ValueError):
            found = Locale.parse("en")
        _locales[code] = found
    return found


# Babel is imported on first use: ``director --version`` and a start-up that
# formats nothing yet do not pay for it.
def _numbers() -> ModuleType:
    from babel import numbers

    return numbers


def _dates() -> ModuleType:
    from babel import dates

    return dates


# -- numbers, money, time -----------------------------------------------------


_MARKS: dict[str, tuple[str, str]] = {"en": (",", "."), "fr": ("\u202f", ",")}
"""Each language's group separator and decimal mark, as CLDR gives them through
Babel (French groups with a narrow no-break space, U+202F); both languages group
by threes and write a minus as "-". With the currencies' tables below, numbers
and money are written out in English and French without Babel: the console
reopened on its clock page shows blinds, chips and the prize pool in its first
paint, and Babel's import and locale data cost some 40 ms of CPU there.
``tests/test_i18n.py`` checks the text against Babel's own for many values."""

_MONEY_PATTERNS: dict[str, str] = {
    "en": "{sign}{symbol}{amount}",
    "fr": "{sign}{amount}\u00a0{symbol}",
}
"""CLDR's standard currency pattern of each language ("¤#,##0.00" and
"#,##0.00\u00a0¤"), its sign first."""

_CURRENCY_DIGITS: dict[str, int] = {
    **dict.fromkeys(("EUR", "USD", "GBP", "CHF", "CAD", "AUD", "SEK", "NOK", "DKK", "PLN"), 2),
    "JPY": 0,
}
_CURRENCY_SYMBOLS: dict[str, dict[str, str]] = {
    "en": {"EUR": "€", "USD": "$", "GBP": "£", "CAD": "CA$", "AUD": "A$", "JPY": "¥"},
    "fr": {"EUR": "€", "USD": "$US", "GBP": "£GB", "CAD": "$CA", "AUD": "$AU"},
}
"""The currencies the settings offer (``COMMON_CURRENCIES``), copied once from
Babel 2.19's CLDR data: ``get_currency_precision``, and ``get_currency_symbol`` in
"en" and "fr" (a currency absent from a language's symbols is shown by its code
there: CHF, SEK, NOK, DKK, PLN; JPY in French). Any other currency is formatted by
Babel."""


def currency_digits(code: str | None = None) -> int:
    """Digits after the decimal point for a currency (2 for EUR, 0 for JPY)."""
    code = code or currency()
    known = _CURRENCY_DIGITS.get(code)
    if known is not None:
        return known
    return int(_numbers().get_currency_precision(code))


def format_number(value: int) -> str:
    """An integer with the locale's grouping: 12,500 or 12 500."""
    return _format_number(language(), value)


def _grouped(value: int, group: str) -> str:
    """``value``'s digits grouped by threes with ``group``, "-" before a negative."""
    return f"{value:,}".replace(",", group)


# The clock display formats the same few numbers and amounts every second, for the
# TV and for each language a viewer reads: the texts are kept per language.
@functools.lru_cache(maxsize=4096)
def _format_number(code: str, value: int) -> str:
    marks = _MARKS.get(code)
    if marks is not None and type(value) is int:
        return _grouped(value, marks[0])
    text: str = _numbers().format_decimal(value, locale=_locale_of(code))
    return text


def format_size(size: int) -> str:
    """A size in bytes as people read it: "350 KB" under a megabyte, else "12.5 MB"
    (one decimal, the language's mark)."""
    if size < 1024 * 1024:
        kilobytes = -(-size // 1024)  # rounded up: a small file is never "0 KB"
        return _("{size} KB").format(size=format_number(kilobytes))
    text = f"{size / 1024 / 1024:.1f}".replace(".", decimal_mark())
    return _("{size} MB").format(size=text)


def decimal_mark() -> str:
    """The language's decimal mark ("," in French): points with decimals are shown
    and exported with it, as the CSV delimiter follows the language too."""
    marks = _MARKS.get(language())
    if marks is not None:
        return marks[1]
    return str(_numbers().get_decimal_symbol(babel_locale()))


_CHIP_GROUPS = re.compile(r"[0-9]{1,3}(?:(?:[,.'\u202f\u00a0]|\s+)[0-9]{3})+|[0-9]+")
"""Digits, or digits in groups of three after a thousands separator."""


def parse_chips(text: str) -> int:
    """Chips as typed: "12500", "12,500", "12 500" or "12.500" -> 12500; "" -> 0.

    The one reader of chip counts (the pages and the dialogs use it, never their
    own). A separator only groups thousands: three digits follow each one. Raises
    ``ValueError`` for anything else (a sign, letters, decimals such as "25.5" or
    "1,5", which are no number of chips).
    """
    cleaned = text.strip()
    if not cleaned:
        return 0
    if not _CHIP_GROUPS.fullmatch(cleaned):
        raise ValueError(text)
    return int("".join(ch for ch in cleaned if "0" <= ch <= "9"))


_PERCENT = re.compile(r"([0-9]{1,3})(?:[.,]([0-9]{1,2}))?\s*%?")
"""A percentage of the whole: up to three digits, up to two decimals, a % sign."""
MAX_PERCENT_POINTS = 10_000
"""100%: no share of a pool is more than all of it."""


def parse_percent(text: str) -> int:
    """A percentage as typed: "50", "12.5", "12,5 %" -> basis points (1250); "" -> 0.

    The one reader of percentages (the payout grids use it, never their own).
    Strict: from 0 to 100%, at most two decimals (a basis point). Raises
    ``ValueError`` for anything else: a sign, an exponent ("1e28"), "nan", more
    than 100%.
    """
    cleaned = text.strip()
    if not cleaned:
        return 0
    found = _PERCENT.fullmatch(cleaned)
    if found is None:
        raise ValueError(text)
    whole, decimals = found.group(1), found.group(2) or ""
    points = int(whole) * 100 + int(decimals.ljust(2, "0"))
    if points > MAX_PERCENT_POINTS:
        raise ValueError(text)
    return points


def format_money(amount: int, code: str | None = None, *, symbol: bool = True) -> str:
    """An amount in minor units (cents) as money: ``format_money(1250)`` -> €12.50."""
    return _format_money(language(), code or currency(), amount, WITH if symbol else WITHOUT)


WITH, WITHOUT = "with its symbol", "without"
"""The cache's key says the symbol in words: the all-night guard counts the
references to True and False (``tests/soak.py``), and the cache filling up as the
TV's side column turns its pages would look like a leak (as ``gui.clock_face``'s
caches, whose keys hold no flag either)."""


@functools.lru_cache(maxsize=4096)
def _format_money(language_code: str, code: str, amount: int, shown_with: str) -> str:
    symbol = shown_with == WITH
    marks = _MARKS.get(language_code)
    digits = _CURRENCY_DIGITS.get(code)
    if marks is not None and digits is not None and type(amount) is int:
        group, mark = marks
        whole, cents = divmod(abs(amount), 10**digits)
        text = _grouped(whole, group) + (f"{mark}{cents:0{digits}d}" if digits else "")
        sign = "-" if amount < 0 else ""
        if not symbol:
            return sign + text
        shown = _CURRENCY_SYMBOLS[language_code].get(code, code)
        return _MONEY_PATTERNS[language_code].format(sign=sign, symbol=shown, amount=text)
    return _babel_money(language_code, code, amount, symbol)


def _babel_money(language_code: str, code: str, amount: int, symbol: bool) -> str:
    """Babel's text for a language or currency outside the tables above."""
    from decimal import Decimal  # with babel: not needed to start

    value = Decimal(amount).scaleb(-currency_digits(code))
    locale = _locale_of(language_code)
    if symbol:
        money: str = _numbers().format_currency(value, code, locale=locale)
        return money
    digits = currency_digits(code)
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    text: str = _numbers().format_decimal(value, format=pattern, locale=locale)
    return text


def parse_money(text: str, code: str | None = None) -> int:
    """User input such as "12.50" or "12,50" -> 1250 minor units.

    Raises ``ValueError`` for text that is not an amount, has too many decimals,
    or is negative.
    """
    from decimal import Decimal, InvalidOperation

    code = code or currency()
    # Spaces of every width group thousands (French uses a narrow no-break one).
    cleaned = "".join(ch for ch in text if not ch.isspace() and ch not in "\u00a0\u202f")
    for sign in (_numbers().get_currency_symbol(code, locale=babel_locale()), code):
        cleaned = cleaned.replace(sign, "")
    # Any currency sign (€, $, £): a field shown before the currency changed still reads.
    cleaned = "".join(ch for ch in cleaned if unicodedata.category(ch) != "Sc")
    if not cleaned:
        raise ValueError("empty")
    if not all(ch.isdecimal() or ch in ".,'" for ch in cleaned.lstrip("+-")):
        # Letters are no amount: "nan", "inf" and "1e9" read as numbers by Decimal.
        raise ValueError(text)
    try:
        # Strict, so that "12,50" typed in English is twelve-fifty (below), not 1,250.
        value = _numbers().parse_decimal(cleaned, locale=babel_locale(), strict=True)
    except _numbers().NumberFormatError:
        try:
            value = Decimal(cleaned.replace(",", "."))
        except InvalidOperation:
            raise ValueError(text) from None
    if value < 0:
        raise ValueError("negative")
    digits = currency_digits(code)
    minor = value.scaleb(digits)
    if minor != minor.to_integral_value():
        raise ValueError("too many decimals")
    from director.core.money import MAX_MONEY

    if minor > MAX_MONEY:
        raise ValueError("too large")
    return int(minor)


def format_percent(basis_points: int) -> str:
    """Basis points as a percentage: 5000 -> 50%, 1250 -> 12.5%."""
    from decimal import Decimal, localcontext

    with localcontext() as context:
        # Enough digits for any integer: a damaged value still shows, never raises.
        context.prec = max(context.prec, len(str(abs(int(basis_points)))) + 8)
        text: str = _numbers().format_percent(
            # Unquantized keeps 12.5% from becoming 13%, and the locale's own
            # pattern gives French its space before the sign (12,5 %).
            Decimal(basis_points).scaleb(-4),
            locale=babel_locale(),
            decimal_quantization=False,
        )
    return text


def format_clock(milliseconds: int) -> str:
    """A duration as M:SS, or H:MM:SS past an hour (rounded up to whole seconds)."""
    seconds = max(0, -(-milliseconds // 1000))
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{seconds:02d}"
    return f"{minutes:02d}:{seconds:02d}"


def parse_clock_text(text: str) -> int:
    """ "12" (minutes), "12:30" (minutes:seconds) or "1:05:00" -> milliseconds.

    Raises ``ValueError`` for anything else.
    """
    parts = text.strip().split(":")
    if not 1 <= len(parts) <= 3 or not all(part.strip().isdigit() for part in parts):
        raise ValueError(text)
    numbers = [int(part) for part in parts]
    if len(numbers) == 1:
        return numbers[0] * 60_000
    if any(number >= 60 for number in numbers[1:]):
        raise ValueError(text)
    seconds = 0
    for number in numbers:
        seconds = seconds * 60 + number
    return seconds * 1000


def format_date(iso_date: str) -> str:
    """An ISO date in the locale's medium format; empty stays empty."""
    if not iso_date:
        return ""
    return _format_date(language(), iso_date)


_MEDIUM_DATES: dict[str, tuple[str, tuple[str, ...]]] = {
    "en": (
        "{month} {day}, {year}",
        ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
    ),
    "fr": (
        "{day} {month} {year}",
        (
            *("janv.", "févr.", "mars", "avr.", "mai", "juin"),
            *("juil.", "août", "sept.", "oct.", "nov.", "déc."),
        ),
    ),
}
"""Babel's medium date of each language (CLDR's "MMM d, y" and "d MMM y", its
abbreviated months), written out: the list of events shows a date on every row of
the window's first paint, and Babel's import and locale data cost some 30-40 ms of
CPU there. ``tests/test_i18n.py`` checks every day of several years against Babel's
own text in each language."""


# The list of events asks for each row's date every time it measures or paints a
# row: a date's text is kept per language, as numbers are.
@functools.lru_cache(maxsize=4096)
def _format_date(code: str, iso_date: str) -> str:
    day = datetime.date.fromisoformat(iso_date)
    medium = _MEDIUM_DATES.get(code)
    if medium is not None:
        pattern, months = medium
        return pattern.format(month=months[day.month - 1], day=day.day, year=day.year)
    text: str = _dates().format_date(day, format="medium", locale=_locale_of(code))
    return text


def format_datetime(epoch_ms: int) -> str:
    """A moment (epoch milliseconds) in local time, medium format."""
    moment = datetime.datetime.fromtimestamp(epoch_ms / 1000)
    text: str = _dates().format_datetime(moment, format="medium", locale=babel_locale())
    return text


def format_time(epoch_ms: int) -> str:
    """A time of day (epoch milliseconds) in local time, short format."""
    moment = datetime.datetime.fromtimestamp(epoch_ms / 1000)
    text: str = _dates().format_time(moment, format="short", locale=babel_locale())
    return text


class _Formatter(string.Formatter):
    """``{price:money}``, ``{chips:n}``, ``{left:clock}`` in message templates, and
    ``{part:msg}`` for an argument that is itself a message code (translated)."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec == "money" and isinstance(value, int):
            return format_money(value)
        if format_spec == "n" and isinstance(value, int):
            return format_number(value)
        if format_spec == "bytes" and isinstance(value, int):
            return format_size(value)
        if format_spec == "clock" and isinstance(value, int):
            return format_clock(value)
        if format_spec == "pct" and isinstance(value, int):
            return format_percent(value)
        if format_spec == "msg" and isinstance(value, str):
            # A message code given as an argument (the name of a part of the TV...).
            from director.messages import MESSAGES

            template = MESSAGES.get(value)
            return _(template) if template is not None else value
        return super().format_field(value, format_spec)


_FORMATTER = _Formatter()


def fill(template: str, args: Mapping[str, Any]) -> str:
    """Fill a translated template; a missing argument shows as its name."""
    try:
        return _FORMATTER.vformat(template, (), _Defaulting(args))
    except (ValueError, IndexError):
        return template


class _Defaulting(dict[str, Any]):
    def __init__(self, values: Mapping[str, Any]) -> None:
        super().__init__(values)

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def render(message: Message) -> str:
    """A ``Message`` as a sentence in the current language."""
    from director.messages import MESSAGES

    template = MESSAGES.get(message.code)
    if template is None:
        return message.code.replace("_", " ")
    return fill(_(template), message.args)


def describe_error(error: Exception) -> str:
    """A ``RuleViolation`` or ``StoreError`` as one sentence for the user."""
    code = getattr(error, "code", None)
    args = getattr(error, "args_map", {})
    if isinstance(code, str):
        return render(Message(code, dict(args)))
    return str(error)
